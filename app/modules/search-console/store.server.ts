import { sql } from "kysely";
import { type DB, inTransaction } from "#app/db/client.server";
import { postUrlsOf } from "#app/modules/hosted-blog/address.server";
import { isoNow } from "#app/utils/time";
import type { ArticleUrl } from "./url-match";

/**
 * The import's writes to the search_* tables (migrations/0040_search_console.ts). Rows go in through one
 * statement per batch (a JSON array read by SQLite's json_each), so 16 months of a 10,000-page site store in
 * seconds; a re-import clears the period's rows first and then writes each page of Google's answer as it arrives
 * (decision 065), so it never adds to them and never holds more than a page.
 */

/** One stored figure row: [key id, clicks, impressions, position]. */
export type FigureRow = [id: number, clicks: number, impressions: number, position: number];
/** [page id, day, clicks, impressions, position] */
export type PageDayRow = [pageId: number, day: number, clicks: number, impressions: number, position: number];
/** [page id, query id, clicks, impressions, position] */
export type PageQueryRow = [pageId: number, queryId: number, clicks: number, impressions: number, position: number];
export type StoredPage = { id: number; articleId: string | null };

const BATCH = 20_000;

function* chunks<T>(items: T[], size = BATCH) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** The URLs the site's articles live at, current ones first: live publications (newest first), their redirects' ends, then the hosted blog. */
export async function articleUrls(db: DB, siteId: string): Promise<ArticleUrl[]> {
  const publications = await db
    .selectFrom("publications")
    .select(["article_id", "remote_url", "live_check"])
    .where("site_id", "=", siteId)
    .where("remote_url", "is not", null)
    .orderBy(sql`status = 'published'`, "desc")
    .orderBy("published_at", "desc")
    .execute();
  const urls: ArticleUrl[] = publications.map((p) => ({ articleId: p.article_id, url: p.remote_url! }));
  for (const p of publications) {
    const finalUrl = redirectEnd(p.live_check);
    if (finalUrl) urls.push({ articleId: p.article_id, url: finalUrl });
  }
  const articles = await db
    .selectFrom("articles")
    .select(["id", "slug"])
    .where("site_id", "=", siteId)
    .where("status", "=", "published")
    .execute();
  // Both the blog's /b/ address and its own domain: a search engine reports either while it moves to the domain.
  const blogUrls = await postUrlsOf(
    db,
    siteId,
    articles.map((a) => a.slug),
  );
  for (const a of articles) for (const url of blogUrls.get(a.slug) ?? []) urls.push({ articleId: a.id, url });
  return urls;
}

/** Where the live check's fetch ended after redirects (live_check JSON, version 1). */
function redirectEnd(liveCheck: string | null) {
  if (!liveCheck) return null;
  try {
    const value = JSON.parse(liveCheck) as { finalUrl?: unknown };
    return typeof value.finalUrl === "string" ? value.finalUrl : null;
  } catch {
    return null;
  }
}

export async function loadPages(db: DB, siteId: string) {
  const rows = await db.selectFrom("search_pages").select(["id", "url", "article_id"]).where("site_id", "=", siteId).execute();
  return new Map<string, StoredPage>(rows.map((r) => [r.url, { id: r.id, articleId: r.article_id }]));
}

/** Maps every stored page again (an article published since, a publication's new URL). */
export async function remapPages(db: DB, pages: Map<string, StoredPage>, match: (url: string) => string | null) {
  const changed: Array<[number, string | null]> = [];
  for (const [url, page] of pages) {
    const articleId = match(url);
    if (articleId !== page.articleId) {
      page.articleId = articleId;
      changed.push([page.id, articleId]);
    }
  }
  for (const batch of chunks(changed)) {
    await sql`UPDATE search_pages SET article_id = json_extract(j.value, '$[1]')
      FROM json_each(${JSON.stringify(batch)}) AS j WHERE search_pages.id = json_extract(j.value, '$[0]')`.execute(db);
  }
  return changed.length;
}

