import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local Shopify (docs/decisions/033) for one public app, serving any
 * `{name}.myshopify.com` shop on one port: the shop is the first path segment
 * (`/{shop}/admin/…`, what the app sends with TEST_SHOPIFY_SHOP_ORIGIN), else
 * the Host header, else the default shop.
 *
 * - GET /admin/oauth/authorize: checks client_id, redirect_uri and scope, then
 *   auto-approves: 302 to redirect_uri with code, hmac (hex over the sorted
 *   query, client secret), host, shop, state, timestamp. Switches: corrupt the
 *   HMAC, grant fewer scopes.
 * - POST /admin/oauth/access_token: JSON; single-use codes; `expiring: "1"`
 *   gives expires_in + refresh_token; `grant_type=refresh_token` rotates both,
 *   the previous refresh token staying valid until the new one is used.
 * - POST /admin/api/{version}/graphql.json: X-Shopify-Access-Token, the
 *   operations Inkpilot sends recognised by their text, extensions.cost with a
 *   leaky bucket, THROTTLED, userErrors, ACCESS_DENIED, 401 with Shopify's body,
 *   X-Shopify-API-Version. Featured images are downloaded from image.url as
 *   Shopify does (UPLOAD_FAILED when that fails).
 * - /__fake/requests, /__fake/posts, /__fake/fail-next, /__fake/reset,
 *   /__fake/settings, /__fake/revoke, /__fake/expire-tokens, /__fake/blogs.
 */

const DEFAULT_FAKE_SHOP = "inkpilot-test.myshopify.com";
const SUPPORTED_VERSIONS = ["2026-01", "2026-04", "2026-07", "2026-10", "2027-01", "unstable"];
const LATEST_STABLE = "2026-10";
const INVALID_TOKEN_BODY = { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" };
const WRITE = ["write_content", "write_online_store_pages"];
const READ = ["read_content", "read_online_store_pages", ...WRITE];

export type ShopifyFailure = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  count?: number;
  /** Only requests whose path contains this (e.g. "graphql", "access_token"); any non-control request otherwise. */
  path?: string;
  /** Only GraphQL requests whose query text contains this (e.g. "articleCreate"). */
  operation?: string;
  /** "hold": do the work, then never answer (the client stays waiting, as when its process dies mid-request). */
  kind?: "timeout" | "lose-response" | "hold" | "malformed" | "throttled" | "user-error" | "access-denied";
  /** For kind "user-error": the userErrors code (AUTHOR_FIELD_REQUIRED, INVALID_PUBLISH_DATE, TAKEN…). */
  code?: string;
};

export type FakeShopifySettings = {
  corruptHmac: boolean;
  /** Scope granted instead of the requested one (e.g. "read_content"); null grants what was asked. */
  grantScopes: string | null;
  /** Leaky bucket per shop. */
  maximumAvailable: number;
  restoreRate: number;
  /** Lifetime of access tokens issued with `expiring: "1"`. */
  accessTokenTtlSec: number;
  /** Answer with this X-Shopify-API-Version regardless of the version asked (a retired pinned version). */
  answerVersion: string | null;
  deprecatedReason: string | null;
};

type Blog = { id: string; title: string; handle: string };
type FakeImage = { url: string; altText: string | null; sourceUrl: string; contentType: string; byteLength: number };
type Metafield = { namespace: string; key: string; type: string; value: string };
export type FakeShopifyArticle = {
  id: string;
  shop: string;
  blogId: string;
  title: string;
  handle: string;
  body: string;
  summary: string | null;
  tags: string[];
  author: { name: string };
  image: FakeImage | null;
  isPublished: boolean;
  publishedAt: string | null;
  metafields: Metafield[];
  createdAt: string;
  updatedAt: string;
};
type AccessToken = { shop: string; scope: string; expiresAt: number | null; revoked: boolean };
type RefreshToken = { shop: string; scope: string; expiresAt: number; replacedBy: string | null; used: boolean; revoked: boolean };
type Reply = { status: number; body: unknown; headers?: Record<string, string>; raw?: boolean };

function hmacHex(params: URLSearchParams, secret: string) {
  const entries = [...params].filter(([k]) => k !== "hmac" && k !== "signature").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return crypto.createHmac("sha256", secret).update(new URLSearchParams(entries).toString()).digest("hex");
}

