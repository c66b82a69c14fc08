import { getEnv } from "#app/env.server";
import { describeResponse, platformRequest, retryAfterMs, type PlatformResponse, isPrivateUrl } from "../../http.server";
import {
  PublishError,
  type AdapterContext,
  type ConnectionConfig,
  type DoctorCheck,
  type MediaFile,
  type PostInput,
  type PublishingAdapter,
  type RemotePost,
  type UploadedMedia,
} from "../../types";
import { htmlToWebflowRichText } from "./richtext";
import { check, failedCheck } from "../doctor";

/**
 * Webflow: one CMS item per article in a collection of the customer's site,
 * over the Data API v2 (integrations.md section 6).
 *
 * Why platformRequest and not the official client (webflow-api 3.3.4): the
 * client always calls the global fetch (core/fetcher/getFetchFn) and has no
 * option to hand it ours, so its requests would skip the SSRF guard and the
 * per-host limit of http.server.ts, and it retries twice by itself (honouring
 * Retry-After up to 60 s) on top of the engine's retries. The handful of JSON
 * endpoints we need (token introspection, sites, collections, items, publish)
 * are simple enough to call directly; the base URL comes from WEBFLOW_API_URL.
 *
 * Flow: connect with a site API token (OAuth can follow: Webflow's token has
 * no refresh, so it would only add the authorize redirect), find the site the
 * customer named and its blog collection, and map our fields to the
 * collection's field slugs by type and name (stored in config; the customer
 * can change it through remapWebflowFields). Articles are created as staged
 * items (isDraft for drafts); live articles are then published as items, which
 * needs no site publish (one per minute, and it would publish the customer's
 * other pending changes too) but needs the site to have been published once.
 *
 * Idempotency: Webflow has no marker field of its own and no idempotency key.
 * A create whose answer was lost is found by its slug (or the slug with the
 * "-2" suffix a clash gives it) and its name, so an unrelated item that
 * happens to have the slug is never taken for ours.
 */

const DOC_TOKEN =
  "In Webflow, open Site settings → Apps & integrations → API access, generate a token with CMS: Read and write and Sites: Read and write, and paste it here.";
const SITE_NOT_PUBLISHED_FIX =
  "Publish the site once from the Webflow Designer (Publish → Publish to selected domains), then publish again.";
const BODY_FIX = "Add a Rich text field to the collection or choose it.";
const SEO_FIX =
  "No SEO fields: Webflow has no built-in SEO fields for CMS items; add Plain text fields named SEO title and Meta description and bind them in the collection template.";
const NEEDED_SCOPES = ["cms:read", "cms:write", "sites:read"];
const WANTED_SCOPES = [...NEEDED_SCOPES, "sites:write"];
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const PAGE_SIZE = 100;
/** Pages of items findExisting reads when the slug filter is ignored; each is a request out of 60 a minute. */
const MAX_PAGES = 20;
const BLOG_SLUGS = ["blog", "posts", "blog-posts", "articles", "post", "news", "insights"];

