import { sql } from "kysely";
import { type DB, inTransaction } from "#app/db/client.server";
import type { SearchFindingKind } from "#app/db/schema";
import { classifyIntent } from "#app/modules/research/intent";
import { dayNumber, weekOf } from "#app/modules/search-console/types";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import {
  cannibalFinding,
  type CannibalArticle,
  DECAY,
  decayFinding,
  type Figures,
  GAP,
  gapFinding,
  queryKey,
  strikingFinding,
} from "./rules";

/**
 * Reads a site's search figures (the search_* tables) and stores what the rules find in search_findings
 * (docs/decisions/060-search-results.md). The periods end at the last day the import stored, not today: Google's
 * figures lag about two days, and a day not imported yet is not a day without clicks. A run replaces the open
 * findings: one no longer true goes, one still true keeps its first detection time; a dismissed finding stays
 * dismissed, a refresh under way stays under way, and a resolved one stays resolved for RESOLVED_QUIET_DAYS (the
 * figures of a refreshed article take weeks to move).
 */

const WEEKS = 4;
const RESOLVED_QUIET_DAYS = 56;
/** Figures whose last day is older than this (Google lags two or three days) say nothing about now. */
const STALE_AFTER_DAYS = 14;
/** At most this many of each kind per site, the largest first, and striking-distance queries per article. */
const LIMITS = { decay: 30, striking: 40, strikingPerArticle: 3, cannibal: 20, gap: 20 } as const;

export type Detected = { kind: SearchFindingKind; articleId: string | null; query: string; evidence: object; score: number };

const weighted = (positionSum: number | null, impressions: number | null) => (impressions ? (positionSum ?? 0) / impressions : 0);
const figures = (clicks: number | null, impressions: number | null, positionSum: number | null): Figures => ({
  clicks: clicks ?? 0,
  impressions: impressions ?? 0,
  position: weighted(positionSum, impressions),
});

/** The last day with stored figures (at most today), the first one, and the last complete week with page-query rows. */
async function span(db: DB, siteId: string, now: Date) {
  const days = await db
    .selectFrom("search_page_days as d")
    .innerJoin("search_pages as p", "p.id", "d.page_id")
    .select((eb) => [eb.fn.max("d.day").as("last"), eb.fn.min("d.day").as("first")])
    .where("p.site_id", "=", siteId)
    .where("d.day", "<=", dayNumber(now.toISOString()))
    .executeTakeFirst();
  const weeks = await db
    .selectFrom("search_query_weeks as w")
    .innerJoin("search_queries as q", "q.id", "w.query_id")
    .select((eb) => eb.fn.max("w.week").as("last"))
    .where("q.site_id", "=", siteId)
    .where("w.week", "<=", weekOf(dayNumber(now.toISOString())))
    .executeTakeFirst();
  const pageWeeks = await db
    .selectFrom("search_page_query_weeks as w")
    .innerJoin("search_pages as p", "p.id", "w.page_id")
    .select((eb) => eb.fn.max("w.week").as("last"))
    .where("p.site_id", "=", siteId)
    .where("w.week", "<=", weekOf(dayNumber(now.toISOString())))
    .executeTakeFirst();
  const lastWeek = Math.max(Number(weeks?.last ?? -1), Number(pageWeeks?.last ?? -1));
  return {
    lastDay: days?.last == null ? null : Number(days.last),
    firstDay: days?.first == null ? null : Number(days.first),
    lastWeek: lastWeek < 0 ? null : lastWeek,
  };
}

