import crypto from "node:crypto";
import http from "node:http";
import { listen, sendJson } from "./http-fake";

/**
 * A local WordPress.com (docs/decisions/033): the classic OAuth2 endpoints
 * (`/oauth2/authorize` approving at once, `/oauth2/token` with a form body, the
 * exact redirect_uri and single-use codes, `/oauth2/token-info`) and the v1.1
 * REST API the adapter uses, with WordPress.com's habits: tokens bound to one
 * blog (403 elsewhere), v1.1 error JSON `{error, message}`, an invalid token
 * answered with 400 `invalid_token`, categories and tags by name created when
 * missing, `publicize` true unless sent false, `posts/slug:` finding published
 * posts only (WordPress's get_posts default), a Contributor's `publish` turned
 * into `pending`, and Jetpack SEO metadata refused with 403 after the post was
 * saved on a plan without SEO tools.
 *
 * Switches: POST /__fake/settings {deny, role, hosting, seoTools, yoast}. Failures:
 * POST /__fake/fail-next {status: number | "timeout" | "lose-response" | "hold" | "malformed", body?, headers?, count?, path?, method?}
 * ("hold": do the work, then never answer, as when the client's process dies mid-request).
 */

type WordPressComRole = "administrator" | "editor" | "author" | "contributor";

export type WordPressComFakeSettings = {
  /** The customer clicks "Cancel" on the authorize page. */
  deny: boolean;
  role: WordPressComRole;
  /** simple: hosted on WordPress.com; atomic: hosted with plugins (Business); jetpack: self-hosted through Jetpack. */
  hosting: "simple" | "atomic" | "jetpack";
  /** The plan has WordPress.com's SEO tools (the `advanced-seo` feature). */
  seoTools: boolean;
  /** Yoast SEO active (atomic/jetpack): its meta keys are writable through `metadata`. */
  yoast: boolean;
};

/** What to answer instead (`path` matches after /rest/v1.1 for API calls, or the full path); `count` times, once by default. */
type Failure = {
  status: number | "timeout" | "lose-response" | "hold" | "malformed";
  body?: unknown;
  headers?: Record<string, string>;
} & Partial<Record<"path" | "method", string>> & { count?: number };

type Blog = { ID: number; name: string; slug: string; description: string };
type Term = { ID: number; name: string; slug: string };
function pngSize(bytes: Buffer) {
  if (bytes.length >= 24 && bytes.toString("latin1", 1, 4) === "PNG")
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  return { width: 1, height: 1 };
}

type Media = {
  ID: number;
  blog: number;
  file: string;
  mime: string;
  bytes: Buffer;
  alt: string;
  title: string;
  caption: string;
  date: string;
};
type Post = {
  ID: number;
  blog: number;
  author: number;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  status: string;
  date: string;
  modified: string;
  categories: number[];
  tags: number[];
  featured: number | null;
  publicize: boolean;
  metadata: Record<string, string>;
};
type Grant = { clientId: string; blog: number; scope: string };
type Logged = { method: string; path: string; headers: Record<string, string>; bodySize: number; at: string };

const DEFAULTS: WordPressComFakeSettings = { deny: false, role: "administrator", hosting: "simple", seoTools: false, yoast: false };
const USER = { ID: 501, username: "inkpilotwriter", display_name: "Inkpilot Writer", email: "writer@example.test" };
const JETPACK_SEO_KEYS = ["advanced_seo_description", "jetpack_seo_html_title", "jetpack_seo_noindex"];
const CAPS: Record<WordPressComRole, string[]> = {
  administrator: ["edit_posts", "edit_others_posts", "publish_posts", "upload_files", "manage_categories", "manage_options", "own_site"],
  editor: ["edit_posts", "edit_others_posts", "publish_posts", "upload_files", "manage_categories"],
  author: ["edit_posts", "publish_posts", "upload_files"],
  contributor: ["edit_posts"],
};

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");
const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const v11Error = (status: number, error: string, message: string) => ({ status, body: { error, message } });

