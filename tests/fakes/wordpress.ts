import crypto from "node:crypto";
import http from "node:http";
import { listen, sendJson } from "./http-fake";

/**
 * A local self-hosted WordPress speaking the REST API the way WordPress 6.x
 * does (docs: shared docs/decisions/033): discovery by Link header and
 * <link> tag, the /wp-json/ root or the ?rest_route= form (plain permalinks),
 * Application Password Basic auth, posts/categories/tags/media with WordPress's
 * own status codes, error shapes and quirks (drafts keep duplicate slugs,
 * published posts get "-2", unknown meta keys silently dropped, term_exists).
 *
 * Switches (POST /__fake/settings or `fake.configure({...})`) simulate what
 * breaks on real sites: the host stripping the Authorization header, a security
 * plugin blocking REST with valid credentials, Application Passwords disabled,
 * Contributor/Author roles, Yoast and Rank Math (with or without its REST
 * helper), PHP notices before the JSON, and a latency per request. Concurrency
 * is counted so a benchmark can prove the client's per-host limit.
 */

type WordPressRole = "administrator" | "editor" | "author" | "contributor";

export type WordPressFakeSettings = {
  /** Plain permalinks: only ?rest_route= works, /wp-json/ is a 404 page, post links are ?p=ID. */
  plainPermalinks: boolean;
  /** Send the Link header on front-end pages (some CDNs drop it). */
  linkHeader: boolean;
  /** Put <link rel="https://api.w.org/"> in the page head. */
  linkTag: boolean;
  /** A plugin switched the REST API off: every REST route answers 404 rest_no_route. */
  restDisabled: boolean;
  /** WordPress 4.4-4.6: the index exists but has no wp/v2 namespace. */
  tooOld: boolean;
  /** The host (CGI/FastCGI) drops the Authorization header before PHP sees it. */
  stripAuthorization: boolean;
  /** Reject the application password as if it were revoked or mistyped. */
  rejectPassword: boolean;
  /** Wordfence-style block of REST routes (not the index) even with valid credentials. */
  securityPlugin: null | "html" | "json";
  /** Not HTTPS, or a plugin removed Application Passwords. */
  applicationPasswordsDisabled: boolean;
  role: WordPressRole;
  /** Yoast SEO active: its meta keys are registered for REST. */
  yoast: boolean;
  /** Rank Math active (namespace present); its meta keys are writable only with the helper below. */
  rankMath: boolean;
  rankMathRestHelper: boolean;
  /** WP_DEBUG_DISPLAY: a PHP notice precedes every JSON body. */
  phpNotice: boolean;
  /** Simulated latency of every REST and page request, in ms. */
  latencyMs: number;
  /** Redirect every request to this origin (http→https or www), as misconfigured hosts do. */
  redirectTo: string | null;
  /** The user clicks "No thanks" on wp-admin/authorize-application.php. */
  rejectAuthorization: boolean;
};

type Armed = {
  /** "hold": do the work, then never answer (the client stays waiting, as when its process dies mid-request). */
  status: number | "timeout" | "lose-response" | "hold" | "malformed";
  body?: unknown;
  headers?: Record<string, string>;
  count?: number;
  /** Only requests whose REST route (or path) starts with this. */
  path?: string;
  method?: string;
};

type FakePost = {
  id: number;
  date_gmt: string;
  modified_gmt: string;
  slug: string;
  status: string;
  title: string;
  content: string;
  excerpt: string;
  author: number;
  featured_media: number;
  categories: number[];
  tags: number[];
  meta: Record<string, string>;
  comment_status: string;
  ping_status: string;
  format: string;
  sticky: boolean;
};

type FakeTerm = { id: number; name: string; slug: string; description: string; parent: number; taxonomy: "category" | "post_tag" };

type FakeMedia = {
  id: number;
  width: number;
  height: number;
  /** The copies WordPress makes on upload (add_image_size), by name: file under uploads, width, height. */
  sizes: Record<string, { file: string; width: number; height: number }>;
  date_gmt: string;
  slug: string;
  title: string;
  alt_text: string;
  caption: string;
  file: string;
  mime_type: string;
  bytes: Buffer;
  post: number | null;
  author: number;
};

type LoggedRequest = { method: string; path: string; route: string | null; headers: Record<string, string>; bodySize: number; at: string };

const DEFAULT_SETTINGS: WordPressFakeSettings = {
  plainPermalinks: false,
  linkHeader: true,
  linkTag: true,
  restDisabled: false,
  tooOld: false,
  stripAuthorization: false,
  rejectPassword: false,
  securityPlugin: null,
  applicationPasswordsDisabled: false,
  role: "administrator",
  yoast: true,
  rankMath: false,
  rankMathRestHelper: false,
  phpNotice: false,
  latencyMs: 0,
  redirectTo: null,
  rejectAuthorization: false,
};

const CAPABILITIES: Record<WordPressRole, string[]> = {
  administrator: [
    "read",
    "edit_posts",
    "edit_others_posts",
    "edit_published_posts",
    "publish_posts",
    "delete_posts",
    "upload_files",
    "manage_categories",
    "manage_options",
  ],
  editor: [
    "read",
    "edit_posts",
    "edit_others_posts",
    "edit_published_posts",
    "publish_posts",
    "delete_posts",
    "upload_files",
    "manage_categories",
  ],
  author: ["read", "edit_posts", "edit_published_posts", "publish_posts", "delete_posts", "upload_files"],
  contributor: ["read", "edit_posts", "delete_posts"],
};

/** A PNG's size from its header; anything else is taken for WordPress's usual 1200×630 test image. */
function uploadedSize(bytes: Buffer) {
  if (bytes.length >= 24 && bytes.toString("latin1", 1, 4) === "PNG")
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  return { width: 1200, height: 630 };
}

/**
 * The sizes WordPress 6 makes of an upload (image_resize_dimensions for each registered size): thumbnail
 * cropped to 150×150, the others scaled to fit, each only when smaller than the original, named
 * "<stem>-<w>x<h>.<ext>".
 */
