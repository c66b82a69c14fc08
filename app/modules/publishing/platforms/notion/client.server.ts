import { APIResponseError, Client, isNotionClientError, RequestTimeoutError, UnknownHTTPResponseError } from "@notionhq/client";
import { getEnv } from "#app/env.server";
import { guardedFetchApi } from "../../http.server";
import { PublishError, type AdapterContext } from "../../types";

/**
 * Notion's official client behind our request guard, the connection's config and
 * property mapping, and Notion's refusals as PublishError kinds; a short rate
 * limit inside a body write is waited out here, a longer one goes to the engine.
 */

export const NOTION_VERSION = "2026-03-11";
export const SHARE_FIX =
  "Open the database in Notion, click ••• (top right) → Connections, and add your Inkpilot integration. Then Check again.";
/** The longest Retry-After the adapter waits out itself inside a body write; longer waits go to the engine. */
const MAX_INLINE_WAIT_MS = 10_000;
const MAX_INLINE_WAITS = 5;

type PropertyRef = { id: string; name: string; type: string };
export type NotionMapping = {
  title: PropertyRef;
  summary?: PropertyRef;
  tags?: PropertyRef;
  status?: PropertyRef & { draft: string | null; published: string | null };
  date?: PropertyRef;
  marker?: PropertyRef;
  slug?: PropertyRef;
  seoTitle?: PropertyRef;
};
export type NotionConfig = {
  databaseId: string;
  dataSourceId: string;
  databaseTitle: string;
  mapping: NotionMapping;
  notionVersion: string;
};

type SchemaProperty = {
  id: string;
  name: string;
  type: string;
  status?: { options: Array<{ name: string }> };
  select?: { options: Array<{ name: string }> };
};
export type Schema = Record<string, SchemaProperty>;
export type PageLike = {
  id: string;
  url?: string;
  public_url?: string | null;
  in_trash?: boolean;
  archived?: boolean;
  properties?: Record<string, unknown>;
};

export function notion(ctx: Pick<AdapterContext, "correlationId" | "signal">, token: string) {
  return new Client({
    auth: token,
    baseUrl: getEnv().NOTION_API_URL.replace(/\/$/, ""),
    notionVersion: NOTION_VERSION,
    fetch: guardedFetchApi(ctx),
    retry: false,
    // Errors are mapped to PublishError and logged by the engine; the SDK's console lines would only repeat them.
    logger: () => {},
  });
}

function header(headers: unknown, name: string): string | null {
  if (headers && typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  if (headers && typeof headers === "object") {
    const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
    return entry ? String(entry[1]) : null;
  }
  return null;
}

function retryAfter(headers: unknown): number | null {
  const value = header(headers, "retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

type Subject = "database" | "page" | "token" | "content";

/** Any failure of a Notion call as a PublishError the customer can read. */
export function notionError(error: unknown, subject: Subject = "content"): PublishError {
  if (error instanceof PublishError) return error;
  if (APIResponseError.isAPIResponseError(error) || UnknownHTTPResponseError.isUnknownHTTPResponseError(error)) {
    const detail = `HTTP ${error.status} ${error.code}: ${error.body.replace(/\s+/g, " ").slice(0, 200)}`;
    const status = error.status;
    if (status === 429 || status === 529) {
      return new PublishError("rate_limit", "Notion asked us to slow down; publishing will retry shortly.", {
        detail,
        retryAfterMs: retryAfter(error.headers),
      });
    }
    if (status >= 500) return new PublishError("transient", `Notion had a temporary problem (HTTP ${status}).`, { detail });
    if (status === 401) {
      return new PublishError("auth", "Notion no longer accepts this connection's token. Reconnect Notion in Settings → Integrations.", {
        detail,
        fix: "Copy the integration's secret again from notion.so/profile/integrations (or reconnect) and save it.",
      });
    }
    if (status === 403) {
      return new PublishError("config", "The Notion integration is not allowed to do this.", {
        detail,
        fix: "In Notion, open Settings → Integrations → your Inkpilot integration → Capabilities, and allow Read, Update and Insert content.",
      });
    }
    if (status === 404) {
      if (subject === "page") return new PublishError("not_found", "The page is no longer in Notion.", { detail });
      return new PublishError("config", "Notion cannot find the database, or it is not shared with the Inkpilot integration.", {
        detail,
        fix: SHARE_FIX,
      });
    }
    if (status === 409) return new PublishError("transient", "Notion was busy saving another change; publishing will retry.", { detail });
    const message = error.message;
    if (/is not a property that exists|is expected to be|status option|Could not find property/i.test(message)) {
      return new PublishError("config", `The Notion database's properties changed since it was connected: ${message}`, {
        detail,
        fix: "Run Check again in Settings → Integrations, or reconnect Notion so Inkpilot reads the properties again.",
      });
    }
    return new PublishError("invalid", `Notion refused the page: ${message}`.slice(0, 300), { detail });
  }
  if (RequestTimeoutError.isRequestTimeoutError(error)) {
    return new PublishError("transient", "Notion took too long to answer.", { detail: "notionhq_client_request_timeout" });
  }
  if (error instanceof SyntaxError) {
    return new PublishError("transient", "Notion sent an answer we could not read.", { detail: error.message.slice(0, 200), cause: error });
  }
  if (isNotionClientError(error)) return new PublishError("invalid", error.message, { detail: error.code });
  return new PublishError("transient", "Publishing to Notion failed unexpectedly.", {
    detail: error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200),
    cause: error,
  });
}

export async function call<T>(subject: Subject, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw notionError(error, subject);
  }
}

/** A body-write step that waits out short 429s itself (see the header of adapter.server.ts). */
export async function patiently<T>(ctx: Pick<AdapterContext, "signal">, subject: Subject, run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(subject, run);
    } catch (error) {
      const wait = error instanceof PublishError && error.kind === "rate_limit" ? (error.retryAfterMs ?? 1000) : null;
      if (wait === null || wait > MAX_INLINE_WAIT_MS || attempt >= MAX_INLINE_WAITS || ctx.signal.aborted) throw error;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        ctx.signal.addEventListener(
          "abort",
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
  }
}

export function readConfig(ctx: AdapterContext): NotionConfig {
  const config = ctx.config as Partial<NotionConfig>;
  if (!config.dataSourceId || !config.mapping?.title) {
    throw new PublishError("config", "This Notion connection is incomplete. Reconnect Notion in Settings → Integrations.", {
      detail: "config without dataSourceId or title mapping",
    });
  }
  return config as NotionConfig;
}

export function token(ctx: AdapterContext) {
  const value = ctx.credentials.token;
  if (!value) throw new PublishError("auth", "This Notion connection has no token. Reconnect Notion in Settings → Integrations.");
  return value;
}

export const ref = (p: SchemaProperty): PropertyRef => ({ id: p.id, name: p.name, type: p.type });