/** The ids of these page URLs, storing the new ones (mapped to their article). */
export async function internPages(
  db: DB,
  siteId: string,
  urls: Iterable<string>,
  pages: Map<string, StoredPage>,
  match: (url: string) => string | null,
) {
  const fresh = [...new Set([...urls].filter((u) => !pages.has(u)))];
  for (const batch of chunks(fresh)) {
    const rows = batch.map((url) => [url, match(url)]);
    await inTransaction(db, async (trx) => {
      await sql`INSERT INTO search_pages (site_id, url, article_id)
        SELECT ${siteId}, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${JSON.stringify(rows)}) WHERE true
        ON CONFLICT (site_id, url) DO NOTHING`.execute(trx);
      const stored = await trx
        .selectFrom("search_pages")
        .select(["id", "url", "article_id"])
        .where("site_id", "=", siteId)
        .where("url", "in", sql<string>`(SELECT value FROM json_each(${JSON.stringify(batch)}))`)
        .execute();
      for (const r of stored) pages.set(r.url, { id: r.id, articleId: r.article_id });
    });
  }
}

/** The ids of these queries, storing the new ones. */
export async function internQueries(db: DB, siteId: string, queries: Iterable<string>, known: Map<string, number>) {
  const fresh = [...new Set([...queries].filter((q) => !known.has(q)))];
  for (const batch of chunks(fresh)) {
    await inTransaction(db, async (trx) => {
      await sql`INSERT INTO search_queries (site_id, query) SELECT ${siteId}, value FROM json_each(${JSON.stringify(batch)}) WHERE true
        ON CONFLICT (site_id, query) DO NOTHING`.execute(trx);
      const stored = await trx
        .selectFrom("search_queries")
        .select(["id", "query"])
        .where("site_id", "=", siteId)
        .where("query", "in", sql<string>`(SELECT value FROM json_each(${JSON.stringify(batch)}))`)
        .execute();
      for (const r of stored) known.set(r.query, r.id);
    });
  }
}

export async function loadQueries(db: DB, siteId: string) {
  const rows = await db.selectFrom("search_queries").select(["id", "query"]).where("site_id", "=", siteId).execute();
  return new Map(rows.map((r) => [r.query, r.id]));
}

/** The first day of the site's stored totals, or null. */
export async function firstSiteDay(db: DB, siteId: string) {
  const row = await db
    .selectFrom("search_site_days")
    .select((eb) => eb.fn.min("day").as("day"))
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  return row?.day ?? null;
}

/** The property's totals by date for days from..to: the stored days are replaced by these. */
export async function replaceSiteDays(db: DB, siteId: string, from: number, to: number, rows: FigureRow[]) {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("search_site_days").where("site_id", "=", siteId).where("day", ">=", from).where("day", "<=", to).execute();
    for (const batch of chunks(rows)) {
      await sql`INSERT INTO search_site_days (site_id, day, clicks, impressions, position)
        SELECT ${siteId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
        FROM json_each(${JSON.stringify(batch)})`.execute(trx);
    }
  });
}

/** Deletes the stored figures by page of the days first..last, before a re-import writes them again page by page. */
export async function clearPageDays(db: DB, siteId: string, first: number, last: number) {
  // One range delete per page (the key is page, day), not one look-up per page and day.
  await sql`DELETE FROM search_page_days WHERE page_id IN (SELECT id FROM search_pages WHERE site_id = ${siteId}) AND day BETWEEN ${first} AND ${last}`.execute(
    db,
  );
}

/** Adds figures by page and day ([page id, day, clicks, impressions, position]); a row already stored is replaced. */
export async function insertPageDays(db: DB, rows: PageDayRow[]) {
  // In key order: each b-tree page is written once per batch instead of once per row.
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const batch of chunks(rows)) {
    await sql`INSERT OR REPLACE INTO search_page_days (page_id, day, clicks, impressions, position)
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]')
      FROM json_each(${JSON.stringify(batch)})`.execute(db);
  }
}

