import { htmlToText } from "#app/modules/articles/text";
import { describeResponse, errorFromResponse, platformRequest, type PlatformRequest, type PlatformResponse } from "../../http.server";
import {
  PublishError,
  type AdapterContext,
  type ConnectionConfig,
  type Credentials,
  type DoctorCheck,
  type MediaFile,
  type PostInput,
  type PublishingAdapter,
  type RemotePost,
  type UploadedMedia,
} from "../../types";
import { check, failedCheck } from "../doctor";

/**
 * Self-hosted WordPress over its REST API with an Application Password
 * (shared integrations.md section 1). The REST root is discovered once at
 * connect (Link header, <link> tag, then /wp-json/ and ?rest_route=/ probes)
 * and stored in the connection config; every route is built from it, so sites
 * on plain permalinks work the same. Nothing here follows a redirect on POST:
 * the request helper answers the 3xx and we report it as a configuration error.
 *
 * SEO fields: decided to read the REST schema, not to write a probe post. The
 * index's `/wp/v2/posts` route (or the `wp/v2` namespace index when the root index
 * omits routes) lists the meta keys registered with show_in_rest; a key missing there
 * is silently dropped by WordPress, so the schema says exactly what will stick,
 * without leaving a test post on a customer's site. Every create/update then
 * reads the meta back from the answer and logs a warning when it did not stick.
 */

const NAME = "WordPress";
const SEO_KEYS = {
  yoast: { title: "_yoast_wpseo_title", description: "_yoast_wpseo_metadesc" },
  rank_math: { title: "rank_math_title", description: "rank_math_description" },
} as const;
type SeoPlugin = keyof typeof SEO_KEYS;
/** Every status our own posts can have; trash is deliberately left out (a trashed post is "gone"). */
const FIND_STATUSES = "publish,future,draft,pending,private";
const UPLOAD_TIMEOUT_MS = 120_000;
const MISSING_KEY_MESSAGE = "Enter WordPress credentials: username:application_password";

export type WordPressConfig = {
  restRoot: string;
  permalinks: "pretty" | "plain";
  /** How the root was found, for the diagnostic log. */
  discoveredBy: "link_header" | "link_tag" | "wp_json" | "rest_route";
  /** SEO plugins whose title/description keys were writable over REST at connect. */
  seo: SeoPlugin[];
  userId: number | null;
  userLogin: string;
  roles: string[];
  /** The application password's uuid (introspection), to revoke it on disconnect. */
  appPasswordUuid: string | null;
  /** A category every post goes into, chosen at connect (optional). */
  category: string | null;
};

// ---------- pure helpers (unit-tested beside this module) ----------

/**
 * The URL of a REST route under a discovered root. A `/wp-json/` root takes the
 * route as a path; a `?rest_route=/` root takes it in that parameter, and every
 * other parameter follows after `&`.
 */
export function routeUrl(root: string, route: string, query: Record<string, string | number> = {}): string {
  const path = `/${route.replace(/^\/+/, "")}`;
  const url = new URL(root);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  if (url.searchParams.has("rest_route")) {
    const rest = [...url.searchParams].filter(([key]) => key !== "rest_route");
    for (const [key, value] of rest) if (!params.has(key)) params.append(key, value);
    // Slashes stay readable in rest_route: some proxies mangle %2F.
    const extra = params.toString();
    return `${url.origin}${url.pathname}?rest_route=${encodeURI(path).replace(/[?&#]/g, encodeURIComponent)}${extra ? `&${extra}` : ""}`;
  }
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  for (const [key, value] of params) url.searchParams.set(key, value);
  return url.href;
}

/** The REST root from Link headers (several headers or one comma-joined value). */
export function restRootFromLinkHeader(value: string | string[] | undefined, base: string): string | null {
  if (!value) return null;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(/,\s*(?=<)/));
  for (const part of parts) {
    const match = /^\s*<([^>]+)>\s*;(.*)$/.exec(part);
    if (!match) continue;
    const rel = /rel\s*=\s*"?([^";]+)"?/i.exec(match[2]!)?.[1]?.trim();
    if (rel === "https://api.w.org/") return absolute(match[1]!, base);
  }
  return null;
}

/** The REST root from `<link rel="https://api.w.org/" href="…">` in a page. */
export function restRootFromHtml(html: string, base: string): string | null {
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = /\brel\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (rel === "https://api.w.org/" && href) return absolute(href.replace(/&amp;/g, "&"), base);
  }
  return null;
}

