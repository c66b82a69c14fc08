import type { DB } from "#app/db/client.server";
import { offlineGaps } from "#app/modules/ai/offline-writer.server";
import type { GenerationState } from "./steps";

/**
 * What the built-in offline writer could not do for an article without a model (its research's gaps, the top
 * results' headings and the questions it left out, a length it did not pad to), from the brief of the article's
 * last successful generation: the write screen lists it under the offline writer's note. [] for an article the
 * offline writer did not write.
 */
export async function offlineGapsOfArticle(db: DB, siteId: string, articleId: string | null | undefined): Promise<string[]> {
  if (!articleId) return [];
  const row = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select(["g.state"])
    .where("a.site_id", "=", siteId)
    .where("g.article_id", "=", articleId)
    .where("a.source", "=", "offline")
    .where("g.status", "=", "succeeded")
    .orderBy("g.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return [];
  const { brief } = JSON.parse(row.state) as Pick<GenerationState, "brief">;
  return brief ? offlineGaps(brief) : [];
}
