import { Resolver } from "node:dns/promises";
import { getEnv } from "#app/env.server";
import type { FoundRecords } from "./domain-records";

/**
 * Live DNS lookups of a customer's records (Node's resolver; DNS_SERVERS points it at the local DNS fake in tests).
 * A name without such records answers empty; only a failure of DNS itself throws.
 */

/** Answers that mean "no such record", not "DNS failed". */
const EMPTY = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN", "ENONAME"]);
const LOOKUP_TIMEOUT_MS = 4000;

function resolver() {
  const r = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  const servers = getEnv().DNS_SERVERS;
  if (servers) r.setServers(servers.split(",").map((s) => s.trim()));
  return r;
}

async function orEmpty<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (EMPTY.has((error as NodeJS.ErrnoException).code ?? "")) return [];
    throw error;
  }
}

export async function lookupRecords(name: string): Promise<FoundRecords> {
  const r = resolver();
  const [txt, cname, a, aaaa] = await Promise.all([
    orEmpty(r.resolveTxt(name)),
    orEmpty(r.resolveCname(name)),
    orEmpty(r.resolve4(name)),
    orEmpty(r.resolve6(name)),
  ]);
  // A TXT record may come in several strings; together they are its value.
  return { txt: txt.map((parts) => parts.join("")), cname, a, aaaa };
}
