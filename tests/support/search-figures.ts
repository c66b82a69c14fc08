import type { DB } from "#app/db/client.server";
import { weekOf } from "#app/modules/search-console/types";
import { random } from "#app/utils/wording";

/**
 * Realistic Search Console figures written straight into the search_* tables (the import's storage), for the
 * results pages' tests and benchmarks until and besides the import: one page per article, a weekday/weekend
 * rhythm, the first article growing and the second decaying, a few queries per article with positions by
 * week, and site totals a little above the pages' sums (Google's anonymised queries). Deterministic per seed.
 */

export type SeedOptions = {
  siteId: string;
  articleIds: string[];
  /** How many days of figures, ending on `newest` (day number). */
  days: number;
  newest: number;
  /** Share of (page, day) cells with impressions (Google leaves out days without any); 1 = every day. */
  density?: number;
  queriesPerArticle?: number;
  /** Share of (article, week) cells with query rows; 1 = every week with impressions. */
  queryDensity?: number;
  seed?: number;
  /** Base URL of the pages. */
  origin?: string;
};

export type SeededFigures = {
  pageIds: Map<string, number>;
  /** Site totals by day number, as stored in search_site_days. */
  siteDays: Map<number, { clicks: number; impressions: number; position: number }>;
  /** Per article and day number, as stored in search_page_days. */
  pageDays: Map<string, Map<number, { clicks: number; impressions: number; position: number }>>;
};

const CHUNK = 300;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const WORDS = ["cold brew", "ratio", "at home", "best beans", "grinder", "recipe", "how long", "vs iced coffee", "concentrate", "caffeine"];

