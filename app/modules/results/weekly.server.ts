import type { DB } from "#app/db/client.server";
import { articleTotals, relativeChange, resultsPeriods, siteTotals } from "./metrics.server";

/**
 * The week in search for the weekly digest: the site's clicks over the newest 7 stored days against the 7
 * before (Google's figures lag about two days, so 'the week' ends on the newest stored day), and the articles
 * whose clicks moved most, up and down.
 */

type Mover = { articleId: string; title: string; clicks: number; previousClicks: number; delta: number };
export type WeekInSearch = {
  dataUntil: string;
  clicks: number;
  previousClicks: number;
  change: number | null;
  up: Mover[];
  down: Mover[];
};

const MOVERS = 3;

export async function weekInSearch(db: DB, siteId: string): Promise<WeekInSearch | null> {
  // A week of days against the week before, ending on the newest stored day.
  const periods = await resultsPeriods(db, siteId, "28d", 7);
  if (!periods) return null;
  const [now, before, perArticle] = await Promise.all([
    siteTotals(db, siteId, periods.current),
    siteTotals(db, siteId, periods.previous),
    articleTotals(db, siteId, periods),
  ]);
  const moved = perArticle
    .map((a) => ({
      articleId: a.articleId,
      clicks: a.current.clicks,
      previousClicks: a.previous.clicks,
      delta: a.current.clicks - a.previous.clicks,
    }))
    .filter((a) => a.delta !== 0);
  const up = moved
    .filter((a) => a.delta > 0)
    .sort((a, b) => b.delta - a.delta)
    .slice(0, MOVERS);
  const down = moved
    .filter((a) => a.delta < 0)
    .sort((a, b) => a.delta - b.delta)
    .slice(0, MOVERS);
  const ids = [...up, ...down].map((a) => a.articleId);
  const titles = ids.length
    ? new Map(
        (await db.selectFrom("articles").select(["id", "title"]).where("site_id", "=", siteId).where("id", "in", ids).execute()).map(
          (t) => [t.id, t.title || "Untitled"],
        ),
      )
    : new Map<string, string>();
  const named = (list: typeof moved) => list.filter((a) => titles.has(a.articleId)).map((a) => ({ ...a, title: titles.get(a.articleId)! }));
  return {
    dataUntil: periods.dataUntil,
    clicks: now.clicks,
    previousClicks: before.clicks,
    change: relativeChange(now.clicks, before.clicks),
    up: named(up),
    down: named(down),
  };
}
