import { getEnv } from "#app/env.server";
import { describeResponse, platformRequest, retryAfterMs, type PlatformResponse } from "../../http.server";
import { PublishError, type AdapterContext } from "../../types";

/**
 * Requests to Webflow's Data API v2 with the site token: the connection's config and
 * field mapping types, and Webflow's refusals as PublishError kinds with the fix.
 */

export const DOC_TOKEN =
  "In Webflow, open Site settings → Apps & integrations → API access, generate a token with CMS: Read and write and Sites: Read and write, and paste it here.";
export const SITE_NOT_PUBLISHED_FIX =
  "Publish the site once from the Webflow Designer (Publish → Publish to selected domains), then publish again.";
export const BODY_FIX = "Add a Rich text field to the collection or choose it.";
export const SEO_FIX =
  "No SEO fields: Webflow has no built-in SEO fields for CMS items; add Plain text fields named SEO title and Meta description and bind them in the collection template.";
export const NEEDED_SCOPES = ["cms:read", "cms:write", "sites:read"];
export const WANTED_SCOPES = [...NEEDED_SCOPES, "sites:write"];
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const PAGE_SIZE = 100;
/** Pages of items findExisting reads when the slug filter is ignored; each is a request out of 60 a minute. */
export const MAX_PAGES = 20;
export const BLOG_SLUGS = ["blog", "posts", "blog-posts", "articles", "post", "news", "insights"];

export type WfField = {
  id: string;
  slug: string;
  displayName: string;
  type: string;
  isRequired?: boolean;
  validations?: { maxLength?: number } | null;
};
export type WfCollection = { id: string; displayName: string; singularName?: string; slug?: string; fields?: WfField[] };
export type WfSite = {
  id: string;
  displayName?: string;
  shortName?: string;
  lastPublished?: string | null;
  customDomains?: Array<{ id: string; url?: string }>;
};
export type WfItem = {
  id: string;
  isDraft?: boolean;
  isArchived?: boolean;
  lastPublished?: string | null;
  lastUpdated?: string | null;
  fieldData?: Record<string, unknown>;
};

/** A collection field our field goes to; maxLength when the field has one (Webflow refuses longer text). */
export type FieldRef = { slug: string; name: string; type: string; maxLength?: number };
export const MAPPING_KEYS = ["body", "summary", "cover", "date", "seoTitle", "metaDescription"] as const;
export type MappingKey = (typeof MAPPING_KEYS)[number];
export type WebflowMapping = { title: FieldRef; slug: FieldRef } & Record<MappingKey, FieldRef | null>;
export type WebflowConfig = {
  siteId: string;
  siteName: string;
  siteShortName: string;
  /** Where the site is public: its first custom domain, or shortName.webflow.io. */
  siteDomain: string;
  collectionId: string;
  collectionName: string;
  collectionSlug: string;
  mapping: WebflowMapping;
};

/** The Webflow field types each of our fields can go to. */
export const FIELD_TYPES: Record<MappingKey, string[]> = {
  body: ["RichText"],
  summary: ["PlainText"],
  cover: ["Image"],
  date: ["DateTime"],
  seoTitle: ["PlainText"],
  metaDescription: ["PlainText"],
};
export const LABELS: Record<"title" | "slug" | MappingKey, string> = {
  title: "Title",
  slug: "Slug",
  body: "Body",
  summary: "Summary",
  cover: "Cover image",
  date: "Publish date",
  seoTitle: "SEO title",
  metaDescription: "Meta description",
};
export const TYPE_NAMES: Record<string, string> = {
  RichText: "Rich text",
  PlainText: "Plain text",
  Image: "Image",
  DateTime: "Date/Time",
  Switch: "Switch",
  MultiImage: "Multi-image",
};

/** A failed Webflow answer, with the parsed body so a slug clash can be told apart. */
export class WebflowRequestError extends PublishError {
  constructor(
    publishError: PublishError,
    readonly status: number,
    readonly body: { code?: string; message?: string; details?: unknown[] },
  ) {
    super(publishError.kind, publishError.message, {
      detail: publishError.detail,
      retryAfterMs: publishError.retryAfterMs,
      fix: publishError.fix,
    });
  }
  get slugTaken() {
    const text = `${this.body.message ?? ""} ${JSON.stringify(this.body.details ?? [])}`;
    return (this.status === 400 || this.status === 409) && /slug/i.test(text) && /unique|already|duplicate|taken|in use/i.test(text);
  }
}

type Subject = "token" | "site" | "collection" | "item" | "content";

function parseBody(response: PlatformResponse) {
  try {
    const body = JSON.parse(response.text) as unknown;
    return body && typeof body === "object" ? (body as { code?: string; message?: string; details?: unknown[] }) : {};
  } catch {
    return {};
  }
}

export function detailsText(details: unknown[] | undefined) {
  return (details ?? [])
    .map((d) =>
      typeof d === "string"
        ? d
        : ((d as { description?: string; message?: string }).description ?? (d as { message?: string }).message ?? ""),
    )
    .filter(Boolean)
    .join("; ");
}

