/**
 * The reverse-proxy recipes for serving the hosted blog under a path of the customer's own site
 * (docs/decisions/078-blog-behind-a-proxy.md), filled in with the blog's own values: the Blog tab shows these
 * exact texts to copy, and tests/e2e/blog-proxy.spec.ts runs the nginx and Cloudflare Worker ones in front of the
 * built app. Each forwards <prefix>/<rest> to <blog>/<rest> and sends the token, the visitor's host and the prefix;
 * visitors' cookies stay with the customer's site. Pure.
 */

export type RecipeValues = {
  /** The blog's address here, https://app…/b/<blog>, without a trailing slash. */
  blogUrl: string;
  token: string;
  /** The path on the customer's site, such as /blog. */
  prefix: string;
};

export type ProxyRecipe = { id: "nginx" | "cloudflare" | "vercel"; name: string; where: string; text: string };

function nginx({ blogUrl, token, prefix }: RecipeValues) {
  const headers = [
    `    proxy_set_header Inkpilot-Proxy-Token "${token}";`,
    "    proxy_set_header X-Forwarded-Host $host;",
    `    proxy_set_header X-Forwarded-Prefix ${prefix};`,
    "    proxy_set_header X-Forwarded-Proto $scheme;",
    '    proxy_set_header Cookie "";',
    "    proxy_ssl_server_name on;",
  ].join("\n");
  return `# Inside your site's server { … } block. nginx sends the blog's own Host upstream, as Inkpilot expects.
location = ${prefix} {
    proxy_pass ${blogUrl};
${headers}
}

location ${prefix}/ {
    proxy_pass ${blogUrl}/;
${headers}
}
`;
}

function cloudflare({ blogUrl, token, prefix }: RecipeValues) {
  return `// A Worker on your site's route (for example yourcompany.com/*). Keep the token in a secret named
// INKPILOT_PROXY_TOKEN (Settings → Variables and Secrets) rather than in the code.
const INKPILOT_BLOG = "${blogUrl}";
const PREFIX = "${prefix}";

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== PREFIX && !url.pathname.startsWith(PREFIX + "/")) return fetch(request);
    const target = INKPILOT_BLOG + url.pathname.slice(PREFIX.length) + url.search;
    const headers = new Headers(request.headers);
    headers.set("Inkpilot-Proxy-Token", env.INKPILOT_PROXY_TOKEN ?? "${token}");
    headers.set("X-Forwarded-Host", url.host);
    headers.set("X-Forwarded-Prefix", PREFIX);
    headers.set("X-Forwarded-Proto", url.protocol.replace(":", ""));
    headers.delete("Cookie");
    headers.delete("Host");
    return fetch(target, { method: request.method, headers, redirect: "manual" });
  },
};
`;
}

function vercel({ blogUrl, token, prefix }: RecipeValues) {
  return `// middleware.ts at the root of your Next.js project on Vercel (rewrites in vercel.json cannot add headers).
// Keep the token in an environment variable named INKPILOT_PROXY_TOKEN rather than in the code.
import { NextResponse, type NextRequest } from "next/server";

const INKPILOT_BLOG = "${blogUrl}";
const PREFIX = "${prefix}";

export function middleware(request: NextRequest) {
  const { pathname, search, host, protocol } = request.nextUrl;
  const headers = new Headers(request.headers);
  headers.set("Inkpilot-Proxy-Token", process.env.INKPILOT_PROXY_TOKEN ?? "${token}");
  headers.set("X-Forwarded-Host", host);
  headers.set("X-Forwarded-Prefix", PREFIX);
  headers.set("X-Forwarded-Proto", protocol.replace(":", ""));
  headers.delete("cookie");
  return NextResponse.rewrite(new URL(INKPILOT_BLOG + pathname.slice(PREFIX.length) + search), { request: { headers } });
}

export const config = { matcher: ["${prefix}", "${prefix}/:path*"] };
`;
}

export function proxyRecipes(values: RecipeValues): ProxyRecipe[] {
  return [
    { id: "nginx", name: "nginx", where: "in your site's server block", text: nginx(values) },
    { id: "cloudflare", name: "Cloudflare Workers", where: "as a Worker on your site's route", text: cloudflare(values) },
    { id: "vercel", name: "Vercel (Next.js middleware)", where: "as middleware.ts in your project", text: vercel(values) },
  ];
}
