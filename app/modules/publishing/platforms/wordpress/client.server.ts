import { describeResponse, platformRequest, type PlatformRequest, type PlatformResponse } from "../../http.server";
import { PublishError, type ConnectionConfig, type Credentials } from "../../types";
import { FIX, wordpressError } from "./errors.server";

/**
 * Requests to a self-hosted WordPress: the REST root's discovery and routes, Basic
 * auth with the Application Password, and what the index says about the site
 * (the user's role, the SEO meta keys that will stick).
 */

export const SEO_KEYS = {
  yoast: { title: "_yoast_wpseo_title", description: "_yoast_wpseo_metadesc" },
  rank_math: { title: "rank_math_title", description: "rank_math_description" },
} as const;
type SeoPlugin = keyof typeof SEO_KEYS;
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

type Ctx = { correlationId: string; signal: AbortSignal };

function basicAuth(credentials: Credentials) {
  // Application passwords are shown in groups of four; WordPress ignores the spaces, we drop them anyway.
  const password = (credentials.applicationPassword ?? "").replace(/\s+/g, "");
  return `Basic ${Buffer.from(`${credentials.username ?? ""}:${password}`, "utf8").toString("base64")}`;
}

export async function call(
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

export const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

/** The JSON object of a successful answer; an answer that is not one is malformed (transient). */
export function objectBody<T>(response: PlatformResponse, what: string): T {
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

export function readConfig(config: ConnectionConfig): WordPressConfig {
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
export function normalizeSiteUrl(input: string): string {
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

export type WpIndex = {
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

export async function loadIndex(ctx: Ctx, root: string): Promise<WpIndex> {
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

export type WpUser = {
  id: number;
  username?: string;
  slug?: string;
  name?: string;
  roles?: string[];
  capabilities?: Record<string, boolean>;
};

export async function readMe(ctx: Ctx, root: string, credentials: Credentials): Promise<WpUser> {
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

export type SeoFinding = { writable: SeoPlugin[]; installed: SeoPlugin[]; known: boolean };

export async function detectSeo(ctx: Ctx, root: string, index: WpIndex): Promise<SeoFinding> {
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

export const hasCap = (user: WpUser, cap: string) => user.capabilities?.[cap] === true;

export function parseSecret(secret: string): Credentials {
  const value = secret.trim();
  const colon = value.indexOf(":");
  const username = colon > 0 ? value.slice(0, colon).trim() : "";
  const applicationPassword = colon > 0 ? value.slice(colon + 1).replace(/\s+/g, "") : "";
  if (!username || !applicationPassword) throw new PublishError("invalid", MISSING_KEY_MESSAGE);
  return { username, applicationPassword };
}