/** A failed Webflow answer as a PublishError the customer can read. */
function webflowError(response: PlatformResponse, subject: Subject = "content"): WebflowRequestError {
  const body = parseBody(response);
  const detail = describeResponse(response);
  const said = [body.message, detailsText(body.details)].filter(Boolean).join(": ");
  const wrap = (error: PublishError) => new WebflowRequestError(error, response.status, body);
  const status = response.status;
  if (status === 429) {
    // Webflow counts 60 (or 120) requests a minute per token and says how long to wait; 60 s when it does not.
    return wrap(
      new PublishError("rate_limit", "Webflow asked us to slow down (too many requests this minute); publishing will retry shortly.", {
        detail,
        retryAfterMs: retryAfterMs(response.headers) ?? 60_000,
      }),
    );
  }
  if (status >= 500) return wrap(new PublishError("transient", `Webflow had a temporary problem (HTTP ${status}).`, { detail }));
  if (status === 401) {
    return wrap(
      new PublishError(
        "auth",
        "Webflow no longer accepts this connection's token: it was revoked or regenerated. Reconnect Webflow in Settings → Integrations.",
        {
          detail,
          fix: DOC_TOKEN,
        },
      ),
    );
  }
  if (status === 403) {
    const scopes = body.code === "missing_scopes" || /scope/i.test(said);
    return wrap(
      new PublishError(
        "config",
        scopes
          ? `The Webflow token is missing a permission Inkpilot needs (${said || "missing scopes"}).`
          : "Webflow refused the request (HTTP 403).",
        { detail, fix: DOC_TOKEN },
      ),
    );
  }
  if (status === 404) {
    if (subject === "item") return wrap(new PublishError("not_found", "The item is no longer in the Webflow collection.", { detail }));
    if (subject === "site" || subject === "collection") {
      return wrap(
        new PublishError(
          "config",
          `Webflow cannot find the ${subject} this connection publishes to: it was deleted, or the token belongs to another site.`,
          {
            detail,
            fix: "Reconnect Webflow with a token of the site and choose the collection again.",
          },
        ),
      );
    }
    return wrap(new PublishError("not_found", "Webflow could not find it (HTTP 404).", { detail }));
  }
  if ((status === 409 || status === 400) && /publish/i.test(said) && /site/i.test(said)) {
    return wrap(
      new PublishError("config", "Webflow publishes items live only once the site has been published at least once.", {
        detail,
        fix: SITE_NOT_PUBLISHED_FIX,
      }),
    );
  }
  if (status === 400 && /not described in schema|unknown field|field not found/i.test(said)) {
    return wrap(
      new PublishError("config", `The Webflow collection's fields changed since it was connected: ${said}`.slice(0, 300), {
        detail,
        fix: "Run Check again in Settings → Integrations, or choose the fields again.",
      }),
    );
  }
  if (status >= 300 && status < 400) {
    return wrap(
      new PublishError(
        "config",
        "Webflow redirected the request, which it never does for its API. Try again later; if it keeps happening, contact support.",
        { detail },
      ),
    );
  }
  return wrap(
    new PublishError("invalid", `Webflow refused the item${said ? `: ${said}` : ` (HTTP ${status})`}.`.slice(0, 300), { detail }),
  );
}

export type Ctx = Pick<AdapterContext, "correlationId" | "signal">;

export async function call<T>(
  ctx: Ctx,
  token: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  options: { json?: unknown; subject?: Subject } = {},
): Promise<T> {
  const url = `${getEnv().WEBFLOW_API_URL.replace(/\/$/, "")}/v2${path}`;
  const response = await platformRequest(ctx, url, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    json: options.json,
  });
  if (response.status < 200 || response.status >= 300) throw webflowError(response, options.subject);
  if (response.status === 204 || !response.text.trim()) return null as T;
  const body = response.json<T>();
  if (!body || typeof body !== "object") {
    throw new PublishError("transient", "Webflow sent an answer we could not read.", { detail: describeResponse(response) });
  }
  return body;
}

export function readConfig(ctx: AdapterContext): WebflowConfig {
  const config = ctx.config as Partial<WebflowConfig>;
  if (!config.siteId || !config.collectionId || !config.mapping?.title) {
    throw new PublishError("config", "This Webflow connection is incomplete. Reconnect Webflow in Settings → Integrations.", {
      detail: "config without siteId, collectionId or mapping",
    });
  }
  return config as WebflowConfig;
}

export function token(ctx: Pick<AdapterContext, "credentials">) {
  const value = ctx.credentials.token;
  if (!value) throw new PublishError("auth", "This Webflow connection has no token. Reconnect Webflow in Settings → Integrations.");
  return value;
}

export const ref = (f: WfField): FieldRef =>
  typeof f.validations?.maxLength === "number"
    ? { slug: f.slug, name: f.displayName, type: f.type, maxLength: f.validations.maxLength }
    : { slug: f.slug, name: f.displayName, type: f.type };
