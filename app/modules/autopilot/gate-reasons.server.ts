import type { DB } from "#app/db/client.server";
import { substanceFindings } from "#app/modules/articles/substance.server";
import { writerFindings } from "#app/modules/generation/writer-verdict.server";
import { qualityGate } from "./gate";

/**
 * What auto-pilot's quality gate (gate.ts) says of an article as it is now, for the person who reviews it: the same
 * checks and words auto-pilot holds an article with (the writer, score, length, placeholders, unverified links when
 * strict, the content checks of substance). A refreshed article's review lists them, and approving an article that
 * fails any asks for a confirmation naming them. An empty list: it passes; null: no such article.
 */
export async function gateReasonsFor(
  db: DB,
  siteId: string,
  articleId: string,
  // proposed: judge the regenerated version waiting for review beside the article (decision 066), not the working copy.
  { proposed = false }: { proposed?: boolean } = {},
): Promise<string[] | null> {
  const [article, content, unverified] = await Promise.all([
    proposed
      ? db
          .selectFrom("article_proposals")
          .select(["article_id as id", "title", "target_keyword", "content_html", "word_count", "seo_score", "source"])
          .where("article_id", "=", articleId)
          .where("site_id", "=", siteId)
          .executeTakeFirst()
      : db
          .selectFrom("articles")
          .select(["id", "title", "target_keyword", "content_html", "word_count", "seo_score", "source"])
          .where("id", "=", articleId)
          .where("site_id", "=", siteId)
          .executeTakeFirst(),
    db
      .selectFrom("content_settings")
      .select(["autopilot_min_score", "article_length", "autopilot_strict_links"])
      .where("site_id", "=", siteId)
      .executeTakeFirst(),
    db
      .selectFrom("links")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("site_id", "=", siteId)
      .where("article_id", "=", articleId)
      .where("kind", "=", "external")
      .where("status", "not in", ["ok", "redirect"])
      .executeTakeFirstOrThrow(),
  ]);
  if (!article || !content) return null;
  return qualityGate(
    {
      title: article.title,
      contentHtml: article.content_html,
      wordCount: article.word_count,
      seoScore: article.seo_score,
      source: article.source,
      unverifiedLinks: Number(unverified.n),
      findings: [...(await substanceFindings(db, siteId, article)), ...(await writerFindings(db, siteId, article))],
    },
    { minScore: content.autopilot_min_score, articleLength: content.article_length, strictLinks: content.autopilot_strict_links === 1 },
  );
}