/** Clicks in the last 28 days against the 28 before (and a year earlier when stored), per article. */
async function decays(db: DB, siteId: string, lastDay: number, firstDay: number, lastWeek: number | null): Promise<Detected[]> {
  const d = DECAY.days;
  const yearBack = 364; // 52 weeks: the same weekdays a year earlier.
  const hasYear = firstDay <= lastDay - yearBack - 2 * d + 1;
  const bucket = sql<number>`CASE
    WHEN d.day > ${lastDay - d} THEN 0
    WHEN d.day > ${lastDay - 2 * d} THEN 1
    WHEN d.day > ${lastDay - yearBack - d} AND d.day <= ${lastDay - yearBack} THEN 2
    WHEN d.day > ${lastDay - yearBack - 2 * d} AND d.day <= ${lastDay - yearBack - d} THEN 3
    ELSE 4 END`;
  const rows = await db
    .selectFrom("search_page_days as d")
    .innerJoin("search_pages as p", "p.id", "d.page_id")
    .select((eb) => [
      "p.article_id",
      bucket.as("bucket"),
      eb.fn.sum<number>("d.clicks").as("clicks"),
      eb.fn.sum<number>("d.impressions").as("impressions"),
      eb.fn.sum<number>(sql`d.position * d.impressions`).as("position_sum"),
    ])
    .where("p.site_id", "=", siteId)
    .where("p.article_id", "is not", null)
    .where((eb) =>
      eb.or([
        eb("d.day", ">", lastDay - 2 * d),
        ...(hasYear ? [eb.and([eb("d.day", ">", lastDay - yearBack - 2 * d), eb("d.day", "<=", lastDay - yearBack)])] : []),
      ]),
    )
    .where("d.day", "<=", lastDay)
    .groupBy(["p.article_id", "bucket"])
    .execute();
  const byArticle = new Map<string, Figures[]>();
  for (const r of rows) {
    const list = byArticle.get(r.article_id!) ?? Array.from({ length: 4 }, () => figures(0, 0, 0));
    if (r.bucket < 4) list[r.bucket] = figures(r.clicks, r.impressions, r.position_sum);
    byArticle.set(r.article_id!, list);
  }
  const found: Detected[] = [];
  for (const [articleId, [current, previous, yearCurrent, yearPrevious]] of byArticle) {
    const yearAgo = hasYear ? { current: yearCurrent!, previous: yearPrevious! } : null;
    // The cheap test first; the lost queries are read only for an article that decays.
    if (!decayFinding({ current: current!, previous: previous!, yearAgo })) continue;
    const lostQueries = lastWeek == null ? [] : await lostQueriesOf(db, articleId, lastWeek);
    const evidence = decayFinding({ current: current!, previous: previous!, yearAgo, lostQueries })!;
    found.push({ kind: "decay", articleId, query: "", evidence, score: evidence.clicksBefore - evidence.clicksNow });
  }
  return found.sort((a, b) => b.score - a.score).slice(0, LIMITS.decay);
}

/** The article's queries whose clicks fell most: the last four complete weeks against the four before. */
async function lostQueriesOf(db: DB, articleId: string, lastWeek: number) {
  const since = lastWeek - 7 * WEEKS;
  const rows = await db
    .selectFrom("search_page_query_weeks as w")
    .innerJoin("search_pages as p", "p.id", "w.page_id")
    .innerJoin("search_queries as q", "q.id", "w.query_id")
    .select((eb) => [
      "q.query",
      eb.fn.sum<number>(sql`CASE WHEN w.week > ${since} THEN w.clicks ELSE 0 END`).as("now"),
      eb.fn.sum<number>(sql`CASE WHEN w.week <= ${since} THEN w.clicks ELSE 0 END`).as("before"),
    ])
    .where("p.article_id", "=", articleId)
    .where("w.week", ">", lastWeek - 7 * 2 * WEEKS)
    .where("w.week", "<=", lastWeek)
    .groupBy("q.query")
    .orderBy(
      sql`SUM(CASE WHEN w.week <= ${since} THEN w.clicks ELSE 0 END) - SUM(CASE WHEN w.week > ${since} THEN w.clicks ELSE 0 END)`,
      "desc",
    )
    .limit(5)
    .execute();
  return rows.map((r) => ({ query: r.query, before: Number(r.before), now: Number(r.now) })).filter((r) => r.before > r.now);
}

/** Per article and query over the last four complete weeks: figures and the weeks with impressions. */
async function articleQueries(db: DB, siteId: string, lastWeek: number) {
  const rows = await db
    .selectFrom("search_page_query_weeks as w")
    .innerJoin("search_pages as p", "p.id", "w.page_id")
    .innerJoin("search_queries as q", "q.id", "w.query_id")
    .innerJoin("articles as a", "a.id", "p.article_id")
    .select((eb) => [
      "p.article_id",
      "a.title",
      "q.query",
      eb.fn.sum<number>("w.clicks").as("clicks"),
      eb.fn.sum<number>("w.impressions").as("impressions"),
      eb.fn.sum<number>(sql`w.position * w.impressions`).as("position_sum"),
      sql<string>`group_concat(DISTINCT CASE WHEN w.impressions > 0 THEN w.week END)`.as("weeks"),
    ])
    .where("p.site_id", "=", siteId)
    .where("a.site_id", "=", siteId)
    .where("w.week", ">", lastWeek - 7 * WEEKS)
    .where("w.week", "<=", lastWeek)
    .groupBy(["p.article_id", "a.title", "q.query"])
    .execute();
  return rows.map((r) => ({
    articleId: r.article_id!,
    title: r.title,
    query: r.query,
    ...figures(r.clicks, r.impressions, r.position_sum),
    weeks: (r.weeks ?? "").split(",").filter(Boolean).map(Number),
  }));
}

