import { parse } from "tldts";

/**
 * The hostname a customer types for their blog, checked and normalised (docs/decisions/076-blog-custom-domains.md):
 * any pasted URL is cut to its host, lower-cased and IDNA-encoded; it must be a name under a public suffix (so not
 * an IP, "localhost" or an internal name), and not the product's own host. An apex (theircompany.com) is pointed at
 * the app by A/AAAA records, any other name by a CNAME. Pure.
 */

/** `apexName`: the registrable domain the hostname sits under (theircompany.com for blog.theircompany.com). */
export type BlogHostname = { hostname: string; apex: boolean; apexName?: string };
export type HostnameResult = { ok: true; value: BlogHostname } | { ok: false; message: string };

const MAX_HOSTNAME = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function hostOf(input: string) {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, "");
  try {
    // The URL parser cuts a pasted address to its host and IDNA-encodes it (bücher.de → xn--bcher-kva.de).
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`).hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
}

export function parseBlogHostname(input: string, ownHosts: string[] = []): HostnameResult {
  const host = hostOf(input);
  if (!host || !host.includes(".") || host.length > MAX_HOSTNAME || !host.split(".").every((l) => LABEL.test(l)))
    return { ok: false, message: "Enter a domain name such as blog.yourcompany.com." };
  const parts = parse(host);
  if (parts.isIp) return { ok: false, message: "Enter a domain name, not an IP address." };
  if (!parts.isIcann || !parts.domain)
    return { ok: false, message: "That name is not under a public domain ending (such as .com or .co.uk)." };
  if (ownHosts.some((own) => host === own || host.endsWith(`.${own}`)))
    return { ok: false, message: "That is Inkpilot's own address. Use a domain of yours." };
  return { ok: true, value: { hostname: host, apex: !parts.subdomain, apexName: parts.domain } };
}