function defaultSettings(): FakeShopifySettings {
  return {
    corruptHmac: false,
    grantScopes: null,
    maximumAvailable: 2000,
    restoreRate: 100,
    accessTokenTtlSec: 3600,
    answerVersion: null,
    deprecatedReason: null,
  };
}

function defaultBlogs(): Blog[] {
  return [{ id: "gid://shopify/Blog/1001", title: "News", handle: "news" }];
}

function slugify(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export async function startShopifyFake({
  port = 0,
  clientId = "fake-shopify-client-id",
  clientSecret = "fake-shopify-client-secret",
  /** Accepted redirect_uri prefixes; empty accepts any http(s) URL. */
  redirectUris = [] as string[],
} = {}) {
  let settings = defaultSettings();
  const codes = new Map<string, { shop: string; scope: string; used: boolean }>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, RefreshToken>();
  const blogs = new Map<string, Blog[]>();
  const articles: FakeShopifyArticle[] = [];
  const buckets = new Map<string, { available: number; at: number }>();
  const failures: ShopifyFailure[] = [];
  const requests: Array<{
    method: string;
    path: string;
    shop: string;
    headers: Record<string, string>;
    bodySize: number;
    operation?: string;
  }> = [];
  const hung = new Set<http.ServerResponse>();
  let nextId = 5001;

  const blogsOf = (shop: string) => {
    if (!blogs.has(shop)) blogs.set(shop, defaultBlogs());
    return blogs.get(shop)!;
  };
  const releaseHung = () => {
    for (const res of hung) res.socket?.destroy();
    hung.clear();
  };
  const reset = () => {
    settings = defaultSettings();
    codes.clear();
    accessTokens.clear();
    refreshTokens.clear();
    blogs.clear();
    articles.length = 0;
    buckets.clear();
    failures.length = 0;
    requests.length = 0;
    releaseHung();
  };

  function issueTokens(shop: string, scope: string, expiring: boolean) {
    const accessToken = `shpat_${crypto.randomBytes(16).toString("hex")}`;
    const expiresIn = settings.accessTokenTtlSec;
    accessTokens.set(accessToken, { shop, scope, expiresAt: expiring ? Date.now() + expiresIn * 1000 : null, revoked: false });
    if (!expiring) return { access_token: accessToken, scope };
    const refreshToken = `shprt_${crypto.randomBytes(16).toString("hex")}`;
    const refreshTtl = 90 * 24 * 3600;
    refreshTokens.set(refreshToken, {
      shop,
      scope,
      expiresAt: Date.now() + refreshTtl * 1000,
      replacedBy: null,
      used: false,
      revoked: false,
    });
    return { access_token: accessToken, scope, expires_in: expiresIn, refresh_token: refreshToken, refresh_token_expires_in: refreshTtl };
  }

  function authorize(url: URL, shop: string): Reply {
    const q = url.searchParams;
    const bad = (text: string): Reply => ({
      status: 400,
      body: `<html><body><h1>Oauth error</h1><p>${text}</p></body></html>`,
      raw: true,
      headers: { "Content-Type": "text/html" },
    });
    if (q.get("client_id") !== clientId) return bad("invalid_request: Invalid client_id");
    const redirectUri = q.get("redirect_uri") ?? "";
    if (!/^https?:\/\//.test(redirectUri) || (redirectUris.length > 0 && !redirectUris.some((p) => redirectUri.startsWith(p)))) {
      return bad("invalid_request: The redirect_uri is not whitelisted");
    }
    const scope = q.get("scope") ?? "";
    const scopes = scope.split(",").filter(Boolean);
    if (!scopes.length || scopes.some((s) => !/^(read|write)_[a-z_]+$/.test(s)))
      return bad(`invalid_scope: The access scope is invalid: ${scope}`);
    const code = crypto.randomBytes(16).toString("hex");
    const granted = settings.grantScopes ?? scopes.join(",");
    codes.set(code, { shop, scope: granted, used: false });
    const store = shop.replace(/\.myshopify\.com$/, "");
    const back = new URLSearchParams({
      code,
      host: Buffer.from(`admin.shopify.com/store/${store}`).toString("base64").replace(/=+$/, ""),
      shop,
      state: q.get("state") ?? "",
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    let hmac = hmacHex(back, clientSecret);
    if (settings.corruptHmac) hmac = `${hmac.slice(0, -4)}0000`;
    back.set("hmac", hmac);
    const target = new URL(redirectUri);
    for (const [k, v] of back) target.searchParams.set(k, v);
    return { status: 302, body: "", raw: true, headers: { Location: target.toString() } };
  }

  function accessToken(body: Record<string, unknown>, shop: string): Reply {
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      return { status: 400, body: { error: "invalid_client", error_description: "Client authentication failed" } };
    }
    if (body.grant_type === "refresh_token") {
      const token = String(body.refresh_token ?? "");
      const record = refreshTokens.get(token);
      const successor = record?.replacedBy ? refreshTokens.get(record.replacedBy) : null;
      if (!record || record.revoked || record.shop !== shop || record.expiresAt < Date.now() || successor?.used) {
        return { status: 400, body: { error: "invalid_grant", error_description: "The refresh token is invalid or has expired" } };
      }
      record.used = true;
      const answer = issueTokens(shop, record.scope, true);
      // Rotation: the old token keeps working until the new one is first used.
      if (!record.replacedBy) record.replacedBy = answer.refresh_token ?? null;
      return { status: 200, body: answer };
    }
    const code = codes.get(String(body.code ?? ""));
    if (!code || code.used || code.shop !== shop) {
      return {
        status: 400,
        body: { error: "invalid_request", error_description: "The authorization code was not found or was already used" },
      };
    }
    code.used = true;
    return { status: 200, body: issueTokens(shop, code.scope, body.expiring === "1" || body.expiring === 1) };
  }

  function requestedCost(query: string) {
    if (/^\s*mutation\b/.test(query)) return 10;
    const firsts = [...query.matchAll(/first:\s*(\d+)/g)].map((m) => Number(m[1]));
    return 1 + firsts.reduce((sum, n) => sum + n + 1, 0);
  }

  function costExtension(shop: string, requested: number, consume: boolean) {
    const now = Date.now();
    const bucket = buckets.get(shop) ?? { available: settings.maximumAvailable, at: now };
    bucket.available = Math.min(settings.maximumAvailable, bucket.available + ((now - bucket.at) / 1000) * settings.restoreRate);
    bucket.at = now;
    const ok = requested <= bucket.available;
    if (ok && consume) bucket.available -= requested;
    buckets.set(shop, bucket);
    return {
      ok,
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: ok ? requested : null,
        throttleStatus: {
          maximumAvailable: settings.maximumAvailable,
          currentlyAvailable: Math.floor(bucket.available),
          restoreRate: settings.restoreRate,
        },
      },
    };
  }

  const throttledBody = (cost: unknown) => ({
    errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }],
    extensions: { cost },
  });

  async function downloadImage(image: { url?: string; altText?: string | null } | null | undefined): Promise<FakeImage | "failed" | null> {
    if (!image?.url) return null;
    try {
      const response = await fetch(image.url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) return "failed";
      const bytes = Buffer.from(await response.arrayBuffer());
      const name = new URL(image.url).pathname.split("/").pop() || "image";
      return {
        url: `https://cdn.shopify.com/s/files/1/0000/0001/articles/${nextId++}-${name}`,
        altText: image.altText ?? null,
        sourceUrl: image.url,
        contentType: response.headers.get("content-type") ?? "",
        byteLength: bytes.length,
      };
    } catch {
      return "failed";
    }
  }

  function articleNode(a: FakeShopifyArticle) {
    const blog = blogsOf(a.shop).find((b) => b.id === a.blogId) ?? { id: a.blogId, handle: "", title: "" };
    return {
      id: a.id,
      handle: a.handle,
      title: a.title,
      body: a.body,
      summary: a.summary,
      tags: a.tags,
      author: a.author,
      isPublished: a.isPublished,
      publishedAt: a.publishedAt,
      image: a.image ? { url: a.image.url, altText: a.image.altText } : null,
      blog,
      metafields: { nodes: a.metafields },
    };
  }

  type ArticleInput = {
    blogId?: string;
    title?: string;
    body?: string;
    summary?: string | null;
    tags?: string[];
    handle?: string;
    author?: { name?: string; userId?: string } | null;
    image?: { url?: string; altText?: string | null } | null;
    isPublished?: boolean;
    publishDate?: string;
    metafields?: Metafield[];
  };

  function publication(input: ArticleInput, current: { isPublished: boolean; publishedAt: string | null }) {
    const date = input.publishDate ? Date.parse(input.publishDate) : NaN;
    if (input.isPublished === true && Number.isFinite(date) && date > Date.now()) return "INVALID_PUBLISH_DATE" as const;
    if (input.isPublished === true)
      return { isPublished: true, publishedAt: Number.isFinite(date) ? input.publishDate! : new Date().toISOString() };
    if (input.isPublished === false) return { isPublished: false, publishedAt: input.publishDate ?? null };
    if (input.publishDate) return { isPublished: date <= Date.now(), publishedAt: input.publishDate };
    return current;
  }

  async function mutateArticle(kind: "create" | "update", shop: string, vars: Record<string, unknown>, armed: ShopifyFailure | undefined) {
    const field = kind === "create" ? "articleCreate" : "articleUpdate";
    const fail = (code: string, path: string[], message: string) => ({
      [field]: { article: null, userErrors: [{ code, field: path, message }] },
    });
    if (armed?.kind === "user-error") return fail(armed.code ?? "INVALID", ["article"], `Fake user error ${armed.code ?? "INVALID"}`);
    const input = (vars.article ?? {}) as ArticleInput;
    let existing: FakeShopifyArticle | undefined;
    if (kind === "update") {
      existing = articles.find((a) => a.id === vars.id && a.shop === shop);
      if (!existing) return fail("NOT_FOUND", ["id"], "Article does not exist");
    }
    if (kind === "create" || input.author !== undefined) {
      if (!input.author || (!input.author.name && !input.author.userId))
        return fail("AUTHOR_FIELD_REQUIRED", ["article", "author"], "Author is required");
    }
    if (kind === "create" && !input.title?.trim()) return fail("BLANK", ["article", "title"], "Title can't be blank");
    const blogId = input.blogId ?? existing?.blogId;
    if (!blogId || !blogsOf(shop).some((b) => b.id === blogId)) return fail("NOT_FOUND", ["article", "blogId"], "Blog does not exist");
    const handle = input.handle ?? existing?.handle ?? slugify(input.title ?? "");
    if (articles.some((a) => a.shop === shop && a.blogId === blogId && a.handle === handle && a.id !== existing?.id)) {
      return fail("TAKEN", ["article", "handle"], "Handle has already been taken");
    }
    const pub = publication(input, existing ?? { isPublished: false, publishedAt: null });
    if (pub === "INVALID_PUBLISH_DATE")
      return fail("INVALID_PUBLISH_DATE", ["article", "publishDate"], "Publish date can't be in the future when published");
    let image = existing?.image ?? null;
    if (input.image !== undefined) {
      const downloaded = await downloadImage(input.image);
      if (downloaded === "failed")
        return fail("UPLOAD_FAILED", ["article", "image"], "Image upload failed: the image URL could not be downloaded");
      image = downloaded;
    }
    const metafields = [...(existing?.metafields ?? [])];
    for (const m of input.metafields ?? []) {
      const at = metafields.findIndex((x) => x.namespace === m.namespace && x.key === m.key);
      if (at >= 0) metafields[at] = m;
      else metafields.push(m);
    }
    const now = new Date().toISOString();
    const article: FakeShopifyArticle = {
      id: existing?.id ?? `gid://shopify/Article/${nextId++}`,
      shop,
      blogId,
      title: input.title ?? existing?.title ?? "",
      handle,
      body: input.body ?? existing?.body ?? "",
      summary: input.summary !== undefined ? input.summary : (existing?.summary ?? null),
      tags: input.tags ?? existing?.tags ?? [],
      author: input.author?.name ? { name: input.author.name } : (existing?.author ?? { name: "" }),
      image,
      isPublished: pub.isPublished,
      publishedAt: pub.publishedAt,
      metafields,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    if (existing) articles[articles.indexOf(existing)] = article;
    else articles.push(article);
    return { [field]: { article: articleNode(article), userErrors: [] } };
  }

  async function graphql(
    req: http.IncomingMessage,
    version: string,
    shop: string,
    raw: string,
    armed: ShopifyFailure | undefined,
  ): Promise<Reply> {
    const answered = settings.answerVersion ?? (SUPPORTED_VERSIONS.includes(version) ? version : LATEST_STABLE);
    const headers: Record<string, string> = { "X-Shopify-API-Version": answered };
    if (settings.deprecatedReason) headers["X-Shopify-API-Deprecated-Reason"] = settings.deprecatedReason;
    const tokenValue = String(req.headers["x-shopify-access-token"] ?? "");
    const token = accessTokens.get(tokenValue);
    if (!token || token.revoked || token.shop !== shop || (token.expiresAt !== null && token.expiresAt < Date.now())) {
      return { status: 401, body: INVALID_TOKEN_BODY, headers };
    }
    let body: { query?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return { status: 400, body: { errors: { query: "Required parameter missing or invalid" } }, headers };
    }
    const query = body.query ?? "";
    const vars = body.variables ?? {};
    const requested = requestedCost(query);
    if (armed?.kind === "throttled") {
      const { cost } = costExtension(shop, requested, false);
      return {
        status: 200,
        body: throttledBody({ ...cost, actualQueryCost: null, throttleStatus: { ...cost.throttleStatus, currentlyAvailable: 0 } }),
        headers,
      };
    }
    const bucket = costExtension(shop, requested, true);
    if (!bucket.ok) return { status: 200, body: throttledBody(bucket.cost), headers };
    const extensions = { cost: bucket.cost };
    const granted = token.scope.split(",").map((s) => s.trim());
    const isMutation = /\barticle(Create|Update)\s*\(/.test(query);
    const needs = isMutation ? WRITE : /\b(articles?|blogs)\s*\(/.test(query) ? READ : [];
    if (armed?.kind === "access-denied" || (needs.length && !granted.some((s) => needs.includes(s)))) {
      return {
        status: 200,
        body: {
          data: null,
          errors: [
            {
              message: `Access denied. Required access: \`${needs[0] ?? "write_content"}\` access scope.`,
              extensions: { code: "ACCESS_DENIED" },
            },
          ],
          extensions,
        },
        headers,
      };
    }
    let data: unknown;
    if (/\barticleCreate\s*\(/.test(query)) data = await mutateArticle("create", shop, vars, armed);
    else if (/\barticleUpdate\s*\(/.test(query)) data = await mutateArticle("update", shop, vars, armed);
    else if (/\barticles\s*\(/.test(query)) {
      const search = String(vars.query ?? /query:\s*"([^"]*)"/.exec(query)?.[1] ?? "");
      const handle = /handle:['"]?([\w-]+)/.exec(search)?.[1];
      const nodes = articles.filter((a) => a.shop === shop && (!handle || a.handle === handle)).map(articleNode);
      data = { articles: { nodes, pageInfo: { hasNextPage: false, endCursor: null } } };
    } else if (/\barticle\s*\(/.test(query)) {
      const found = articles.find((a) => a.shop === shop && a.id === vars.id);
      data = { article: found ? articleNode(found) : null };
    } else if (/\bblogs\s*\(/.test(query)) {
      data = { blogs: { nodes: blogsOf(shop), pageInfo: { hasNextPage: false, endCursor: null } } };
    } else if (/\bcurrentAppInstallation\b/.test(query)) {
      const handles = new Set<string>();
      for (const s of granted) {
        handles.add(s);
        if (s.startsWith("write_")) handles.add(s.replace("write_", "read_"));
      }
      data = { currentAppInstallation: { accessScopes: [...handles].map((handle) => ({ handle })) } };
    } else if (/\bshop\s*\{/.test(query)) {
      const name = shop.replace(/\.myshopify\.com$/, "");
      data = { shop: { name: `${name} store`, myshopifyDomain: shop, primaryDomain: { url: `https://${shop}` } } };
    } else {
      return {
        status: 200,
        body: { errors: [{ message: "Fake Shopify does not know this operation", extensions: { code: "undefinedField" } }] },
        headers,
      };
    }
    return { status: 200, body: { data, extensions }, headers };
  }

  function takeFailure(path: string, raw: string) {
    const at = failures.findIndex((f) => (!f.path || path.includes(f.path)) && (!f.operation || raw.includes(f.operation)));
    if (at < 0) return undefined;
    const failure = failures[at]!;
    failure.count = (failure.count ?? 1) - 1;
    if (failure.count <= 0) failures.splice(at, 1);
    return failure;
  }

  function send(res: http.ServerResponse, reply: Reply) {
    if (reply.raw) {
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(String(reply.body ?? ""));
    } else sendJson(res, reply.status, reply.body, reply.headers);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const body = () => (raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
    if (url.pathname.startsWith("/__fake/")) {
      const control = url.pathname.slice("/__fake/".length);
      if (control === "requests" && req.method === "GET") return sendJson(res, 200, requests);
      if (control === "posts" && req.method === "GET") return sendJson(res, 200, articles);
      if (control === "reset" && req.method === "POST") {
        reset();
        return sendJson(res, 200, { ok: true });
      }
      if (control === "fail-next" && req.method === "POST") {
        failures.push(body() as ShopifyFailure);
        return sendJson(res, 200, { ok: true });
      }
      if (control === "settings" && req.method === "POST") {
        settings = { ...settings, ...(body() as Partial<FakeShopifySettings>) };
        return sendJson(res, 200, settings);
      }
      if (control === "revoke" && req.method === "POST") {
        // As on uninstall: every token of the shop (or all) stops working.
        const shop = body().shop as string | undefined;
        for (const t of [...accessTokens.values(), ...refreshTokens.values()]) if (!shop || t.shop === shop) t.revoked = true;
        return sendJson(res, 200, { ok: true });
      }
      if (control === "expire-tokens" && req.method === "POST") {
        for (const t of accessTokens.values()) if (t.expiresAt !== null) t.expiresAt = Date.now() - 1000;
        return sendJson(res, 200, { ok: true });
      }
      if (control === "blogs" && req.method === "POST") {
        const input = body() as { shop?: string; blogs: Blog[] };
        blogs.set(input.shop ?? DEFAULT_FAKE_SHOP, input.blogs);
        return sendJson(res, 200, { ok: true });
      }
      return sendJson(res, 404, { error: "unknown control" });
    }

    const segments = url.pathname.split("/");
    let shop = DEFAULT_FAKE_SHOP;
    let path = url.pathname;
    if (segments[1]?.endsWith(".myshopify.com")) {
      shop = segments[1].toLowerCase();
      path = `/${segments.slice(2).join("/")}`;
    } else if (req.headers.host?.endsWith(".myshopify.com")) shop = req.headers.host.toLowerCase();
    const safeHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (k === "x-shopify-access-token" || k === "authorization") continue;
      safeHeaders[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
    }
    const operation = /^\s*(query|mutation)\s+(\w+)/.exec((raw && /"query"\s*:\s*"([^"]*)/.exec(raw)?.[1]) || "")?.[2];
    requests.push({ method: req.method ?? "GET", path, shop, headers: safeHeaders, bodySize: Buffer.byteLength(raw), operation });

    const armed = takeFailure(path, raw);
    if (armed?.kind === "timeout") {
      hung.add(res);
      return;
    }
    if (armed?.kind === "malformed") {
      res.writeHead(200, { "Content-Type": "application/json", "X-Shopify-API-Version": LATEST_STABLE });
      return res.end('{"data": {"articleCreate": <html>502 Bad Gateway');
    }
    if (armed && !armed.kind && armed.status) {
      const text =
        typeof armed.body === "string"
          ? armed.body
          : JSON.stringify(armed.body ?? (armed.status === 401 ? INVALID_TOKEN_BODY : { errors: "Fake failure" }));
      res.writeHead(armed.status, { "Content-Type": "application/json", ...armed.headers });
      return res.end(text);
    }

    let reply: Reply;
    try {
      if (path === "/admin/oauth/authorize" && req.method === "GET") reply = authorize(url, shop);
      else if (path === "/admin/oauth/access_token" && req.method === "POST") {
        let parsed: Record<string, unknown>;
        try {
          parsed = body();
        } catch {
          parsed = Object.fromEntries(new URLSearchParams(raw));
        }
        reply = accessToken(parsed, shop);
      } else {
        const match = /^\/admin\/api\/([\w-]+)\/graphql\.json$/.exec(path);
        if (match && req.method === "POST") reply = await graphql(req, match[1]!, shop, raw, armed);
        else reply = { status: 404, body: { errors: "Not Found" } };
      }
    } catch (error) {
      reply = { status: 500, body: { errors: [{ message: String(error), extensions: { code: "INTERNAL_SERVER_ERROR" } }] } };
    }
    if (armed?.kind === "lose-response") {
      // The work is done (the article exists) but the answer never arrives.
      res.socket?.destroy();
      return;
    }
    if (armed?.kind === "hold") {
      hung.add(res);
      return;
    }
    send(res, reply);
  });

  const listening = await listen(server, port);
  const env = {
    SHOPIFY_CLIENT_ID: clientId,
    SHOPIFY_CLIENT_SECRET: clientSecret,
    TEST_SHOPIFY_SHOP_ORIGIN: listening.url,
    TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${listening.port}`,
  };
  return {
    url: listening.url,
    port: listening.port,
    close: async () => {
      releaseHung();
      server.closeAllConnections();
      await listening.close();
    },
    clientId,
    clientSecret,
    shop: DEFAULT_FAKE_SHOP,
    /** What the app's environment needs to use this fake. */
    env,
    hint:
      `Shopify fake on ${listening.url}: SHOPIFY_CLIENT_ID=${clientId} SHOPIFY_CLIENT_SECRET=${clientSecret} TEST_SHOPIFY_SHOP_ORIGIN=${listening.url} ` +
      `TEST_ALLOW_PRIVATE_HOSTS=127.0.0.1:${listening.port}\n  Connect any shop such as ${DEFAULT_FAKE_SHOP} (installs are auto-approved).`,
    /** In-process access for tests (the same as the /__fake endpoints). */
    articles: () => articles,
    requests: () => requests,
    arm: (failure: ShopifyFailure) => failures.push(failure),
    configure: (next: Partial<FakeShopifySettings>) => (settings = { ...settings, ...next }),
    setBlogs: (list: Blog[], shop = DEFAULT_FAKE_SHOP) => blogs.set(shop, list),
    revokeAll: () => {
      for (const t of [...accessTokens.values(), ...refreshTokens.values()]) t.revoked = true;
    },
    expireAccessTokens: () => {
      for (const t of accessTokens.values()) if (t.expiresAt !== null) t.expiresAt = Date.now() - 1000;
    },
    reset,
  };
}

export type ShopifyFake = Awaited<ReturnType<typeof startShopifyFake>>;

/**
 * Delivers a webhook as Shopify does: JSON body, base64 HMAC-SHA256 of the raw
 * body with the app's client secret, and Shopify's headers. `badHmac` signs
 * with a wrong secret (the app must answer 401). `webhookId: null` leaves the
 * X-Shopify-Webhook-Id header out (only X-Shopify-Event-Id is sent).
 */
export async function sendShopifyWebhook(
  appUrl: string,
  topic: string,
  payload: unknown,
  secret: string,
  options: { badHmac?: boolean; shop?: string; apiVersion?: string; webhookId?: string | null; eventId?: string } = {},
) {
  const raw = JSON.stringify(payload);
  const hmac = crypto
    .createHmac("sha256", options.badHmac ? `${secret}-wrong` : secret)
    .update(raw)
    .digest("base64");
  const response = await fetch(appUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Hmac-Sha256": hmac,
      "X-Shopify-Shop-Domain": options.shop ?? DEFAULT_FAKE_SHOP,
      "X-Shopify-API-Version": options.apiVersion ?? LATEST_STABLE,
      ...(options.webhookId === null ? {} : { "X-Shopify-Webhook-Id": options.webhookId ?? crypto.randomUUID() }),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Event-Id": options.eventId ?? crypto.randomUUID(),
    },
    body: raw,
  });
  return { status: response.status, text: await response.text() };
}