type ArticleQuery = Awaited<ReturnType<typeof articleQueries>>[number];

function strikings(rows: ArticleQuery[]): Detected[] {
  const perArticle = new Map<string, number>();
  const found: Detected[] = [];
  for (const r of [...rows].sort((a, b) => b.impressions - a.impressions)) {
    const evidence = strikingFinding(r, WEEKS);
    if (!evidence || (perArticle.get(r.articleId) ?? 0) >= LIMITS.strikingPerArticle) continue;
    perArticle.set(r.articleId, (perArticle.get(r.articleId) ?? 0) + 1);
    found.push({ kind: "striking", articleId: r.articleId, query: r.query, evidence, score: evidence.impressions });
    if (found.length >= LIMITS.striking) break;
  }
  return found;
}

function cannibals(rows: ArticleQuery[]): Detected[] {
  const byQuery = new Map<string, CannibalArticle[]>();
  for (const r of rows) {
    const list = byQuery.get(r.query) ?? [];
    list.push({
      articleId: r.articleId,
      title: r.title,
      impressions: r.impressions,
      clicks: r.clicks,
      position: r.position,
      weeks: r.weeks,
    });
    byQuery.set(r.query, list);
  }
  const found: Detected[] = [];
  for (const [query, articles] of byQuery) {
    if (articles.length < 2) continue;
    const evidence = cannibalFinding(query, articles, WEEKS);
    if (!evidence) continue;
    const score = evidence.articles.reduce((sum, a) => sum + a.impressions, 0);
    // Filed under the query, not an article: which article leads may change from run to run, and a dismissal holds.
    found.push({ kind: "cannibal", articleId: null, query, evidence, score });
  }
  return found.sort((a, b) => b.score - a.score).slice(0, LIMITS.cannibal);
}

/** The registrable part of a site's host without its ending ('clayandkiln' of https://www.clayandkiln.com/). */
function domainLabel(url: string) {
  try {
    const labels = new URL(url).hostname.replace(/^www\./, "").split(".");
    return labels.length > 1 ? labels.slice(0, -1).join(" ") : labels[0]!;
  } catch {
    return null;
  }
}

/**
 * Queries of the site with impressions that no article targets, ranks for, or the plan already holds; a search for
 * the brand's own pages ('northwind coffee login') is no article to write.
 */
async function gaps(db: DB, siteId: string, lastWeek: number): Promise<Detected[]> {
  const [keywords, planned, brand, site] = await Promise.all([
    db.selectFrom("articles").select("target_keyword").where("site_id", "=", siteId).execute(),
    db.selectFrom("plan_items").select("keyword").where("site_id", "=", siteId).execute(),
    db.selectFrom("brand_settings").select("brand_name").where("site_id", "=", siteId).executeTakeFirst(),
    db.selectFrom("sites").select(["name", "url"]).where("id", "=", siteId).executeTakeFirst(),
  ]);
  // Every name a searcher may use for the business: the brand's, the site's, and its domain's ('clayandkiln').
  const brandNames = [brand?.brand_name, site?.name, site?.url ? domainLabel(site.url) : null].filter((n): n is string =>
    Boolean(n?.trim()),
  );
  const targeted = new Set([...keywords.map((k) => k.target_keyword), ...planned.map((p) => p.keyword)].map(queryKey));
  const found: Detected[] = [];
  // Largest first, a page at a time: the keyword, plan and brand filters run here, the 'an article ranks for it'
  // one in SQL (through the page-query index by query), so a site whose top queries are all answered still gets its gaps.
  const PAGE_SIZE = 500;
  for (let offset = 0; found.length < LIMITS.gap && offset < 10 * PAGE_SIZE; offset += PAGE_SIZE) {
    const rows = await db
      .selectFrom("search_query_weeks as w")
      .innerJoin("search_queries as q", "q.id", "w.query_id")
      .select((eb) => [
        "q.query",
        eb.fn.sum<number>("w.clicks").as("clicks"),
        eb.fn.sum<number>("w.impressions").as("impressions"),
        eb.fn.sum<number>(sql`w.position * w.impressions`).as("position_sum"),
      ])
      .where("q.site_id", "=", siteId)
      .where("w.week", ">", lastWeek - 7 * WEEKS)
      .where("w.week", "<=", lastWeek)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("search_page_query_weeks as pq")
              .innerJoin("search_pages as p", "p.id", "pq.page_id")
              .select("pq.page_id")
              .whereRef("pq.query_id", "=", "q.id")
              .where("p.article_id", "is not", null),
          ),
        ),
      )
      .groupBy("q.id")
      .having((eb) => eb.fn.sum("w.impressions"), ">=", 1)
      .orderBy(sql`SUM(w.impressions)`, "desc")
      .orderBy("q.id")
      .limit(PAGE_SIZE)
      .offset(offset)
      .execute();
    for (const r of rows) {
      const evidence = gapFinding(
        { query: r.query, ...figures(r.clicks, r.impressions, r.position_sum) },
        WEEKS,
        (q) => targeted.has(queryKey(q)) || classifyIntent(q, { brandNames }) === "navigational",
      );
      if (evidence) found.push({ kind: "gap", articleId: null, query: r.query, evidence, score: evidence.impressions });
      if (found.length >= LIMITS.gap) break;
    }
    // Below the minimum from here on (largest first), or no more rows.
    if (rows.length < PAGE_SIZE || Number(rows.at(-1)!.impressions) < GAP.minImpressions) break;
  }
  return found;
}

