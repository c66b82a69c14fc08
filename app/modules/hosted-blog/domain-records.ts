import type { BlogHostname } from "./domain-name";

/**
 * The DNS records a customer adds for their blog's domain, and what live lookups found of them
 * (docs/decisions/076-blog-custom-domains.md). Ownership is a TXT record at _inkpilot.<hostname> holding the
 * domain's token, so nobody can point a domain they do not control at their blog; routing is a CNAME to the app
 * for a subdomain, or A and AAAA records for an apex, which DNS does not allow a CNAME at. Pure.
 */

type RecordType = "TXT" | "CNAME" | "A" | "AAAA";
/** "www": the optional record that lets the apex's www name (or a www name's apex) send visitors to the blog's. */
export type ExpectedRecord = { type: RecordType; name: string; value: string; purpose: "ownership" | "routing" | "www" };
export type FoundRecords = { txt: string[]; cname: string[]; a: string[]; aaaa: string[] };
export type RecordCheck = ExpectedRecord & { ok: boolean; message: string };
/** Where the app answers: the CNAME target and, for an apex, its addresses. */
export type DomainTarget = { cname: string; ipv4: string[]; ipv6: string[] };

const ownershipName = (hostname: string) => `_inkpilot.${hostname}`;
const ownershipValue = (token: string) => `inkpilot-verification=${token}`;

/**
 * The other name of the same site that visitors type: www.<apex> beside an apex, the apex beside www.<apex>; none
 * for any other subdomain. Once it points at the app it answers 301 to the blog's own name.
 */
export function companionOf(domain: BlogHostname): BlogHostname | null {
  if (domain.apex) return { hostname: `www.${domain.hostname}`, apex: false };
  if (domain.apexName && domain.hostname === `www.${domain.apexName}`) return { hostname: domain.apexName, apex: true };
  return null;
}

function routingRecords(domain: BlogHostname, target: DomainTarget, purpose: "routing" | "www"): ExpectedRecord[] {
  if (!domain.apex) return [{ type: "CNAME", name: domain.hostname, value: target.cname, purpose }];
  return [
    ...target.ipv4.map((ip) => ({ type: "A" as const, name: domain.hostname, value: ip, purpose })),
    ...target.ipv6.map((ip) => ({ type: "AAAA" as const, name: domain.hostname, value: ip, purpose })),
  ];
}

export function expectedRecords(domain: BlogHostname, token: string, target: DomainTarget): ExpectedRecord[] {
  const ownership: ExpectedRecord = {
    type: "TXT",
    name: ownershipName(domain.hostname),
    value: ownershipValue(token),
    purpose: "ownership",
  };
  const companion = companionOf(domain);
  return [ownership, ...routingRecords(domain, target, "routing"), ...(companion ? routingRecords(companion, target, "www") : [])];
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, "");

const NOTHING: FoundRecords = { txt: [], cname: [], a: [], aaaa: [] };

/**
 * Each expected record against what the lookups of its name found (`found` by name), with what to do about one
 * that is missing or wrong.
 */
export function checkRecords(expected: ExpectedRecord[], found: Record<string, FoundRecords>): RecordCheck[] {
  return expected.map((record) => {
    const check = checkRecord(record, found[record.name] ?? NOTHING);
    if (check.ok || record.purpose !== "www") return check;
    return { ...check, message: `Optional, so visitors who type ${record.name} reach your blog: ${lowerFirst(check.message)}` };
  });
}

const lowerFirst = (text: string) => (/^(No|The) /.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

function checkRecord(record: ExpectedRecord, host: FoundRecords): RecordCheck {
  if (record.type === "TXT") {
    const ok = host.txt.includes(record.value);
    const other = host.txt.find((t) => t.startsWith("inkpilot-verification="));
    return {
      ...record,
      ok,
      message: ok
        ? "Found."
        : other
          ? `The TXT record at ${record.name} holds another token (${other}). Replace it with the value shown.`
          : `No TXT record at ${record.name} yet. Add it with the value shown; DNS changes can take up to an hour to appear.`,
    };
  }
  if (record.type === "CNAME") {
    const cname = host.cname.map(bare);
    const ok = cname.includes(bare(record.value));
    const message = ok
      ? "Found."
      : cname.length
        ? `${record.name} points at ${cname[0]}, not ${record.value}. Change the CNAME record's target.`
        : host.a.length || host.aaaa.length
          ? `${record.name} has address records instead of a CNAME to ${record.value}. Remove them and add the CNAME.`
          : `No CNAME record for ${record.name} yet. Add one pointing at ${record.value}.`;
    return { ...record, ok, message };
  }
  const addresses = record.type === "A" ? host.a : host.aaaa;
  const ok = addresses.includes(record.value);
  const others = addresses.filter((a) => a !== record.value);
  return {
    ...record,
    ok,
    message: ok
      ? "Found."
      : others.length
        ? `${record.name} has the ${record.type} record ${others.join(", ")}, not ${record.value}. Replace it.`
        : `No ${record.type} record for ${record.name} with ${record.value} yet. Add it.`,
  };
}