export async function startWordPressComFake({
  port = 0,
  clientId = "84213",
  clientSecret = "fake-wpcom-secret-5f2c",
  settings: initial = {},
}: { port?: number; clientId?: string; clientSecret?: string; settings?: Partial<WordPressComFakeSettings> } = {}) {
  const settings: WordPressComFakeSettings = { ...DEFAULTS, ...initial };
  const blogs: Blog[] = [
    { ID: 1001, name: "Inkpilot Demo Blog", slug: "inkpilot-demo", description: "A blog on the fake WordPress.com" },
    { ID: 1002, name: "Another Blog", slug: "another-blog", description: "The customer's second site" },
  ];
  const codes = new Map<string, Grant & { redirectUri: string }>();
  const tokens = new Map<string, Grant>();
  const posts = new Map<number, Post>();
  const media = new Map<number, Media>();
  const terms = { categories: new Map<string, Term>(), tags: new Map<string, Term>() };
  const requests: Logged[] = [];
  const failures: Failure[] = [];
  const hanging = new Set<http.ServerResponse>();
  let nextId = 100;
  let base = "";

  function reset() {
    for (const map of [codes, tokens, posts, media, terms.categories, terms.tags]) map.clear();
    requests.length = 0;
    failures.length = 0;
    for (const res of hanging) res.socket?.destroy();
    hanging.clear();
    nextId = 100;
    Object.assign(settings, DEFAULTS, initial);
  }

  const blogUrl = (blog: Blog) => `${base}/b/${blog.slug}`;
  const findBlog = (site: string) => blogs.find((b) => String(b.ID) === site || `${b.slug}.wordpress.com` === site.toLowerCase()) ?? null;
  const fileUrl = (item: Pick<Media, "blog" | "file">) => `${base}/files/${item.blog}/${item.file}`;
  const can = (cap: string) => CAPS[settings.role].includes(cap);

  function issueToken(grant: Grant) {
    const token = crypto.randomBytes(24).toString("base64url");
    tokens.set(token, grant);
    return token;
  }

  function siteJson(blog: Blog) {
    const hosted = settings.hosting !== "jetpack";
    return {
      ID: blog.ID,
      name: blog.name,
      description: blog.description,
      URL: blogUrl(blog),
      jetpack: settings.hosting !== "simple",
      is_wpcom_atomic: settings.hosting === "atomic",
      is_private: false,
      visible: true,
      capabilities: Object.fromEntries(Object.values(CAPS.administrator).map((cap) => [cap, can(cap)])),
      plan: hosted
        ? {
            product_slug: settings.seoTools ? "business-bundle" : "free_plan",
            is_free: !settings.seoTools,
            features: { active: settings.seoTools ? ["advanced-seo", "upload-plugins"] : [] },
          }
        : { product_slug: "jetpack_free", is_free: true, features: { active: [] } },
      options: { timezone: "Europe/Berlin", gmt_offset: 1, is_automated_transfer: settings.hosting === "atomic" },
    };
  }

  function termMap(kind: "categories" | "tags", ids: number[]) {
    const all = [...terms[kind].values()];
    return Object.fromEntries(
      ids.map((id) => all.find((t) => t.ID === id)!).map((t) => [t.name, { ID: t.ID, name: t.name, slug: t.slug, post_count: 1 }]),
    );
  }

  function postUrl(post: Post, blog: Blog) {
    return post.status === "publish" ? `${blogUrl(blog)}/${post.slug}/` : `${blogUrl(blog)}/?p=${post.ID}`;
  }

  function postJson(post: Post) {
    const blog = blogs.find((b) => b.ID === post.blog)!;
    const featured = post.featured ? media.get(post.featured) : undefined;
    const metadata = Object.entries(post.metadata).map(([key, value], i) => ({ id: String(post.ID * 100 + i), key, value }));
    return {
      ID: post.ID,
      site_ID: post.blog,
      author: { ID: USER.ID, login: USER.username, name: USER.display_name },
      date: post.date,
      modified: post.modified,
      title: post.title,
      URL: postUrl(post, blog),
      short_URL: `${base}/p/${post.ID}`,
      content: post.content,
      excerpt: post.excerpt,
      slug: post.slug,
      status: post.status,
      type: "post",
      format: "standard",
      featured_image: featured ? fileUrl(featured) : "",
      post_thumbnail: featured ? { ID: featured.ID, URL: fileUrl(featured), mime_type: featured.mime } : null,
      categories: termMap("categories", post.categories),
      tags: termMap("tags", post.tags),
      metadata: metadata.length ? metadata : false,
      capabilities: { publish_post: can("publish_posts"), edit_post: true, delete_post: true },
      meta: { links: { self: `${base}/rest/v1.1/sites/${post.blog}/posts/${post.ID}`, site: `${base}/rest/v1.1/sites/${post.blog}` } },
    };
  }

  function mediaJson(item: Media) {
    return {
      ID: item.ID,
      URL: fileUrl(item),
      guid: fileUrl(item),
      date: item.date,
      file: item.file.split("/").pop(),
      mime_type: item.mime,
      extension: item.file.split(".").pop(),
      title: item.title,
      caption: item.caption,
      alt: item.alt,
      // Read from the file's header as WordPress.com does (a PNG's; anything else answers 1×1 as before).
      ...pngSize(item.bytes),
    };
  }

  /** Name-based terms as v1.1 takes them: a comma-separated string or an array; missing ones are created. */
  function resolveTerms(kind: "categories" | "tags", input: unknown): number[] {
    const names = (Array.isArray(input) ? input.map(String) : typeof input === "string" ? input.split(",") : [])
      .map((n) => n.trim())
      .filter(Boolean);
    return names.map((name) => {
      const key = name.toLowerCase();
      let term = terms[kind].get(key);
      if (!term) {
        term = { ID: nextId++, name, slug: slugify(name) };
        terms[kind].set(key, term);
      }
      return term.ID;
    });
  }

  type Reply = { status: number; body: unknown; headers?: Record<string, string> };

  /** Applies v1.1 post fields; a Jetpack SEO key on a plan without SEO tools is refused after the save, as WordPress.com does. */
  function savePost(post: Post, body: Record<string, unknown>, creating: boolean): Reply {
    const now = Date.now();
    if (typeof body.title === "string") post.title = body.title;
    if (typeof body.content === "string") post.content = body.content;
    if (typeof body.excerpt === "string") post.excerpt = body.excerpt;
    if (typeof body.slug === "string" && body.slug) post.slug = slugify(body.slug);
    if (body.categories !== undefined) post.categories = resolveTerms("categories", body.categories);
    if (body.tags !== undefined) post.tags = resolveTerms("tags", body.tags);
    if (body.featured_image !== undefined) post.featured = Number(body.featured_image) || null;
    if (body.publicize !== undefined) post.publicize = body.publicize !== false && body.publicize !== "false" && body.publicize !== 0;
    let when = typeof body.date === "string" ? Date.parse(body.date) : NaN;
    if (Number.isNaN(when)) when = creating ? now : Date.parse(post.date);
    post.date = iso(when);
    let status = typeof body.status === "string" ? body.status : creating ? "publish" : post.status;
    if (status === "future" && when <= now) status = "publish";
    if (status === "publish" && when > now + 60_000) status = "future";
    // v1.1 quietly turns a Contributor's publish into a post waiting for review.
    if ((status === "publish" || status === "future") && !can("publish_posts")) status = "pending";
    post.status = status;
    if (!post.slug) post.slug = slugify(post.title) || `post-${post.ID}`;
    if (status === "publish" && [...posts.values()].some((p) => p.ID !== post.ID && p.blog === post.blog && p.slug === post.slug)) {
      post.slug = `${post.slug}-2`;
    }
    post.modified = iso(now);
    posts.set(post.ID, post);
    for (const raw of Array.isArray(body.metadata) ? (body.metadata as Array<Record<string, unknown>>) : []) {
      const key = String(raw.key ?? "");
      if (JETPACK_SEO_KEYS.includes(key) && !settings.seoTools) {
        return v11Error(403, "unauthorized", "SEO tools are not enabled for this site.");
      }
      const writable = JETPACK_SEO_KEYS.includes(key) || (key.startsWith("_yoast_wpseo_") ? settings.yoast : !key.startsWith("_"));
      if (!writable) continue;
      if (raw.operation === "delete") delete post.metadata[key];
      else post.metadata[key] = String(raw.value ?? "");
    }
    return { status: 200, body: postJson(post) };
  }

  async function uploadMedia(blog: Blog, contentType: string, raw: Buffer): Promise<Reply> {
    if (!can("upload_files")) return v11Error(403, "unauthorized", "User cannot upload media.");
    if (!contentType.startsWith("multipart/form-data")) return v11Error(400, "invalid_input", "No media provided");
    const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData().catch(() => null);
    if (!form) return v11Error(400, "invalid_input", "No media provided");
    const sources: Array<{ name: string; mime: string; bytes: Buffer } | { error: string; file: string }> = [];
    for (const file of form.getAll("media[]")) {
      if (typeof file !== "string")
        sources.push({ name: file.name, mime: file.type || "application/octet-stream", bytes: Buffer.from(await file.arrayBuffer()) });
    }
    for (const link of form.getAll("media_urls[]")) {
      try {
        const got = await fetch(String(link), { signal: AbortSignal.timeout(10_000) });
        if (!got.ok) throw new Error(`HTTP ${got.status}`);
        const name = new URL(String(link)).pathname.split("/").pop() || "image";
        sources.push({
          name,
          mime: got.headers.get("content-type")?.split(";")[0] ?? "image/png",
          bytes: Buffer.from(await got.arrayBuffer()),
        });
      } catch (error) {
        sources.push({ file: String(link), error: `upload_error: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    if (!sources.length) return v11Error(400, "invalid_input", "No media provided");
    const uploaded: Media[] = [];
    const errors: Array<{ file: string; error: string; message: string }> = [];
    sources.forEach((source, i) => {
      if ("error" in source) return errors.push({ file: source.file, error: "upload_error", message: source.error });
      if (source.mime === "image/svg+xml")
        return errors.push({ file: source.name, error: "upload_error", message: "Sorry, this file type is not permitted." });
      const attr = (name: string) => {
        const value = form.get(`attrs[${i}][${name}]`);
        return typeof value === "string" ? value : "";
      };
      const clean = source.name.replace(/[^A-Za-z0-9._-]+/g, "-");
      let file = `2026/11/${clean}`;
      for (let n = 1; [...media.values()].some((m) => m.blog === blog.ID && m.file === file); n++) file = `2026/11/${n}-${clean}`;
      const item: Media = {
        ID: nextId++,
        blog: blog.ID,
        file,
        mime: source.mime,
        bytes: source.bytes,
        alt: attr("alt"),
        title: attr("title") || clean,
        caption: attr("caption"),
        date: iso(Date.now()),
      };
      media.set(item.ID, item);
      uploaded.push(item);
    });
    if (!uploaded.length) return { status: 400, body: { error: "upload_error", message: errors[0]!.message, errors } };
    return { status: 200, body: { media: uploaded.map(mediaJson), ...(errors.length ? { errors } : {}) } };
  }

  /** The v1.1 API below /rest/v1.1, once the bearer token is known. */
  async function api(
    method: string,
    path: string,
    query: URLSearchParams,
    token: string | null,
    raw: Buffer,
    contentType: string,
  ): Promise<Reply> {
    if (!token)
      return v11Error(403, "authorization_required", "An active access token must be used to query information about the current user.");
    const grant = tokens.get(token);
    if (!grant) return v11Error(400, "invalid_token", "The OAuth2 token is invalid.");
    if (path === "/me" && method === "GET") {
      const blog = blogs.find((b) => b.ID === grant.blog)!;
      return { status: 200, body: { ...USER, primary_blog: blog.ID, primary_blog_url: blogUrl(blog), site_count: 1, verified: true } };
    }
    if (path === "/me/sites" && method === "GET") {
      return { status: 200, body: { sites: blogs.filter((b) => grant.scope === "global" || b.ID === grant.blog).map(siteJson) } };
    }
    const m = /^\/sites\/([^/]+)(\/.*)?$/.exec(path);
    if (!m) return v11Error(404, "unknown_endpoint", "Unknown endpoint");
    const blog = findBlog(decodeURIComponent(m[1]!));
    if (!blog) return v11Error(404, "unknown_blog", "Unknown blog");
    if (grant.scope !== "global" && grant.blog !== blog.ID)
      return v11Error(403, "unauthorized", "The OAuth2 token is not authorized for this blog.");
    const rest = m[2] ?? "";
    let body: Record<string, unknown> = {};
    if (method === "POST" && contentType.includes("json") && raw.length) {
      try {
        body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
      } catch {
        return v11Error(400, "invalid_input", "Invalid JSON body");
      }
    } else if (method === "POST" && contentType.startsWith("application/x-www-form-urlencoded")) {
      body = Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
    }
    if (rest === "" && method === "GET") return { status: 200, body: siteJson(blog) };
    if (rest === "/posts/new" && method === "POST") {
      if (!can("edit_posts")) return v11Error(403, "unauthorized", "User cannot edit posts");
      const post: Post = {
        ID: nextId++,
        blog: blog.ID,
        author: USER.ID,
        title: "",
        content: "",
        excerpt: "",
        slug: "",
        status: "draft",
        date: "",
        modified: "",
        categories: [],
        tags: [],
        featured: null,
        publicize: true,
        metadata: {},
      };
      return savePost(post, body, true);
    }
    if (rest === "/posts" && method === "GET") {
      const statuses = (query.get("status") ?? "publish").split(",");
      const search = (query.get("search") ?? "").toLowerCase();
      const found = [...posts.values()]
        .filter((p) => p.blog === blog.ID && p.status !== "trash" && (statuses.includes("any") || statuses.includes(p.status)))
        .filter((p) => !search || `${p.title} ${p.content}`.toLowerCase().includes(search))
        .sort((a, b) => b.ID - a.ID)
        .slice(0, Math.min(Number(query.get("number") ?? 20), 100));
      return { status: 200, body: { found: found.length, posts: found.map(postJson) } };
    }
    const bySlug = /^\/posts\/slug:([^/]+)$/.exec(rest);
    if (bySlug && method === "GET") {
      const wanted = slugify(decodeURIComponent(bySlug[1]!));
      const post = [...posts.values()].find((p) => p.blog === blog.ID && p.slug === wanted && p.status === "publish");
      return post ? { status: 200, body: postJson(post) } : v11Error(404, "unknown_post", "Unknown post");
    }
    const byId = /^\/posts\/(\d+)(\/delete)?$/.exec(rest);
    if (byId) {
      const post = posts.get(Number(byId[1]));
      if (!post || post.blog !== blog.ID) return v11Error(404, "unknown_post", "Unknown post");
      if (byId[2] && method === "POST") {
        if (post.status === "trash") posts.delete(post.ID);
        else post.status = "trash";
        return { status: 200, body: postJson(post) };
      }
      if (method === "GET") return { status: 200, body: postJson(post) };
      if (method === "POST") return savePost(post, body, false);
    }
    if (rest === "/media/new" && method === "POST") return uploadMedia(blog, contentType, raw);
    const mediaId = /^\/media\/(\d+)$/.exec(rest);
    if (mediaId && method === "GET") {
      const item = media.get(Number(mediaId[1]));
      return item && item.blog === blog.ID ? { status: 200, body: mediaJson(item) } : v11Error(404, "unknown_media", "Unknown media");
    }
    return v11Error(404, "unknown_endpoint", "Unknown endpoint");
  }

  function redirect(res: http.ServerResponse, target: URL) {
    res.writeHead(302, { Location: target.href });
    res.end();
  }

  /** The OAuth2 endpoints; null when the path is not one of them. */
  function oauth(method: string, url: URL, raw: Buffer, res: http.ServerResponse): boolean {
    if (url.pathname === "/oauth2/authorize" && method === "GET") {
      const q = url.searchParams;
      const back = (() => {
        try {
          return new URL(q.get("redirect_uri") ?? "");
        } catch {
          return null;
        }
      })();
      if (q.get("client_id") !== clientId || !back || q.get("response_type") !== "code") {
        res.writeHead(400, { "Content-Type": "text/html; charset=UTF-8" });
        res.end("<p>Invalid request: unknown client_id, missing redirect_uri or unsupported response_type.</p>");
        return true;
      }
      if (q.get("state")) back.searchParams.set("state", q.get("state")!);
      if (settings.deny) {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "You need to log in to WordPress.com");
        redirect(res, back);
        return true;
      }
      const blog = findBlog(q.get("blog") ?? "") ?? blogs[0]!;
      const code = crypto.randomBytes(12).toString("hex");
      codes.set(code, { clientId, blog: blog.ID, scope: q.get("scope") ?? "", redirectUri: back.origin + back.pathname });
      back.searchParams.set("code", code);
      redirect(res, back);
      return true;
    }
    if (url.pathname === "/oauth2/token" && method === "POST") {
      const form = new URLSearchParams(raw.toString("utf8"));
      const grant = codes.get(form.get("code") ?? "");
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
        sendJson(res, 400, { error: "invalid_client", error_description: "Unknown client_id or wrong client_secret." });
      } else if (form.get("grant_type") !== "authorization_code" || !grant) {
        sendJson(res, 400, { error: "invalid_grant", error_description: "Invalid or already used authorization code." });
      } else if (form.get("redirect_uri") !== grant.redirectUri) {
        sendJson(res, 400, { error: "invalid_grant", error_description: "The redirect_uri does not match the one used to authorize." });
      } else {
        codes.delete(form.get("code")!);
        const blog = blogs.find((b) => b.ID === grant.blog)!;
        const token = issueToken(grant);
        sendJson(res, 200, {
          access_token: token,
          token_type: "bearer",
          blog_id: String(blog.ID),
          blog_url: blogUrl(blog),
          scope: grant.scope,
        });
      }
      return true;
    }
    if (url.pathname === "/oauth2/token-info" && method === "GET") {
      const grant = tokens.get(url.searchParams.get("token") ?? "");
      if (!grant) sendJson(res, 400, { error: "invalid_token", error_description: "The OAuth2 token is invalid." });
      else if (grant.clientId !== url.searchParams.get("client_id"))
        sendJson(res, 400, { error: "invalid_client", error_description: "client_id does not match the token." });
      else sendJson(res, 200, { client_id: grant.clientId, user_id: String(USER.ID), blog_id: String(grant.blog), scope: grant.scope });
      return true;
    }
    return false;
  }

  function snapshot() {
    return [...posts.values()].map((post) => {
      const json = postJson(post);
      const inBody = [...media.values()].filter((item) => post.content.includes(fileUrl(item)) || item.ID === post.featured);
      return {
        ...json,
        publicize: post.publicize,
        categoryNames: Object.keys(json.categories),
        tagNames: Object.keys(json.tags),
        meta: post.metadata,
        media: inBody.map(({ bytes, ...item }) => ({ ...item, size: bytes.length, URL: fileUrl(item) })),
      };
    });
  }

  const controls: Record<string, (input: Record<string, unknown>) => unknown> = {
    "GET /__fake/requests": () => requests,
    "GET /__fake/posts": () => snapshot(),
    "GET /__fake/media": () => [...media.values()].map(({ bytes, ...item }) => ({ ...item, size: bytes.length, URL: fileUrl(item) })),
    "GET /__fake/settings": () => settings,
    "POST /__fake/settings": (input) => Object.assign(settings, input),
    "POST /__fake/fail-next": (input) => ({ armed: failures.push(input as Failure) }),
    "POST /__fake/revoke-tokens": () => {
      tokens.clear();
      return { ok: true };
    },
    "POST /__fake/reset": () => {
      reset();
      return { ok: true };
    },
  };

  function takeFailure(method: string, path: string) {
    const apiPath = path.replace(/^\/rest\/v1\.1/, "");
    const found = failures.find(
      (f) => (!f.path || apiPath.startsWith(f.path) || path.startsWith(f.path)) && (!f.method || f.method.toUpperCase() === method),
    );
    if (found && (found.count = (found.count ?? 1) - 1) <= 0) failures.splice(failures.indexOf(found), 1);
    return found;
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);

    const control = controls[`${method} ${url.pathname}`];
    if (control) return sendJson(res, 200, control(raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {}));

    requests.push({
      method,
      path: url.pathname + (url.pathname === "/oauth2/token-info" ? "" : url.search),
      headers: Object.fromEntries(
        Object.entries(req.headers).flatMap(([k, v]) => (k === "authorization" || k === "cookie" ? [] : [[k, String(v)]])),
      ),
      bodySize: raw.length,
      at: new Date().toISOString(),
    });

    const armed = takeFailure(method, url.pathname);
    if (armed?.status === "timeout") {
      hanging.add(res);
      return;
    }
    if (armed?.status === "malformed") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(typeof armed.body === "string" ? armed.body : '{"ID": 7, "URL": "htt');
    }
    if (armed && typeof armed.status === "number") {
      const body = armed.body ?? { error: "fake_error", message: `Armed failure ${armed.status}` };
      res.writeHead(armed.status, { "Content-Type": typeof body === "string" ? "text/html" : "application/json", ...armed.headers });
      return res.end(typeof body === "string" ? body : JSON.stringify(body));
    }

    if (oauth(method, url, raw, res)) return;

    if (url.pathname.startsWith("/rest/v1.1/")) {
      const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? null;
      const reply = await api(
        method,
        url.pathname.slice("/rest/v1.1".length),
        url.searchParams,
        auth,
        raw,
        req.headers["content-type"] ?? "",
      );
      // The work is done; the client never hears about it.
      if (armed?.status === "lose-response") return res.socket?.destroy();
      if (armed?.status === "hold") return void hanging.add(res);
      return sendJson(res, reply.status, reply.body, reply.headers);
    }

    const file = /^\/files\/(\d+)\/(.+)$/.exec(url.pathname);
    const item = file && [...media.values()].find((m) => m.blog === Number(file[1]) && m.file === file[2]);
    if (item) {
      res.writeHead(200, { "Content-Type": item.mime, "Content-Length": String(item.bytes.length) });
      return res.end(item.bytes);
    }
    const page = /^\/b\/([a-z0-9-]+)\/([a-z0-9-]+)\/$/.exec(url.pathname);
    const blog = page && blogs.find((b) => b.slug === page[1]);
    const live = blog && [...posts.values()].find((p) => p.blog === blog.ID && p.slug === page[2] && p.status === "publish");
    if (live) {
      res.writeHead(200, { "Content-Type": "text/html; charset=UTF-8" });
      return res.end(`<!DOCTYPE html><html><head><title>${live.title}</title></head><body>${live.content}</body></html>`);
    }
    res.writeHead(404, { "Content-Type": "text/html; charset=UTF-8" });
    res.end("<!DOCTYPE html><html><head><title>Not found</title></head><body>Nothing here</body></html>");
  });

  const handle = await listen(server, port);
  base = handle.url;
  return {
    ...handle,
    close: () => {
      // reset() also drops the answers held back by "timeout".
      reset();
      server.closeAllConnections();
      return handle.close();
    },
    clientId,
    clientSecret,
    /** The blog the authorize page picks unless `blog` names another. */
    blog: { id: String(blogs[0]!.ID), url: `${base}/b/${blogs[0]!.slug}` },
    otherBlog: { id: String(blogs[1]!.ID), url: `${base}/b/${blogs[1]!.slug}` },
    settings,
    configure: (change: Partial<WordPressComFakeSettings>) => Object.assign(settings, change),
    arm: (failure: Failure) => failures.push(failure),
    /** A token as if an OAuth grant had happened (another client or blog, for the refusals). */
    issueToken: (grant: Partial<Grant> = {}) => issueToken({ clientId, blog: blogs[0]!.ID, scope: "", ...grant }),
    posts: snapshot,
    mediaCount: () => media.size,
    requests,
    hint: `WordPress.com fake at ${handle.url}: set WORDPRESS_COM_API_URL=${handle.url} WORDPRESS_COM_CLIENT_ID=${clientId} WORDPRESS_COM_CLIENT_SECRET=${clientSecret} and TEST_ALLOW_PRIVATE_HOSTS=127.0.0.1:${handle.port}, then Connect WordPress.com (approves at once). Switches: POST ${handle.url}/__fake/settings (deny, role, hosting, seoTools, yoast).`,
  };
}

export type WordPressComFake = Awaited<ReturnType<typeof startWordPressComFake>>;