/** Everything the rules find in the site's figures now, without storing it. */
export async function findSearchFindings(db: DB, siteId: string, now: Date): Promise<Detected[] | null> {
  const { lastDay, firstDay, lastWeek } = await span(db, siteId, now);
  // No figures, or none for weeks (the import stopped): nothing is known about now, so nothing changes.
  if (lastDay == null || lastDay < dayNumber(now.toISOString()) - STALE_AFTER_DAYS) return null;
  const found: Detected[] = [];
  if (lastDay != null && firstDay != null) found.push(...(await decays(db, siteId, lastDay, firstDay, lastWeek)));
  if (lastWeek != null) {
    const rows = await articleQueries(db, siteId, lastWeek);
    found.push(...strikings(rows), ...cannibals(rows), ...(await gaps(db, siteId, lastWeek)));
  }
  return found;
}

const keyOf = (f: { kind: string; articleId: string | null; query: string }) => `${f.kind}\u0000${f.articleId ?? ""}\u0000${f.query}`;

/**
 * Detects the site's findings and stores them (see the header): idempotent, a second run over the same figures
 * changes nothing but updated_at. Returns how many findings are open after the run, by kind.
 */
export async function detectSearchFindings(db: DB, siteId: string, now: Date = new Date()) {
  const found = await findSearchFindings(db, siteId, now);
  const stamp = isoNow(now);
  const quietSince = new Date(now.getTime() - RESOLVED_QUIET_DAYS * 86_400_000).toISOString();
  return inTransaction(db, async (trx) => {
    if (!found) return openCounts(trx, siteId);
    const existing = await trx
      .selectFrom("search_findings")
      .select(["id", "kind", "article_id", "query", "status", "updated_at"])
      .where("site_id", "=", siteId)
      .execute();
    const byKey = new Map(existing.map((e) => [keyOf({ kind: e.kind, articleId: e.article_id, query: e.query }), e]));
    const seen = new Set<string>();
    for (const f of found) {
      const key = keyOf(f);
      seen.add(key);
      const row = byKey.get(key);
      const values = { evidence: JSON.stringify(f.evidence), score: f.score, updated_at: stamp };
      if (!row) {
        await trx
          .insertInto("search_findings")
          .values({ id: newId(), site_id: siteId, kind: f.kind, article_id: f.articleId, query: f.query, ...values, detected_at: stamp })
          .execute();
      } else if (row.status === "open" || row.status === "refreshing") {
        await trx.updateTable("search_findings").set(values).where("id", "=", row.id).execute();
      } else if (row.status === "resolved" && row.updated_at < quietSince) {
        // Still true long after its refresh went out: it is a finding again.
        await trx
          .updateTable("search_findings")
          .set({ ...values, status: "open", generation_id: null, plan_item_id: null, detected_at: stamp })
          .where("id", "=", row.id)
          .execute();
      }
    }
    const gone = existing.filter((e) => e.status === "open" && !seen.has(keyOf({ kind: e.kind, articleId: e.article_id, query: e.query })));
    if (gone.length)
      await trx
        .deleteFrom("search_findings")
        .where(
          "id",
          "in",
          gone.map((g) => g.id),
        )
        .execute();
    return openCounts(trx, siteId);
  });
}

async function openCounts(db: DB, siteId: string) {
  const counts = { decay: 0, striking: 0, cannibal: 0, gap: 0 } satisfies Record<SearchFindingKind, number>;
  const open = await db
    .selectFrom("search_findings")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("site_id", "=", siteId)
    .where("status", "=", "open")
    .groupBy("kind")
    .execute();
  for (const o of open) counts[o.kind] = Number(o.n);
  return counts;
}