export async function seedSearchFigures(db: DB, options: SeedOptions): Promise<SeededFigures> {
  const {
    siteId,
    articleIds,
    days,
    newest,
    density = 1,
    queriesPerArticle = 4,
    queryDensity = 1,
    seed = 1,
    origin = "https://example.com/blog",
  } = options;
  const rand = random(seed);
  const first = newest - days + 1;
  const pageIds = new Map<string, number>();
  const pageRows = articleIds.map((articleId, i) => ({ site_id: siteId, url: `${origin}/${seed}-${i}`, article_id: articleId }));
  await insertChunks(pageRows, (chunk) => db.insertInto("search_pages").values(chunk).execute());
  const stored = await db.selectFrom("search_pages").select(["id", "article_id"]).where("site_id", "=", siteId).execute();
  for (const p of stored) if (p.article_id && articleIds.includes(p.article_id)) pageIds.set(p.article_id, p.id);

  const siteDays = new Map<number, { clicks: number; impressions: number; weighted: number }>();
  const pageDays = new Map<string, Map<number, { clicks: number; impressions: number; position: number }>>();
  const dayRows: Array<{ page_id: number; day: number; clicks: number; impressions: number; position: number }> = [];
  articleIds.forEach((articleId, i) => {
    const base = 2 + rand() * 40;
    const basePosition = 3 + rand() * 20;
    const byDay = new Map<number, { clicks: number; impressions: number; position: number }>();
    for (let day = first; day <= newest; day++) {
      if (density < 1 && rand() > density) continue;
      const t = (day - first) / Math.max(1, days - 1);
      // The first article grows, the second decays; the rest wander.
      const shape = i === 0 ? 0.3 + 1.4 * t : i === 1 ? 1.7 - 1.4 * t : 0.8 + 0.4 * rand();
      const weekday = (day + 3) % 7; // 0 = Monday
      const rhythm = weekday >= 5 ? 0.6 : 1;
      const impressions = Math.max(1, Math.round(base * 12 * shape * rhythm * (0.85 + rand() * 0.3)));
      const position = Math.max(1, Math.round((basePosition + (i === 0 ? -4 * t : i === 1 ? 5 * t : 0) + rand() * 2) * 10) / 10);
      const ctr = Math.min(0.4, 0.35 / position);
      const clicks = Math.round(impressions * ctr);
      byDay.set(day, { clicks, impressions, position });
      dayRows.push({ page_id: pageIds.get(articleId)!, day, clicks, impressions, position });
      const site = siteDays.get(day) ?? { clicks: 0, impressions: 0, weighted: 0 };
      site.clicks += clicks;
      site.impressions += impressions;
      site.weighted += position * impressions;
      siteDays.set(day, site);
    }
    pageDays.set(articleId, byDay);
  });
  await insertChunks(dayRows, (chunk) => db.insertInto("search_page_days").values(chunk).execute());

  const siteRows = [...siteDays].map(([day, s]) => {
    // Anonymised queries: the property's totals are a little more than its pages' rows say.
    const clicks = s.clicks + Math.round(s.clicks * 0.05);
    const impressions = s.impressions + Math.round(s.impressions * 0.08);
    return { site_id: siteId, day, clicks, impressions, position: Math.round((s.weighted / Math.max(1, s.impressions)) * 100) / 100 };
  });
  await insertChunks(siteRows, (chunk) => db.insertInto("search_site_days").values(chunk).execute());

  // Queries by complete week: a few per article, sharing the article's week clicks.
  const queries = new Map<string, number>();
  const queryRows: Array<{ site_id: string; query: string }> = [];
  for (let i = 0; i < articleIds.length; i++)
    for (let q = 0; q < queriesPerArticle; q++) {
      const text = `${WORDS[(i + q) % WORDS.length]} ${Math.floor(i / 3)}${q ? ` ${WORDS[q % WORDS.length]}` : ""}`;
      if (!queries.has(text)) {
        queries.set(text, -1);
        queryRows.push({ site_id: siteId, query: text });
      }
    }
  await insertChunks(queryRows, (chunk) =>
    db
      .insertInto("search_queries")
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  for (const q of await db.selectFrom("search_queries").select(["id", "query"]).where("site_id", "=", siteId).execute())
    queries.set(q.query, q.id);
  const weekRows: Array<{ page_id: number; week: number; query_id: number; clicks: number; impressions: number; position: number }> = [];
  const lastWeek = weekOf(newest - 6);
  articleIds.forEach((articleId, i) => {
    const byDay = pageDays.get(articleId)!;
    for (let week = weekOf(first) + (weekOf(first) < first ? 7 : 0); week <= lastWeek; week += 7) {
      let clicks = 0;
      let impressions = 0;
      let weighted = 0;
      for (let d = week; d < week + 7; d++) {
        const f = byDay.get(d);
        if (!f) continue;
        clicks += f.clicks;
        impressions += f.impressions;
        weighted += f.position * f.impressions;
      }
      if (impressions === 0 || (queryDensity < 1 && rand() > queryDensity)) continue;
      for (let q = 0; q < queriesPerArticle; q++) {
        const text = `${WORDS[(i + q) % WORDS.length]} ${Math.floor(i / 3)}${q ? ` ${WORDS[q % WORDS.length]}` : ""}`;
        const share = 1 / 2 ** (q + 1);
        weekRows.push({
          page_id: pageIds.get(articleId)!,
          week,
          query_id: queries.get(text)!,
          clicks: Math.round(clicks * share),
          impressions: Math.max(1, Math.round(impressions * share)),
          position: Math.round((weighted / impressions + q * 1.5) * 10) / 10,
        });
      }
    }
  });
  await insertChunks(weekRows, (chunk) => db.insertInto("search_page_query_weeks").values(chunk).execute());

  const storedSite = new Map(siteRows.map((r) => [r.day, { clicks: r.clicks, impressions: r.impressions, position: r.position }]));
  return { pageIds, siteDays: storedSite, pageDays };
}

/** Marks a site as connected to Search Console (the row S2's connect flow writes), without tokens that work. */
export async function connectSearchConsole(db: DB, siteId: string, workspaceId: string) {
  const now = new Date().toISOString();
  await db
    .insertInto("search_console_connections")
    .values({
      site_id: siteId,
      workspace_id: workspaceId,
      google_email: "owner@example.com",
      property: "sc-domain:example.com",
      refresh_token: "sealed-test-token",
      created_at: now,
      updated_at: now,
    })
    .execute();
}
