import crypto from "node:crypto";
import http from "node:http";
import sanitizeHtml from "sanitize-html";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local Webflow Data API v2 (docs/decisions/033): Bearer tokens (a
 * site token sees its one site, an OAuth token every site of the workspace),
 * token introspection with scopes, sites, collections with a configurable
 * blog schema, CMS items created staged (`/items`) or live (`/items/live`,
 * refused while the site was never published), updated (`PATCH …/{id}` and
 * `…/{id}/live`), published (202), listed (limit ≤ 100, `slug` and `name`
 * filters as the real API has them) and read; site publish (202, a second
 * within 60 s → 429); Webflow's validation errors (name/slug required, unknown
 * field slugs, a taken slug, wrong value types); rich text sanitised as
 * Webflow does (code blocks, scripts, iframes and unknown tags dropped); Image
 * fields and rich-text images imported by URL (downloaded when the URL is on
 * loopback, recorded otherwise; 4 MB limit, skipped with `skipInvalidFiles`);
 * 60 requests per minute per token with 429, Retry-After and X-RateLimit-*;
 * OAuth authorize (auto-approve) and `POST /oauth/access_token`.
 *
 * Test controls under /__fake: requests (log, no secrets), posts (items with
 * their state and images), media, fail-next ({status | mode: "timeout" |
 * "malformed" | "lose-response" | "hold", body?, headers?, count?, path?, method?}),
 * configure ({omitFields?, scopes?, published?, rateLimit?}), reset;
 * `GET /__fake/assets/{id}` serves an imported image.
 */

const WEBFLOW_FAKE_TOKEN = "wf_fake_site_token_0123456789abcdef";
const WEBFLOW_FAKE_OAUTH = { clientId: "fake-webflow-client-id", clientSecret: "fake-webflow-client-secret" };
const WEBFLOW_SCOPES = ["cms:read", "cms:write", "sites:read", "sites:write"];
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const SITE_PUBLISH_INTERVAL_MS = 60_000;

const hex = (n = 24) => crypto.randomBytes(n / 2).toString("hex");
const now = () => new Date().toISOString();

const SITE_ID = "6510a1b2c3d4e5f60718293a";
const OTHER_SITE_ID = "6510a1b2c3d4e5f60718293b";
const BLOG_COLLECTION_ID = "6520b1b2c3d4e5f60718293c";
const AUTHORS_COLLECTION_ID = "6520b1b2c3d4e5f60718293d";
const DOMAIN_ID = "6530c1b2c3d4e5f60718293e";

type Field = {
  id: string;
  slug: string;
  displayName: string;
  type: string;
  isRequired: boolean;
  isEditable: boolean;
  helpText: string | null;
  validations: Record<string, unknown> | null;
};

function field(slug: string, displayName: string, type: string, isRequired = false, validations: Record<string, unknown> | null = null) {
  const id = crypto.createHash("md5").update(slug).digest("hex").slice(0, 24);
  return { id, slug, displayName, type, isRequired, isEditable: true, helpText: null, validations };
}

/** The blog collection as a Webflow blog template has it, plus SEO fields the customer added. */
function blogFields(omit: string[]): Field[] {
  return [
    field("name", "Name", "PlainText", true, { maxLength: 256 }),
    field("slug", "Slug", "PlainText", true, { maxLength: 256 }),
    field("post-body", "Post Body", "RichText"),
    field("post-summary", "Post Summary", "PlainText"),
    field("main-image", "Main Image", "Image"),
    field("thumbnail-image", "Thumbnail image", "Image"),
    field("published-on", "Published on", "DateTime"),
    field("featured", "Featured?", "Switch"),
    field("seo-title", "SEO title", "PlainText"),
    field("meta-description", "Meta description", "PlainText"),
  ].filter((f) => !omit.includes(f.slug));
}

const AUTHOR_FIELDS: Field[] = [
  field("name", "Name", "PlainText", true),
  field("slug", "Slug", "PlainText", true),
  field("bio", "Bio", "PlainText"),
];

