import crypto from "node:crypto";
import http from "node:http";
import { listen, sendJson } from "./http-fake";

/**
 * A local Ghost Admin API (docs/decisions/033), close enough for the official
 * @tryghost/admin-api client to work unchanged:
 * - auth as Ghost does it: `Authorization: Ghost <jwt>`, the key looked up by
 *   the JWT's `kid`, HS256 over the hex-DECODED secret, `aud` `/admin/`, at most
 *   5 minutes from `iat`, and Ghost's error codes and shape;
 * - `Accept-Version` checked against the fake's version, `Content-Version` answered;
 * - site, posts (create 201, read, read by slug, browse with `filter=slug:…`,
 *   update with the `updated_at` collision check, delete), tags by name,
 *   Ghost's field length limits and status/published_at validation (422);
 * - without `?source=html` the html is dropped, as real Ghost does; with it the
 *   html is "converted" the way Ghost's HTML→Lexical step treats what we send:
 *   tables become HTML cards, class/style attributes are lost;
 * - images/upload (multipart) stores the file and serves it under /content/images/.
 * Test controls live under /__fake (see the `hint`).
 */

type GhostFakeMedia = { url: string; ref: string | null; filename: string; contentType: string; size: number; bytes: Buffer };

export type GhostFakePost = {
  id: string;
  uuid: string;
  title: string;
  slug: string;
  /** The html as received with ?source=html (null when it was sent without it). */
  sourceHtml: string | null;
  /** What Ghost would render back from its Lexical copy. */
  html: string;
  lexical: string;
  status: string;
  visibility: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  tags: Array<{ id: string; name: string; slug: string }>;
  feature_image: string | null;
  feature_image_alt: string | null;
  feature_image_caption: string | null;
  meta_title: string | null;
  meta_description: string | null;
  custom_excerpt: string | null;
  canonical_url: string | null;
  codeinjection_head: string | null;
  codeinjection_foot: string | null;
  og_title: string | null;
  og_description: string | null;
  featured: boolean;
};

type ArmedFailure = {
  /** "hold": do the work, then never answer (the client stays waiting, as when its process dies mid-request). */
  status: number | "timeout" | "lose-response" | "hold" | "malformed";
  body?: unknown;
  headers?: Record<string, string>;
  count: number;
  path?: string;
  /** Only requests with this method (e.g. POST for a create). */
  method?: string;
};

type LoggedRequest = { method: string; path: string; headers: Record<string, string>; bodySize: number; status?: number | string };

const hex = (bytes: number) => crypto.randomBytes(bytes).toString("hex");
const objectId = () => hex(12);

/** Ghost's limits (core/server/data/schema + posts_meta), the ones an integration runs into. */
const MAX_LENGTH: Record<string, number> = {
  title: 255,
  slug: 191,
  custom_excerpt: 300,
  meta_title: 300,
  meta_description: 500,
  og_title: 300,
  og_description: 500,
  feature_image_alt: 125,
  canonical_url: 2000,
};

const IMAGE_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "image/x-icon": "ico",
  "image/vnd.microsoft.icon": "ico",
};

function ghostError(
  type: string,
  message: string,
  extra: { code?: string | null; context?: string | null; property?: string | null } = {},
) {
  return {
    errors: [
      {
        message,
        context: extra.context ?? null,
        type,
        details: null,
        property: extra.property ?? null,
        help: null,
        code: extra.code ?? null,
        id: crypto.randomUUID(),
        ghostErrorCode: null,
      },
    ],
  };
}

const STATUS_OF_TYPE: Record<string, number> = {
  BadRequestError: 400,
  UnauthorizedError: 401,
  NoPermissionError: 403,
  NotFoundError: 404,
  RequestNotAcceptableError: 406,
  UpdateCollisionError: 409,
  UnsupportedMediaTypeError: 415,
  ValidationError: 422,
};

class GhostHttpError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: { code?: string; context?: string; property?: string } = {},
  ) {
    super(message);
  }
  get status() {
    return STATUS_OF_TYPE[this.type] ?? 500;
  }
}

function base64urlJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function slugify(text: string) {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 185) || "untitled"
  );
}

