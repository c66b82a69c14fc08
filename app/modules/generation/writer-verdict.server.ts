import type { DB } from "#app/db/client.server";
import { hashText } from "#app/utils/hash";
import { TOPIC_LABEL } from "./revise.server";
import type { GenerationState } from "./steps";

/**
 * What the writer found in its own draft and could not fix, that the gate's checks cannot find again on the saved
 * text: parts that stray from the search, by the model's reading (revise.server.ts, docs/decisions/075). It counts
 * while the article is still the text the writer saved; once someone edits it, the checks alone judge it.
 */
export async function writerFindings(db: DB, siteId: string, article: { id: string; content_html: string }) {
  const row = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select("g.state")
    .where("a.site_id", "=", siteId)
    .where("g.article_id", "=", article.id)
    .where("g.status", "=", "succeeded")
    .orderBy("g.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const log = row ? (JSON.parse(row.state) as GenerationState).revision : undefined;
  if (!log?.topic || log.savedHash !== hashText(article.content_html)) return [];
  return [{ label: TOPIC_LABEL, detail: log.topic }];
}
