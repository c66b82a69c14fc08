import type { DB } from "#app/db/client.server";
import { DAY, isoNow } from "#app/utils/time";
import { chooseMarket, type Market, marketKey } from "./market";
import type { KeywordData, ProviderCallOptions, ResearchProvider, Serp } from "./types";

/**
 * Provider answers cached per site and key (docs/decisions/058-research.md).
 * A fresh row is answered from the database; a stale or missing one asks the
 * provider and is stored before it is used, so a retry or a second article on
 * the same keyword never pays twice. Every answer is asked for the site's
 * market and cached under it (docs/decisions/073-research-market.md), so a site
 * that changes its language is never served the old language's answers.
 */

/** How long each kind of answer stays fresh: search results move weekly, keyword figures monthly. */
export const FRESHNESS_MS = { serp: 14 * DAY, keyword: 30 * DAY, ideas: 30 * DAY, page: 30 * DAY, market: 7 * DAY } as const;
export type CacheKind = keyof typeof FRESHNESS_MS;

/** Counters for bench:research and the logs: provider calls made and answers served from the cache. */
export type ResearchCounters = { providerCalls: number; cacheHits: number; pagesFetched: number };
export const newCounters = (): ResearchCounters => ({ providerCalls: 0, cacheHits: 0, pagesFetched: 0 });

export type CacheOptions = ProviderCallOptions & { now?: Date; counters?: ResearchCounters };

export const cacheKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Whose searches the site's research asks about: its content language and time zone, among the
 * countries and languages the provider covers (market.ts). A market given in the options wins.
 */
export async function siteMarket(db: DB, siteId: string, provider: ResearchProvider, options: CacheOptions = {}): Promise<Market> {
  if (options.market) return options.market;
  const site = await db
    .selectFrom("sites as s")
    .leftJoin("content_settings as c", "c.site_id", "s.id")
    .select(["s.timezone", "c.language"])
    .where("s.id", "=", siteId)
    .executeTakeFirst();
  const language = site?.language ?? "en-US";
  const timeZone = site?.timezone ?? "UTC";
  // Kept per language and zone, so a cached answer is served without asking the provider for its list again.
  const key = `${language}|${timeZone}`;
  const now = options.now ?? new Date();
  const cached = (await readCached<Market>(db, siteId, "market", [key], now)).get(key);
  if (cached) return cached;
  const locations = await provider.locations({ correlationId: options.correlationId, signal: options.signal });
  const market = chooseMarket(locations, language, timeZone);
  if (locations.length) await writeCached(db, siteId, "market", [[key, market]], now);
  return market;
}

/** The options with the site's market settled, and the cache key of a text in that market. */
async function inSiteMarket<O extends CacheOptions>(db: DB, siteId: string, provider: ResearchProvider, options: O) {
  const market = await siteMarket(db, siteId, provider, options);
  return { options: { ...options, market }, keyOf: (key: string) => `${marketKey(market)}|${key}` };
}

export async function readCached<T>(db: DB, siteId: string, kind: CacheKind, keys: string[], now: Date): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  if (keys.length === 0) return found;
  const freshSince = isoNow(new Date(now.getTime() - FRESHNESS_MS[kind]));
  const rows = await db
    .selectFrom("research_cache")
    .select(["key", "data"])
    .where("site_id", "=", siteId)
    .where("kind", "=", kind)
    .where("key", "in", keys)
    .where("fetched_at", ">=", freshSince)
    .execute();
  for (const row of rows) {
    try {
      found.set(row.key, JSON.parse(row.data) as T);
    } catch {
      // A row that does not parse is treated as missing and replaced.
    }
  }
  return found;
}