const WP_SIZES: Array<{ name: string; width: number; height: number; crop: boolean }> = [
  { name: "thumbnail", width: 150, height: 150, crop: true },
  { name: "medium", width: 300, height: 300, crop: false },
  { name: "medium_large", width: 768, height: 0, crop: false },
  { name: "large", width: 1024, height: 1024, crop: false },
  { name: "1536x1536", width: 1536, height: 1536, crop: false },
  { name: "2048x2048", width: 2048, height: 2048, crop: false },
];

function intermediateSizes(file: string, width: number, height: number) {
  const dot = file.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [file.slice(0, dot), file.slice(dot)] : [file, ""];
  const sizes: FakeMedia["sizes"] = {};
  for (const size of WP_SIZES) {
    let w: number;
    let h: number;
    if (size.crop) {
      if (width <= size.width && height <= size.height) continue;
      [w, h] = [Math.min(width, size.width), Math.min(height, size.height)];
    } else {
      const ratio = Math.min(size.width / width, size.height ? size.height / height : Infinity);
      if (ratio >= 1) continue;
      [w, h] = [Math.round(width * ratio), Math.round(height * ratio)];
    }
    sizes[size.name] = { file: `${stem}-${w}x${h}${ext}`, width: w, height: h };
  }
  return sizes;
}

/**
 * What the_content does to a post's images on the way to the page (wp_filter_content_tags): an <img> with the
 * class wp-image-{id} of an attachment gets the attachment's width and height when it has none, and a srcset and
 * sizes of the attachment's sizes with the same proportions when it has none; every image gets loading="lazy".
 */
function filterContentTags(content: string, media: Map<number, FakeMedia>, base: string) {
  return content.replace(/<img\b[^>]*>/gi, (tag) => {
    const id = /\bclass="[^"]*\bwp-image-(\d+)\b/.exec(tag)?.[1];
    const item = id ? media.get(Number(id)) : undefined;
    let out = tag.replace(/\s*\/?>$/, "");
    const has = (attr: string) => new RegExp(`\\s${attr}=`, "i").test(out);
    if (item) {
      if (!has("width") && !has("height")) out += ` width="${item.width}" height="${item.height}"`;
      const fit = Object.values(item.sizes).filter((v) => Math.abs(Math.round((item.height * v.width) / item.width) - v.height) <= 1);
      if (!has("srcset") && fit.length) {
        const list = [...fit, { file: item.file, width: item.width }].map((v) => `${base}/wp-content/uploads/${v.file} ${v.width}w`);
        out += ` srcset="${list.join(", ")}" sizes="(max-width: ${item.width}px) 100vw, ${item.width}px"`;
      }
    }
    if (!has("loading")) out += ` loading="lazy"`;
    return `${out} />`;
  });
}

