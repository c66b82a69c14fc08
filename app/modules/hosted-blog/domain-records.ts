import type { BlogHostname } from "./domain-name";

/**
 * The DNS records a customer adds for their blog's domain, and what live lookups found of them
 * (docs/decisions/076-blog-custom-domains.md). Ownership is a TXT record at _inkpilot.<hostname> holding the
 * domain's token, so nobody can point a domain they do not control at their blog; routing is a CNAME to the app
 * for a subdomain, or A and AAAA records for an apex, which DNS does not allow a CNAME at. Pure.
 */

type RecordType = "TXT" | "CNAME" | "A" | "AAAA";
export type ExpectedRecord = { type: RecordType; name: string; value: string; purpose: "ownership" | "routing" };
export type FoundRecords = { txt: string[]; cname: string[]; a: string[]; aaaa: string[] };
export type RecordCheck = ExpectedRecord & { ok: boolean; message: string };
/** Where the app answers: the CNAME target and, for an apex, its addresses. */
export type DomainTarget = { cname: string; ipv4: string[]; ipv6: string[] };

export const ownershipName = (hostname: string) => `_inkpilot.${hostname}`;
const ownershipValue = (token: string) => `inkpilot-verification=${token}`;

export function expectedRecords(domain: BlogHostname, token: string, target: DomainTarget): ExpectedRecord[] {
  const ownership: ExpectedRecord = {
    type: "TXT",
    name: ownershipName(domain.hostname),
    value: ownershipValue(token),
    purpose: "ownership",
  };
  if (!domain.apex) return [ownership, { type: "CNAME", name: domain.hostname, value: target.cname, purpose: "routing" }];
  return [
    ownership,
    ...target.ipv4.map((ip) => ({ type: "A" as const, name: domain.hostname, value: ip, purpose: "routing" as const })),
    ...target.ipv6.map((ip) => ({ type: "AAAA" as const, name: domain.hostname, value: ip, purpose: "routing" as const })),
  ];
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** Each expected record against what the lookups found, with what to do about one that is missing or wrong. */
export function checkRecords(expected: ExpectedRecord[], found: { ownership: FoundRecords; host: FoundRecords }): RecordCheck[] {
  return expected.map((record) => {
    if (record.type === "TXT") {
      const ok = found.ownership.txt.includes(record.value);
      const other = found.ownership.txt.find((t) => t.startsWith("inkpilot-verification="));
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
      const cname = found.host.cname.map(bare);
      const ok = cname.includes(bare(record.value));
      const message = ok
        ? "Found."
        : cname.length
          ? `${record.name} points at ${cname[0]}, not ${record.value}. Change the CNAME record's target.`
          : found.host.a.length || found.host.aaaa.length
            ? `${record.name} has address records instead of a CNAME to ${record.value}. Remove them and add the CNAME.`
            : `No CNAME record for ${record.name} yet. Add one pointing at ${record.value}.`;
      return { ...record, ok, message };
    }
    const addresses = record.type === "A" ? found.host.a : found.host.aaaa;
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
  });
}
