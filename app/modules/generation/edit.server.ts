import * as cheerio from "cheerio/slim";
import { marked } from "marked";
import type { DB } from "#app/db/client.server";
import { getArticleWriter } from "#app/modules/ai/providers.server";
import type { ArticleWriter, Outline } from "#app/modules/ai/types";
import { getArticle, type Article } from "#app/modules/articles/mutations.server";
import { sanitizeArticle } from "#app/modules/articles/analyse.server";
import { chargeAiAction, type AiTenant } from "#app/modules/billing/ai-meter.server";
import { research } from "./research.server";

/**
 * Regenerate one section and Edit with AI. They rewrite an article's content
 * in one model call, synchronously, and store nothing: they return a proposal
 * that the customer reviews as a diff and accepts through the write form's
 * save (docs/decisions/036-ai-edits-reviewed-before-applied.md). They never
 * count against the article quota but are charged to the site's daily AI
 * allowance before the call (ai-meter.server), so a refused action changes nothing.
 */

/** An AI edit waiting for Accept: the article it is for, the content it started from and the rewrite. */
export type EditProposal = {
  article: { id: string; title: string; targetKeyword: string; metaDescription: string };
  before: string;
  after: string;
};

function proposal(article: Article, before: string, after: string): EditProposal {
  return {
    article: { id: article.id, title: article.title, targetKeyword: article.target_keyword, metaDescription: article.meta_description },
    before,
    after,
  };
}

async function briefFor(db: DB, siteId: string, articleId: string, keyword: string) {
  return (await research(db, siteId, articleId, keyword)).brief;
}

/**
 * Rewrites the body under the H2 whose text is `heading`, in `baseHtml` (what
 * the editor holds) or else the stored content; null when the article or heading is unknown.
 */
export async function proposeSectionRewrite(
  db: DB,
  tenant: AiTenant,
  articleId: string,
  heading: string,
  { baseHtml, writer }: { baseHtml?: string | null; writer?: ArticleWriter } = {},
): Promise<EditProposal | null> {
  const { siteId } = tenant;
  const article = await getArticle(db, siteId, articleId);
  if (!article) return null;
  const before = baseHtml ?? article.content_html;
  const $ = cheerio.load(before, null, false);
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
  return proposal(article, before, await sanitizeArticle($.html()));
}

/** Applies an instruction to the whole draft (`baseHtml`, or else the stored content). */
export async function proposeArticleEdit(
  db: DB,
  tenant: AiTenant,
  articleId: string,
  instruction: string,
  { baseHtml, writer }: { baseHtml?: string | null; writer?: ArticleWriter } = {},
): Promise<EditProposal | null> {
  const { siteId } = tenant;
  const article = await getArticle(db, siteId, articleId);
  if (!article) return null;
  const chosen = writer ?? (await getArticleWriter());
  // An instruction this writer cannot carry out is said plainly, before anything is charged.
  chosen.checkInstruction?.(instruction);
  await chargeAiAction(db, tenant, "edit");
  const before = baseHtml ?? article.content_html;
  const brief = await briefFor(db, siteId, articleId, article.target_keyword || article.title);
  const html = await chosen.rewrite(before, instruction, brief, {});
  return proposal(article, before, await sanitizeArticle(html));
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
  const chosen = writer ?? (await getArticleWriter());
  chosen.checkInstruction?.(instruction);
  await chargeAiAction(db, tenant, "edit-selection");
  const brief = await briefFor(db, tenant.siteId, articleId ?? "", keyword);
  const out = await chosen.rewrite(html, instruction, brief, {});
  return sanitizeArticle(out);
}