/** kses for a user without unfiltered_html: img keeps WordPress's allowed attributes (srcset and sizes are not among them). */
function ksesImages(content: string) {
  return content.replace(/<img\b[^>]*>/gi, (tag) => tag.replace(/\s(srcset|sizes)="[^"]*"/gi, ""));
}

const YOAST_KEYS = ["_yoast_wpseo_title", "_yoast_wpseo_metadesc"];
const RANK_MATH_KEYS = ["rank_math_title", "rank_math_description"];
const SITE_GMT_OFFSET_HOURS = 1;
const USER_ID = 1;

/** WordPress dates: "YYYY-MM-DDTHH:MM:SS", no offset. */
function wpDate(ms: number) {
  return new Date(ms).toISOString().slice(0, 19);
}

function sanitizeTitle(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** rest_parse_date: RFC 3339 with an optional offset; a date without one is taken as UTC for *_gmt fields. */
function parseGmt(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (!match) return null;
  const ms = Date.parse(match[8] ? value.replace(" ", "T") : `${value.replace(" ", "T")}Z`);
  return Number.isFinite(ms) ? ms : null;
}

function wpError(code: string, message: string, status: number, extra: Record<string, unknown> = {}) {
  return { status, body: { code, message, data: { status, ...extra } } };
}

export async function startWordPressFake({
  port = 0,
  username = "editor",
  email = "editor@example.test",
  applicationPassword = "abcd EFGH 1234 ijkl MNOP 5678",
  settings: initial = {},
}: {
  port?: number;
  username?: string;
  email?: string;
  applicationPassword?: string;
  settings?: Partial<WordPressFakeSettings>;
} = {}) {
  const settings: WordPressFakeSettings = { ...DEFAULT_SETTINGS, ...initial };
  const password = applicationPassword.replace(/\s+/g, "");
  let appPassword: { uuid: string; app_id: string; name: string; created: string } | null = null;
  const posts = new Map<number, FakePost>();
  const terms = new Map<number, FakeTerm>();
  const media = new Map<number, FakeMedia>();
  const requests: LoggedRequest[] = [];
  const armed: Armed[] = [];
  const hung = new Set<http.ServerResponse>();
  let nextId = 10;
  let active = 0;
  let maxConcurrentRequests = 0;
  let requestCount = 0;
  // Σ of request durations (arrival to close), so a benchmark can tell how long each request held a connection slot.
  let busyMs = 0;
  // TCP connections accepted: with keep-alive a client opens far fewer than it sends requests.
  let connections = 0;
  let base = "";

  const resetState = () => {
    posts.clear();
    terms.clear();
    media.clear();
    requests.length = 0;
    armed.length = 0;
    for (const res of hung) res.socket?.destroy();
    hung.clear();
    nextId = 10;
    active = 0;
    maxConcurrentRequests = 0;
    requestCount = 0;
    busyMs = 0;
    connections = 0;
    terms.set(1, { id: 1, name: "Uncategorized", slug: "uncategorized", description: "", parent: 0, taxonomy: "category" });
    appPassword = { uuid: crypto.randomUUID(), app_id: "", name: "Inkpilot", created: wpDate(Date.now()) };
    Object.assign(settings, DEFAULT_SETTINGS, initial);
  };
  resetState();

  const restRoot = () => (settings.plainPermalinks ? `${base}/?rest_route=/` : `${base}/wp-json/`);
  const restUrl = (route: string) => (settings.plainPermalinks ? `${base}/?rest_route=${route}` : `${base}/wp-json${route}`);
  const metaKeys = () => [
    ...(settings.yoast ? YOAST_KEYS : []),
    ...(settings.rankMath && settings.rankMathRestHelper ? RANK_MATH_KEYS : []),
  ];
  const can = (cap: string) => CAPABILITIES[settings.role].includes(cap);

  function postLink(post: FakePost) {
    if (settings.plainPermalinks || post.status !== "publish") return `${base}/?p=${post.id}`;
    return `${base}/${post.slug}/`;
  }

  function renderPost(post: FakePost, edit: boolean) {
    const local = wpDate(Date.parse(`${post.date_gmt}Z`) + SITE_GMT_OFFSET_HOURS * 3_600_000);
    const text = (raw: string) => (edit ? { raw, rendered: raw } : { rendered: raw });
    const meta: Record<string, string> = {};
    for (const key of metaKeys()) meta[key] = post.meta[key] ?? "";
    return {
      id: post.id,
      date: local,
      date_gmt: post.date_gmt,
      guid: edit ? { raw: `${base}/?p=${post.id}`, rendered: `${base}/?p=${post.id}` } : { rendered: `${base}/?p=${post.id}` },
      modified: wpDate(Date.parse(`${post.modified_gmt}Z`) + SITE_GMT_OFFSET_HOURS * 3_600_000),
      modified_gmt: post.modified_gmt,
      slug: post.slug,
      status: post.status,
      type: "post",
      link: postLink(post),
      title: text(post.title),
      content: { ...text(post.content), protected: false, ...(edit ? { block_version: 0 } : {}) },
      excerpt: { ...text(post.excerpt), protected: false },
      author: post.author,
      featured_media: post.featured_media,
      comment_status: post.comment_status,
      ping_status: post.ping_status,
      sticky: post.sticky,
      template: "",
      format: post.format,
      meta,
      categories: post.categories,
      tags: post.tags,
      ...(edit
        ? {
            permalink_template: settings.plainPermalinks ? `${base}/?p=${post.id}` : `${base}/%postname%/`,
            generated_slug: sanitizeTitle(post.title),
          }
        : {}),
      ...(settings.yoast ? { yoast_head_json: { title: post.meta._yoast_wpseo_title || post.title } } : {}),
      _links: { self: [{ href: restUrl(`/wp/v2/posts/${post.id}`) }] },
    };
  }

  function renderTerm(term: FakeTerm) {
    const count = [...posts.values()].filter((p) => (term.taxonomy === "category" ? p.categories : p.tags).includes(term.id)).length;
    const kind = term.taxonomy === "category" ? "category" : "tag";
    return {
      id: term.id,
      count,
      description: term.description,
      link: settings.plainPermalinks ? `${base}/?${kind === "tag" ? "tag" : "cat"}=${term.slug}` : `${base}/${kind}/${term.slug}/`,
      name: term.name,
      slug: term.slug,
      taxonomy: term.taxonomy,
      ...(term.taxonomy === "category" ? { parent: term.parent } : {}),
      meta: [],
    };
  }

  function renderMedia(item: FakeMedia) {
    const source_url = `${base}/wp-content/uploads/${item.file}`;
    return {
      id: item.id,
      date: wpDate(Date.parse(`${item.date_gmt}Z`) + SITE_GMT_OFFSET_HOURS * 3_600_000),
      date_gmt: item.date_gmt,
      slug: item.slug,
      status: "inherit",
      type: "attachment",
      link: `${base}/?attachment_id=${item.id}`,
      title: { raw: item.title, rendered: item.title },
      author: item.author,
      alt_text: item.alt_text,
      caption: { raw: item.caption, rendered: item.caption },
      media_type: item.mime_type.startsWith("image/") ? "image" : "file",
      mime_type: item.mime_type,
      post: item.post,
      source_url,
      media_details: {
        width: item.width,
        height: item.height,
        file: item.file,
        filesize: item.bytes.length,
        sizes: {
          ...Object.fromEntries(
            Object.entries(item.sizes).map(([name, size]) => [
              name,
              {
                ...size,
                file: size.file.split("/").pop(),
                mime_type: item.mime_type,
                source_url: `${base}/wp-content/uploads/${size.file}`,
              },
            ]),
          ),
          full: { file: item.file.split("/").pop(), width: item.width, height: item.height, mime_type: item.mime_type, source_url },
        },
      },
    };
  }

  function indexBody() {
    const postArgs = {
      title: { type: "object" },
      content: { type: "object" },
      excerpt: { type: "object" },
      status: { type: "string", enum: ["publish", "future", "draft", "pending", "private"] },
      slug: { type: "string" },
      date_gmt: { type: ["string", "null"], format: "date-time" },
      categories: { type: "array", items: { type: "integer" } },
      tags: { type: "array", items: { type: "integer" } },
      featured_media: { type: "integer" },
      meta: {
        type: "object",
        description: "Meta fields.",
        properties: Object.fromEntries(metaKeys().map((key) => [key, { type: "string", title: "", description: "", default: "" }])),
      },
    };
    const namespaces = settings.tooOld
      ? ["oembed/1.0"]
      : [
          "oembed/1.0",
          "wp/v2",
          "wp-site-health/v1",
          ...(settings.yoast ? ["yoast/v1"] : []),
          ...(settings.rankMath ? ["rankmath/v1"] : []),
        ];
    const routes: Record<string, unknown> = {
      "/": { namespace: "", methods: ["GET"], endpoints: [{ methods: ["GET"], args: { context: { default: "view", required: false } } }] },
    };
    if (!settings.tooOld) {
      routes["/wp/v2"] = { namespace: "wp/v2", methods: ["GET"], endpoints: [{ methods: ["GET"], args: {} }] };
      routes["/wp/v2/posts"] = {
        namespace: "wp/v2",
        methods: ["GET", "POST"],
        endpoints: [
          { methods: ["GET"], args: { context: {}, page: {}, per_page: {}, search: {}, slug: {}, status: {} } },
          { methods: ["POST"], args: postArgs },
        ],
      };
      routes["/wp/v2/posts/(?P<id>[\\d]+)"] = {
        namespace: "wp/v2",
        methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
        endpoints: [
          { methods: ["GET"], args: { id: {}, context: {} } },
          { methods: ["POST", "PUT", "PATCH"], args: postArgs },
          { methods: ["DELETE"], args: { id: {}, force: {} } },
        ],
      };
      for (const route of ["/wp/v2/media", "/wp/v2/categories", "/wp/v2/tags", "/wp/v2/users/me"]) {
        routes[route] = { namespace: "wp/v2", methods: ["GET", "POST"], endpoints: [{ methods: ["GET"], args: {} }] };
      }
    }
    return {
      name: "Fake WordPress",
      description: "Just another WordPress site",
      url: base,
      home: base,
      gmt_offset: SITE_GMT_OFFSET_HOURS,
      timezone_string: "Europe/Berlin",
      namespaces,
      authentication: settings.applicationPasswordsDisabled
        ? []
        : { "application-passwords": { endpoints: { authorization: `${base}/wp-admin/authorize-application.php` } } },
      routes,
      site_logo: 0,
      site_icon: 0,
      _links: { help: [{ href: "https://developer.wordpress.org/rest-api/" }] },
    };
  }

  function postsSchemaBody() {
    const index = indexBody();
    const route = (index.routes as Record<string, { endpoints: Array<{ args: Record<string, unknown> }> }>)["/wp/v2/posts"];
    return {
      namespace: "wp/v2",
      methods: ["GET", "POST"],
      endpoints: route?.endpoints ?? [],
      schema: {
        $schema: "http://json-schema.org/draft-04/schema#",
        title: "post",
        type: "object",
        properties: route ? { ...route.endpoints[1]!.args, id: { type: "integer" }, link: { type: "string" } } : {},
      },
    };
  }

  type Auth = { ok: true } | { ok: false; error: { status: number; body: unknown } } | null;

  /** null: no credentials reached WordPress. */
  function authenticate(req: http.IncomingMessage): Auth {
    const header = settings.stripAuthorization ? undefined : req.headers.authorization;
    if (!header) return null;
    const match = /^Basic\s+(.+)$/i.exec(header);
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const user = decoded.slice(0, colon);
    const pass = decoded.slice(colon + 1).replace(/\s+/g, "");
    if (settings.applicationPasswordsDisabled) {
      return { ok: false, error: wpError("application_passwords_disabled", "Application passwords are not available.", 401) };
    }
    if (user !== username && user.toLowerCase() !== email) {
      return {
        ok: false,
        error: wpError(
          "invalid_username",
          `<strong>Error:</strong> The username <strong>${user}</strong> is not registered on this site. If you are unsure of your username, try your email address instead.`,
          401,
        ),
      };
    }
    if (settings.rejectPassword || !appPassword || pass !== password) {
      return {
        ok: false,
        error: wpError(
          "incorrect_password",
          `<strong>Error:</strong> The password you entered for the username <strong>${user}</strong> is incorrect. <a href="${base}/wp-login.php?action=lostpassword">Lost your password?</a>`,
          401,
        ),
      };
    }
    return { ok: true };
  }

  function uniqueSlug(slug: string, id: number) {
    const taken = (candidate: string) => [...posts.values()].some((p) => p.id !== id && p.slug === candidate);
    if (!taken(slug)) return slug;
    for (let n = 2; ; n++) if (!taken(`${slug}-${n}`)) return `${slug}-${n}`;
  }

  type Result = { status: number; body: unknown; headers?: Record<string, string> };

  /** Applies a create or update body to a post, with WordPress's rules; returns an error or null. */
  function applyPost(post: FakePost, input: Record<string, unknown>, creating: boolean): Result | null {
    const invalid = (param: string, message: string) =>
      wpError("rest_invalid_param", `Invalid parameter(s): ${param}`, 400, { params: { [param]: message } });
    const textOf = (value: unknown) =>
      typeof value === "object" && value ? String((value as { raw?: unknown }).raw ?? "") : String(value);
    if (input.title !== undefined) post.title = textOf(input.title);
    // Saved through kses: a user without unfiltered_html (Author, Contributor) loses what it does not allow.
    if (input.content !== undefined) {
      const content = textOf(input.content);
      post.content = settings.role === "administrator" || settings.role === "editor" ? content : ksesImages(content);
    }
    if (input.excerpt !== undefined) post.excerpt = textOf(input.excerpt);
    let status = input.status === undefined ? post.status : String(input.status);
    if (!["publish", "future", "draft", "pending", "private"].includes(status)) {
      return invalid("status", "status is not one of publish, future, draft, pending, private.");
    }
    if (["publish", "future", "private"].includes(status) && !can("publish_posts")) {
      return wpError("rest_cannot_publish", "Sorry, you are not allowed to publish posts in this post type.", 403);
    }
    if (input.date_gmt !== undefined && input.date_gmt !== null) {
      const ms = parseGmt(String(input.date_gmt));
      if (ms === null) return invalid("date_gmt", "Invalid date.");
      post.date_gmt = wpDate(ms);
    } else if (creating) post.date_gmt = wpDate(Date.now());
    // wp_insert_post: publish in the future becomes future, future in the past becomes publish.
    const ahead = Date.parse(`${post.date_gmt}Z`) - Date.now();
    if (status === "publish" && ahead > 60_000) status = "future";
    else if (status === "future" && ahead <= 60_000) status = "publish";
    post.status = status;
    for (const field of ["categories", "tags"] as const) {
      if (input[field] === undefined) continue;
      const ids = Array.isArray(input[field]) ? (input[field] as unknown[]).map(Number) : [];
      const taxonomy = field === "categories" ? "category" : "post_tag";
      if (ids.some((id) => terms.get(id)?.taxonomy !== taxonomy)) return invalid(field, `Invalid term ID.`);
      post[field] = ids;
    }
    if (!post.categories.length) post.categories = [1];
    if (input.featured_media !== undefined) {
      const id = Number(input.featured_media);
      if (id !== 0 && !media.has(id)) return wpError("rest_invalid_featured_media", "Invalid featured media ID.", 400);
      post.featured_media = id;
    }
    if (input.meta && typeof input.meta === "object") {
      // Only registered keys (show_in_rest) are written; WordPress silently ignores the rest.
      for (const [key, value] of Object.entries(input.meta as Record<string, unknown>)) {
        if (metaKeys().includes(key)) post.meta[key] = String(value ?? "");
      }
    }
    if (typeof input.comment_status === "string") post.comment_status = input.comment_status;
    if (typeof input.format === "string") post.format = input.format;
    const requested = input.slug !== undefined ? sanitizeTitle(String(input.slug)) : post.slug || "";
    // wp_unique_post_slug skips drafts and pending posts: they keep the slug as given.
    const slug = requested || (status === "draft" || status === "pending" ? "" : sanitizeTitle(post.title) || String(post.id));
    post.slug = status === "draft" || status === "pending" || !slug ? slug : uniqueSlug(slug, post.id);
    post.modified_gmt = wpDate(Date.now());
    return null;
  }

  function listResult<T>(items: T[], query: URLSearchParams): Result {
    const perPage = Number(query.get("per_page") ?? 10);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return wpError("rest_invalid_param", "Invalid parameter(s): per_page", 400, {
        params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" },
      });
    }
    const page = Math.max(1, Number(query.get("page") ?? 1));
    const totalPages = Math.ceil(items.length / perPage);
    if (page > 1 && page > totalPages) {
      return wpError("rest_post_invalid_page_number", "The page number requested is larger than the number of pages available.", 400);
    }
    return {
      status: 200,
      body: items.slice((page - 1) * perPage, page * perPage),
      headers: { "X-WP-Total": String(items.length), "X-WP-TotalPages": String(totalPages) },
    };
  }

  const listParam = (query: URLSearchParams, name: string) =>
    [...query.getAll(name), ...query.getAll(`${name}[]`)]
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);

  async function rest(
    method: string,
    route: string,
    query: URLSearchParams,
    req: http.IncomingMessage,
    raw: Buffer,
  ): Promise<Result & { html?: boolean }> {
    if (settings.restDisabled) return wpError("rest_no_route", "No route was found matching the URL and request method.", 404);
    const auth = authenticate(req);
    // rest_application_password_check_errors: bad credentials fail every route, the index included.
    if (auth && !auth.ok) return auth.error;
    const authed = auth?.ok === true;
    if (route === "/" || route === "") return { status: 200, body: indexBody() };
    if (settings.tooOld) return wpError("rest_no_route", "No route was found matching the URL and request method.", 404);
    if (settings.securityPlugin === "html") {
      return {
        status: 403,
        html: true,
        body: `<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>Your access to this site has been limited by the site owner</h1><p>Your access to this service has been limited. (HTTP response code 403)</p><p>Generated by Wordfence</p></body></html>`,
      };
    }
    if (settings.securityPlugin === "json") {
      return wpError("rest_cannot_access", "<strong>DRA:</strong> Only authenticated users can access the REST API.", 401);
    }
    const notLoggedIn = () => wpError("rest_not_logged_in", "You are not currently logged in.", 401);
    const forbidden = (code: string, message: string) => wpError(code, message, authed ? 403 : 401);
    let body: Record<string, unknown> = {};
    const contentType = String(req.headers["content-type"] ?? "");
    if (raw.length && contentType.includes("application/json")) {
      try {
        body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
      } catch {
        return wpError("rest_invalid_json", "Invalid JSON body passed.", 400);
      }
    } else if (raw.length && contentType.includes("application/x-www-form-urlencoded")) {
      body = Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
    }
    // Method override for hosts that block PUT/DELETE.
    const override = req.headers["x-http-method-override"] ?? query.get("_method");
    if (method === "POST" && typeof override === "string") method = override.toUpperCase();
    const edit = query.get("context") === "edit";
    const editForbidden = () =>
      edit && !authed && method === "GET"
        ? forbidden("rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type.")
        : null;
    let m: RegExpExecArray | null;

    if (method === "OPTIONS" && route === "/wp/v2/posts") return { status: 200, body: postsSchemaBody() };
    if (method === "GET" && route === "/wp/v2") {
      const routes = indexBody().routes;
      return {
        status: 200,
        body: { namespace: "wp/v2", routes: Object.fromEntries(Object.entries(routes).filter(([key]) => key.startsWith("/wp/v2"))) },
      };
    }

    if (route === "/wp/v2/users/me" && method === "GET") {
      if (!authed) return notLoggedIn();
      const caps = Object.fromEntries(CAPABILITIES[settings.role].map((c) => [c, true]));
      return {
        status: 200,
        body: {
          id: USER_ID,
          username,
          name: "Eddie Editor",
          slug: username,
          email,
          roles: [settings.role],
          capabilities: { ...caps, [settings.role]: true },
          link: `${base}/author/${username}/`,
        },
      };
    }
    if (route === "/wp/v2/users/me/application-passwords/introspect" && method === "GET") {
      if (settings.applicationPasswordsDisabled)
        return wpError("application_passwords_disabled", "Application passwords are not available.", 501);
      if (!authed || !appPassword)
        return wpError("application_passwords_no_password", "The current request did not use an application password.", 404);
      return { status: 200, body: { ...appPassword, last_used: wpDate(Date.now()), last_ip: "127.0.0.1" } };
    }
    if ((m = /^\/wp\/v2\/users\/me\/application-passwords\/([\w-]+)$/.exec(route)) && method === "DELETE") {
      if (!authed) return notLoggedIn();
      if (!appPassword || appPassword.uuid !== m[1])
        return wpError("application_password_not_found", "Application password not found.", 404);
      const previous = appPassword;
      appPassword = null;
      return { status: 200, body: { deleted: true, previous } };
    }

    if (route === "/wp/v2/posts" && method === "GET") {
      const denied = editForbidden();
      if (denied) return denied;
      let statuses = listParam(query, "status");
      if (!statuses.length) statuses = ["publish"];
      if (statuses.some((s) => s !== "publish") && !(authed && can("edit_posts"))) {
        return forbidden("rest_forbidden_status", "Status is forbidden.");
      }
      const slugs = listParam(query, "slug");
      const search = query.get("search")?.toLowerCase();
      const items = [...posts.values()]
        .filter((p) => (statuses.includes("any") ? p.status !== "trash" : statuses.includes(p.status)))
        .filter((p) => !slugs.length || slugs.includes(p.slug))
        .filter((p) => !search || p.title.toLowerCase().includes(search) || p.content.toLowerCase().includes(search))
        .sort((a, b) => b.date_gmt.localeCompare(a.date_gmt) || b.id - a.id)
        .map((p) => renderPost(p, edit));
      return listResult(items, query);
    }
    if (route === "/wp/v2/posts" && method === "POST") {
      if (!authed) return forbidden("rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
      if (body.id) return wpError("rest_post_exists", "Cannot create existing post.", 400);
      const now = wpDate(Date.now());
      const post: FakePost = {
        id: nextId++,
        date_gmt: now,
        modified_gmt: now,
        slug: "",
        status: "draft",
        title: "",
        content: "",
        excerpt: "",
        author: USER_ID,
        featured_media: 0,
        categories: [],
        tags: [],
        meta: {},
        comment_status: "open",
        ping_status: "open",
        format: "standard",
        sticky: false,
      };
      const error = applyPost(post, body, true);
      if (error) return error;
      posts.set(post.id, post);
      return { status: 201, body: renderPost(post, true), headers: { Location: restUrl(`/wp/v2/posts/${post.id}`) } };
    }
    if ((m = /^\/wp\/v2\/posts\/(\d+)$/.exec(route))) {
      const post = posts.get(Number(m[1]));
      if (method === "GET") {
        const denied = editForbidden();
        if (denied) return denied;
        if (!post || (post.status !== "publish" && !authed)) return wpError("rest_post_invalid_id", "Invalid post ID.", 404);
        return { status: 200, body: renderPost(post, edit) };
      }
      if (!authed) return forbidden("rest_cannot_edit", "Sorry, you are not allowed to edit this post.");
      if (!post) return wpError("rest_post_invalid_id", "Invalid post ID.", 404);
      if (["POST", "PUT", "PATCH"].includes(method)) {
        if (post.status === "publish" && !can("edit_published_posts"))
          return forbidden("rest_cannot_edit", "Sorry, you are not allowed to edit this post.");
        const copy: FakePost = structuredClone(post);
        const error = applyPost(copy, body, false);
        if (error) return error;
        posts.set(copy.id, copy);
        return { status: 200, body: renderPost(copy, true) };
      }
      if (method === "DELETE") {
        if (query.get("force") === "true") {
          posts.delete(post.id);
          return { status: 200, body: { deleted: true, previous: renderPost(post, true) } };
        }
        post.status = "trash";
        return { status: 200, body: renderPost(post, true) };
      }
    }

    if ((m = /^\/wp\/v2\/(categories|tags)$/.exec(route))) {
      const taxonomy = m[1] === "categories" ? "category" : "post_tag";
      if (method === "GET") {
        const slugs = listParam(query, "slug");
        const search = query.get("search")?.toLowerCase();
        const items = [...terms.values()]
          .filter((t) => t.taxonomy === taxonomy)
          .filter((t) => !slugs.length || slugs.includes(t.slug))
          .filter((t) => !search || t.name.toLowerCase().includes(search) || t.slug.includes(search))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(renderTerm);
        return listResult(items, query);
      }
      if (method === "POST") {
        // Hierarchical taxonomies need edit_terms (manage_categories); tags only assign_terms (edit_posts).
        const allowed = authed && (taxonomy === "category" ? can("manage_categories") : can("edit_posts"));
        if (!allowed) return forbidden("rest_cannot_create", "Sorry, you are not allowed to create terms in this taxonomy.");
        const name = String(body.name ?? "").trim();
        if (!name) return wpError("rest_missing_callback_param", "Missing parameter(s): name", 400, { params: ["name"] });
        const slug = sanitizeTitle(String(body.slug ?? name));
        const parent = Number(body.parent ?? 0);
        const existing = [...terms.values()].find(
          (t) => t.taxonomy === taxonomy && t.parent === parent && (t.name.toLowerCase() === name.toLowerCase() || t.slug === slug),
        );
        if (existing)
          return wpError("term_exists", "A term with the name provided already exists with this parent.", 400, { term_id: existing.id });
        const term: FakeTerm = { id: nextId++, name, slug, description: String(body.description ?? ""), parent, taxonomy };
        terms.set(term.id, term);
        return { status: 201, body: renderTerm(term), headers: { Location: restUrl(`/wp/v2/${m[1]}/${term.id}`) } };
      }
    }

    if (route === "/wp/v2/media" && method === "GET") {
      return listResult([...media.values()].sort((a, b) => b.id - a.id).map(renderMedia), query);
    }
    if (route === "/wp/v2/media" && method === "POST") {
      if (!authed) return forbidden("rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
      if (!can("upload_files")) return forbidden("rest_cannot_create", "Sorry, you are not allowed to upload media on this site.");
      let bytes: Buffer;
      let filename: string;
      let mime: string;
      const fields: Record<string, string> = {};
      if (contentType.startsWith("multipart/form-data")) {
        const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData().catch(() => null);
        const file = form?.get("file");
        if (!form || !file || typeof file === "string") return wpError("rest_upload_no_data", "No data supplied.", 400);
        bytes = Buffer.from(await file.arrayBuffer());
        filename = file.name;
        mime = file.type || "application/octet-stream";
        for (const key of ["title", "alt_text", "caption", "description", "post"]) {
          const value = form.get(key);
          if (typeof value === "string") fields[key] = value;
        }
      } else {
        if (!raw.length) return wpError("rest_upload_no_data", "No data supplied.", 400);
        if (!contentType) return wpError("rest_upload_no_content_type", "No Content-Type supplied.", 400);
        const disposition = req.headers["content-disposition"];
        if (!disposition) return wpError("rest_upload_no_content_disposition", "No Content-Disposition supplied.", 400);
        const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
        if (!name)
          return wpError(
            "rest_upload_invalid_disposition",
            'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
            400,
          );
        const md5 = req.headers["content-md5"];
        if (typeof md5 === "string") {
          const digest = crypto.createHash("md5").update(raw);
          const hex = digest.copy().digest("hex");
          if (md5 !== hex && md5 !== digest.digest("base64"))
            return wpError("rest_upload_hash_mismatch", "Content hash did not match expected.", 412);
        }
        bytes = raw;
        filename = decodeURIComponent(name);
        mime = contentType.split(";")[0]!.trim();
      }
      if (mime === "image/svg+xml" || /\.svg$/i.test(filename)) {
        return wpError("rest_upload_sideload_error", "Sorry, you are not allowed to upload this file type.", 500);
      }
      const now = new Date();
      const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
      const clean = filename.replace(/[^A-Za-z0-9._-]+/g, "-");
      const dot = clean.lastIndexOf(".");
      const stem = dot > 0 ? clean.slice(0, dot) : clean;
      const ext = dot > 0 ? clean.slice(dot) : "";
      let file = `${folder}/${clean}`;
      for (let n = 1; [...media.values()].some((item) => item.file === file); n++) file = `${folder}/${stem}-${n}${ext}`;
      const { width, height } = mime.startsWith("image/") ? uploadedSize(bytes) : { width: 0, height: 0 };
      const item: FakeMedia = {
        id: nextId++,
        width,
        height,
        sizes: mime.startsWith("image/") ? intermediateSizes(file, width, height) : {},
        date_gmt: wpDate(now.getTime()),
        slug: sanitizeTitle(stem),
        title: fields.title ?? stem,
        alt_text: fields.alt_text ?? "",
        caption: fields.caption ?? "",
        file,
        mime_type: mime,
        bytes,
        post: fields.post ? Number(fields.post) : null,
        author: USER_ID,
      };
      media.set(item.id, item);
      return { status: 201, body: renderMedia(item), headers: { Location: restUrl(`/wp/v2/media/${item.id}`) } };
    }
    if ((m = /^\/wp\/v2\/media\/(\d+)$/.exec(route))) {
      const item = media.get(Number(m[1]));
      if (!item) return wpError("rest_post_invalid_id", "Invalid post ID.", 404);
      if (method === "GET") return { status: 200, body: renderMedia(item) };
      if (!authed) return forbidden("rest_cannot_edit", "Sorry, you are not allowed to edit this post.");
      if (["POST", "PUT", "PATCH"].includes(method)) {
        if (typeof body.alt_text === "string") item.alt_text = body.alt_text;
        if (typeof body.title === "string") item.title = body.title;
        if (typeof body.caption === "string") item.caption = body.caption;
        if (body.post !== undefined) item.post = Number(body.post) || null;
        return { status: 200, body: renderMedia(item) };
      }
    }
    return wpError("rest_no_route", "No route was found matching the URL and request method.", 404);
  }

  function frontPage(res: http.ServerResponse, head: boolean) {
    const headers: Record<string, string | string[]> = { "Content-Type": "text/html; charset=UTF-8" };
    if (settings.linkHeader && !settings.restDisabled) {
      headers.Link = [`<${restRoot()}>; rel="https://api.w.org/"`, `<${base}/?p=2>; rel=shortlink`];
    }
    res.writeHead(200, headers);
    const tag = settings.linkTag && !settings.restDisabled ? `<link rel="https://api.w.org/" href="${restRoot()}" />` : "";
    res.end(
      head
        ? undefined
        : `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>Fake WordPress</title>${tag}<link rel="alternate" type="application/rss+xml" href="${base}/feed/"></head><body><h1>Fake WordPress</h1></body></html>`,
    );
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);

    if (url.pathname.startsWith("/__fake/")) {
      const control = raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};
      switch (`${req.method} ${url.pathname}`) {
        case "GET /__fake/requests":
          return sendJson(res, 200, requests);
        case "GET /__fake/stats":
          return sendJson(res, 200, { maxConcurrentRequests, requests: requestCount, busyMs, connections });
        case "GET /__fake/posts":
          return sendJson(res, 200, snapshot());
        case "GET /__fake/media":
          return sendJson(
            res,
            200,
            [...media.values()].map(({ bytes, ...item }) => ({
              ...item,
              size: bytes.length,
              source_url: `${base}/wp-content/uploads/${item.file}`,
            })),
          );
        case "GET /__fake/settings":
          return sendJson(res, 200, settings);
        case "POST /__fake/settings":
          Object.assign(settings, control);
          return sendJson(res, 200, settings);
        case "POST /__fake/fail-next":
          armed.push(control as Armed);
          return sendJson(res, 200, { ok: true, armed: armed.length });
        case "POST /__fake/reset":
          resetState();
          return sendJson(res, 200, { ok: true });
        default:
          return sendJson(res, 404, { error: "unknown control" });
      }
    }

    requestCount++;
    active++;
    maxConcurrentRequests = Math.max(maxConcurrentRequests, active);
    let finished = false;
    const arrived = performance.now();
    const done = () => {
      if (!finished) {
        finished = true;
        active--;
        busyMs += performance.now() - arrived;
      }
    };
    res.on("close", done);
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));

    if (settings.redirectTo) {
      res.writeHead(301, { Location: `${settings.redirectTo}${url.pathname}${url.search}` });
      return res.end();
    }

    const restRoute = url.pathname === "/" && url.searchParams.has("rest_route") ? url.searchParams.get("rest_route")! : null;
    const prettyRoute =
      url.pathname === "/wp-json" || url.pathname.startsWith("/wp-json/") ? url.pathname.slice("/wp-json".length) || "/" : null;
    const route = restRoute ?? prettyRoute;
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([key]) => key !== "authorization" && key !== "cookie")
        .map(([key, value]) => [key, String(value)]),
    );
    requests.push({
      method: req.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      route,
      headers,
      bodySize: raw.length,
      at: new Date().toISOString(),
    });

    const failure = armed.find(
      (a) => (!a.path || (route ?? url.pathname).startsWith(a.path)) && (!a.method || a.method.toUpperCase() === req.method),
    );
    let loseResponse = false;
    let hold = false;
    if (failure) {
      failure.count = (failure.count ?? 1) - 1;
      if (failure.count <= 0) armed.splice(armed.indexOf(failure), 1);
      if (failure.status === "timeout") {
        hung.add(res);
        return;
      }
      if (failure.status === "lose-response") loseResponse = true;
      else if (failure.status === "hold") hold = true;
      else if (failure.status === "malformed") {
        res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
        return res.end(typeof failure.body === "string" ? failure.body : '{"id": 12, "title": {"raw": "trunc');
      } else {
        const body = failure.body ?? wpError("fake_error", `Armed failure ${failure.status}`, failure.status).body;
        const text = typeof body === "string" ? body : JSON.stringify(body);
        res.writeHead(failure.status, {
          "Content-Type": typeof body === "string" ? "text/html; charset=UTF-8" : "application/json; charset=UTF-8",
          ...failure.headers,
        });
        return res.end(text);
      }
    }

    if (route === null) {
      if (url.pathname === "/wp-admin/authorize-application.php" && req.method === "GET") {
        // The connect-by-redirect flow, approved at once (the real page asks the logged-in user first).
        const target = settings.rejectAuthorization ? url.searchParams.get("reject_url") : url.searchParams.get("success_url");
        if (!url.searchParams.get("app_name") || !target) {
          res.writeHead(400, { "Content-Type": "text/html; charset=UTF-8" });
          return res.end("<p>The application name and a callback URL are required.</p>");
        }
        const back = new URL(target);
        if (settings.rejectAuthorization) back.searchParams.set("success", "false");
        else {
          back.searchParams.set("site_url", base);
          back.searchParams.set("user_login", username);
          back.searchParams.set("password", applicationPassword);
        }
        res.writeHead(302, { Location: back.href });
        return res.end();
      }
      if (url.pathname === "/" && (req.method === "GET" || req.method === "HEAD")) return frontPage(res, req.method === "HEAD");
      const upload = /^\/wp-content\/uploads\/(.+)$/.exec(url.pathname);
      // The original or one of the sizes WordPress made of it.
      const item =
        upload && [...media.values()].find((m) => m.file === upload[1] || Object.values(m.sizes).some((v) => v.file === upload[1]));
      if (item) {
        res.writeHead(200, { "Content-Type": item.mime_type, "Content-Length": String(item.bytes.length) });
        return res.end(item.bytes);
      }
      const post = /^\/([a-z0-9-]+)\/$/.exec(url.pathname)?.[1];
      const published = post && !settings.plainPermalinks && [...posts.values()].find((p) => p.slug === post && p.status === "publish");
      if (published) {
        res.writeHead(200, { "Content-Type": "text/html; charset=UTF-8" });
        // A theme's page: the post in a content column, its content through the_content's image filter.
        return res.end(
          `<!DOCTYPE html><html><head><title>${published.title}</title></head><body><main class="site-main"><article class="post">` +
            `<div class="entry-content" style="max-width:720px;margin:0 auto">${filterContentTags(published.content, media, base)}</div>` +
            `</article></main></body></html>`,
        );
      }
      res.writeHead(404, { "Content-Type": "text/html; charset=UTF-8" });
      return res.end("<!DOCTYPE html><html><head><title>Page not found</title></head><body>Nothing here</body></html>");
    }
    if (prettyRoute !== null && settings.plainPermalinks) {
      // No rewrite rules: Apache answers its own 404 page.
      res.writeHead(404, { "Content-Type": "text/html; charset=iso-8859-1" });
      return res.end(
        '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN"><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>',
      );
    }

    const result = await rest(req.method ?? "GET", route.replace(/\/+$/, "") || "/", url.searchParams, req, raw);
    if (loseResponse) {
      // The work is done; the client never hears about it.
      res.socket?.destroy();
      return;
    }
    if (hold) {
      hung.add(res);
      return;
    }
    const notice = settings.phpNotice
      ? "<br />\n<b>Notice</b>:  Undefined index: seo in <b>/var/www/html/wp-content/plugins/some-plugin/plugin.php</b> on line <b>42</b><br />\n"
      : "";
    if (result.html) {
      res.writeHead(result.status, { "Content-Type": "text/html; charset=UTF-8" });
      return res.end(String(result.body));
    }
    res.writeHead(result.status, {
      "Content-Type": "application/json; charset=UTF-8",
      Link: `<${restRoot()}>; rel="https://api.w.org/"`,
      ...result.headers,
    });
    res.end(notice + JSON.stringify(result.body));
  });

  function snapshot() {
    return [...posts.values()]
      .sort((a, b) => a.id - b.id)
      .map((post) => {
        const images = [...media.values()].filter((item) => post.content.includes(item.file) || item.id === post.featured_media);
        return {
          ...renderPost(post, true),
          categoryNames: post.categories.map((id) => terms.get(id)?.name),
          tagNames: post.tags.map((id) => terms.get(id)?.name),
          media: images.map(({ bytes, ...item }) => ({
            ...item,
            size: bytes.length,
            source_url: `${base}/wp-content/uploads/${item.file}`,
          })),
        };
      });
  }

  server.on("connection", () => connections++);
  const handle = await listen(server, port);
  base = handle.url;
  const credentials = `${username}:${applicationPassword}`;
  return {
    ...handle,
    close: () => {
      for (const res of hung) res.socket?.destroy();
      hung.clear();
      server.closeAllConnections();
      return handle.close();
    },
    username,
    applicationPassword,
    /** What the connect dialog takes: the site URL and "username:application_password". */
    credentials,
    settings,
    configure(change: Partial<WordPressFakeSettings>) {
      Object.assign(settings, change);
    },
    arm(failure: Armed) {
      armed.push(failure);
    },
    posts: snapshot,
    mediaCount: () => media.size,
    stats: () => ({ maxConcurrentRequests, requests: requestCount, busyMs, connections }),
    requests,
    appPasswordUuid: () => appPassword?.uuid ?? null,
    hint: `WordPress fake at ${handle.url}: connect WordPress (self-hosted) with site URL ${handle.url} and key ${credentials}. Switches: POST ${handle.url}/__fake/settings (plainPermalinks, securityPlugin, role, yoast, latencyMs…).`,
  };
}

export type WordPressFake = Awaited<ReturnType<typeof startWordPressFake>>;