/** Deletes one week's stored figures by page and query of these pages, before they are written again. */
export async function clearPageQueryWeek(db: DB, week: number, pageIds: number[]) {
  for (const batch of chunks(pageIds)) {
    await sql`DELETE FROM search_page_query_weeks WHERE week = ${week} AND page_id IN (SELECT value FROM json_each(${JSON.stringify(batch)}))`.execute(
      db,
    );
  }
}

/** Adds one week's figures by page and query: [page id, query id, clicks, impressions, position]. */
export async function insertPageQueryWeek(db: DB, week: number, rows: PageQueryRow[]) {
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const batch of chunks(rows)) {
    await sql`INSERT OR REPLACE INTO search_page_query_weeks (page_id, week, query_id, clicks, impressions, position)
      SELECT json_extract(value, '$[0]'), ${week}, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]')
      FROM json_each(${JSON.stringify(batch)})`.execute(db);
  }
}

/** Deletes one week's stored figures by query of the site, before they are written again. */
export async function clearQueryWeek(db: DB, siteId: string, week: number) {
  await sql`DELETE FROM search_query_weeks WHERE week = ${week} AND query_id IN (SELECT id FROM search_queries WHERE site_id = ${siteId})`.execute(
    db,
  );
}

/** Adds one week's figures by query for the whole property: [query id, clicks, impressions, position]. */
export async function insertQueryWeek(db: DB, week: number, rows: FigureRow[]) {
  for (const batch of chunks(rows)) {
    await sql`INSERT OR REPLACE INTO search_query_weeks (query_id, week, clicks, impressions, position)
      SELECT json_extract(value, '$[0]'), ${week}, json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
      FROM json_each(${JSON.stringify(batch)})`.execute(db);
  }
}

/** Retention: figures of days before `firstDay` (and weeks starting before `firstWeek`) are deleted. */
export async function deleteBefore(db: DB, siteId: string, firstDay: number, firstWeek: number) {
  return inTransaction(db, async (trx) => {
    const a = await trx.deleteFrom("search_site_days").where("site_id", "=", siteId).where("day", "<", firstDay).executeTakeFirst();
    const b =
      await sql`DELETE FROM search_page_days WHERE day < ${firstDay} AND page_id IN (SELECT id FROM search_pages WHERE site_id = ${siteId})`.execute(
        trx,
      );
    const c =
      await sql`DELETE FROM search_page_query_weeks WHERE week < ${firstWeek} AND page_id IN (SELECT id FROM search_pages WHERE site_id = ${siteId})`.execute(
        trx,
      );
    const d =
      await sql`DELETE FROM search_query_weeks WHERE week < ${firstWeek} AND query_id IN (SELECT id FROM search_queries WHERE site_id = ${siteId})`.execute(
        trx,
      );
    return Number(a.numDeletedRows) + Number(b.numAffectedRows ?? 0) + Number(c.numAffectedRows ?? 0) + Number(d.numAffectedRows ?? 0);
  });
}

export type ConnectionProgress = {
  days_imported_through?: number | null;
  weeks_imported_through?: number | null;
  last_import_at?: string;
  last_error?: string | null;
  last_error_at?: string | null;
  status?: "active" | "needs_reconnect";
  access_token?: string | null;
  access_token_expires_at?: string | null;
};

export async function updateConnection(db: DB, siteId: string, patch: ConnectionProgress) {
  await db
    .updateTable("search_console_connections")
    .set({ ...patch, updated_at: isoNow() })
    .where("site_id", "=", siteId)
    .execute();
}

/** A failure the customer and operators read: the message, and when. */
export async function recordImportError(db: DB, siteId: string, message: string, extra: ConnectionProgress = {}) {
  await updateConnection(db, siteId, { ...extra, last_error: message.slice(0, 500), last_error_at: isoNow() });
}
