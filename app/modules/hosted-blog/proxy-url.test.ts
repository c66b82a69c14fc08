import { describe, expect, it } from "vitest";
import { isProxiedRequest, parseProxyUrl, proxyCheckBody } from "./proxy-url";

describe("the address a customer's proxy serves the blog at", () => {
  it("is https on a public name with a short path, without a trailing slash", () => {
    expect(parseProxyUrl("TheirCompany.com/Blog/")).toEqual({
      ok: true,
      value: { publicUrl: "https://theircompany.com/blog", host: "theircompany.com", prefix: "/blog" },
    });
    expect(parseProxyUrl("https://www.shop.co.uk/resources/articles")).toMatchObject({
      ok: true,
      value: { prefix: "/resources/articles" },
    });
  });

  it("refuses the site's root, http, queries, odd paths, internal names and our own host", () => {
    const message = (input: string) => {
      const result = parseProxyUrl(input, { ownHosts: ["inkpilot.app"] });
      return result.ok ? null : result.message;
    };
    expect(message("https://theircompany.com/")).toBe("Enter the path your site will show the blog under, such as /blog.");
    expect(message("http://theircompany.com/blog")).toBe("Your site must serve the blog over https.");
    expect(message("https://theircompany.com/blog?x=1")).toBe("Enter the address without a query, a fragment or a password.");
    expect(message("https://theircompany.com/a/b/c/d")).toMatch(/^Use a short path/);
    expect(message("https://theircompany.com/bl%20og")).toMatch(/^Use a short path/);
    expect(message("https://intranet.corp/blog")).toMatch(/not under a public domain ending/);
    expect(message("https://intranet/blog")).toBe("Enter a domain name such as blog.yourcompany.com.");
    expect(message("https://blog.inkpilot.app/blog")).toBe("That is Inkpilot's own address. Use a domain of yours.");
  });

  it("lets a local proxy on the test allowlist be http", () => {
    expect(parseProxyUrl("http://127.0.0.1:4100/blog", { localHosts: ["127.0.0.1:4100"] })).toMatchObject({
      ok: true,
      value: { publicUrl: "http://127.0.0.1:4100/blog" },
    });
    expect(parseProxyUrl("http://127.0.0.1:4101/blog", { localHosts: ["127.0.0.1:4100"] }).ok).toBe(false);
  });
});

describe("a request through the proxy", () => {
  const proxy = { publicUrl: "https://theircompany.com/blog", token: "t0ken-of-the-blog" };
  const headers = (given: Record<string, string>) => new Headers(given);
  const through = { "Inkpilot-Proxy-Token": proxy.token, "X-Forwarded-Host": "theircompany.com", "X-Forwarded-Prefix": "/blog/" };

  it("carries the blog's token and the host and prefix of its address", () => {
    expect(isProxiedRequest(headers(through), proxy)).toBe(true);
    // A chain of proxies appends; the first value is the visitor's.
    expect(isProxiedRequest(headers({ ...through, "X-Forwarded-Host": "theircompany.com, edge.internal" }), proxy)).toBe(true);
    expect(isProxiedRequest(headers({ ...through, "X-Forwarded-Host": "TheirCompany.com:443" }), proxy)).toBe(true);
  });

  it("is not believed without the token, with another token, or for another address", () => {
    expect(isProxiedRequest(headers({ ...through, "Inkpilot-Proxy-Token": "" }), proxy)).toBe(false);
    expect(isProxiedRequest(headers({ ...through, "Inkpilot-Proxy-Token": "t0ken-of-the-blo9" }), proxy)).toBe(false);
    expect(isProxiedRequest(headers({ ...through, "X-Forwarded-Host": "evil.example" }), proxy)).toBe(false);
    expect(isProxiedRequest(headers({ ...through, "X-Forwarded-Prefix": "/news" }), proxy)).toBe(false);
    expect(isProxiedRequest(headers({ "X-Forwarded-Host": "theircompany.com", "X-Forwarded-Prefix": "/blog" }), proxy)).toBe(false);
  });

  it("answers the check with a proof that does not show the token", () => {
    expect(proxyCheckBody(proxy.token)).toMatch(/^inkpilot-proxy-check=[0-9a-f]{32}$/);
    expect(proxyCheckBody(proxy.token)).not.toContain(proxy.token);
  });
});
