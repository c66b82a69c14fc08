import type { DB } from "#app/db/client.server";
import { tokens } from "./similarity";

/**
 * Which searches the site's articles already serve (docs/decisions/070): an article serves its target keyword (else
 * its title) whatever its state, draft, scheduled or live on any platform. A planned day whose keyword one of them
 * serves competes with it, read when the plan is shown rather than from the flag stored when the day was planned
 * (an article written since would otherwise go unseen), and auto-pilot plans the next candidate instead of writing it.
 */

/** The key two keywords share when they are the same search: their content words, stemmed, in any order. */
function searchKey(keyword: string) {
  return [...tokens(keyword)].sort().join(" ");
}

export type ServingArticle = { id: string; title: string };

type SiteServed = { version: string; served: Map<string, ServingArticle> };

/** Per process, the last few sites' served searches, kept while their articles are unchanged (count and last update). */
const CACHE_SITES = 64;
const cache = new Map<string, SiteServed>();

async function versionOf(db: DB, siteId: string) {
  const row = await db
    .selectFrom("articles")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("updated_at").as("at")])
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  return `${row?.n ?? 0}:${row?.at ?? ""}`;
}

/**
 * The site's articles by the search they serve; of two serving the same search the older counts. Stemming every
 * article's keyword takes about 28 ms on a site of 10,000 articles, so the map is kept per site until an article
 * is added, changed or deleted (docs/decisions/070).
 */
export async function articlesBySearch(db: DB, siteId: string): Promise<Map<string, ServingArticle>> {
  const version = await versionOf(db, siteId);
  const cached = cache.get(siteId);
  if (cached?.version === version) return cached.served;
  const rows = await db
    .selectFrom("articles")
    .select(["id", "title", "target_keyword"])
    .where("site_id", "=", siteId)
    .orderBy("created_at")
    .execute();
  const served = new Map<string, ServingArticle>();
  for (const row of rows) {
    const key = searchKey(row.target_keyword || row.title);
    if (key && !served.has(key)) served.set(key, { id: row.id, title: row.title });
  }
  cache.delete(siteId);
  cache.set(siteId, { version, served });
  if (cache.size > CACHE_SITES) cache.delete(cache.keys().next().value!);
  return served;
}

/** The article that already serves a planned day's keyword: never the day's own article, nor one the customer kept it beside. */
export function servingArticle(
  served: Map<string, ServingArticle>,
  item: { keyword: string; article_id: string | null; kept_conflict_id: string | null },
) {
  const hit = served.get(searchKey(item.keyword));
  return hit && hit.id !== item.article_id && hit.id !== item.kept_conflict_id ? hit : null;
}

/** The reason a day now plans another keyword. */
export function servedReason(keyword: string, article: ServingArticle) {
  return `“${keyword}” is already served by your article “${article.title}”, so this day plans the next candidate.`;
}
