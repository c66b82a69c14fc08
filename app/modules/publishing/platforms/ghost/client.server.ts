import { createRequire } from "node:module";
import GhostAdminAPI from "@tryghost/admin-api";
import { getEnv } from "#app/env.server";
import { describeResponse, platformRequest, retryAfterMs, type PlatformResponse } from "../../http.server";
import { PublishError, type AdapterContext } from "../../types";

/**
 * Ghost's Admin API through the official SDK over our request guard: the admin
 * URL, the SDK client for the site's Ghost version, the site's identity and
 * version, and Ghost's refusals (with a hint when the server's clock is off)
 * as PublishError kinds.
 */

export const KEY_HELP = "Find it in Ghost Admin → Settings → Integrations → Add custom integration, then copy the Admin API key.";
/** The oldest Ghost we speak to; Ghost answers an older Accept-Version from a newer server. */
const BASE_ACCEPT_VERSION = "v5.0";

export type GhostPost = {
  id: string;
  slug: string;
  status: string;
  url?: string | null;
  updated_at: string;
  published_at?: string | null;
  codeinjection_foot?: string | null;
};

type Ctx = Pick<AdapterContext, "correlationId" | "signal">;

// The SDK accepts uploads only as an instance of ITS form-data class (or a file
// path), so it is loaded from the SDK's own location rather than as our dependency.
const requireFromHere = createRequire(import.meta.url);
type FormDataLike = {
  append(name: string, value: Buffer | string, options?: { filename: string; contentType: string }): void;
  getBuffer(): Buffer;
  getHeaders(): Record<string, string>;
};
export function newSdkFormData(): FormDataLike {
  const sdkRequire = createRequire(requireFromHere.resolve("@tryghost/admin-api"));
  const FormData = sdkRequire("form-data") as new () => FormDataLike;
  return new FormData();
}