type WfField = {
  id: string;
  slug: string;
  displayName: string;
  type: string;
  isRequired?: boolean;
  validations?: { maxLength?: number } | null;
};
type WfCollection = { id: string; displayName: string; singularName?: string; slug?: string; fields?: WfField[] };
type WfSite = {
  id: string;
  displayName?: string;
  shortName?: string;
  lastPublished?: string | null;
  customDomains?: Array<{ id: string; url?: string }>;
};
type WfItem = {
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
const FIELD_TYPES: Record<MappingKey, string[]> = {
  body: ["RichText"],
  summary: ["PlainText"],
  cover: ["Image"],
  date: ["DateTime"],
  seoTitle: ["PlainText"],
  metaDescription: ["PlainText"],
};
const LABELS: Record<"title" | "slug" | MappingKey, string> = {
  title: "Title",
  slug: "Slug",
  body: "Body",
  summary: "Summary",
  cover: "Cover image",
  date: "Publish date",
  seoTitle: "SEO title",
  metaDescription: "Meta description",
};
const TYPE_NAMES: Record<string, string> = {
  RichText: "Rich text",
  PlainText: "Plain text",
  Image: "Image",
  DateTime: "Date/Time",
  Switch: "Switch",
  MultiImage: "Multi-image",
};

/** A failed Webflow answer, with the parsed body so a slug clash can be told apart. */
class WebflowRequestError extends PublishError {
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

function detailsText(details: unknown[] | undefined) {
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
export function webflowError(response: PlatformResponse, subject: Subject = "content"): WebflowRequestError {
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

type Ctx = Pick<AdapterContext, "correlationId" | "signal">;

async function call<T>(
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

function readConfig(ctx: AdapterContext): WebflowConfig {
  const config = ctx.config as Partial<WebflowConfig>;
  if (!config.siteId || !config.collectionId || !config.mapping?.title) {
    throw new PublishError("config", "This Webflow connection is incomplete. Reconnect Webflow in Settings → Integrations.", {
      detail: "config without siteId, collectionId or mapping",
    });
  }
  return config as WebflowConfig;
}

function token(ctx: Pick<AdapterContext, "credentials">) {
  const value = ctx.credentials.token;
  if (!value) throw new PublishError("auth", "This Webflow connection has no token. Reconnect Webflow in Settings → Integrations.");
  return value;
}

const ref = (f: WfField): FieldRef =>
  typeof f.validations?.maxLength === "number"
    ? { slug: f.slug, name: f.displayName, type: f.type, maxLength: f.validations.maxLength }
    : { slug: f.slug, name: f.displayName, type: f.type };

/** Our fields → the collection's field slugs, by type first and then by name. */
export function mapWebflowFields(fields: WfField[]): WebflowMapping {
  const used = new Set(["name", "slug"]);
  const pick = (types: string[], patterns: RegExp[], fallback: boolean): FieldRef | null => {
    const candidates = fields.filter((f) => types.includes(f.type) && !used.has(f.slug));
    const found =
      patterns.map((p) => candidates.find((f) => p.test(f.displayName) || p.test(f.slug))).find(Boolean) ??
      (fallback ? candidates[0] : undefined);
    if (!found) return null;
    used.add(found.slug);
    return ref(found);
  };
  const byName = (slug: string, fallback: string, type = "PlainText") => {
    const f = fields.find((x) => x.slug === slug);
    return f ? ref(f) : { slug, name: fallback, type };
  };
  // SEO fields first: "Meta description" must not be taken for the summary.
  const seoTitle = pick(["PlainText"], [/seo.?title|meta.?title|title.?tag/i], false);
  const metaDescription = pick(["PlainText"], [/meta.?desc|seo.?desc/i], false);
  return {
    title: byName("name", "Name"),
    slug: byName("slug", "Slug"),
    body: pick(["RichText"], [/body/i, /content|article|post/i], true),
    summary: pick(["PlainText"], [/summary|excerpt|teaser|intro|abstract/i, /description/i], false),
    cover: pick(["Image"], [/main|cover|featured|hero|header|banner/i], true),
    date: pick(["DateTime"], [/publish|posted|release/i, /date/i], true),
    seoTitle,
    metaDescription,
  };
}

/** The mapping in words, for the connection's card. */
export function describeWebflowMapping(config: ConnectionConfig) {
  const c = config as Partial<WebflowConfig>;
  const mapping = c.mapping;
  const row = (key: "title" | "slug" | MappingKey) => {
    const target = mapping?.[key] ?? null;
    return {
      key,
      label: LABELS[key],
      field: target ? `${target.name} (${TYPE_NAMES[target.type] ?? target.type})` : null,
      slug: target?.slug ?? null,
      required: key === "title" || key === "slug" || key === "body",
    };
  };
  return {
    site: c.siteName ?? null,
    collection: c.collectionName ?? null,
    rows: (["title", "slug", ...MAPPING_KEYS] as const).map(row),
  };
}

async function readCollection(ctx: Ctx, accessToken: string, collectionId: string) {
  return call<WfCollection>(ctx, accessToken, "GET", `/collections/${encodeURIComponent(collectionId)}`, { subject: "collection" });
}

/**
 * Changes which collection fields our fields go to (field slugs or ids; null leaves one unmapped),
 * checked against the collection's current schema. Returns the new config to store.
 * With `collectionId` the connection moves to another collection of the site and is mapped afresh first.
 */
export async function remapWebflowFields(
  ctx: AdapterContext,
  overrides: Partial<Record<MappingKey, string | null>> & { collectionId?: string },
): Promise<WebflowConfig> {
  const config = readConfig(ctx);
  const accessToken = token(ctx);
  const collectionId = overrides.collectionId ?? config.collectionId;
  const collection = await readCollection(ctx, accessToken, collectionId);
  const fields = collection.fields ?? [];
  const mapping = collectionId === config.collectionId ? { ...config.mapping } : mapWebflowFields(fields);
  for (const key of MAPPING_KEYS) {
    const wanted = overrides[key];
    if (wanted === undefined) continue;
    if (wanted === null || wanted === "") {
      mapping[key] = null;
      continue;
    }
    const field = fields.find((f) => f.slug === wanted || f.id === wanted);
    if (!field) throw new PublishError("config", `The collection "${collection.displayName}" has no field "${wanted}".`);
    if (!FIELD_TYPES[key].includes(field.type)) {
      const allowed = FIELD_TYPES[key].map((t) => TYPE_NAMES[t] ?? t).join(" or ");
      throw new PublishError(
        "config",
        `"${field.displayName}" is a ${TYPE_NAMES[field.type] ?? field.type} field; the ${LABELS[key].toLowerCase()} needs a ${allowed} field.`,
      );
    }
    mapping[key] = ref(field);
  }
  const slugs = MAPPING_KEYS.map((k) => mapping[k]?.slug).filter(Boolean);
  if (new Set(slugs).size !== slugs.length)
    throw new PublishError("config", "Two of Inkpilot's fields cannot go to the same Webflow field.");
  return {
    ...config,
    collectionId: collection.id,
    collectionName: collection.displayName,
    collectionSlug: collection.slug ?? config.collectionSlug,
    mapping,
  };
}

function normalizeHost(value: string | undefined | null): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
    return url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

function siteAddresses(site: WfSite) {
  const domains = (site.customDomains ?? []).map((d) => d.url).filter((u): u is string => Boolean(u));
  return site.shortName ? [...domains, `${site.shortName}.webflow.io`] : domains;
}

function chooseSite(sites: WfSite[], siteUrl: string, siteId: string | undefined): { site: WfSite; domain: string } {
  const describe = (s: WfSite) => `${s.displayName ?? s.shortName ?? s.id} (${siteAddresses(s)[0] ?? s.id})`;
  if (sites.length === 0) {
    throw new PublishError("config", "This Webflow token gives access to no site. Generate the token in the site's own settings.", {
      fix: DOC_TOKEN,
    });
  }
  if (siteId) {
    const site = sites.find((s) => s.id === siteId);
    if (!site) throw new PublishError("config", `This token has no access to the Webflow site ${siteId}.`);
    return { site, domain: siteAddresses(site)[0] ?? "" };
  }
  const wanted = normalizeHost(siteUrl);
  if (wanted) {
    for (const site of sites) {
      const match = siteAddresses(site).find((a) => normalizeHost(a) === wanted);
      if (match) return { site, domain: match };
    }
    throw new PublishError(
      "config",
      `This token does not belong to ${wanted}. It opens ${sites.map(describe).join(", ")}. Enter one of these addresses, or a token of the right site.`,
    );
  }
  if (sites.length === 1) return { site: sites[0]!, domain: siteAddresses(sites[0]!)[0] ?? "" };
  throw new PublishError("config", `Please enter the address of the Webflow site to publish to: ${sites.map(describe).join(", ")}.`);
}

async function chooseCollection(ctx: Ctx, accessToken: string, site: WfSite, collectionId: string | undefined): Promise<WfCollection> {
  const { collections = [] } = await call<{ collections?: WfCollection[] }>(
    ctx,
    accessToken,
    "GET",
    `/sites/${encodeURIComponent(site.id)}/collections`,
    { subject: "site" },
  );
  const siteName = site.displayName ?? site.shortName ?? "the site";
  if (collectionId) {
    const chosen = collections.find((c) => c.id === collectionId || c.slug === collectionId);
    if (!chosen) {
      throw new PublishError(
        "config",
        `${siteName} has no collection ${collectionId}. Its collections: ${collections.map((c) => c.displayName).join(", ") || "none"}.`,
      );
    }
    return readCollection(ctx, accessToken, chosen.id);
  }
  if (collections.length === 0) {
    throw new PublishError("config", `${siteName} has no CMS collections yet.`, {
      fix: "In the Webflow Designer, open the CMS panel and add a Blog Posts collection (with a Rich text field), then connect again.",
    });
  }
  for (const slug of BLOG_SLUGS) {
    const chosen = collections.find((c) => c.slug === slug);
    if (chosen) return readCollection(ctx, accessToken, chosen.id);
  }
  // No collection looks like a blog by its slug: the one with a Rich text field is where articles go.
  const schemas: WfCollection[] = [];
  for (const c of collections.slice(0, 10)) schemas.push(await readCollection(ctx, accessToken, c.id));
  const withBody = schemas.filter((c) => (c.fields ?? []).some((f) => f.type === "RichText"));
  if (withBody.length === 1) return withBody[0]!;
  const named = withBody.filter((c) => /blog|post|article|news/i.test(`${c.displayName} ${c.slug ?? ""}`));
  if (named.length === 1) return named[0]!;
  if (withBody.length === 0) {
    throw new PublishError("config", `No collection of ${siteName} has a Rich text field for the article body.`, { fix: BODY_FIX });
  }
  throw new PublishError(
    "config",
    `Several collections of ${siteName} could hold articles (${withBody.map((c) => c.displayName).join(", ")}); choose one.`,
  );
}

/** Plain text within the field's maximum length (set in the collection; Webflow refuses longer text). Names: 256. */
function fitText(target: FieldRef, value: string) {
  const limit = target.maxLength ?? (target.slug === "name" ? 256 : undefined);
  return limit && value.length > limit ? `${value.slice(0, limit - 1).trimEnd()}…` : value;
}

function webflowSlug(slug: string) {
  return (
    slug
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 200) || "article"
  );
}

function fieldData(ctx: AdapterContext, config: WebflowConfig, post: PostInput, featured: UploadedMedia | null, creating: boolean) {
  const { mapping } = config;
  if (!mapping.body) {
    throw new PublishError(
      "config",
      `The Webflow collection "${config.collectionName}" has no Rich text field chosen for the article body.`,
      {
        fix: BODY_FIX,
      },
    );
  }
  const { html, warnings } = htmlToWebflowRichText(post.html, { baseUrl: getEnv().appUrl });
  for (const warning of warnings) void ctx.log("warn", "webflow.convert", warning);
  const data: Record<string, unknown> = {
    slug: webflowSlug(post.slug),
    [mapping.body.slug]: html,
  };
  const text = (target: FieldRef, value: string) => {
    data[target.slug] = fitText(target, value);
  };
  text(mapping.title, post.title);
  if (mapping.summary) text(mapping.summary, post.excerpt || post.metaDescription);
  if (mapping.cover && (featured || !creating)) {
    data[mapping.cover.slug] = featured ? { url: featured.url, alt: post.featuredImage?.alt ?? "" } : null;
  }
  // The date is the first publication's; an update keeps it.
  if (mapping.date && creating) data[mapping.date.slug] = (post.scheduleAt ?? new Date()).toISOString();
  if (mapping.seoTitle) text(mapping.seoTitle, post.metaTitle || post.title);
  if (mapping.metaDescription) text(mapping.metaDescription, post.metaDescription || post.excerpt);
  return data;
}

function toRemote(item: WfItem, config: WebflowConfig): RemotePost {
  const published = Boolean(item.lastPublished);
  const live = published && !item.isDraft && !item.isArchived;
  let status = "published";
  if (item.isArchived) status = "archived";
  else if (item.isDraft) status = "draft";
  else if (!published) status = "queued to publish";
  else if (item.lastUpdated && Date.parse(item.lastUpdated) > Date.parse(item.lastPublished!) + 1000) status = "published, changes staged";
  const slug = typeof item.fieldData?.slug === "string" ? item.fieldData.slug : null;
  const url = live && slug && config.siteDomain ? `https://${config.siteDomain}/${config.collectionSlug}/${slug}` : null;
  return { remoteId: item.id, url, status, live, version: null };
}

async function publishItem(ctx: AdapterContext, config: WebflowConfig, itemId: string) {
  const answer = await call<{ publishedItemIds?: string[]; errors?: unknown[] }>(
    ctx,
    token(ctx),
    "POST",
    `/collections/${config.collectionId}/items/publish`,
    { json: { itemIds: [itemId] }, subject: "collection" },
  );
  if (answer.publishedItemIds && !answer.publishedItemIds.includes(itemId)) {
    throw new PublishError("invalid", `Webflow did not publish the item: ${detailsText(answer.errors) || "no reason given"}.`, {
      detail: JSON.stringify(answer).slice(0, 200),
    });
  }
}

async function getItem(ctx: AdapterContext, config: WebflowConfig, itemId: string) {
  return call<WfItem>(ctx, token(ctx), "GET", `/collections/${config.collectionId}/items/${encodeURIComponent(itemId)}`, {
    subject: "item",
  });
}

function scopesOf(introspection: { authorization?: { scope?: string } }) {
  return (introspection.authorization?.scope ?? "").split(/[\s,]+/).filter(Boolean);
}

export const webflowAdapter: PublishingAdapter = {
  facts: {
    platform: "webflow",
    name: "Webflow",
    description: "Publish articles as items of a CMS collection of your Webflow site.",
    connectKind: "form",
    supportsDraft: true,
    supportsSchedule: false,
    limitations: [
      "Webflow rich text drops code blocks: Inkpilot sends each code block as a quote that keeps its lines (without a monospace font), tables as lists with one item per row, and nested lists as one list.",
      "Webflow has no built-in SEO fields for CMS items: Inkpilot fills Plain text fields named 'SEO title' and 'Meta description' when the collection has them; bind them to the page title and meta description in the collection template.",
      "Webflow imports images from Inkpilot's public address, 4 MB at most per image.",
      "Webflow publishes a site at most once a minute and allows 60 API requests a minute on smaller plans: Inkpilot publishes only the article's item and waits when Webflow asks it to.",
      "Scheduling is not available through Webflow's API: Inkpilot keeps scheduled articles and sends them at the chosen time.",
      "Publishing live needs the site to have been published once from Webflow; drafts work before that.",
      "Connect with a site API token (Site settings → Apps & integrations → API access); signing in with Webflow is not available yet.",
    ],
  },

  async connect(input, ctx) {
    const secret = input.secret.trim();
    if (!secret) throw new PublishError("config", "Please enter an access token.");
    const introspection = await call<{ authorization?: { scope?: string } }>(ctx, secret, "GET", "/token/introspect", {
      subject: "token",
    }).catch((error: unknown) => {
      if (error instanceof PublishError && error.kind === "auth") {
        throw new PublishError("auth", "Webflow did not accept this token. Copy it again from the site's settings.", {
          detail: error.detail,
          fix: DOC_TOKEN,
        });
      }
      throw error;
    });
    const scopes = scopesOf(introspection);
    const missing = NEEDED_SCOPES.filter((s) => !scopes.includes(s));
    if (scopes.length > 0 && missing.length > 0) {
      throw new PublishError("config", `This Webflow token lacks the permissions ${missing.join(", ")}.`, { fix: DOC_TOKEN });
    }
    const { sites = [] } = await call<{ sites?: WfSite[] }>(ctx, secret, "GET", "/sites", { subject: "token" });
    const { site, domain } = chooseSite(sites, input.siteUrl, input.options.siteId?.trim() || undefined);
    const collection = await chooseCollection(ctx, secret, site, input.options.collectionId?.trim() || undefined);
    const mapping = mapWebflowFields(collection.fields ?? []);
    const siteName = site.displayName ?? site.shortName ?? "Webflow site";
    const config: WebflowConfig = {
      siteId: site.id,
      siteName,
      siteShortName: site.shortName ?? "",
      siteDomain: domain,
      collectionId: collection.id,
      collectionName: collection.displayName,
      collectionSlug: collection.slug ?? "",
      mapping,
    };
    return {
      siteUrl: domain ? `https://${domain}` : input.siteUrl,
      name: `${siteName} · ${collection.displayName}`,
      credentials: { token: secret },
      config,
    };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    let config: WebflowConfig;
    let accessToken: string;
    try {
      config = readConfig(ctx);
      accessToken = token(ctx);
    } catch (error) {
      const failure = error instanceof PublishError ? error : new PublishError("config", String(error));
      return [check("connection", "Connection settings", "fail", failure.message, "Reconnect Webflow in Settings → Integrations.")];
    }
    const failed = (id: string, label: string, error: unknown, fix = "Check again in a minute."): DoctorCheck => {
      const failure = error instanceof PublishError ? error : new PublishError("transient", "Webflow did not answer.");
      return failedCheck(id, label, failure, fix);
    };

    let scopes: string[];
    try {
      scopes = scopesOf(await call(ctx, accessToken, "GET", "/token/introspect", { subject: "token" }));
      checks.push(check("token", "API token", "pass", "Webflow accepts the token."));
    } catch (error) {
      if (error instanceof PublishError && error.kind === "auth") {
        checks.push(check("token", "API token", "fail", "Webflow does not accept this token: it was revoked or regenerated.", DOC_TOKEN));
      } else checks.push(failed("token", "API token", error));
      return checks;
    }
    const missing = WANTED_SCOPES.filter((s) => !scopes.includes(s));
    // Only a reported scope list that lacks a needed scope fails; a token whose scopes Webflow does not list is tried as it is.
    const missingNeeded = scopes.length ? missing.filter((s) => NEEDED_SCOPES.includes(s)) : [];
    if (scopes.length === 0) {
      checks.push(
        check(
          "scopes",
          "Token permissions",
          "warn",
          "Webflow did not say what this token may do; the checks below show whether it can read the site and collection.",
          DOC_TOKEN,
        ),
      );
    } else {
      checks.push(
        missing.length === 0
          ? check("scopes", "Token permissions", "pass", `The token may ${WANTED_SCOPES.join(", ")}.`)
          : check(
              "scopes",
              "Token permissions",
              missingNeeded.length ? "fail" : "warn",
              missingNeeded.length
                ? `The token lacks ${missing.join(", ")}, so Inkpilot cannot read or write the collection.`
                : `The token lacks ${missing.join(", ")}. Publishing articles works; it is only needed to publish the whole site, which Inkpilot leaves to you.`,
              DOC_TOKEN,
            ),
      );
    }
    if (missingNeeded.length) return checks;

    let site: WfSite;
    try {
      site = await call<WfSite>(ctx, accessToken, "GET", `/sites/${encodeURIComponent(config.siteId)}`, { subject: "site" });
      checks.push(check("site", "Site", "pass", `Inkpilot can open ${site.displayName ?? config.siteName}.`));
    } catch (error) {
      checks.push(failed("site", "Site", error));
      return checks;
    }

    let collection: WfCollection;
    try {
      collection = await readCollection(ctx, accessToken, config.collectionId);
      checks.push(check("collection", "Collection", "pass", `Articles go to the collection "${collection.displayName}".`));
    } catch (error) {
      checks.push(failed("collection", "Collection", error));
      return checks;
    }

    const fields = collection.fields ?? [];
    const current = (key: MappingKey) => {
      const target = config.mapping[key];
      const field = target && fields.find((f) => f.slug === target.slug);
      return field && FIELD_TYPES[key].includes(field.type) ? field : null;
    };
    const body = current("body");
    const mapped = new Set(["name", "slug", ...MAPPING_KEYS.map((k) => config.mapping[k]?.slug).filter((s): s is string => Boolean(s))]);
    const unfilled = fields.filter((f) => f.isRequired && !mapped.has(f.slug));
    if (!body) {
      const richText = fields.filter((f) => f.type === "RichText");
      checks.push(
        check(
          "fields",
          "Field mapping",
          "fail",
          config.mapping.body
            ? `The body field "${config.mapping.body.name}" is no longer a Rich text field of "${collection.displayName}".`
            : richText.length
              ? `No field of "${collection.displayName}" is chosen for the article body (Rich text fields: ${richText.map((f) => f.displayName).join(", ")}).`
              : `"${collection.displayName}" has no Rich text field for the article body.`,
          BODY_FIX,
        ),
      );
    } else if (unfilled.length) {
      checks.push(
        check(
          "fields",
          "Field mapping",
          "fail",
          `"${collection.displayName}" requires ${unfilled.map((f) => `"${f.displayName}"`).join(", ")}, which Inkpilot does not fill.`,
          "Make those fields optional in the collection settings, or map them to Inkpilot's fields.",
        ),
      );
    } else {
      const gone = MAPPING_KEYS.filter((k) => k !== "body" && config.mapping[k] && !current(k));
      checks.push(
        gone.length
          ? check(
              "fields",
              "Field mapping",
              "warn",
              `Fields chosen for ${gone.map((k) => LABELS[k].toLowerCase()).join(", ")} are no longer in the collection; Inkpilot leaves them out.`,
              "Choose the fields again in the connection's settings.",
            )
          : check(
              "fields",
              "Field mapping",
              "pass",
              `Body goes to "${body.displayName}"${config.mapping.cover ? `, cover image to "${config.mapping.cover.name}"` : ""}.`,
            ),
      );
    }
    checks.push(
      current("seoTitle") && current("metaDescription")
        ? check(
            "seo",
            "SEO fields",
            "pass",
            `SEO title goes to "${config.mapping.seoTitle!.name}", meta description to "${config.mapping.metaDescription!.name}".`,
          )
        : check(
            "seo",
            "SEO fields",
            "warn",
            current("seoTitle") || current("metaDescription")
              ? "Only one of the SEO fields is mapped."
              : "The collection has no SEO fields.",
            SEO_FIX,
          ),
    );
    checks.push(
      site.lastPublished
        ? check("published", "Site published", "pass", "The site has been published, so articles can go live.")
        : check(
            "published",
            "Site published",
            "warn",
            "The site has never been published: drafts work, but live publishing needs one site publish first.",
            SITE_NOT_PUBLISHED_FIX,
          ),
    );
    const appUrl = getEnv().appUrl;
    if (isPrivateUrl(appUrl)) {
      checks.push(
        check(
          "images",
          "Images",
          "warn",
          `Webflow imports images from Inkpilot's address (${appUrl}), which it cannot reach from the internet, so images will be left out.`,
          "Nothing to do for you: images are published once the server runs at a public https:// address (operators: see the README's configuration).",
        ),
      );
    }
    return checks;
  },

  async findExisting(ctx, post) {
    const config = readConfig(ctx);
    const slug = webflowSlug(post.slug);
    const candidates = [slug, `${slug}-2`];
    const title = fitText(config.mapping.title, post.title);
    for (const wanted of candidates) {
      for (let page = 0; page < MAX_PAGES; page++) {
        const offset = page * PAGE_SIZE;
        const query = new URLSearchParams({ slug: wanted, limit: String(PAGE_SIZE), offset: String(offset) });
        const answer = await call<{ items?: WfItem[]; pagination?: { total?: number } }>(
          ctx,
          token(ctx),
          "GET",
          `/collections/${config.collectionId}/items?${query}`,
          { subject: "collection" },
        );
        const items = answer.items ?? [];
        // The slug is unique in a collection; the name tells our item from a customer's own with that slug.
        const found = items.find((i) => i.fieldData?.slug === wanted && i.fieldData?.name === title);
        if (found) return toRemote(found, config);
        if (items.some((i) => i.fieldData?.slug === wanted)) break;
        const total = answer.pagination?.total ?? 0;
        if (items.length < PAGE_SIZE || offset + PAGE_SIZE >= total) break;
      }
    }
    return null;
  },

  async uploadMedia(_ctx, file: MediaFile) {
    // Webflow imports images by URL when the item is saved (integrations.md section 6): the image's public
    // address in this app is what we hand it, checked against Webflow's limit first.
    if (file.bytes.length > MAX_IMAGE_BYTES) {
      throw new PublishError(
        "invalid",
        `The image ${file.filename} is ${(file.bytes.length / 1024 / 1024).toFixed(1)} MB; Webflow imports images of 4 MB at most.`,
        { fix: "Use a smaller image (under 4 MB) in the article, then publish again." },
      );
    }
    return { remoteId: file.publicUrl, url: file.publicUrl };
  },

  async create(ctx, post, featured) {
    const config = readConfig(ctx);
    const data = fieldData(ctx, config, post, featured, true);
    const send = () =>
      call<WfItem>(ctx, token(ctx), "POST", `/collections/${config.collectionId}/items?skipInvalidFiles=true`, {
        json: { isArchived: false, isDraft: post.mode === "draft", fieldData: data },
        subject: "collection",
      });
    let item: WfItem;
    try {
      item = await send();
    } catch (error) {
      if (!(error instanceof WebflowRequestError && error.slugTaken)) throw error;
      // Another item of the collection has the slug: take the next one once (findExisting knows it).
      await ctx.log("warn", "webflow.create", `slug ${String(data.slug)} is taken in the collection; trying ${String(data.slug)}-2`);
      data.slug = `${String(data.slug)}-2`;
      item = await send();
    }
    if (post.mode === "live") {
      // The item exists now: a failure here goes to the engine, whose retry finds it and update() publishes it.
      await publishItem(ctx, config, item.id);
      item = await getItem(ctx, config, item.id).catch(() => ({ ...item, lastPublished: new Date().toISOString() }));
    }
    return toRemote(item, config);
  },

  async update(ctx, remote, post, featured) {
    const config = readConfig(ctx);
    const data = fieldData(ctx, config, post, featured, false);
    const send = () =>
      call<WfItem>(
        ctx,
        token(ctx),
        "PATCH",
        `/collections/${config.collectionId}/items/${encodeURIComponent(remote.remoteId)}?skipInvalidFiles=true`,
        {
          json: { isArchived: false, isDraft: post.mode === "draft", fieldData: data },
          subject: "item",
        },
      );
    let item: WfItem;
    try {
      item = await send();
    } catch (error) {
      if (!(error instanceof WebflowRequestError && error.slugTaken)) throw error;
      // The new slug belongs to another item: the remote item keeps its own.
      await ctx.log("warn", "webflow.update", `slug ${String(data.slug)} is taken in the collection; keeping the item's slug`);
      delete data.slug;
      item = await send();
    }
    if (post.mode === "live") {
      await publishItem(ctx, config, item.id);
      item = await getItem(ctx, config, item.id).catch(() => ({ ...item, lastPublished: new Date().toISOString() }));
    }
    return toRemote(item, config);
  },

  async read(ctx, remoteId) {
    const config = readConfig(ctx);
    try {
      return toRemote(await getItem(ctx, config, remoteId), config);
    } catch (error) {
      if (error instanceof PublishError && error.kind === "not_found") return null;
      throw error;
    }
  },

  async disconnect(ctx) {
    // A site API token cannot be revoked over the API (only OAuth tokens can): the site owner deletes it
    // under Site settings → Apps & integrations. We only forget it (the engine drops the credentials).
    await ctx.log("info", "webflow.disconnect", "site token forgotten; delete it in the site's settings to revoke it");
  },
};
