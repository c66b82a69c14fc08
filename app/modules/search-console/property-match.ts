import type { SearchProperty } from "./types";

/**
 * Which of a Google account's Search Console properties is the site's (docs/decisions/060-search-results.md):
 * a domain property (`sc-domain:example.com`) covering the site's host wins; otherwise a URL-prefix property
 * (`https://www.example.com/blog/`) whose prefix covers the site's address, counting its http/https and www
 * variants. One such property is chosen at once; several, or none, leave the choice to the customer.
 * Properties the account may not read (siteUnverifiedUser) never count. Pure, no I/O.
 */

export type PropertyMatch =
  { kind: "one"; property: string } | { kind: "several"; candidates: string[] } | { kind: "none"; domain: string };

const READABLE = new Set(["siteOwner", "siteFullUser", "siteRestrictedUser"]);

export function readableProperties(properties: SearchProperty[]) {
  return properties.filter((p) => READABLE.has(p.permissionLevel)).map((p) => p.siteUrl);
}

/** The site's host without `www.`, lower case; null for an address that is not http(s). */
export function siteDomain(siteUrl: string): string | null {
  try {
    const url = new URL(siteUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The site's address in its four scheme and www forms, each ending in a slash when it is a bare path. */
function addressVariants(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const port = url.port ? `:${url.port}` : "";
  const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  return ["https:", "http:"].flatMap((scheme) => [`${scheme}//${host}${port}${path}`, `${scheme}//www.${host}${port}${path}`]);
}

function domainCovers(property: string, domain: string) {
  const covered = property.slice("sc-domain:".length).toLowerCase();
  return domain === covered || domain.endsWith(`.${covered}`);
}

/**
 * Whether a URL belongs to a property, as Google reads it: `sc-domain:example.com` covers the domain and its
 * subdomains; a URL-prefix property covers what starts with it, scheme and host exactly (in any letter case),
 * the path as written. The one rule for matching a site, inspecting a URL and submitting a sitemap.
 */
export function propertyCovers(property: string, url: string) {
  let target: URL;
  let prefix: URL;
  try {
    target = new URL(url);
    if (property.startsWith("sc-domain:")) return domainCovers(property, target.hostname.toLowerCase());
    prefix = new URL(property);
  } catch {
    return false;
  }
  return prefix.protocol === target.protocol && prefix.host === target.host && target.pathname.startsWith(prefix.pathname);
}

/** A URL-prefix property covers the site when it covers any of the site's scheme and www forms. */
function prefixCovers(property: string, variants: string[]) {
  return variants.some((variant) => propertyCovers(property, variant));
}

export function matchProperty(siteUrl: string, properties: SearchProperty[]): PropertyMatch {
  const domain = siteDomain(siteUrl);
  if (!domain) return { kind: "none", domain: siteUrl };
  const readable = readableProperties(properties);
  const domains = readable.filter((p) => p.startsWith("sc-domain:") && domainCovers(p, domain));
  // The closest domain property (blog.example.com before example.com) when several cover the host.
  const longest = Math.max(0, ...domains.map((p) => p.length));
  const closest = domains.filter((p) => p.length === longest);
  if (closest.length === 1) return { kind: "one", property: closest[0]! };
  if (closest.length > 1) return { kind: "several", candidates: closest };
  const variants = addressVariants(siteUrl);
  const prefixes = readable.filter((p) => !p.startsWith("sc-domain:") && prefixCovers(p, variants));
  if (prefixes.length === 1) return { kind: "one", property: prefixes[0]! };
  if (prefixes.length > 1) return { kind: "several", candidates: prefixes };
  return { kind: "none", domain };
}

/** A property as the customer reads it: 'example.com (domain)' or the URL prefix itself. */
export function propertyLabel(property: string) {
  return property.startsWith("sc-domain:") ? `${property.slice("sc-domain:".length)} (domain property)` : property;
}