function absolute(href: string, base: string) {
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** WordPress's date format for *_gmt fields: UTC, no offset. */
export function wpGmt(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** sanitize_title, close enough for looking terms up by slug. */
export function wpSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** WordPress messages may hold HTML (`<strong>Error:</strong>`) and entities. */
export function plainMessage(message: unknown): string {
  return typeof message === "string" ? htmlToText(message).replace(/\s+/g, " ").trim() : "";
}

type WpPost = {
  id: number;
  slug: string;
  status: string;
  link?: string;
  author?: number;
  title?: { raw?: string; rendered?: string } | string;
  meta?: Record<string, unknown>;
};

const titleText = (title: WpPost["title"]) =>
  plainMessage(typeof title === "string" ? title : (title?.raw ?? title?.rendered ?? "")).toLowerCase();

/**
 * Which remote post is the one we may already have made for this article.
 * - Our slug, or our slug + "-2" (WordPress suffixes a slug another post already
 *   holds), by the connected user AND with our title: a slug alone may belong to
 *   a post the customer wrote by hand, which an update would overwrite.
 * Anything else (-3…, another author) is left alone: updating a stranger's post
 * is worse than one duplicate the customer can delete.
 */
export function pickExisting(candidates: WpPost[], slug: string, title: string, userId: number | null): WpPost | null {
  const wanted = plainMessage(title).toLowerCase();
  const ours = candidates.filter(
    (p) => (userId === null || p.author === undefined || p.author === userId) && titleText(p.title) === wanted,
  );
  return ours.find((p) => p.slug === slug) ?? ours.find((p) => p.slug === `${slug}-2`) ?? null;
}

/** A safe ASCII file name for Content-Disposition, with an extension matching the type. */
export function uploadFilename(filename: string, mimeType: string): string {
  const ext = { "image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp", "image/gif": ".gif", "image/avif": ".avif" }[mimeType];
  let name = filename
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-+\./g, ".")
    .replace(/^[-.]+|-+$/g, "");
  if (!name) name = "image";
  if (ext && !/\.[A-Za-z0-9]+$/.test(name)) name += ext;
  return name;
}

// ---------- errors ----------

const FIX = {
  headerStripped:
    "Your web host removes the login header before WordPress sees it. Add to the site's .htaccess (Apache): SetEnvIf Authorization \"(.*)\" HTTP_AUTHORIZATION=$1 — or on nginx: fastcgi_pass_header Authorization; — then click Check again. Your host's support can do this for you.",
  wrongPassword:
    "In WordPress open Users → Profile → Application Passwords, create a new one named Inkpilot and enter it as username:application_password. The username is your WordPress login name (or email), not the name you gave the application password.",
  appPasswordsDisabled:
    "WordPress offers Application Passwords only on sites served over https://: switch the site to HTTPS. If it already is, a security plugin turned them off — in Wordfence: Login Security → Settings → untick “Disable WordPress application passwords” (Solid Security and others have a similar setting).",
  securityPlugin:
    "Allow Inkpilot through your security plugin or firewall: in Wordfence allow Application Passwords (Login Security → Settings) and add /wp-json/ to Firewall → Allowlisted URLs (or allow-list Inkpilot's requests); in other plugins (Solid Security, All In One WP Security) or your host's firewall (Cloudflare, ModSecurity) allow REST API requests with application passwords.",
  restDisabled:
    "Turn the REST API back on: deactivate plugins such as “Disable REST API” or the REST option of your security plugin, and make sure your host does not block /wp-json/ (or ?rest_route=).",
  role: "Connect with a WordPress user whose role is Author, Editor or Administrator, or ask an administrator to change this user's role.",
  redirect: "Reconnect with the site's final address (for example https://www.example.com instead of http://example.com).",
};

const AUTH_CODES = new Set(["invalid_username", "invalid_email", "incorrect_password", "empty_username", "empty_password"]);

/** Every WordPress error code we know turned into a PublishError kind and plain words. */
export function wordpressError(response: PlatformResponse, context = "the request"): PublishError {
  const detail = describeResponse(response);
  let code = "";
  let message = "";
  let data: Record<string, unknown> = {};
  let isJson = false;
  try {
    const body = response.json<{ code?: string; message?: string; data?: Record<string, unknown> }>();
    if (body && typeof body === "object" && !Array.isArray(body)) {
      isJson = true;
      code = String(body.code ?? "");
      message = plainMessage(body.message);
      data = body.data && typeof body.data === "object" ? body.data : {};
    }
  } catch {
    // Not JSON: an HTML error page (firewall, host) or nothing.
  }
  const status = response.status;
  const said = message ? ` WordPress said: “${message}”` : "";
  const err = (kind: ConstructorParameters<typeof PublishError>[0], text: string, fix?: string) =>
    new PublishError(kind, text, { detail: `${context}: ${detail}`.slice(0, 200 + context.length + 2), fix: fix ?? null });

  if (status >= 300 && status < 400)
    return err("config", "WordPress redirected the request to another address, so nothing was saved.", FIX.redirect);
  if (code === "rest_not_logged_in") {
    return err(
      "config",
      "Your login details did not reach WordPress: the web host removed them, so WordPress saw Inkpilot as logged out.",
      FIX.headerStripped,
    );
  }
  if (AUTH_CODES.has(code)) return err("auth", `WordPress rejected the username or application password.${said}`, FIX.wrongPassword);
  if (code === "application_passwords_disabled" || code === "application_passwords_disabled_for_user") {
    return err(
      "config",
      "Application Passwords are turned off on this WordPress site, so Inkpilot cannot sign in.",
      FIX.appPasswordsDisabled,
    );
  }
  if (code === "rest_cannot_publish")
    return err("config", "This WordPress user may write drafts but not publish or schedule posts.", FIX.role);
  if (code === "rest_cannot_create" && status === 401) {
    return err("auth", `WordPress did not accept the login for ${context}.${said}`, FIX.wrongPassword);
  }
  if (code === "rest_cannot_create" || code === "rest_cannot_edit" || code === "rest_cannot_edit_others" || code === "rest_cannot_upload") {
    return err("config", `This WordPress user is not allowed to do ${context}.${said}`, FIX.role);
  }
  if (code === "rest_no_route") return err("config", "The WordPress REST API is switched off or blocked on this site.", FIX.restDisabled);
  if (code === "rest_post_invalid_id") return err("not_found", "The post no longer exists in WordPress (it was deleted there).");
  if (code === "rest_invalid_param") {
    const params = data.params && typeof data.params === "object" ? Object.entries(data.params as Record<string, unknown>) : [];
    const list = params.map(([key, value]) => `${key}: ${plainMessage(value).replace(/\.$/, "")}`).join("; ");
    return err("invalid", `WordPress refused the post: ${list || message || "invalid field"}.`);
  }
  if (code === "rest_upload_hash_mismatch") return err("transient", "The image arrived damaged at WordPress; it will be sent again.");
  if (code === "rest_upload_sideload_error" || code.startsWith("rest_upload_")) {
    return err("invalid", `WordPress refused the image.${said || " Its file type or size is not allowed on this site."}`);
  }
  if (code === "term_exists") return err("invalid", `WordPress says the term already exists.${said}`);
  if (status === 429) return errorFromResponse(NAME, response);
  if (status >= 500) return errorFromResponse(NAME, response);
  if (status === 401 || status === 403) {
    // Valid credentials answered by a non-WordPress code or an HTML page: a security plugin or firewall.
    if (!isJson || !code || code === "rest_forbidden" || code === "rest_cannot_access" || !code.startsWith("rest_")) {
      return err(
        "config",
        `A security plugin or firewall on your site blocked Inkpilot's request (HTTP ${status}) although the login details may be right.${said}`,
        FIX.securityPlugin,
      );
    }
    return err(
      status === 401 ? "auth" : "config",
      `WordPress refused ${context} (HTTP ${status}).${said}`,
      status === 401 ? FIX.wrongPassword : FIX.role,
    );
  }
  if (status === 404 && !isJson)
    return err("config", "WordPress answered “not found” for its own REST API: the address or the REST API is blocked.", FIX.restDisabled);
  return errorFromResponse(NAME, response, message ? `WordPress refused ${context}: ${message}` : undefined);
}

// ---------- requests ----------

type Ctx = { correlationId: string; signal: AbortSignal };

function basicAuth(credentials: Credentials) {
  // Application passwords are shown in groups of four; WordPress ignores the spaces, we drop them anyway.
  const password = (credentials.applicationPassword ?? "").replace(/\s+/g, "");
  return `Basic ${Buffer.from(`${credentials.username ?? ""}:${password}`, "utf8").toString("base64")}`;
}

async function call(
  ctx: Ctx,
  root: string,
  credentials: Credentials | null,
  method: NonNullable<PlatformRequest["method"]>,
  route: string,
  options: {
    query?: Record<string, string | number>;
    json?: unknown;
    body?: Buffer;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<PlatformResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (credentials) headers.Authorization = basicAuth(credentials);
  return platformRequest(ctx, routeUrl(root, route, options.query), {
    method,
    headers,
    json: options.json,
    body: options.body,
    timeoutMs: options.timeoutMs,
  });
}

const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

/** The JSON object of a successful answer; an answer that is not one is malformed (transient). */
function objectBody<T>(response: PlatformResponse, what: string): T {
  const body = response.json<unknown>();
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    // An array for a POST means a redirect turned it into a GET somewhere on the way.
    if (Array.isArray(body)) {
      throw new PublishError(
        "config",
        "WordPress answered with a list instead of the saved post: a redirect on the site turned the request into a read.",
        {
          detail: describeResponse(response),
          fix: FIX.redirect,
        },
      );
    }
    throw new PublishError("transient", `WordPress sent an answer we could not read for ${what}.`, { detail: describeResponse(response) });
  }
  return body as T;
}

function readConfig(config: ConnectionConfig): WordPressConfig {
  const restRoot = typeof config.restRoot === "string" ? config.restRoot : "";
  if (!restRoot)
    throw new PublishError("config", "This WordPress connection has no REST address; reconnect it in Settings → Integrations.");
  return {
    restRoot,
    permalinks: config.permalinks === "plain" ? "plain" : "pretty",
    discoveredBy: (config.discoveredBy as WordPressConfig["discoveredBy"]) ?? "link_header",
    seo: Array.isArray(config.seo) ? (config.seo as unknown[]).filter((s): s is SeoPlugin => s === "yoast" || s === "rank_math") : [],
    userId: typeof config.userId === "number" ? config.userId : null,
    userLogin: typeof config.userLogin === "string" ? config.userLogin : "",
    roles: Array.isArray(config.roles) ? (config.roles as string[]) : [],
    appPasswordUuid: typeof config.appPasswordUuid === "string" ? config.appPasswordUuid : null,
    category: typeof config.category === "string" && config.category.trim() ? config.category.trim() : null,
  };
}

/** The address the customer typed, as an http(s) origin + path without query. */
function normalizeSiteUrl(input: string): string {
  const trimmed = input.trim();
  if (!trimmed) throw new PublishError("invalid", "Enter your WordPress site address, for example https://example.com.");
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new PublishError("invalid", "That is not a valid site address. Enter it like https://example.com.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new PublishError("invalid", "The site address must start with https:// or http://.");
  url.hash = "";
  url.search = "";
  // Someone may paste the admin or REST address; the site is what comes before it.
  url.pathname = url.pathname.replace(/\/(wp-admin|wp-json|wp-login\.php)(\/.*)?$/, "/");
  return url.href.replace(/\/+$/, "");
}

type WpIndex = {
  name?: string;
  url?: string;
  home?: string;
  namespaces?: string[];
  authentication?: Record<string, unknown> | unknown[];
  routes?: Record<string, { endpoints?: Array<{ methods?: string[]; args?: Record<string, unknown> }> }>;
};

const isIndex = (body: unknown): body is WpIndex =>
  Boolean(body && typeof body === "object" && !Array.isArray(body) && Array.isArray((body as WpIndex).namespaces));

async function tryIndex(ctx: Ctx, root: string): Promise<WpIndex | null> {
  try {
    const response = await call(ctx, root, null, "GET", "/");
    if (!ok(response)) return null;
    const body = response.json<unknown>();
    return isIndex(body) ? body : null;
  } catch {
    return null;
  }
}

/** Finds the REST root: Link header, then <link> tag, then /wp-json/, then ?rest_route=/. */
export async function discoverRestRoot(ctx: Ctx, siteUrl: string): Promise<{ root: string; via: WordPressConfig["discoveredBy"] }> {
  const page = await platformRequest(ctx, `${siteUrl}/`, { headers: { Accept: "text/html,*/*;q=0.5" }, timeoutMs: 20_000 });
  // The final address after redirects (http→https, www) is where WordPress lives.
  const base = page.url || `${siteUrl}/`;
  const fromHeader = restRootFromLinkHeader(page.headers.link, base);
  if (fromHeader) return { root: fromHeader, via: "link_header" };
  const fromTag = restRootFromHtml(page.text.slice(0, 200_000), base);
  if (fromTag) return { root: fromTag, via: "link_tag" };
  const origin = new URL(base);
  const home = `${origin.origin}${origin.pathname.replace(/\/+$/, "")}`;
  if (await tryIndex(ctx, `${home}/wp-json/`)) return { root: `${home}/wp-json/`, via: "wp_json" };
  if (await tryIndex(ctx, `${home}/?rest_route=/`)) return { root: `${home}/?rest_route=/`, via: "rest_route" };
  throw new PublishError(
    "config",
    page.status >= 400
      ? `The site answered HTTP ${page.status} and no WordPress REST API was found there.`
      : "No WordPress REST API was found at this address. Check that it is a self-hosted WordPress site and that its REST API is on.",
    { detail: describeResponse(page), fix: FIX.restDisabled },
  );
}

async function loadIndex(ctx: Ctx, root: string): Promise<WpIndex> {
  const response = await call(ctx, root, null, "GET", "/");
  if (!ok(response)) throw wordpressError(response, "reading the REST API");
  const body = response.json<unknown>();
  if (!isIndex(body)) {
    throw new PublishError(
      "config",
      "The WordPress REST address answered, but not with the REST API (a plugin or the host may be in the way).",
      {
        detail: describeResponse(response),
        fix: FIX.restDisabled,
      },
    );
  }
  if (!body.namespaces!.includes("wp/v2")) {
    throw new PublishError("config", "WordPress too old: this site has no wp/v2 REST API. Update WordPress to 5.6 or newer.", {
      detail: `namespaces: ${body.namespaces!.join(",")}`.slice(0, 200),
      fix: "Update WordPress (Dashboard → Updates) and connect again.",
    });
  }
  return body;
}

type WpUser = { id: number; username?: string; slug?: string; name?: string; roles?: string[]; capabilities?: Record<string, boolean> };

async function readMe(ctx: Ctx, root: string, credentials: Credentials): Promise<WpUser> {
  const response = await call(ctx, root, credentials, "GET", "wp/v2/users/me", { query: { context: "edit" } });
  if (!ok(response)) throw wordpressError(response, "signing in");
  return objectBody<WpUser>(response, "signing in");
}

/** Meta keys the posts route accepts (show_in_rest), from the root index or the wp/v2 namespace index. */
async function writableMetaKeys(ctx: Ctx, root: string, index: WpIndex): Promise<string[] | null> {
  const fromEndpoints = (endpoints: Array<{ methods?: string[]; args?: Record<string, unknown> }> | undefined) => {
    const write = endpoints?.find((e) => e.methods?.includes("POST"));
    const meta = write?.args?.meta as { properties?: Record<string, unknown> } | undefined;
    return write ? Object.keys(meta?.properties ?? {}) : null;
  };
  const fromIndex = fromEndpoints(index.routes?.["/wp/v2/posts"]?.endpoints);
  if (fromIndex) return fromIndex;
  // Some sites trim the root index; the wp/v2 namespace index lists the same routes with their args.
  try {
    const response = await call(ctx, root, null, "GET", "wp/v2");
    if (!ok(response)) return null;
    const body = response.json<WpIndex>();
    return fromEndpoints(body.routes?.["/wp/v2/posts"]?.endpoints);
  } catch {
    return null;
  }
}

type SeoFinding = { writable: SeoPlugin[]; installed: SeoPlugin[]; known: boolean };

async function detectSeo(ctx: Ctx, root: string, index: WpIndex): Promise<SeoFinding> {
  const namespaces = index.namespaces ?? [];
  const installed: SeoPlugin[] = [];
  if (namespaces.includes("yoast/v1")) installed.push("yoast");
  if (namespaces.includes("rankmath/v1")) installed.push("rank_math");
  const keys = await writableMetaKeys(ctx, root, index);
  const writable = (Object.keys(SEO_KEYS) as SeoPlugin[]).filter(
    (plugin) => keys?.includes(SEO_KEYS[plugin].title) && keys.includes(SEO_KEYS[plugin].description),
  );
  return { writable, installed, known: keys !== null };
}

const hasCap = (user: WpUser, cap: string) => user.capabilities?.[cap] === true;

// ---------- terms ----------

type WpTerm = { id: number; name: string; slug: string };

/**
 * The ids of categories or tags by name, in order (null for one we may not
 * create): every name's exact slug in ONE request (`?slug=a,b`: WordPress
 * takes a comma list there), then, for a name not found that way, a search
 * compared by name, then created. term_exists (a race, or a name whose slug
 * differs) gives the existing id. An Author may not create categories: null,
 * and the post goes without it (noted in the log).
 */
async function resolveTerms(
  ctx: AdapterContext,
  root: string,
  taxonomy: "categories" | "tags",
  names: string[],
): Promise<(number | null)[]> {
  const what = taxonomy === "categories" ? "categories" : "tags";
  const slugs = [...new Set(names.map(wpSlug).filter(Boolean))];
  const bySlug = new Map<string, number>();
  if (slugs.length) {
    const response = await call(ctx, root, ctx.credentials, "GET", `wp/v2/${taxonomy}`, {
      query: { slug: slugs.join(","), per_page: 100, _fields: "id,name,slug" },
    });
    if (!ok(response)) throw wordpressError(response, `looking up the ${what} ${names.map((n) => `“${n}”`).join(", ")}`);
    const found = response.json<WpTerm[]>();
    if (Array.isArray(found)) for (const term of found) if (!bySlug.has(term.slug)) bySlug.set(term.slug, term.id);
  }
  return Promise.all(names.map((name) => bySlug.get(wpSlug(name)) ?? findOrCreateTerm(ctx, root, taxonomy, name)));
}

/** A term its slug did not find: a search compared by name, then created. */
async function findOrCreateTerm(ctx: AdapterContext, root: string, taxonomy: "categories" | "tags", name: string): Promise<number | null> {
  const slug = wpSlug(name);
  const what = taxonomy === "categories" ? "category" : "tag";
  const search = await call(ctx, root, ctx.credentials, "GET", `wp/v2/${taxonomy}`, {
    query: { search: name, per_page: 100, _fields: "id,name,slug" },
  });
  if (!ok(search)) throw wordpressError(search, `looking up the ${what} “${name}”`);
  const matches = search.json<WpTerm[]>();
  const wanted = name.trim().toLowerCase();
  const match = Array.isArray(matches) ? matches.find((t) => plainMessage(t.name).toLowerCase() === wanted) : undefined;
  if (match) return match.id;

  const created = await call(ctx, root, ctx.credentials, "POST", `wp/v2/${taxonomy}`, { json: { name, ...(slug ? { slug } : {}) } });
  if (ok(created)) return objectBody<WpTerm>(created, `creating the ${what}`).id;
  const body = (() => {
    try {
      return created.json<{ code?: string; data?: { term_id?: number } }>();
    } catch {
      return null;
    }
  })();
  if (body?.code === "term_exists" && typeof body.data?.term_id === "number") return body.data.term_id;
  if (created.status === 403 && body?.code === "rest_cannot_create") {
    await ctx.log("warn", "wordpress.terms", `The WordPress user may not create the ${what} “${name}”; the post was saved without it.`);
    return null;
  }
  throw wordpressError(created, `creating the ${what} “${name}”`);
}

// ---------- posts ----------

function toRemote(post: WpPost): RemotePost {
  return { remoteId: String(post.id), url: post.link ?? null, status: post.status, live: post.status === "publish", version: null };
}

async function postBody(
  ctx: AdapterContext,
  config: WordPressConfig,
  post: PostInput,
  featured: UploadedMedia | null,
  remoteStatus: string | null,
) {
  const now = Date.now();
  const scheduled = post.mode === "live" && post.scheduleAt && post.scheduleAt.getTime() > now + 60_000 ? post.scheduleAt : null;
  const status = post.mode !== "live" ? "draft" : scheduled ? "future" : "publish";
  // Every date we send is date_gmt (UTC, no offset): `date` is site-local and lands posts at the wrong hour.
  // An update of a post that is already live keeps its original date; anything else is dated now or at scheduleAt.
  const keepDate = remoteStatus === "publish" && status === "publish";
  const [tagIds, categoryId] = await Promise.all([
    resolveTerms(ctx, config.restRoot, "tags", [...new Set(post.tags.map((t) => t.trim()).filter(Boolean))]),
    config.category
      ? resolveTerms(ctx, config.restRoot, "categories", [config.category]).then(([id]) => id ?? null)
      : Promise.resolve(null),
  ]);
  const meta: Record<string, string> = {};
  for (const plugin of config.seo) {
    meta[SEO_KEYS[plugin].title] = post.metaTitle;
    meta[SEO_KEYS[plugin].description] = post.metaDescription;
  }
  return {
    title: post.title,
    content: post.html,
    excerpt: post.excerpt,
    slug: post.slug,
    status,
    ...(keepDate ? {} : { date_gmt: wpGmt(scheduled ?? new Date(now)) }),
    tags: [...new Set(tagIds.filter((id): id is number => id !== null))],
    ...(categoryId !== null ? { categories: [categoryId] } : {}),
    // 0 clears a featured image the article no longer has (updates only).
    ...(featured ? { featured_media: Number(featured.remoteId) } : remoteStatus !== null ? { featured_media: 0 } : {}),
    ...(config.seo.length ? { meta } : {}),
  };
}

/** WordPress drops meta keys it does not know without an error: check what came back. */
async function checkSeoReadBack(ctx: AdapterContext, config: WordPressConfig, post: PostInput, saved: WpPost) {
  for (const plugin of config.seo) {
    const keys = SEO_KEYS[plugin];
    if (saved.meta?.[keys.title] !== post.metaTitle || saved.meta?.[keys.description] !== post.metaDescription) {
      await ctx.log(
        "warn",
        "wordpress.seo",
        `The ${plugin === "yoast" ? "Yoast" : "Rank Math"} SEO title/description did not stick on post ${saved.id}; run the connection check.`,
      );
    }
  }
}

async function savePost(
  ctx: AdapterContext,
  post: PostInput,
  featured: UploadedMedia | null,
  remoteId: string | null,
): Promise<RemotePost> {
  const config = readConfig(ctx.config);
  let remoteStatus: string | null = null;
  if (remoteId) {
    const current = await readPost(ctx, config, remoteId);
    if (!current) throw new PublishError("not_found", "The post no longer exists in WordPress (it was deleted there).");
    remoteStatus = current.status;
  }
  const body = await postBody(ctx, config, post, featured, remoteStatus);
  const route = remoteId ? `wp/v2/posts/${encodeURIComponent(remoteId)}` : "wp/v2/posts";
  const response = await call(ctx, config.restRoot, ctx.credentials, "POST", route, { json: body });
  if (!ok(response)) throw wordpressError(response, remoteId ? "updating the post" : "creating the post");
  const saved = objectBody<WpPost>(response, "the saved post");
  if (typeof saved.id !== "number") {
    throw new PublishError("transient", "WordPress sent an answer without the saved post.", { detail: describeResponse(response) });
  }
  await ctx.log("info", remoteId ? "wordpress.update" : "wordpress.create", `post ${saved.id} ${saved.status} (HTTP ${response.status})`);
  await checkSeoReadBack(ctx, config, post, saved);
  return toRemote(saved);
}

async function readPost(ctx: AdapterContext, config: WordPressConfig, remoteId: string): Promise<WpPost | null> {
  const response = await call(ctx, config.restRoot, ctx.credentials, "GET", `wp/v2/posts/${encodeURIComponent(remoteId)}`, {
    query: { context: "edit", _fields: "id,slug,status,link,author,title,meta" },
  });
  if (response.status === 404 || response.status === 410) {
    const error = wordpressError(response, "reading the post");
    if (error.kind === "not_found") return null;
    throw error;
  }
  if (!ok(response)) throw wordpressError(response, "reading the post");
  const post = objectBody<WpPost>(response, "the post");
  return post.status === "trash" ? null : post;
}

// ---------- the adapter ----------

function parseSecret(secret: string): Credentials {
  const value = secret.trim();
  const colon = value.indexOf(":");
  const username = colon > 0 ? value.slice(0, colon).trim() : "";
  const applicationPassword = colon > 0 ? value.slice(colon + 1).replace(/\s+/g, "") : "";
  if (!username || !applicationPassword) throw new PublishError("invalid", MISSING_KEY_MESSAGE);
  return { username, applicationPassword };
}

function seoCheck(finding: SeoFinding): DoctorCheck {
  const label = "SEO title and description";
  if (finding.writable.includes("yoast")) {
    return check(
      "seo",
      label,
      "pass",
      "Yoast SEO fields are writable over the REST API: Inkpilot sets each post's SEO title and meta description.",
    );
  }
  if (finding.writable.includes("rank_math")) {
    return check(
      "seo",
      label,
      "pass",
      "Rank Math fields are writable over the REST API: Inkpilot sets each post's SEO title and meta description.",
    );
  }
  if (!finding.known) {
    return check(
      "seo",
      label,
      "warn",
      "Could not read which post fields this site accepts, so SEO fields will not be set; the excerpt is still set.",
      "Click Check again; if it stays, a plugin hides the REST API schema.",
    );
  }
  if (finding.installed.includes("rank_math")) {
    return check(
      "seo",
      label,
      "warn",
      "Rank Math is installed but does not open its SEO title and description to the REST API, so Inkpilot cannot set them (it sets the excerpt).",
      "Install a Rank Math REST helper plugin that registers rank_math_title and rank_math_description with show_in_rest (for example “Rank Math API Manager”), then Check again.",
    );
  }
  if (finding.installed.includes("yoast")) {
    return check(
      "seo",
      label,
      "warn",
      "Yoast SEO is installed but its title and description fields are not writable over the REST API, so Inkpilot cannot set them.",
      "Update Yoast SEO to its current version, then Check again.",
    );
  }
  return check(
    "seo",
    label,
    "warn",
    "No SEO plugin found: WordPress itself has no SEO title or meta description, so Inkpilot sets the post excerpt (many themes use it) and the title.",
    "Install Yoast SEO (or Rank Math with its REST helper) and Check again to have the SEO title and description set on each post.",
  );
}

export const wordpressAdapter: PublishingAdapter = {
  facts: {
    platform: "wordpress",
    name: "WordPress",
    description: "Your self-hosted WordPress site, connected with an Application Password.",
    connectKind: "form",
    customerHost: true,
    supportsDraft: true,
    supportsSchedule: true,
    limitations: [
      "Needs WordPress 5.6 or newer served over HTTPS (Application Passwords are only offered there).",
      "SEO title and meta description are set only with Yoast SEO, or Rank Math with its REST helper plugin; without them Inkpilot sets the excerpt and the connection check says so.",
      "Security plugins (Wordfence and others) and some hosts block the REST API or Application Passwords; the connection check names the block and the setting to change.",
      "An Author account cannot create new categories (Inkpilot skips a missing one and notes it in the log); a Contributor can neither publish nor upload images.",
      "Scheduled posts go live through WP-Cron, which runs on visits: on quiet sites they can appear a few minutes late.",
      "WordPress has no canonical URL field over its REST API, so a canonical pointing elsewhere is not set.",
    ],
  },

  async connect(input, ctx) {
    const credentials = parseSecret(input.secret);
    const siteUrl = normalizeSiteUrl(input.siteUrl);
    const { root, via } = await discoverRestRoot(ctx, siteUrl);
    await ctx.log("info", "wordpress.discovery", `REST root ${root} (${via})`);
    const index = await loadIndex(ctx, root);
    const user = await readMe(ctx, root, credentials);
    let appPasswordUuid: string | null = null;
    try {
      const introspect = await call(ctx, root, credentials, "GET", "wp/v2/users/me/application-passwords/introspect");
      if (ok(introspect)) appPasswordUuid = introspect.json<{ uuid?: string }>().uuid ?? null;
    } catch {
      // WordPress before 5.7 has no introspection; disconnect then only forgets the password.
    }
    const seo = await detectSeo(ctx, root, index);
    const config: WordPressConfig = {
      restRoot: root,
      permalinks: root.includes("rest_route=") ? "plain" : "pretty",
      discoveredBy: via,
      seo: seo.writable,
      userId: typeof user.id === "number" ? user.id : null,
      userLogin: user.username ?? user.slug ?? credentials.username!,
      roles: user.roles ?? [],
      appPasswordUuid,
      category: input.options.category?.trim() || null,
    };
    return {
      siteUrl: (typeof index.home === "string" && index.home) || siteUrl,
      name: plainMessage(index.name) || new URL(siteUrl).host,
      credentials,
      config,
    };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    let config: WordPressConfig;
    try {
      config = readConfig(ctx.config);
    } catch (error) {
      return [failedCheck("rest", "WordPress REST API reachable", error)];
    }
    let index: WpIndex;
    try {
      index = await loadIndex(ctx, config.restRoot);
      checks.push(check("rest", "WordPress REST API reachable", "pass", `The REST API answers at ${config.restRoot}.`));
    } catch (error) {
      checks.push(failedCheck("rest", "WordPress REST API reachable", error));
      return checks;
    }

    let user: WpUser | null = null;
    try {
      user = await readMe(ctx, config.restRoot, ctx.credentials);
      // The users route can be open while writing is blocked: a light authenticated list of drafts proves REST access with the password.
      const probe = await call(ctx, config.restRoot, ctx.credentials, "GET", "wp/v2/posts", {
        query: { status: "draft", context: "edit", per_page: 1, _fields: "id" },
      });
      if (!ok(probe)) throw wordpressError(probe, "reading posts");
      checks.push(
        check(
          "credentials",
          "Credentials accepted",
          "pass",
          `Signed in as ${user.username ?? user.slug ?? config.userLogin} (${(user.roles ?? []).join(", ") || "no role"}).`,
        ),
      );
    } catch (error) {
      checks.push(failedCheck("credentials", "Credentials accepted", error));
      user = null;
    }

    if (user) {
      const role = (user.roles ?? []).join(", ") || "no role";
      checks.push(
        hasCap(user, "publish_posts")
          ? check("publish", "Can publish posts", "pass", `The ${role} role can publish and schedule posts.`)
          : check(
              "publish",
              "Can publish posts",
              "fail",
              `This user (${role}) can only write drafts for review: publishing live or scheduling will be refused.`,
              FIX.role,
            ),
      );
      checks.push(
        hasCap(user, "upload_files")
          ? check("upload", "Can upload images", "pass", "Images can be uploaded to the media library.")
          : check(
              "upload",
              "Can upload images",
              "fail",
              `This user (${role}) cannot upload to the media library, so posts with images cannot be sent.`,
              FIX.role,
            ),
      );
      checks.push(
        hasCap(user, "manage_categories")
          ? check("categories", "Can create categories", "pass", "Missing categories and tags are created when a post needs them.")
          : check(
              "categories",
              "Can create categories",
              "warn",
              "This user cannot create new categories: existing ones are used and a missing one is skipped (noted in the log). Tags are still created.",
              "Create the categories in WordPress first, or connect an Editor or Administrator.",
            ),
      );
    }

    checks.push(seoCheck(await detectSeo(ctx, config.restRoot, index)));

    checks.push(
      config.permalinks === "plain"
        ? check(
            "permalinks",
            "Permalinks",
            "warn",
            "The site uses plain permalinks: posts get addresses like ?p=123 instead of readable ones, which is worse for SEO. Publishing works.",
            "In WordPress open Settings → Permalinks, choose “Post name” and save; then reconnect so Inkpilot uses the /wp-json/ address.",
          )
        : check("permalinks", "Permalinks", "pass", "Posts get readable addresses from their slug."),
    );
    return checks;
  },

  async findExisting(ctx, post) {
    const config = readConfig(ctx.config);
    const response = await call(ctx, config.restRoot, ctx.credentials, "GET", "wp/v2/posts", {
      query: {
        slug: `${post.slug},${post.slug}-2`,
        status: FIND_STATUSES,
        context: "edit",
        per_page: 20,
        _fields: "id,slug,status,link,author,title",
      },
    });
    if (!ok(response)) throw wordpressError(response, "looking for the post");
    const list = response.json<unknown>();
    if (!Array.isArray(list))
      throw new PublishError("transient", "WordPress sent an answer we could not read while looking for the post.", {
        detail: describeResponse(response),
      });
    const found = pickExisting(list as WpPost[], post.slug, post.title, config.userId);
    return found ? toRemote(found) : null;
  },

  async uploadMedia(ctx, file: MediaFile) {
    const config = readConfig(ctx.config);
    const filename = uploadFilename(file.filename, file.mimeType);
    // One request per image: the media route takes multipart with the file in `file` and the attachment's fields
    // beside it (WP_REST_Attachments_Controller::create_item saves alt_text from the same request), so the
    // alt text no longer needs a second POST to /wp/v2/media/{id}.
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), filename);
    if (file.alt) form.append("alt_text", file.alt);
    const encoded = new Response(form);
    const response = await call(ctx, config.restRoot, ctx.credentials, "POST", "wp/v2/media", {
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { "Content-Type": encoded.headers.get("content-type")! },
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    if (!ok(response)) throw wordpressError(response, `uploading the image ${filename}`);
    const item = objectBody<{ id?: number; source_url?: string; alt_text?: string }>(response, "the uploaded image");
    if (typeof item.id !== "number" || !item.source_url) {
      throw new PublishError("transient", "WordPress did not say where it stored the image.", { detail: describeResponse(response) });
    }
    // The image is stored already: alt text that did not stick (a plugin filtering it) is logged, not retried (a retry would upload it twice).
    if (file.alt && typeof item.alt_text === "string" && !item.alt_text.trim()) {
      await ctx.log("warn", "wordpress.media", `alt text not saved on media ${item.id}`);
    }
    return { remoteId: String(item.id), url: item.source_url };
  },

  create(ctx, post, featured) {
    return savePost(ctx, post, featured, null);
  },

  update(ctx, remote, post, featured) {
    return savePost(ctx, post, featured, remote.remoteId);
  },

  async read(ctx, remoteId) {
    const post = await readPost(ctx, readConfig(ctx.config), remoteId);
    return post ? toRemote(post) : null;
  },

  async disconnect(ctx) {
    try {
      const config = readConfig(ctx.config);
      let uuid = config.appPasswordUuid;
      if (!uuid) {
        const introspect = await call(ctx, config.restRoot, ctx.credentials, "GET", "wp/v2/users/me/application-passwords/introspect");
        uuid = ok(introspect) ? (introspect.json<{ uuid?: string }>().uuid ?? null) : null;
      }
      if (!uuid) {
        await ctx.log("info", "wordpress.disconnect", "application password not identified; delete it in WordPress under Users → Profile");
        return;
      }
      const response = await call(
        ctx,
        config.restRoot,
        ctx.credentials,
        "DELETE",
        `wp/v2/users/me/application-passwords/${encodeURIComponent(uuid)}`,
      );
      await ctx.log(
        ok(response) ? "info" : "warn",
        "wordpress.disconnect",
        ok(response) ? "application password revoked" : describeResponse(response),
      );
    } catch (error) {
      await ctx.log("warn", "wordpress.disconnect", error instanceof Error ? error.message : String(error));
    }
  },
};
