import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import { bodySentences, type SiteSentences } from "./site-sentences";

/**
 * Duplicate content across a site, the stored half (migrations/0034_article_sentences.ts): article_sentences holds
 * which articles of a site hold each sentence hash (site-sentences.ts) and article_sentence_sets each article's own
 * hashes, written with the article, so finding a body's sentences in the site's other articles is one seek per
 * sentence per save or rescoring, whatever the site's size. Never on a page load's path but the write screen's,
 * which reads the stored matches of one article (siteSentencesOfArticle).
 */

/** Bound parameters per lookup (SQLite allows 32,766; a long article has a few hundred sentences). */
const LOOKUP_CHUNK = 500;
/** The article's stored hashes; null when it was never indexed (written before migration 0034). */
async function storedHashes(db: DB, articleId: string): Promise<number[] | null> {
  const row = await db.selectFrom("article_sentence_sets").select("hashes").where("article_id", "=", articleId).executeTakeFirst();
  if (!row) return null;
  const hashes: unknown = JSON.parse(row.hashes);
  return Array.isArray(hashes) ? hashes.filter((h): h is number => Number.isSafeInteger(h)) : [];
}

/**
 * Up to `most` other articles of the site holding each hash: one seek of the index on (site, hash) per hash. A
 * sentence the whole site repeats (a shop's shipping line under every post) has thousands of holders, and reading
 * them all on every save stalled the server at 10,000 articles; the findings only need to know whether a sentence
 * is shared, with one article to name (and, for marking, whether exactly one other holds it).
 */
async function holdersOf(db: DB, siteId: string, hashes: number[], articleId: string | null | undefined, most: 1 | 2) {
  const holders = new Map<number, string[]>();
  for (let i = 0; i < hashes.length; i += LOOKUP_CHUNK) {
    const { rows } = await sql<{ hash: number; holders: string | null }>`
      SELECT h.value AS hash, (SELECT group_concat(article_id, ' ') FROM (
        SELECT s.article_id FROM article_sentences AS s
        WHERE s.site_id = ${siteId} AND s.hash = h.value AND s.article_id != ${articleId ?? ""} LIMIT ${most})) AS holders
      FROM json_each(${JSON.stringify(hashes.slice(i, i + LOOKUP_CHUNK))}) AS h`.execute(db);
    for (const row of rows) if (row.holders) holders.set(Number(row.hash), row.holders.split(" "));
  }
  return holders;
}

/** Of these hashes, the ones the site's other articles hold, each with one such article's title. */
async function lookUp(db: DB, siteId: string, hashes: number[], articleId: string | null | undefined): Promise<SiteSentences> {
  const holders = new Map([...(await holdersOf(db, siteId, hashes, articleId, 1))].map(([hash, ids]) => [hash, ids[0]!]));
  if (holders.size === 0) return {};
  const titles = new Map<string, string>();
  const ids = [...new Set(holders.values())];
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom("articles")
      .select(["id", "title"])
      .where("site_id", "=", siteId)
      .where("id", "in", ids.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) titles.set(row.id, row.title);
  }
  const found: SiteSentences = {};
  for (const [hash, id] of holders) if (titles.has(id)) found[hash] = titles.get(id)!;
  return found;
}

/** Which of this body's sentences the site's other articles hold (for scoring a body about to be saved). */
export async function siteSentencesFor(db: DB, siteId: string, articleId: string | null | undefined, html: string) {
  return lookUp(
    db,
    siteId,
    bodySentences(html).map((s) => s.hash),
    articleId,
  );
}

/** The stored article's sentences the site's other articles hold: what the write screen's panel matches against. */
export async function siteSentencesOfArticle(db: DB, siteId: string, articleId: string | null | undefined): Promise<SiteSentences> {
  if (!articleId) return {};
  return lookUp(db, siteId, (await storedHashes(db, articleId)) ?? [], articleId);
}

/**
 * Stores the article's sentence hashes (bodySentences of the stored body) inside the save's transaction, writing only
 * what changed. The articles whose finding a gained or dropped sentence changes have a stored score that no longer
 * tells the truth: their basis is cleared, so the background rescoring job scores them again.
 */
export async function syncArticleSentences(db: DB, siteId: string, articleId: string, hashes: number[]) {
  const old = (await storedHashes(db, articleId)) ?? [];
  const fresh = new Set(hashes);
  const before = new Set(old);
  const dropped = old.filter((h) => !fresh.has(h));
  const gained = [...fresh].filter((h) => !before.has(h));
  await markSharersStale(db, siteId, articleId, [...dropped, ...gained]);
  await removeHolder(db, siteId, articleId, dropped);
  // Multi-row inserts of a few hundred rows at most; bound parameters stay far below SQLite's limit.
  for (let i = 0; i < gained.length; i += LOOKUP_CHUNK)
    await db
      .insertInto("article_sentences")
      .values(gained.slice(i, i + LOOKUP_CHUNK).map((hash) => ({ site_id: siteId, hash, article_id: articleId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  const set = JSON.stringify([...fresh]);
  await db
    .insertInto("article_sentence_sets")
    .values({ article_id: articleId, hashes: set })
    .onConflict((oc) => oc.column("article_id").doUpdateSet({ hashes: set }))
    .execute();
}

/** Takes the article off these hashes' holders. */
async function removeHolder(db: DB, siteId: string, articleId: string, hashes: number[]) {
  for (let i = 0; i < hashes.length; i += LOOKUP_CHUNK)
    await db
      .deleteFrom("article_sentences")
      .where("site_id", "=", siteId)
      .where("hash", "in", hashes.slice(i, i + LOOKUP_CHUNK))
      .where("article_id", "=", articleId)
      .execute();
}

/**
 * Clears the stored score's basis of the other articles whose findings these hashes change, so the rescoring job
 * redoes them. A finding is whether each sentence is shared: a hash this article gains or drops changes it only
 * for an article that is its one other holder (two or more others share it with each other either way). Marking
 * every holder made each save of a site-wide sentence rescore the whole site.
 */
async function markSharersStale(db: DB, siteId: string, articleId: string, hashes: number[]) {
  const touched = new Set<string>();
  for (const ids of (await holdersOf(db, siteId, hashes, articleId, 2)).values()) if (ids.length === 1) touched.add(ids[0]!);
  if (touched.size)
    await db
      .updateTable("articles")
      .set({ seo_basis: null })
      .where("site_id", "=", siteId)
      .where("id", "in", [...touched])
      .execute();
}

/**
 * Before the site's article is deleted (its set goes with it): the articles that shared its sentences may no longer
 * do, and its rows in article_sentences, which has no foreign key to the article, are removed here.
 */
export async function forgetArticleSentences(db: DB, siteId: string, articleId: string) {
  const own = (await storedHashes(db, articleId)) ?? [];
  await markSharersStale(db, siteId, articleId, own);
  await removeHolder(db, siteId, articleId, own);
}

/** The site's articles whose sentences were never indexed (written before migration 0034), in id order after `after`, at most `limit`. */
export async function articlesWithoutSentences(db: DB, siteId: string, limit: number, after: string | null = null) {
  return db
    .selectFrom("articles as a")
    .select(["a.id", "a.content_html"])
    .where("a.site_id", "=", siteId)
    .$if(after !== null, (qb) => qb.where("a.id", ">", after!))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("article_sentence_sets as s").select("s.article_id").whereRef("s.article_id", "=", "a.id"))),
    )
    .orderBy("a.id")
    .limit(limit)
    .execute();
}
