import crypto from "node:crypto";
import { parseBlogHostname } from "./domain-name";

/**
 * A hosted blog served under a path of the customer's own site (theircompany.com/blog) by their reverse proxy
 * (docs/decisions/078-blog-behind-a-proxy.md, recipes in docs/blog-behind-a-proxy.md). The proxy forwards
 * /blog/<rest> to /b/<blog>/<rest> here and sends three headers: the blog's token, and the host and path prefix
 * visitors asked for. Forwarded headers are believed only beside the right token, so nobody else can have the
 * blog rendered for an address of their choosing. Pure.
 */

const PROXY_TOKEN_HEADER = "inkpilot-proxy-token";
/** The file a check asks for through the proxy; it answers only to a request that came through it. */
export const PROXY_CHECK_FILE = "inkpilot-proxy-check.txt";

type ProxyUrl = { publicUrl: string; host: string; prefix: string };
export type ProxyUrlResult = { ok: true; value: ProxyUrl } | { ok: false; message: string };

const SEGMENT = /^[a-z0-9._~-]{1,64}$/i;

/**
 * The address visitors will use, as https://host/prefix without a trailing slash. `localHosts` (host:port) are
 * the test allowlist's: a local proxy there may be http and not under a public suffix.
 */
export function parseProxyUrl(
  input: string,
  { ownHosts = [], localHosts = [] }: { ownHosts?: string[]; localHosts?: string[] } = {},
): ProxyUrlResult {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return { ok: false, message: "Enter the address where your site will show the blog, such as https://yourcompany.com/blog." };
  }
  if (!localHosts.includes(url.host)) {
    const host = parseBlogHostname(url.hostname, ownHosts);
    if (!host.ok) return host;
    if (url.protocol !== "https:") return { ok: false, message: "Your site must serve the blog over https." };
  }
  if (url.search || url.hash || url.username || url.password)
    return { ok: false, message: "Enter the address without a query, a fragment or a password." };
  const segments = url.pathname.split("/").filter(Boolean);
  if (!segments.length) return { ok: false, message: "Enter the path your site will show the blog under, such as /blog." };
  if (segments.length > 3 || !segments.every((s) => SEGMENT.test(s)))
    return { ok: false, message: "Use a short path of letters, digits and dashes, such as /blog or /resources/articles." };
  const prefix = `/${segments.join("/").toLowerCase()}`;
  const host = url.host.toLowerCase();
  return { ok: true, value: { publicUrl: `${url.protocol}//${host}${prefix}`, host, prefix } };
}

function sameText(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The first value of a header a chain of proxies may have appended to. */
const first = (value: string | null) => (value ?? "").split(",")[0]!.trim();

/**
 * Whether a request came through the blog's proxy: its token, and the forwarded host and prefix of the blog's
 * public address. Anything else (a direct visit, another site's proxy, a token without the right headers) is not.
 */
export function isProxiedRequest(headers: Headers, proxy: { publicUrl: string; token: string }) {
  const given = headers.get(PROXY_TOKEN_HEADER);
  if (!given || !sameText(given, proxy.token)) return false;
  const url = new URL(proxy.publicUrl);
  // nginx's $host carries no port; the token is what proves the proxy, the host only which address it serves.
  const host = first(headers.get("x-forwarded-host")).toLowerCase().replace(/:\d+$/, "");
  const prefix = first(headers.get("x-forwarded-prefix")).replace(/\/+$/, "").toLowerCase();
  return host === url.hostname && prefix === url.pathname;
}

/** What the check file holds: proof the answer came from this blog, without showing the token itself. */
export function proxyCheckBody(token: string) {
  return `inkpilot-proxy-check=${crypto.createHash("sha256").update(token).digest("hex").slice(0, 32)}`;
}