export async function writeCached(db: DB, siteId: string, kind: CacheKind, entries: Array<[key: string, data: unknown]>, now: Date) {
  const fetchedAt = isoNow(now);
  for (const [key, data] of entries) {
    const values = { data: JSON.stringify(data), fetched_at: fetchedAt };
    await db
      .insertInto("research_cache")
      .values({ site_id: siteId, kind, key, ...values })
      .onConflict((oc) => oc.columns(["site_id", "kind", "key"]).doUpdateSet(values))
      .execute();
  }
}

/** The keyword's search results, from the cache when fresh. */
export async function serpFor(db: DB, siteId: string, provider: ResearchProvider, keyword: string, options: CacheOptions = {}) {
  const now = options.now ?? new Date();
  const key = cacheKey(keyword);
  const market = await inSiteMarket(db, siteId, provider, options);
  const stored = market.keyOf(key);
  const cached = (await readCached<Serp>(db, siteId, "serp", [stored], now)).get(stored);
  if (cached) {
    if (options.counters) options.counters.cacheHits++;
    return cached;
  }
  if (options.counters) options.counters.providerCalls++;
  const serp = await provider.serp(key, market.options);
  await writeCached(db, siteId, "serp", [[stored, serp]], now);
  return serp;
}

/** Figures for the keywords: cached ones from the database, the rest in one provider call. Unknown keywords are absent. */
export async function keywordDataFor(db: DB, siteId: string, provider: ResearchProvider, keywords: string[], options: CacheOptions = {}) {
  const now = options.now ?? new Date();
  const keys = [...new Set(keywords.map(cacheKey).filter(Boolean))];
  if (keys.length === 0) return new Map<string, KeywordData>();
  const market = await inSiteMarket(db, siteId, provider, options);
  // A keyword the provider has no figures for is cached as null, so it is not asked for again until stale.
  const cached = await readCached<KeywordData | null>(db, siteId, "keyword", keys.map(market.keyOf), now);
  const out = new Map<string, KeywordData>();
  for (const key of keys) {
    const data = cached.get(market.keyOf(key));
    if (data) out.set(key, data);
  }
  const missing = keys.filter((k) => !cached.has(market.keyOf(k)));
  if (options.counters) options.counters.cacheHits += keys.length - missing.length;
  if (missing.length === 0) return out;
  if (options.counters) options.counters.providerCalls++;
  const fetched = await provider.keywordData(missing, market.options);
  const entries: Array<[string, KeywordData | null]> = missing.map((k) => [k, fetched.get(k) ?? null]);
  await writeCached(
    db,
    siteId,
    "keyword",
    entries.map(([k, data]) => [market.keyOf(k), data]),
    now,
  );
  for (const [key, data] of entries) if (data) out.set(key, data);
  return out;
}

/** Keyword ideas around the seeds (one cached answer per seed set). */
export async function keywordIdeasFor(
  db: DB,
  siteId: string,
  provider: ResearchProvider,
  seeds: string[],
  options: CacheOptions & { limit?: number } = {},
) {
  const now = options.now ?? new Date();
  const normalised = [...new Set(seeds.map(cacheKey).filter(Boolean))].sort();
  if (normalised.length === 0) return [];
  const market = await inSiteMarket(db, siteId, provider, options);
  const key = market.keyOf(`${options.limit ?? ""}|${normalised.join("|")}`);
  const cached = (await readCached<KeywordData[]>(db, siteId, "ideas", [key], now)).get(key);
  if (cached) {
    if (options.counters) options.counters.cacheHits++;
    return cached;
  }
  if (options.counters) options.counters.providerCalls++;
  const ideas = await provider.keywordIdeas(normalised, market.options);
  await writeCached(db, siteId, "ideas", [[key, ideas]], now);
  // Each idea carries its own figures: kept as that keyword's figures too, so the plan and the article written for it
  // later in the month do not ask the provider again.
  await writeCached(
    db,
    siteId,
    "keyword",
    ideas.map((idea): [string, KeywordData] => [market.keyOf(cacheKey(idea.keyword)), idea]),
    now,
  );
  return ideas;
}