type Image = { fileId: string; url: string; alt: string | null };
type Item = {
  id: string;
  collectionId: string;
  fieldData: Record<string, unknown>;
  isDraft: boolean;
  isArchived: boolean;
  createdOn: string;
  lastUpdated: string;
  lastPublished: string | null;
  /** What the live site shows; null until published. */
  live: Record<string, unknown> | null;
};
type Media = { id: string; sourceUrl: string; url: string; alt: string | null; bytes: number; fetched: boolean; itemId: string | null };
type Failure = {
  status?: number;
  /** "hold": do the work, then never answer (the client stays waiting, as when its process dies mid-request). */
  mode?: "timeout" | "malformed" | "lose-response" | "hold";
  body?: unknown;
  headers?: Record<string, string>;
  count?: number;
  path?: string;
  method?: string;
};
type Config = { omitFields: string[]; scopes: string[]; published: boolean; rateLimit: number };

const ERROR_CODES: Record<number, string> = {
  400: "validation_error",
  401: "not_authorized",
  403: "missing_scopes",
  404: "resource_not_found",
  409: "conflict",
  429: "too_many_requests",
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

class WebflowError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const errorBody = (code: string, message: string, details: unknown[] = []) => ({ code, message, externalReference: null, details });
const validation = (param: string, description: string) =>
  new WebflowError(400, "validation_error", "Validation Error", [{ param, description }]);
const notFound = (what: string) => new WebflowError(404, "resource_not_found", `Requested resource not found: The ${what} cannot be found`);

/** What survives in a Webflow Rich text field (headings, paragraphs, lists, links, emphasis, quotes, image figures). */
function sanitizeRichText(html: string) {
  return sanitizeHtml(html, {
    allowedTags: ["h1", "h2", "h3", "h4", "h5", "h6", "p", "blockquote", "ul", "ol", "li", "a", "strong", "em", "b", "i", "br"].concat([
      "figure",
      "figcaption",
      "img",
      "div",
      "sup",
      "sub",
    ]),
    allowedAttributes: { a: ["href", "target", "title"], img: ["src", "alt"], figure: ["class", "style"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    // Code blocks, scripts and embeds disappear with their content; other unknown tags keep their text.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "pre", "iframe", "template"],
  });
}

export async function startWebflowFake(options: { port?: number; published?: boolean; rateLimit?: number } = {}) {
  const initialConfig = (): Config => ({
    omitFields: [],
    scopes: [...WEBFLOW_SCOPES],
    published: options.published ?? true,
    rateLimit: options.rateLimit ?? 60,
  });
  let config = initialConfig();
  /** token → "site" (one site) or "oauth" (the workspace). */
  const tokens = new Map<string, "site" | "oauth">([[WEBFLOW_FAKE_TOKEN, "site"]]);
  const oauthCodes = new Map<string, string>();
  const items = new Map<string, Item>();
  const media: Media[] = [];
  const calls = new Map<string, number[]>();
  let lastSitePublish = 0;
  let siteLastPublished: string | null = config.published ? "2026-01-05T10:00:00.000Z" : null;
  const requests: Array<{ method: string; path: string; headers: Record<string, string>; bodySize: number; at: string }> = [];
  const failures: Failure[] = [];
  const hung = new Set<http.ServerResponse>();
  let baseUrl = "";

  const reset = () => {
    config = initialConfig();
    tokens.clear();
    tokens.set(WEBFLOW_FAKE_TOKEN, "site");
    oauthCodes.clear();
    items.clear();
    media.length = 0;
    calls.clear();
    lastSitePublish = 0;
    siteLastPublished = config.published ? "2026-01-05T10:00:00.000Z" : null;
    requests.length = 0;
    failures.length = 0;
    for (const res of hung) res.socket?.destroy();
    hung.clear();
  };

  const sites = () => [
    {
      id: SITE_ID,
      workspaceId: "6500a1b2c3d4e5f607182930",
      createdOn: "2025-11-01T09:00:00.000Z",
      displayName: "Brew Co",
      shortName: "brew-co",
      lastPublished: siteLastPublished,
      lastUpdated: now(),
      previewUrl: "https://screenshots.webflow.com/sites/brew-co.png",
      timeZone: "Europe/Berlin",
      parentFolderId: null,
      customDomains: [{ id: DOMAIN_ID, url: "www.brew.example", lastPublished: siteLastPublished }],
      locales: null,
      dataCollectionEnabled: false,
      dataCollectionType: "optOut",
    },
    {
      id: OTHER_SITE_ID,
      workspaceId: "6500a1b2c3d4e5f607182930",
      createdOn: "2025-12-01T09:00:00.000Z",
      displayName: "Portfolio",
      shortName: "portfolio-3f2a",
      lastPublished: "2026-01-01T10:00:00.000Z",
      lastUpdated: now(),
      previewUrl: null,
      timeZone: "Europe/Berlin",
      parentFolderId: null,
      customDomains: [],
      locales: null,
      dataCollectionEnabled: false,
      dataCollectionType: "optOut",
    },
  ];
  const visibleSites = (kind: "site" | "oauth") => (kind === "site" ? sites().slice(0, 1) : sites());

  const collections = () => [
    {
      id: BLOG_COLLECTION_ID,
      displayName: "Blog Posts",
      singularName: "Blog Post",
      slug: "blog",
      createdOn: "2025-11-01T09:00:00.000Z",
      lastUpdated: "2025-11-02T09:00:00.000Z",
      fields: blogFields(config.omitFields),
      siteId: SITE_ID,
    },
    {
      id: AUTHORS_COLLECTION_ID,
      displayName: "Authors",
      singularName: "Author",
      slug: "authors",
      createdOn: "2025-11-01T09:00:00.000Z",
      lastUpdated: "2025-11-02T09:00:00.000Z",
      fields: AUTHOR_FIELDS,
      siteId: SITE_ID,
    },
  ];
  const collectionById = (id: string, kind: "site" | "oauth") => {
    const found = collections().find((c) => c.id === id);
    if (!found || !visibleSites(kind).some((s) => s.id === found.siteId)) throw notFound("collection");
    return found;
  };
  const siteById = (id: string, kind: "site" | "oauth") => {
    const found = visibleSites(kind).find((s) => s.id === id);
    if (!found) throw notFound("site");
    return found;
  };

  const itemView = (item: Item) => ({
    id: item.id,
    cmsLocaleId: null,
    lastPublished: item.lastPublished,
    lastUpdated: item.lastUpdated,
    createdOn: item.createdOn,
    isArchived: item.isArchived,
    isDraft: item.isDraft,
    fieldData: item.fieldData,
  });

  /** An image URL as Webflow imports it: fetched into its asset store (loopback only here), or recorded. */
  async function importImage(sourceUrl: string, alt: string | null, skipInvalid: boolean, where: string): Promise<Media | null> {
    let url: URL;
    try {
      url = new URL(sourceUrl);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    } catch {
      if (skipInvalid) return null;
      throw validation(where, `Invalid image URL: ${sourceUrl}`);
    }
    const id = hex();
    let bytes = 0;
    let fetched = false;
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
      const body = response?.ok ? Buffer.from(await response.arrayBuffer()) : null;
      if (!body || body.length > MAX_IMAGE_BYTES) {
        if (skipInvalid) return null;
        throw validation(
          where,
          body ? `File is too large: images must be 4 MB or smaller` : `Could not download the image from ${sourceUrl}`,
        );
      }
      bytes = body.length;
      fetched = true;
      assets.set(id, { body, type: response!.headers.get("content-type") ?? "application/octet-stream" });
    }
    const entry: Media = {
      id,
      sourceUrl,
      url: fetched ? `${baseUrl}/__fake/assets/${id}/${encodeURIComponent(url.pathname.split("/").pop() ?? "image")}` : sourceUrl,
      alt,
      bytes,
      fetched,
      itemId: null,
    };
    media.push(entry);
    return entry;
  }
  const assets = new Map<string, { body: Buffer; type: string }>();

  /** Webflow's checks of fieldData against the collection schema; returns the stored values. */
  async function checkFieldData(
    collection: ReturnType<typeof collections>[number],
    fieldData: unknown,
    creating: boolean,
    skipInvalid: boolean,
    itemId: string | null,
  ) {
    if (!fieldData || typeof fieldData !== "object" || Array.isArray(fieldData)) throw validation("fieldData", "fieldData is required");
    const data = fieldData as Record<string, unknown>;
    const bySlug = new Map(collection.fields.map((f) => [f.slug, f]));
    for (const key of Object.keys(data)) {
      if (!bySlug.has(key)) throw validation(`fieldData.${key}`, `Field not described in schema: '${key}'`);
    }
    if (creating) {
      for (const f of collection.fields) {
        if (f.isRequired && (data[f.slug] === undefined || data[f.slug] === null || data[f.slug] === "")) {
          throw validation(`fieldData.${f.slug}`, `Field '${f.slug}': Field is required`);
        }
      }
    }
    const stored: Record<string, unknown> = {};
    const imported: Media[] = [];
    for (const [key, value] of Object.entries(data)) {
      const f = bySlug.get(key)!;
      if (value === null) {
        stored[key] = null;
        continue;
      }
      switch (f.type) {
        case "PlainText": {
          if (typeof value !== "string") throw validation(`fieldData.${key}`, `Field '${key}': Expected a string`);
          const max = (f.validations?.maxLength as number | undefined) ?? 256 * 10;
          if (value.length > max) throw validation(`fieldData.${key}`, `Field '${key}': Length must be at most ${max}`);
          if (key === "slug" && !/^[a-z0-9_]+(?:-[a-z0-9_]+)*$/.test(value)) {
            throw validation("fieldData.slug", "Field 'slug': Slug must contain only lowercase letters, numbers and hyphens");
          }
          stored[key] = value;
          break;
        }
        case "RichText": {
          if (typeof value !== "string") throw validation(`fieldData.${key}`, `Field '${key}': Expected an HTML string`);
          let html = sanitizeRichText(value);
          for (const match of [...html.matchAll(/<img src="([^"]+)"(?: alt="([^"]*)")?/g)]) {
            const source = match[1]!.replace(/&amp;/g, "&");
            const entry = await importImage(source, match[2] ?? null, true, `fieldData.${key}`);
            if (entry) {
              imported.push(entry);
              html = html.replace(match[1]!, entry.url);
            }
          }
          stored[key] = html;
          break;
        }
        case "Image": {
          const image = value as { url?: unknown; alt?: unknown; fileId?: unknown };
          if (typeof value !== "object" || typeof image.url !== "string") {
            throw validation(`fieldData.${key}`, `Field '${key}': Expected an object with a url`);
          }
          const entry = await importImage(image.url, typeof image.alt === "string" ? image.alt : null, skipInvalid, `fieldData.${key}`);
          if (entry) {
            imported.push(entry);
            stored[key] = { fileId: entry.id, url: entry.url, alt: entry.alt } satisfies Image;
          }
          break;
        }
        case "DateTime":
          if (typeof value !== "string" || Number.isNaN(Date.parse(value))) {
            throw validation(`fieldData.${key}`, `Field '${key}': Expected an ISO 8601 date`);
          }
          stored[key] = new Date(value).toISOString();
          break;
        case "Switch":
          if (typeof value !== "boolean") throw validation(`fieldData.${key}`, `Field '${key}': Expected a boolean`);
          stored[key] = value;
          break;
        default:
          stored[key] = value;
      }
    }
    const slug = stored.slug as string | undefined;
    if (slug) {
      const clash = [...items.values()].find((i) => i.collectionId === collection.id && i.id !== itemId && i.fieldData.slug === slug);
      if (clash) throw validation("fieldData.slug", `Unique value is already in database: '${slug}'`);
    }
    return { stored, imported };
  }

  const publishItem = (item: Item) => {
    item.live = { ...item.fieldData };
    item.lastPublished = now();
  };

  const siteNeverPublished = () =>
    new WebflowError(
      409,
      "conflict",
      "Conflict: Collection items cannot be published live until the site has been published at least once",
    );

  async function createItem(collection: ReturnType<typeof collections>[number], body: unknown, live: boolean, skipInvalid: boolean) {
    const raw = (body ?? {}) as { isDraft?: unknown; isArchived?: unknown; fieldData?: unknown; items?: unknown };
    if (Array.isArray(raw.items)) throw validation("items", "This fake accepts one item per request");
    if (live && !siteLastPublished) throw siteNeverPublished();
    const id = hex();
    const { stored, imported } = await checkFieldData(collection, raw.fieldData, true, skipInvalid, id);
    const at = now();
    const item: Item = {
      id,
      collectionId: collection.id,
      fieldData: stored,
      isDraft: live ? false : raw.isDraft === true,
      isArchived: raw.isArchived === true,
      createdOn: at,
      lastUpdated: at,
      lastPublished: null,
      live: null,
    };
    for (const m of imported) m.itemId = id;
    items.set(id, item);
    if (live) publishItem(item);
    return item;
  }

  async function updateItem(item: Item, collection: ReturnType<typeof collections>[number], body: unknown, live: boolean, skip: boolean) {
    const raw = (body ?? {}) as { isDraft?: unknown; isArchived?: unknown; fieldData?: unknown };
    if (live && !siteLastPublished) throw siteNeverPublished();
    const { stored, imported } = await checkFieldData(collection, raw.fieldData ?? {}, false, skip, item.id);
    for (const m of imported) m.itemId = item.id;
    item.fieldData = { ...item.fieldData, ...stored };
    if (typeof raw.isDraft === "boolean") item.isDraft = raw.isDraft;
    if (typeof raw.isArchived === "boolean") item.isArchived = raw.isArchived;
    if (live) item.isDraft = false;
    item.lastUpdated = now();
    if (live) publishItem(item);
    return item;
  }

  function requireScope(kind: "site" | "oauth", scope: string) {
    if (kind === "site" && !config.scopes.includes(scope)) {
      throw new WebflowError(403, "missing_scopes", `OAuthForbidden: You are missing the following scopes - ${scope}`);
    }
  }

  async function handleApi(method: string, path: string, url: URL, raw: string, kind: "site" | "oauth", token: string) {
    const parts = path.split("/").filter(Boolean); // ["v2", …]
    const body = () => (raw ? (JSON.parse(raw) as unknown) : {});
    const skipInvalid = url.searchParams.get("skipInvalidFiles") !== "false";

    if (path === "/v2/token/introspect" && method === "GET") {
      return {
        status: 200,
        body: {
          authorization: {
            id: crypto.createHash("md5").update(token).digest("hex").slice(0, 24),
            createdOn: "2026-01-01T00:00:00.000Z",
            lastUsed: now(),
            grantType: kind === "site" ? "site_token" : "authorization_code",
            rateLimit: config.rateLimit,
            scope: kind === "site" ? config.scopes.join(",") : WEBFLOW_SCOPES.join(","),
            authorizedTo: { siteIds: visibleSites(kind).map((s) => s.id), workspaceIds: [], userIds: [] },
          },
          application: kind === "oauth" ? { id: "app_fake", description: "Inkpilot", homepage: "https://inkpilot.app" } : null,
        },
      };
    }
    if (path === "/v2/sites" && method === "GET") {
      requireScope(kind, "sites:read");
      return { status: 200, body: { sites: visibleSites(kind) } };
    }
    if (parts[1] === "sites" && parts[2]) {
      requireScope(kind, "sites:read");
      const site = siteById(parts[2], kind);
      if (parts.length === 3 && method === "GET") return { status: 200, body: site };
      if (parts[3] === "collections" && parts.length === 4 && method === "GET") {
        requireScope(kind, "cms:read");
        const list = collections()
          .filter((c) => c.siteId === site.id)
          .map(({ fields: _fields, siteId: _siteId, ...c }) => c);
        return { status: 200, body: { collections: list } };
      }
      if (parts[3] === "publish" && parts.length === 4 && method === "POST") {
        requireScope(kind, "sites:write");
        const wait = lastSitePublish + SITE_PUBLISH_INTERVAL_MS - Date.now();
        if (wait > 0) {
          throw new WebflowError(429, "too_many_requests", "Site publish is limited to one per minute", [], {
            "Retry-After": String(Math.ceil(wait / 1000)),
          });
        }
        const request = body() as { customDomains?: string[]; publishToWebflowSubdomain?: boolean };
        lastSitePublish = Date.now();
        siteLastPublished = now();
        // A site publish makes every non-draft item of its collections live ("Queued to publish" included).
        for (const item of items.values()) if (!item.isDraft && !item.isArchived) publishItem(item);
        return {
          status: 202,
          body: { customDomains: request.customDomains ?? [], publishToWebflowSubdomain: request.publishToWebflowSubdomain ?? false },
        };
      }
    }
    if (parts[1] === "collections" && parts[2]) {
      requireScope(kind, "cms:read");
      const collection = collectionById(parts[2], kind);
      if (parts.length === 3 && method === "GET") {
        const { siteId: _siteId, ...view } = collection;
        return { status: 200, body: view };
      }
      if (parts[3] !== "items") throw notFound("route");
      const inCollection = () => [...items.values()].filter((i) => i.collectionId === collection.id);
      if (parts.length === 4 && method === "GET") {
        const limit = Number(url.searchParams.get("limit") ?? 100);
        const offset = Number(url.searchParams.get("offset") ?? 0);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw validation("limit", "limit must be between 1 and 100");
        if (!Number.isInteger(offset) || offset < 0) throw validation("offset", "offset must be 0 or more");
        const slug = url.searchParams.get("slug");
        const name = url.searchParams.get("name");
        const all = inCollection().filter((i) => (!slug || i.fieldData.slug === slug) && (!name || i.fieldData.name === name));
        return {
          status: 200,
          body: { items: all.slice(offset, offset + limit).map(itemView), pagination: { limit, offset, total: all.length } },
        };
      }
      if (parts.length === 4 && method === "POST") {
        requireScope(kind, "cms:write");
        return { status: 202, body: itemView(await createItem(collection, body(), false, skipInvalid)) };
      }
      if (parts[4] === "live" && parts.length === 5 && method === "POST") {
        requireScope(kind, "cms:write");
        return { status: 202, body: itemView(await createItem(collection, body(), true, skipInvalid)) };
      }
      if (parts[4] === "publish" && parts.length === 5 && method === "POST") {
        requireScope(kind, "cms:write");
        const ids = (body() as { itemIds?: unknown }).itemIds;
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) throw validation("itemIds", "itemIds must list 1 to 100 item ids");
        if (!siteLastPublished) throw siteNeverPublished();
        const publishedItemIds: string[] = [];
        const errors: string[] = [];
        for (const id of ids as string[]) {
          const item = items.get(id);
          if (!item || item.collectionId !== collection.id) errors.push(`Item not found: ${id}`);
          else if (item.isDraft) errors.push(`Item is a draft and cannot be published: ${id}`);
          else {
            publishItem(item);
            publishedItemIds.push(id);
          }
        }
        return { status: 202, body: { publishedItemIds, errors } };
      }
      const item = parts[4] ? items.get(parts[4]) : undefined;
      if (!item || item.collectionId !== collection.id) throw notFound("item");
      const live = parts[5] === "live";
      if (parts.length === 5 + (live ? 1 : 0)) {
        if (method === "GET") {
          if (live && !item.live) throw notFound("live item");
          return { status: 200, body: live ? { ...itemView(item), fieldData: item.live } : itemView(item) };
        }
        if (method === "PATCH") {
          requireScope(kind, "cms:write");
          return { status: 200, body: itemView(await updateItem(item, collection, body(), live, skipInvalid)) };
        }
        if (method === "DELETE") {
          requireScope(kind, "cms:write");
          if (live) {
            item.live = null;
            item.lastPublished = null;
          } else items.delete(item.id);
          return { status: 204, body: null };
        }
      }
    }
    throw notFound("route");
  }

  const postsView = () =>
    [...items.values()].map((item) => ({
      id: item.id,
      collectionId: item.collectionId,
      name: item.fieldData.name,
      slug: item.fieldData.slug,
      isDraft: item.isDraft,
      isArchived: item.isArchived,
      lastPublished: item.lastPublished,
      status: item.isDraft
        ? "draft"
        : !item.lastPublished
          ? "queued"
          : item.lastUpdated > item.lastPublished
            ? "published, changes staged"
            : "published",
      fieldData: item.fieldData,
      live: item.live,
      media: media.filter((m) => m.itemId === item.id),
    }));

  /** 60 requests per minute per token, as on Starter and Basic site plans. */
  function rateLimit(token: string): { limited: boolean; headers: Record<string, string> } {
    const at = Date.now();
    const recent = (calls.get(token) ?? []).filter((t) => t > at - 60_000);
    calls.set(token, recent);
    if (recent.length >= config.rateLimit) {
      const retry = Math.max(1, Math.ceil((recent[0]! + 60_000 - at) / 1000));
      return {
        limited: true,
        headers: { "X-RateLimit-Limit": String(config.rateLimit), "X-RateLimit-Remaining": "0", "Retry-After": String(retry) },
      };
    }
    recent.push(at);
    return {
      limited: false,
      headers: { "X-RateLimit-Limit": String(config.rateLimit), "X-RateLimit-Remaining": String(config.rateLimit - recent.length) },
    };
  }

  function takeFailure(method: string, path: string): Failure | null {
    const index = failures.findIndex((f) => (!f.path || path.startsWith(f.path)) && (!f.method || f.method.toUpperCase() === method));
    if (index < 0) return null;
    const failure = failures[index]!;
    if ((failure.count ?? 1) <= 1) failures.splice(index, 1);
    else failure.count = (failure.count ?? 1) - 1;
    return failure;
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    const method = (req.method ?? "GET").toUpperCase();
    const raw = await readBody(req);

    if (path.startsWith("/__fake/")) {
      if (path === "/__fake/requests" && method === "GET") return sendJson(res, 200, requests);
      if (path === "/__fake/posts" && method === "GET") return sendJson(res, 200, postsView());
      if (path === "/__fake/media" && method === "GET") return sendJson(res, 200, media);
      if (path.startsWith("/__fake/assets/") && method === "GET") {
        const asset = assets.get(path.split("/")[3] ?? "");
        if (!asset) return sendJson(res, 404, { error: "no such asset" });
        res.writeHead(200, { "Content-Type": asset.type });
        return res.end(asset.body);
      }
      if (path === "/__fake/reset" && method === "POST") {
        reset();
        return sendJson(res, 200, { ok: true });
      }
      if (path === "/__fake/fail-next" && method === "POST") {
        failures.push(JSON.parse(raw || "{}") as Failure);
        return sendJson(res, 200, { ok: true });
      }
      if (path === "/__fake/configure" && method === "POST") {
        const next = JSON.parse(raw || "{}") as Partial<Config>;
        config = { ...config, ...next };
        if (next.published !== undefined) siteLastPublished = next.published ? now() : null;
        return sendJson(res, 200, { ok: true, config });
      }
      return sendJson(res, 404, { error: "unknown control" });
    }

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (key === "authorization") headers[key] = String(value).split(" ")[0] + " …";
      else if (typeof value === "string") headers[key] = value;
    }
    requests.push({ method, path, headers, bodySize: Buffer.byteLength(raw), at: now() });

    // OAuth (a Data Client app): the browser consents at once and returns with a code.
    if (path === "/oauth/authorize" && method === "GET") {
      const redirect = url.searchParams.get("redirect_uri");
      if (
        url.searchParams.get("client_id") !== WEBFLOW_FAKE_OAUTH.clientId ||
        !redirect ||
        url.searchParams.get("response_type") !== "code"
      ) {
        return sendJson(res, 400, {
          error: "invalid_request",
          error_description: "Unknown client_id, or missing redirect_uri or response_type=code.",
        });
      }
      const code = hex(32);
      oauthCodes.set(code, redirect);
      const back = new URL(redirect);
      back.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      res.writeHead(302, { Location: back.href });
      return res.end();
    }
    if (path === "/oauth/access_token" && method === "POST") {
      const type = String(req.headers["content-type"] ?? "");
      const params = type.includes("json")
        ? (JSON.parse(raw || "{}") as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw).entries());
      if (params.client_id !== WEBFLOW_FAKE_OAUTH.clientId || params.client_secret !== WEBFLOW_FAKE_OAUTH.clientSecret) {
        return sendJson(res, 401, { error: "invalid_client", error_description: "Invalid client credentials." });
      }
      const redirect = params.code ? oauthCodes.get(params.code) : undefined;
      if (params.grant_type !== "authorization_code" || !redirect || (params.redirect_uri && params.redirect_uri !== redirect)) {
        return sendJson(res, 400, { error: "invalid_grant", error_description: "Invalid or expired code." });
      }
      oauthCodes.delete(params.code!);
      const token = hex(64);
      tokens.set(token, "oauth");
      // Webflow issues no refresh token: the access token lasts until revoked.
      return sendJson(res, 200, { access_token: token, token_type: "bearer", scope: WEBFLOW_SCOPES.join(" ") });
    }
    if (path === "/oauth/revoke_authorization" && method === "POST") {
      const params = JSON.parse(raw || "{}") as Record<string, string>;
      const revoked = params.client_id === WEBFLOW_FAKE_OAUTH.clientId && tokens.delete(params.access_token ?? "");
      return sendJson(res, 200, { did_revoke: revoked });
    }

    const failure = takeFailure(method, path);
    if (failure?.mode === "timeout") {
      hung.add(res);
      return;
    }
    if (failure?.mode === "malformed") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end("<html><body>502 Bad Gateway</body></html>");
    }
    if (failure?.status) {
      const status = failure.status;
      const code = ERROR_CODES[status] ?? "internal_error";
      const extra: Record<string, string> =
        status === 429 && !failure.headers?.["Retry-After"]
          ? { "Retry-After": "60", "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0" }
          : {};
      return sendJson(res, status, failure.body ?? errorBody(code, `Fake failure ${status}.`), { ...extra, ...failure.headers });
    }

    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "");
    const kind = bearer ? tokens.get(bearer[1]!) : undefined;
    if (!bearer || !kind) return sendJson(res, 401, errorBody("not_authorized", "Request not authorized"));
    const limit = rateLimit(bearer[1]!);
    if (limit.limited) return sendJson(res, 429, errorBody("too_many_requests", "Too Many Requests"), limit.headers);

    try {
      const answer = await handleApi(method, path, url, raw, kind, bearer[1]!);
      if (failure?.mode === "lose-response") {
        // The work is done; the answer never arrives.
        res.socket?.destroy();
        return;
      }
      if (failure?.mode === "hold") {
        hung.add(res);
        return;
      }
      if (answer.status === 204) {
        res.writeHead(204, limit.headers);
        return res.end();
      }
      sendJson(res, answer.status, answer.body, limit.headers);
    } catch (error) {
      if (error instanceof WebflowError) {
        return sendJson(res, error.status, errorBody(error.code, error.message, error.details), { ...limit.headers, ...error.headers });
      }
      if (error instanceof SyntaxError)
        return sendJson(res, 400, errorBody("bad_request", "Request body is not valid JSON"), limit.headers);
      throw error;
    }
  });

  const listening = await listen(server, options.port ?? 0);
  baseUrl = listening.url;
  return {
    ...listening,
    close: async () => {
      for (const res of hung) res.socket?.destroy();
      hung.clear();
      server.closeAllConnections();
      await listening.close();
    },
    token: WEBFLOW_FAKE_TOKEN,
    siteId: SITE_ID,
    otherSiteId: OTHER_SITE_ID,
    collectionId: BLOG_COLLECTION_ID,
    authorsCollectionId: AUTHORS_COLLECTION_ID,
    siteUrl: "https://www.brew.example",
    oauth: WEBFLOW_FAKE_OAUTH,
    hint:
      `Webflow: WEBFLOW_API_URL=${listening.url} TEST_ALLOW_PRIVATE_HOSTS=127.0.0.1:${listening.port}; ` +
      `connect site https://www.brew.example (or https://brew-co.webflow.io) with token ${WEBFLOW_FAKE_TOKEN}`,
  };
}

export type WebflowFake = Awaited<ReturnType<typeof startWebflowFake>>;
