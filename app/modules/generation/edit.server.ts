import * as cheerio from "cheerio/slim";
import { marked } from "marked";
import type { DB } from "#app/db/client.server";
import { getArticleWriter } from "#app/modules/ai/providers.server";
import type { ArticleWriter, Outline } from "#app/modules/ai/types";
import { getArticle, updateArticle } from "#app/modules/articles/mutations.server";
import { sanitizeArticle } from "#app/modules/articles/analyse.server";
import { chargeAiAction, type AiTenant } from "#app/modules/billing/ai-meter.server";
import { research } from "./research.server";

/**
 * Regenerate one section and Edit with AI. They rewrite an existing article's
 * content in one model call, synchronously; they never count against the
 * article quota but are charged to the site's daily AI allowance before the
 * call (ai-meter.server), so a refused action changes nothing.
 */

async function briefFor(db: DB, siteId: string, articleId: string, keyword: string) {
  return (await research(db, siteId, articleId, keyword)).brief;
}

/** Rewrites the body under the H2 whose text is `heading`; null when the article or heading is unknown. */
export async function regenerateSection(db: DB, tenant: AiTenant, articleId: string, heading: string, writer?: ArticleWriter) {
  const { siteId } = tenant;
  const article = await getArticle(db, siteId, articleId);
  if (!article) return null;
  const $ = cheerio.load(article.content_html, null, false);
  const h2s = $("h2").toArray();
  const index = h2s.findIndex((h) => $(h).text().trim() === heading.trim());
  if (index < 0) return null;
  await chargeAiAction(db, tenant, "regenerate-section");
  const keyword = article.target_keyword || article.title;
  const brief = await briefFor(db, siteId, articleId, keyword);
  const outline: Outline = {
    title: article.title,
    metaDescription: article.meta_description,
    slug: article.slug,
    sections: h2s.map((h) => ({
      heading: $(h).text().trim(),
      intent: `Cover ${$(h).text().trim()}`,
      targetWords: Math.round(article.word_count / Math.max(1, h2s.length)) || 200,
      subheadings: [],
    })),
    faqQuestions: [],
    table: null,
    imagePrompts: [],
  };
  const markdown = await (writer ?? (await getArticleWriter())).section(brief, outline, index, {});
  const html = marked.parse(markdown.replace(/^#{1,2}\s+/gm, "### "), { async: false });
  const target = $(h2s[index]!);
  target.nextUntil("h2").remove();
  target.after(html);
  return updateArticle(db, siteId, articleId, { contentHtml: $.html() });
}

/** Applies an instruction to the whole draft. */
export async function editArticle(db: DB, tenant: AiTenant, articleId: string, instruction: string, writer?: ArticleWriter) {
  const { siteId } = tenant;
  const article = await getArticle(db, siteId, articleId);
  if (!article) return null;
  await chargeAiAction(db, tenant, "edit");
  const brief = await briefFor(db, siteId, articleId, article.target_keyword || article.title);
  const html = await (writer ?? (await getArticleWriter())).rewrite(article.content_html, instruction, brief, {});
  return updateArticle(db, siteId, articleId, { contentHtml: html });
}

/** Applies an instruction to a selected fragment and returns it sanitized; nothing is stored. */
export async function editSelection(
  db: DB,
  tenant: AiTenant,
  articleId: string | null,
  html: string,
  instruction: string,
  keyword: string,
  writer?: ArticleWriter,
) {
  await chargeAiAction(db, tenant, "edit-selection");
  const brief = await briefFor(db, tenant.siteId, articleId ?? "", keyword);
  const out = await (writer ?? (await getArticleWriter())).rewrite(html, instruction, brief, {});
  return sanitizeArticle(out);
}