/** The Admin API URL as the SDK wants it: https origin plus any subdirectory, no trailing slash, no /ghost part. */
export function normalizeAdminUrl(input: string): string {
  let raw = input.trim();
  if (!raw) throw new PublishError("config", "Enter your Ghost Admin API URL, for example https://yourblog.ghost.io.");
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) raw = `https://${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PublishError(
      "config",
      "That is not a valid address. Paste the API URL shown on your Ghost custom integration, for example https://yourblog.ghost.io.",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new PublishError("config", "The Ghost Admin API URL must start with https://.");
  if (url.username || url.password) throw new PublishError("config", "Remove the user name and password from the address.");
  // Ghost Admin is served over HTTPS (Ghost(Pro) always); plain http only for a local test fake.
  const allowed = getEnv().TEST_ALLOW_PRIVATE_HOSTS;
  if (url.protocol === "http:" && !allowed.includes(url.host) && !allowed.includes(url.hostname)) url.protocol = "https:";
  // People paste the admin screen's address (…/ghost/#/settings/integrations) or the API root: keep what is before /ghost.
  const path = url.pathname.replace(/\/+$/, "").replace(/\/ghost(\/.*)?$/i, "");
  return `${url.origin}${path}`;
}

export function cut(text: string, max: number) {
  const value = text.trim();
  if (value.length <= max) return value;
  const slice = value.slice(0, max - 1);
  const space = slice.lastIndexOf(" ");
  return `${(space > max * 0.6 ? slice.slice(0, space) : slice).trimEnd()}…`;
}

type GhostErrorBody = { errors?: Array<{ type?: string; code?: string | null; message?: string; context?: string | null }> };

function ghostErrorOf(response: PlatformResponse) {
  try {
    const body = JSON.parse(response.text) as GhostErrorBody;
    return Array.isArray(body.errors) ? (body.errors[0] ?? null) : null;
  } catch {
    return null;
  }
}

/** What Ghost's last answer showed besides its body: its clock (Date header) against ours, and the URL after redirects. */
export type ClockReading = { skewMs: number | null; finalUrl?: string };

function clockHint(clock: ClockReading) {
  if (clock.skewMs === null || Math.abs(clock.skewMs) < 60_000) return null;
  const minutes = Math.round(Math.abs(clock.skewMs) / 60_000);
  return `Ghost's server clock is ${minutes} minute${minutes === 1 ? "" : "s"} ${clock.skewMs > 0 ? "ahead of" : "behind"} ours; Ghost refuses sign-in tokens more than 5 minutes old, so the server's clock needs correcting (enable time sync/NTP on the Ghost server).`;
}

/** Ghost's answer turned into what the customer reads and the engine does next. */
export function ghostError(response: PlatformResponse, clock: ClockReading = { skewMs: null }): PublishError {
  const detail = describeResponse(response);
  const error = ghostErrorOf(response);
  const code = error?.code ?? "";
  const said = [error?.message, error?.context].filter(Boolean).join(" ");
  if (response.status === 429) {
    return new PublishError("rate_limit", "Ghost asked us to slow down; publishing will retry shortly.", {
      detail,
      retryAfterMs: retryAfterMs(response.headers),
    });
  }
  if (response.status >= 500) return new PublishError("transient", `Ghost had a temporary problem (HTTP ${response.status}).`, { detail });
  if (code === "INVALID_API_KEY_TYPE") {
    return new PublishError("auth", "Ghost says this is not an Admin API key (a Content API key was used).", { detail, fix: KEY_HELP });
  }
  if (code === "UNKNOWN_ADMIN_API_KEY") {
    return new PublishError("auth", "Ghost does not know this Admin API key: the integration was deleted or its key regenerated.", {
      detail,
      fix: `Copy the Admin API key again. ${KEY_HELP}`,
    });
  }
  if (code === "INVALID_JWT" || code === "MISSING_ADMIN_API_KID") {
    const hint = clockHint(clock);
    return new PublishError(
      "auth",
      hint
        ? `Ghost refused our sign-in token because of the time difference. ${hint}`
        : "Ghost refused our sign-in token: the Admin API key's secret does not match (it may have been regenerated).",
      {
        detail,
        fix: hint ?? `Copy the Admin API key again. ${KEY_HELP}`,
      },
    );
  }
  if (code === "INVALID_AUTH_HEADER") {
    return new PublishError(
      "config",
      "Something in front of Ghost (a proxy or firewall) changed the Authorization header, so Ghost could not read our key.",
      {
        detail,
        fix: "Let the Authorization header through to Ghost unchanged on /ghost/api/admin/.",
      },
    );
  }
  if (response.status === 401) {
    return new PublishError("auth", "Ghost no longer accepts this connection's Admin API key. Reconnect it in Settings → Integrations.", {
      detail,
      fix: KEY_HELP,
    });
  }
  if (response.status === 403) {
    if (error?.type === "NoPermissionError") {
      return new PublishError("config", `Ghost did not allow this: ${said || "no permission"}.`, {
        detail,
        fix: "Use a custom integration's Admin API key (custom integrations have the rights to write posts); on Ghost(Pro), check that your plan includes custom integrations.",
      });
    }
    return new PublishError("config", "A firewall or proxy in front of Ghost refused the request (HTTP 403).", {
      detail,
      fix: "Allow requests to /ghost/api/admin/ from Inkpilot in your firewall or CDN settings.",
    });
  }
  if (response.status === 404) {
    if (error) return new PublishError("not_found", "The post is no longer in Ghost.", { detail });
    return new PublishError("config", "There is no Ghost Admin API at this address.", {
      detail,
      fix: "Use the API URL shown on your Ghost custom integration (Settings → Integrations).",
    });
  }
  if (response.status === 409) {
    return new PublishError("conflict", "The post was changed in Ghost since we last read it.", { detail });
  }
  if (response.status === 406) {
    return new PublishError("config", `This Ghost is older than the API version we asked for: ${said}`, {
      detail,
      fix: "Check the connection again so Inkpilot picks the right version.",
    });
  }
  if (response.status >= 300 && response.status < 400) {
    return new PublishError(
      "config",
      "Ghost redirected the request; use the Admin API URL exactly as the integration screen shows it (https://…).",
      { detail },
    );
  }
  if (response.status === 413)
    return new PublishError("invalid", "Ghost refused the upload: the file is too large for this Ghost site.", { detail });
  if (response.status === 415) return new PublishError("invalid", `Ghost refused the file type: ${said || "unsupported"}.`, { detail });
  return new PublishError("invalid", `Ghost refused the post: ${said || `HTTP ${response.status}`}`, { detail });
}

/** The official client, configured to send every request through platformRequest. */
export function client(ctx: Ctx, adminUrl: string, key: string, acceptVersion: string, clock: ClockReading = { skewMs: null }) {
  return GhostAdminAPI({
    url: adminUrl,
    key,
    version: acceptVersion,
    userAgent: "Inkpilot (GhostAdminSDK)",
    async makeRequest({ url, method, data, params, headers }) {
      // The SDK's own query serialization (lib/admin-api.js): arrays joined with commas.
      const query = Object.entries(params)
        .map(([name, value]) => `${name}=${encodeURIComponent(([] as Array<string | number>).concat(value).join(","))}`)
        .join("&");
      const target = query ? `${url}?${query}` : url;
      const isForm = data !== null && typeof data === "object" && typeof (data as FormDataLike).getBuffer === "function";
      const hasJson = !isForm && data !== undefined && data !== "" && method !== "GET" && method !== "DELETE";
      const response = await platformRequest(ctx, target, {
        method,
        headers,
        ...(isForm ? { body: (data as FormDataLike).getBuffer() } : hasJson ? { json: data } : {}),
      });
      const date = response.headers.date;
      const serverTime = Date.parse(Array.isArray(date) ? (date[0] ?? "") : (date ?? ""));
      if (Number.isFinite(serverTime)) clock.skewMs = serverTime - Date.now();
      clock.finalUrl = response.url;
      if (response.status < 200 || response.status >= 300) throw ghostError(response, clock);
      if (response.status === 204 || !response.text.trim()) return {};
      const body = response.json<Record<string, unknown>>();
      if (!body || typeof body !== "object")
        throw new PublishError("transient", "Ghost sent an answer we could not read.", { detail: describeResponse(response) });
      return body;
    },
  });
}

function acceptVersionOf(ctx: AdapterContext) {
  return typeof ctx.config.acceptVersion === "string" ? ctx.config.acceptVersion : "v6.0";
}

export function api(ctx: AdapterContext, clock?: ClockReading) {
  const key = ctx.credentials.adminApiKey;
  if (!key) throw new PublishError("auth", "This Ghost connection has no Admin API key. Reconnect it in Settings → Integrations.");
  return client(ctx, ctx.siteUrl, key, acceptVersionOf(ctx), clock);
}

/** Anything the SDK throws that is not ours (missing data, bad config) is a bug or bad input, not a platform answer. */
export function asPublishError(error: unknown): PublishError {
  if (error instanceof PublishError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new PublishError("invalid", "The Ghost client could not send this request.", { detail: message.slice(0, 200), cause: error });
}

export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw asPublishError(error);
  }
}

export function checkPost(value: unknown): GhostPost {
  const post = value as Partial<GhostPost> | null;
  if (!post || typeof post.id !== "string" || typeof post.updated_at !== "string") {
    throw new PublishError("transient", "Ghost sent an answer we could not read.", { detail: JSON.stringify(value ?? null).slice(0, 200) });
  }
  return post as GhostPost;
}

/** adminUrl: where Ghost's Admin API really is (Ghost redirects the site domain's /ghost/ to the admin domain). */
export type SiteInfo = { title: string; url: string; version: string; major: number; adminUrl: string };

const SITE_PATH = "/ghost/api/admin/site/";

/** The Admin API URL a redirected /site/ read ended at, when it differs from the one we asked. */
function redirectedAdminUrl(asked: string, clock: ClockReading) {
  const final = clock.finalUrl?.split("?")[0];
  if (!final?.endsWith(SITE_PATH)) return asked;
  return normalizeAdminUrl(final.slice(0, -SITE_PATH.length));
}

/** GET /ghost/api/admin/site/: public in Ghost, so it tells "is this Ghost" apart from "is the key right". */
export async function readSite(ctx: Ctx, adminUrl: string, key: string, clock: ClockReading): Promise<SiteInfo> {
  const notGhost = (detail: string, cause?: unknown) =>
    new PublishError("config", "The address answered, but not as a Ghost site.", {
      detail,
      cause,
      fix: "Use the API URL shown on your Ghost custom integration (Settings → Integrations), for example https://yourblog.ghost.io.",
    });
  let site: Record<string, unknown>;
  try {
    site = await call(() => client(ctx, adminUrl, key, BASE_ACCEPT_VERSION, clock).site.read());
  } catch (error) {
    // A web page instead of JSON (HTTP 200): some other site lives at this address.
    if (error instanceof PublishError && error.kind === "transient" && error.detail.startsWith("HTTP 2"))
      throw notGhost(error.detail, error);
    // A Ghost older than our base version refuses it (406) and names its own version.
    const older =
      error instanceof PublishError && error.detail.startsWith("HTTP 406") ? /Ghost version v?(\d+)\.(\d+)/.exec(error.detail) : null;
    if (older) return { title: "Ghost", url: adminUrl, version: `${older[1]}.${older[2]}`, major: Number(older[1]), adminUrl };
    throw error;
  }
  const version = typeof site?.version === "string" ? site.version : "";
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? NaN);
  if (!Number.isFinite(major)) throw notGhost(JSON.stringify(site ?? null).slice(0, 200));
  return {
    title: typeof site.title === "string" ? site.title : "Ghost",
    url: typeof site.url === "string" ? site.url : adminUrl,
    version,
    major,
    adminUrl: redirectedAdminUrl(adminUrl, clock),
  };
}

export function versionProblem(site: SiteInfo) {
  return site.major < 5 ? `This site runs Ghost ${site.version}; Inkpilot publishes to Ghost 5 or newer.` : null;
}

export function acceptVersionFor(site: SiteInfo) {
  return site.major >= 6 ? "v6.0" : "v5.0";
}