/**
 * A rough stand-in for Ghost's HTML→Lexical→HTML round trip, enough to see what
 * gets lost: tables (and `kg-card-begin: html` blocks) become HTML cards kept
 * verbatim; elsewhere class/style attributes and div wrappers go.
 */
/** The widths Ghost resizes its own images to on request (/content/images/size/wNNN/…). */
const GHOST_IMAGE_WIDTHS = [600, 1000, 1600, 2400];

const attrOf = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;

/**
 * An image as Ghost's HTML import reads it (an image card: src, alt, width, height, caption) and its renderer
 * writes it back: figure.kg-image-card, img.kg-image with width and height, and, for an image in Ghost's own
 * content/images with a known width, a srcset of the /size/wNNN/ copies narrower than it plus the original.
 */
function imageCard(img: string, caption: string | null) {
  const src = attrOf(img, "src") ?? "";
  const alt = attrOf(img, "alt") ?? "";
  const width = Number(attrOf(img, "width")) || null;
  const height = Number(attrOf(img, "height")) || null;
  let attrs = `src="${src}" class="kg-image" alt="${alt}" loading="lazy"`;
  if (width && height) attrs += ` width="${width}" height="${height}"`;
  if (width && src.includes("/content/images/") && !src.includes("/content/images/size/")) {
    const copies = GHOST_IMAGE_WIDTHS.filter((w) => w < width).map(
      (w) => `${src.replace("/content/images/", `/content/images/size/w${w}/`)} ${w}w`,
    );
    if (copies.length) attrs += ` srcset="${[...copies, `${src} ${width}w`].join(", ")}" sizes="(min-width: 720px) 720px"`;
  }
  const cls = `kg-card kg-image-card${caption ? " kg-card-hascaption" : ""}`;
  return `<figure class="${cls}"><img ${attrs}>${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
}

function ghostConvertHtml(source: string): { html: string; lexical: string } {
  const cards: string[] = [];
  let rest = source.replace(/<!--\s*kg-card-begin: html\s*-->([\s\S]*?)<!--\s*kg-card-end: html\s*-->/g, (_m, inner: string) => {
    cards.push(inner.trim());
    return `@@card${cards.length - 1}@@`;
  });
  rest = rest.replace(/<table[\s\S]*?<\/table>/gi, (table) => {
    cards.push(table);
    return `@@card${cards.length - 1}@@`;
  });
  // Images become image cards, whatever wrapped them (a figure with its caption, a paragraph, a link).
  const images: string[] = [];
  rest = rest.replace(
    /<figure\b[^>]*>\s*(?:<a\b[^>]*>\s*)?(<img\b[^>]*>)\s*(?:<\/a>\s*)?(?:<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>\s*)?<\/figure>|<p\b[^>]*>\s*(<img\b[^>]*>)\s*<\/p>|(<img\b[^>]*>)/gi,
    (_m, figureImg: string | undefined, caption: string | undefined, pImg: string | undefined, bareImg: string | undefined) => {
      images.push(imageCard((figureImg ?? pImg ?? bareImg)!, caption?.trim() || null));
      return `@@image${images.length - 1}@@`;
    },
  );
  rest = rest
    .replace(/\s(class|style|id|data-[\w-]+)="[^"]*"/gi, "")
    .replace(/<\/?div[^>]*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  const children: unknown[] = [];
  rest = rest.replace(/@@image(\d+)@@/g, (_m, index: string) => images[Number(index)]!);
  const html = rest.replace(/@@card(\d+)@@/g, (_m, index: string) => {
    const card = cards[Number(index)]!;
    return `<!--kg-card-begin: html-->\n${card}\n<!--kg-card-end: html-->`;
  });
  for (const piece of rest.split(/@@card(\d+)@@/)) {
    if (/^\d+$/.test(piece)) children.push({ type: "html", version: 1, html: cards[Number(piece)] });
    else if (piece.trim())
      children.push({ type: "paragraph", version: 1, children: [{ type: "extended-text", text: piece.replace(/<[^>]+>/g, " ").trim() }] });
  }
  return { html, lexical: JSON.stringify({ root: { children, direction: "ltr", format: "", indent: 0, type: "root", version: 1 } }) };
}

export type GhostFakeOptions = {
  port?: number;
  /** Ghost's version as /site/ reports it ("major.minor"). */
  version?: string;
  /** A subdirectory install: the Admin API then lives under this path ("/blog"). */
  basePath?: string;
  title?: string;
  /** A fixed Admin API key (24-hex id, 64-hex secret), for a stack whose tests run in another process. */
  adminKey?: { id: string; secret: string };
};

export async function startGhostFake({
  port = 0,
  version = "6.3",
  basePath = "",
  title = "Fake Ghost Blog",
  adminKey = { id: objectId(), secret: hex(32) },
}: GhostFakeOptions = {}) {
  // A Content API key's row: the same table in Ghost, type "content", 26-hex secret.
  const contentKey = { id: objectId(), secret: hex(13) };
  const posts: GhostFakePost[] = [];
  const tags: Array<{ id: string; name: string; slug: string }> = [];
  const media: GhostFakeMedia[] = [];
  const requests: LoggedRequest[] = [];
  const failures: ArmedFailure[] = [];
  const hung = new Set<http.ServerResponse>();
  const settings = { version, clockSkewMs: 0, canCreatePosts: true, latencyMs: 0 };
  let origin = "";
  let lastUpdatedAt = 0;

  const now = () => Date.now() + settings.clockSkewMs;
  const siteUrl = () => `${origin}${basePath}/`;
  const safeVersion = () => `v${settings.version.split(".").slice(0, 2).join(".")}`;

  function nextTimestamp() {
    // Strictly increasing, so every save gives a new updated_at to collide on.
    lastUpdatedAt = Math.max(now(), lastUpdatedAt + 1);
    return new Date(lastUpdatedAt).toISOString();
  }

  function authenticate(req: http.IncomingMessage) {
    const header = req.headers.authorization;
    if (!header) {
      throw new GhostHttpError("NoPermissionError", "Authorization failed", {
        context:
          "Unable to determine the authenticated user or integration. Check that cookies are being passed through if using session authentication.",
      });
    }
    const [scheme, token] = header.split(" ");
    if (scheme !== "Ghost" || !token) {
      throw new GhostHttpError("UnauthorizedError", 'Authorization header format is "Authorization: Ghost [token]"', {
        code: "INVALID_AUTH_HEADER",
      });
    }
    const parts = token.split(".");
    const head = parts.length === 3 ? base64urlJson(parts[0]!) : null;
    const payload = parts.length === 3 ? base64urlJson(parts[1]!) : null;
    if (!head || !payload) throw new GhostHttpError("BadRequestError", "Invalid JWT", { code: "INVALID_JWT" });
    if (!head.kid) throw new GhostHttpError("BadRequestError", "Admin API kid missing.", { code: "MISSING_ADMIN_API_KID" });
    if (head.kid === contentKey.id) throw new GhostHttpError("UnauthorizedError", "Invalid API Key type", { code: "INVALID_API_KEY_TYPE" });
    if (head.kid !== adminKey.id) throw new GhostHttpError("UnauthorizedError", "Unknown Admin API Key", { code: "UNKNOWN_ADMIN_API_KEY" });
    const invalid = (reason: string) => new GhostHttpError("UnauthorizedError", `Invalid token: ${reason}`, { code: "INVALID_JWT" });
    if (head.alg !== "HS256") throw invalid("invalid algorithm");
    const expected = crypto.createHmac("sha256", Buffer.from(adminKey.secret, "hex")).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2]!, "base64url");
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw invalid("invalid signature");
    const seconds = Math.floor(now() / 1000);
    if (typeof payload.exp === "number" && seconds >= payload.exp) throw invalid("jwt expired");
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes("/admin/")) throw invalid("jwt audience invalid. expected: /admin/");
    if (typeof payload.iat !== "number") throw invalid("iat required when maxAge is specified");
    if (seconds - payload.iat > 300) throw invalid("maxAge exceeded");
  }

  function checkVersion(req: http.IncomingMessage) {
    const accept = req.headers["accept-version"];
    if (typeof accept !== "string") return;
    const wanted = /^v(\d+)\.(\d+)$/.exec(accept);
    if (!wanted) throw new GhostHttpError("BadRequestError", `Requested version is not supported.`, { context: accept });
    const [major = 0, minor = 0] = settings.version.split(".").map(Number);
    const [wantMajor, wantMinor] = [Number(wanted[1]), Number(wanted[2])];
    if (wantMajor > major || (wantMajor === major && wantMinor > minor)) {
      throw new GhostHttpError(
        "RequestNotAcceptableError",
        `Provided client accept-version ${accept} is ahead of current Ghost version ${safeVersion()}.`,
        {
          code: "UPDATE_CLIENT",
        },
      );
    }
  }

  function tagFor(input: unknown) {
    const name = typeof input === "string" ? input : input && typeof input === "object" ? (input as { name?: string }).name : undefined;
    const slug = input && typeof input === "object" ? (input as { slug?: string }).slug : undefined;
    const existing = tags.find((t) => (name && t.name.toLowerCase() === name.toLowerCase()) || (slug && t.slug === slug));
    if (existing) return existing;
    if (!name) throw new GhostHttpError("ValidationError", "Validation error, cannot save tag.", { context: "Tag name is required." });
    if (name.length > 191)
      throw new GhostHttpError("ValidationError", "Validation error, cannot save tag.", {
        context: "Value in [tags.name] exceeds maximum length of 191 characters.",
      });
    const tag = { id: objectId(), name, slug: name.startsWith("#") ? `hash-${slugify(name.slice(1))}` : slugify(name) };
    tags.push(tag);
    return tag;
  }

  function uniqueSlug(wanted: string, selfId?: string) {
    const base = slugify(wanted);
    let candidate = base;
    for (let n = 2; posts.some((p) => p.slug === candidate && p.id !== selfId); n++) candidate = `${base}-${n}`;
    return candidate;
  }

  function postUrl(post: GhostFakePost) {
    return post.status === "published" ? `${siteUrl()}${post.slug}/` : `${siteUrl()}p/${post.uuid}/`;
  }

  function serialize(post: GhostFakePost, formats: string[]) {
    const tagsOut = post.tags.map((t) => ({
      ...t,
      description: null,
      visibility: t.name.startsWith("#") ? "internal" : "public",
      url: `${siteUrl()}tag/${t.slug}/`,
    }));
    const author = { id: "1", name: "Owner", slug: "owner", email: "owner@example.com", url: `${siteUrl()}author/owner/` };
    return {
      id: post.id,
      uuid: post.uuid,
      title: post.title,
      slug: post.slug,
      ...(formats.includes("lexical") || !formats.length ? { lexical: post.lexical } : {}),
      ...(formats.includes("html") ? { html: post.html } : {}),
      comment_id: post.id,
      feature_image: post.feature_image,
      feature_image_alt: post.feature_image_alt,
      feature_image_caption: post.feature_image_caption,
      featured: post.featured,
      status: post.status,
      visibility: post.visibility,
      created_at: post.created_at,
      updated_at: post.updated_at,
      published_at: post.published_at,
      custom_excerpt: post.custom_excerpt,
      codeinjection_head: post.codeinjection_head,
      codeinjection_foot: post.codeinjection_foot,
      custom_template: null,
      canonical_url: post.canonical_url,
      tags: tagsOut,
      authors: [author],
      primary_author: author,
      primary_tag: tagsOut[0] ?? null,
      url: postUrl(post),
      excerpt:
        post.custom_excerpt ??
        post.html
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 500),
      og_image: null,
      og_title: post.og_title,
      og_description: post.og_description,
      twitter_image: null,
      twitter_title: null,
      twitter_description: null,
      meta_title: post.meta_title,
      meta_description: post.meta_description,
      email_only: false,
    };
  }

  function validateFields(input: Record<string, unknown>) {
    for (const [field, max] of Object.entries(MAX_LENGTH)) {
      const value = input[field];
      if (typeof value === "string" && value.length > max) {
        const table = ["meta_title", "meta_description", "og_title", "og_description", "feature_image_alt"].includes(field)
          ? "posts_meta"
          : "posts";
        throw new GhostHttpError("ValidationError", "Validation error, cannot save post.", {
          context: `Value in [${table}.${field}] exceeds maximum length of ${max} characters.`,
          property: field,
        });
      }
    }
    const status = input.status;
    if (status !== undefined && !["draft", "published", "scheduled", "sent"].includes(String(status))) {
      throw new GhostHttpError("ValidationError", "Validation error, cannot save post.", {
        context: `Validation (isIn) failed for status`,
        property: "status",
      });
    }
    const publishedAt = input.published_at;
    if (publishedAt != null && Number.isNaN(Date.parse(String(publishedAt)))) {
      throw new GhostHttpError("ValidationError", "Validation error, cannot save post.", {
        context: "Invalid date for published_at.",
        property: "published_at",
      });
    }
    if (status === "scheduled") {
      if (publishedAt == null) {
        throw new GhostHttpError("ValidationError", "Validation error, cannot save post.", {
          context: "Scheduled posts need a publish date.",
          property: "published_at",
        });
      }
      if (Date.parse(String(publishedAt)) < now() + 2 * 60_000) {
        throw new GhostHttpError("ValidationError", "Date must be at least 2 minutes in the future.", { property: "published_at" });
      }
    }
  }

  function applyFields(post: GhostFakePost, input: Record<string, unknown>, sourceHtml: boolean) {
    const strOrNull = (value: unknown) => (value == null || value === "" ? null : String(value));
    if (typeof input.title === "string") post.title = input.title;
    if (sourceHtml && typeof input.html === "string") {
      const converted = ghostConvertHtml(input.html);
      post.sourceHtml = input.html;
      post.html = converted.html;
      post.lexical = converted.lexical;
    }
    if (typeof input.lexical === "string") post.lexical = input.lexical;
    for (const field of [
      "feature_image",
      "feature_image_alt",
      "feature_image_caption",
      "meta_title",
      "meta_description",
      "custom_excerpt",
      "canonical_url",
      "codeinjection_head",
      "codeinjection_foot",
      "og_title",
      "og_description",
    ] as const) {
      if (field in input) post[field] = strOrNull(input[field]);
    }
    if (typeof input.featured === "boolean") post.featured = input.featured;
    if (typeof input.visibility === "string") post.visibility = input.visibility;
    if (Array.isArray(input.tags)) post.tags = input.tags.map(tagFor);
    if (typeof input.status === "string") post.status = input.status;
    if ("published_at" in input) post.published_at = input.published_at == null ? null : new Date(String(input.published_at)).toISOString();
    if (post.status === "published" && !post.published_at) post.published_at = new Date(now()).toISOString();
    if (typeof input.slug === "string" && input.slug) post.slug = uniqueSlug(input.slug, post.id);
  }

  function firstPost(body: unknown): Record<string, unknown> {
    const list = body && typeof body === "object" ? (body as { posts?: unknown }).posts : undefined;
    const first = Array.isArray(list) ? (list[0] as unknown) : undefined;
    if (!first || typeof first !== "object") {
      throw new GhostHttpError("ValidationError", "Validation error, cannot save post.", { context: "No root key ('posts') provided." });
    }
    return first as Record<string, unknown>;
  }

  function findPost(id: string) {
    const post = posts.find((p) => p.id === id);
    if (!post) throw new GhostHttpError("NotFoundError", "Post not found.");
    return post;
  }

  /** NQL, the part an integration uses here: `slug:x`, `slug:[a,b]`, `status:x`, joined by `+`. */
  function matchesFilter(post: GhostFakePost, filter: string | null) {
    if (!filter) return true;
    return filter.split("+").every((clause) => {
      const match = /^(slug|status|id):(?:\[([^\]]*)\]|'?([^']*)'?)$/.exec(clause.trim());
      if (!match) throw new GhostHttpError("BadRequestError", "Error parsing filter", { context: filter });
      const values = match[2] !== undefined ? match[2].split(",").map((v) => v.trim().replace(/^'|'$/g, "")) : [match[3]!];
      return values.includes(String(post[match[1] as "slug" | "status" | "id"]));
    });
  }

  async function readRaw(req: http.IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: Buffer, route: string) {
    const method = req.method ?? "GET";
    const formats = (url.searchParams.get("formats") ?? "").split(",").filter(Boolean);
    const reply = (status: number, body: unknown) => sendJson(res, status, body, { "Content-Version": safeVersion() });
    const json = () => {
      try {
        return raw.length ? (JSON.parse(raw.toString("utf8")) as unknown) : {};
      } catch {
        throw new GhostHttpError("BadRequestError", "Request body could not be parsed.");
      }
    };

    checkVersion(req);
    // The site endpoint is public in Ghost's Admin API (the admin app reads it before sign-in).
    if (route === "site/" && method === "GET") {
      return reply(200, {
        site: {
          title,
          description: "A fake Ghost for tests",
          logo: null,
          icon: null,
          accent_color: "#15171a",
          locale: "en",
          url: siteUrl(),
          version: settings.version,
        },
      });
    }
    authenticate(req);

    if (route === "posts/" && method === "GET") {
      const filter = url.searchParams.get("filter");
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 15) || 15, 100);
      const found = posts.filter((p) => matchesFilter(p, filter));
      const page = found.slice(0, limit).map((p) => serialize(p, formats));
      return reply(200, {
        posts: page,
        meta: {
          pagination: { page: 1, limit, pages: Math.max(1, Math.ceil(found.length / limit)), total: found.length, next: null, prev: null },
        },
      });
    }
    if (route === "posts/" && method === "POST") {
      if (!settings.canCreatePosts) throw new GhostHttpError("NoPermissionError", "You do not have permission to add posts");
      const input = firstPost(json());
      if (typeof input.title !== "string" || !input.title.trim()) {
        throw new GhostHttpError("ValidationError", "Validation error, cannot save post.", {
          context: "Value in [posts.title] cannot be blank.",
          property: "title",
        });
      }
      validateFields(input);
      const at = nextTimestamp();
      const post: GhostFakePost = {
        id: objectId(),
        uuid: crypto.randomUUID(),
        title: input.title,
        slug: "",
        sourceHtml: null,
        html: "",
        lexical: JSON.stringify({ root: { children: [], direction: null, format: "", indent: 0, type: "root", version: 1 } }),
        status: "draft",
        visibility: "public",
        created_at: at,
        updated_at: at,
        published_at: null,
        tags: [],
        feature_image: null,
        feature_image_alt: null,
        feature_image_caption: null,
        meta_title: null,
        meta_description: null,
        custom_excerpt: null,
        canonical_url: null,
        codeinjection_head: null,
        codeinjection_foot: null,
        og_title: null,
        og_description: null,
        featured: false,
      };
      applyFields(post, input, url.searchParams.get("source") === "html");
      if (!post.slug) post.slug = uniqueSlug(post.title);
      posts.push(post);
      return reply(201, { posts: [serialize(post, formats)] });
    }
    const bySlug = /^posts\/slug\/([^/]+)\/$/.exec(route);
    if (bySlug && method === "GET") {
      const post = posts.find((p) => p.slug === decodeURIComponent(bySlug[1]!));
      if (!post) throw new GhostHttpError("NotFoundError", "Post not found.");
      return reply(200, { posts: [serialize(post, formats)] });
    }
    const byId = /^posts\/([0-9a-f]{24})\/$/.exec(route);
    if (byId && method === "GET") return reply(200, { posts: [serialize(findPost(byId[1]!), formats)] });
    if (byId && method === "PUT") {
      const post = findPost(byId[1]!);
      const input = firstPost(json());
      if (typeof input.updated_at !== "string") {
        throw new GhostHttpError("ValidationError", "Validation error, cannot edit post.", {
          context: "data.posts[0] should have required property 'updated_at'",
          property: "updated_at",
        });
      }
      if (Date.parse(input.updated_at) !== Date.parse(post.updated_at)) {
        throw new GhostHttpError("UpdateCollisionError", "Saving failed! Someone else is editing this post.", { code: "UPDATE_COLLISION" });
      }
      validateFields(input);
      applyFields(post, input, url.searchParams.get("source") === "html");
      post.updated_at = nextTimestamp();
      return reply(200, { posts: [serialize(post, formats)] });
    }
    if (byId && method === "DELETE") {
      const post = findPost(byId[1]!);
      posts.splice(posts.indexOf(post), 1);
      res.writeHead(204, { "Content-Version": safeVersion() });
      return res.end();
    }
    if (route === "images/upload/" && method === "POST") {
      const contentType = req.headers["content-type"] ?? "";
      if (!contentType.startsWith("multipart/form-data")) throw new GhostHttpError("BadRequestError", "Please select an image.");
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
      const file = form.get("file");
      if (!file || typeof file === "string") throw new GhostHttpError("ValidationError", "Please select an image.", { property: "file" });
      const ext = IMAGE_TYPES[file.type];
      if (!ext)
        throw new GhostHttpError("UnsupportedMediaTypeError", "Please select a valid image.", { context: `${file.name} (${file.type})` });
      const date = new Date(now());
      const folder = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
      const stem = slugify(file.name.replace(/\.[^.]+$/, "")) || "image";
      let name = `${stem}.${ext}`;
      for (let n = 1; media.some((m) => m.url.endsWith(`/${folder}/${name}`)); n++) name = `${stem}-${n}.${ext}`;
      const ref = form.get("ref");
      const entry: GhostFakeMedia = {
        url: `${origin}${basePath}/content/images/${folder}/${name}`,
        ref: typeof ref === "string" ? ref : null,
        filename: name,
        contentType: file.type,
        size: file.size,
        bytes: Buffer.from(await file.arrayBuffer()),
      };
      media.push(entry);
      return reply(201, { images: [{ url: entry.url, ref: entry.ref }] });
    }
    throw new GhostHttpError("NotFoundError", "Resource not found");
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const raw = await readRaw(req);

    if (url.pathname.startsWith("/__fake/")) {
      const body = raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};
      if (url.pathname === "/__fake/requests" && method === "GET") return sendJson(res, 200, requests);
      if (url.pathname === "/__fake/posts" && method === "GET") {
        return sendJson(res, 200, {
          posts: posts.map((p) => ({
            ...p,
            url: postUrl(p),
            media: media.filter((m) => p.sourceHtml?.includes(m.url) || p.feature_image === m.url).map((m) => m.url),
          })),
          media: media.map(({ bytes: _bytes, ...m }) => m),
          tags,
        });
      }
      if (url.pathname === "/__fake/fail-next" && method === "POST") {
        failures.push({
          status: body.status as ArmedFailure["status"],
          body: body.body,
          headers: body.headers as Record<string, string> | undefined,
          count: Number(body.count ?? 1),
          path: typeof body.path === "string" ? body.path : undefined,
          method: typeof body.method === "string" ? body.method.toUpperCase() : undefined,
        });
        return sendJson(res, 200, { armed: failures.length });
      }
      if (url.pathname === "/__fake/settings" && method === "POST") {
        if (typeof body.version === "string") settings.version = body.version;
        if (typeof body.clockSkewMs === "number") settings.clockSkewMs = body.clockSkewMs;
        if (typeof body.canCreatePosts === "boolean") settings.canCreatePosts = body.canCreatePosts;
        if (typeof body.latencyMs === "number") settings.latencyMs = body.latencyMs;
        return sendJson(res, 200, settings);
      }
      if (url.pathname === "/__fake/reset" && method === "POST") {
        posts.length = 0;
        tags.length = 0;
        media.length = 0;
        requests.length = 0;
        failures.length = 0;
        for (const r of hung) r.socket?.destroy();
        hung.clear();
        Object.assign(settings, { version, clockSkewMs: 0, canCreatePosts: true, latencyMs: 0 });
        return sendJson(res, 200, { ok: true });
      }
      return sendJson(res, 404, { error: "unknown control" });
    }

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      headers[key] =
        key === "authorization" ? `${String(value).split(" ")[0]} <redacted>` : Array.isArray(value) ? value.join(", ") : value;
    }
    const logged: LoggedRequest = { method, path: `${url.pathname}${url.search}`, headers, bodySize: raw.length };
    requests.push(logged);
    if (settings.latencyMs) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    // Ghost's own clock in every answer: what a client compares to spot skew.
    res.setHeader("Date", new Date(now()).toUTCString());

    // An uploaded image, or one of the resized copies Ghost makes of it on request.
    const wanted = url.pathname.replace(/\/content\/images\/size\/w\d+\//, "/content/images/");
    const image = media.find((m) => new URL(m.url).pathname === wanted);
    if (image && (method === "GET" || method === "HEAD")) {
      logged.status = 200;
      res.writeHead(200, { "Content-Type": image.contentType, "Content-Length": String(image.size) });
      return res.end(method === "HEAD" ? undefined : image.bytes);
    }

    const apiPrefix = `${basePath}/ghost/api/admin/`;
    const slug = url.pathname.startsWith(`${basePath}/`) ? /^\/([a-z0-9-]+)\/$/.exec(url.pathname.slice(basePath.length))?.[1] : undefined;
    const published = slug && method === "GET" ? posts.find((p) => p.slug === slug && p.status === "published") : undefined;
    if (published) {
      // Casper's post page: the rendered html in the content column.
      logged.status = 200;
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><html><head><title>${published.title}</title></head><body><main class="site-main"><article class="article">` +
          `<h1 class="article-title">${published.title}</h1><section class="gh-content gh-canvas">${published.html}</section></article></main></body></html>`,
      );
    }
    if (!url.pathname.startsWith(apiPrefix)) {
      // Whatever a non-Ghost path gives: the theme's HTML 404.
      logged.status = 404;
      res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
      return res.end("<!doctype html><title>404 — Page not found</title><h1>404</h1>");
    }

    const failureIndex = failures.findIndex((f) => (!f.path || url.pathname.includes(f.path)) && (!f.method || f.method === method));
    const failure = failureIndex >= 0 ? failures[failureIndex]! : null;
    if (failure && --failure.count <= 0) failures.splice(failureIndex, 1);
    if (failure?.status === "timeout") {
      logged.status = "timeout";
      hung.add(res);
      return;
    }
    if (failure?.status === "malformed") {
      logged.status = "malformed";
      res.writeHead(200, { "Content-Type": "application/json", ...failure.headers });
      return res.end(typeof failure.body === "string" ? failure.body : '{"posts": [{"id": ');
    }
    if (failure && typeof failure.status === "number") {
      logged.status = failure.status;
      const body =
        failure.body ??
        ghostError(
          failure.status === 429 ? "TooManyRequestsError" : failure.status >= 500 ? "InternalServerError" : "BadRequestError",
          `Armed failure ${failure.status}`,
        );
      res.writeHead(failure.status, {
        "Content-Type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json",
        ...failure.headers,
      });
      return res.end(typeof body === "string" ? body : JSON.stringify(body));
    }

    const route = url.pathname.slice(apiPrefix.length);
    try {
      if (failure?.status === "lose-response" || failure?.status === "hold") {
        // Do the work, then drop the connection (or keep it open, never answering) before any answer leaves.
        const hold = failure.status === "hold";
        const sink = Object.assign(Object.create(res) as http.ServerResponse, {
          writeHead: () => sink,
          setHeader: () => sink,
          end: () => {
            if (hold) hung.add(res);
            else res.socket?.destroy();
            return sink;
          },
        });
        logged.status = failure.status;
        await handleApi(req, sink, url, raw, route);
        return;
      }
      await handleApi(req, res, url, raw, route);
      logged.status = res.statusCode;
    } catch (error) {
      if (error instanceof GhostHttpError) {
        logged.status = error.status;
        return sendJson(res, error.status, ghostError(error.type, error.message, error.extra), { "Content-Version": safeVersion() });
      }
      logged.status = 500;
      return sendJson(res, 500, ghostError("InternalServerError", error instanceof Error ? error.message : "Internal error"));
    }
  });

  const listening = await listen(server, port);
  origin = listening.url;
  const adminUrl = `${listening.url}${basePath}`;
  const adminApiKey = `${adminKey.id}:${adminKey.secret}`;
  return {
    url: listening.url,
    port: listening.port,
    adminUrl,
    adminApiKey,
    contentApiKey: contentKey.secret,
    /** A key Ghost never issued, in the right shape. */
    unknownAdminApiKey: `${objectId()}:${hex(32)}`,
    /** The Content API key's row id with an admin-shaped secret: what Ghost answers INVALID_API_KEY_TYPE to. */
    contentKeyAsAdmin: `${contentKey.id}:${hex(32)}`,
    credentials: { adminUrl, adminApiKey },
    hint: `Ghost fake: in Settings → Integrations → Ghost enter Admin API URL ${adminUrl} and Admin API key ${adminApiKey} (set TEST_ALLOW_PRIVATE_HOSTS=127.0.0.1:${listening.port}).`,
    posts: () => posts,
    media: () => media,
    requests: () => requests,
    close: async () => {
      for (const r of hung) r.socket?.destroy();
      hung.clear();
      server.closeAllConnections();
      await listening.close();
    },
  };
}

export type GhostFake = Awaited<ReturnType<typeof startGhostFake>>;
