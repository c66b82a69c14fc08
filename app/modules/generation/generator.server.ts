import type { DB } from "#app/db/client.server";
import { imagePrompt } from "#app/modules/ai/prompts";
import { getImageGenerator, getTextGenerator } from "#app/modules/ai/providers.server";
import { WriterLimitError } from "#app/modules/ai/types";
import { listArticles } from "#app/modules/articles/queries.server";
import { getArticle } from "#app/modules/articles/mutations.server";
import { chargeAiAction, type AiTenant } from "#app/modules/billing/ai-meter.server";
import { assertImageRoom } from "#app/modules/uploads/stored-images.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import { logger } from "#app/utils/logger.server";
import { saveGeneratedImage } from "./images.server";

/**
 * The AI Content Generator page's own calls (keyword research, single images,
 * the article it hands on); article generation itself goes through
 * startGeneration like the write screen. Every call is scoped by site and
 * charged to the site's daily AI allowance before the model is called.
 */

const CALL_TIMEOUT_MS = 120_000;

/** Why an AI call failed, in words fit for the user; details go to the log. */
export function failureReason(error: unknown, what: string) {
  if (error instanceof WriterLimitError) return error.message;
  logger.warn({ err: error }, `generator: ${what} failed`);
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "the AI provider took too long to answer. Please try again.";
  return "the AI provider did not answer. Please try again.";
}

/** Keyword ideas for a topic in the site's article language, as the writer returns them (no invented figures). */
export async function researchKeywords(db: DB, tenant: AiTenant, topic: string) {
  await chargeAiAction(db, tenant, "keywords");
  const [text, content] = await Promise.all([getTextGenerator(), getContentSettings(db, tenant.siteId)]);
  const ideas = await text.keywordIdeas(topic, content.language, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const seen = new Set<string>();
  const keywords = ideas
    .map((k) => k.trim())
    .filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()))
    .slice(0, 50);
  return { topic, keywords, provider: text.kind };
}

export type GeneratorImage = { url: string; prompt: string; revisedPrompt: string; style: string; provider: "openai" | "offline" };

/**
 * One image for a prompt in a style, stored beside the article images
 * (the image store's uploads/articles, named after the site) and served by the same
 * route. Refused (ImageLimitError) before any charge when the site is at its image cap.
 */
export async function generateImage(db: DB, tenant: AiTenant, prompt: string, style: string): Promise<GeneratorImage> {
  await assertImageRoom(db, tenant.siteId);
  await chargeAiAction(db, tenant, "image");
  const images = await getImageGenerator();
  const image = await images.image(prompt, style, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const url = await saveGeneratedImage(db, { siteId: tenant.siteId }, image);
  return { url, prompt, revisedPrompt: image.revisedPrompt ?? imagePrompt(prompt, style), style, provider: images.kind };
}

export type GeneratedArticleView = {
  id: string;
  title: string;
  metaDescription: string;
  contentHtml: string;
  source: "manual" | "ai" | "offline";
  wordCount: number;
};

/** A finished article of this site, for the Generate tab's result and the Publish tab. */
export async function getGeneratedArticle(db: DB, siteId: string, articleId: string): Promise<GeneratedArticleView | null> {
  const article = await getArticle(db, siteId, articleId);
  if (!article || article.status === "generating") return null;
  return {
    id: article.id,
    title: article.title,
    metaDescription: article.meta_description,
    contentHtml: article.content_html,
    source: article.source,
    // Counted when it was saved (off the main thread): a long article is not walked again per view (decision 061).
    wordCount: article.word_count,
  };
}

/** The site's articles a user can hand to the publish dialog, newest first. */
export async function listPublishableArticles(db: DB, siteId: string) {
  const items = await listArticles(db, siteId, { limit: 100 });
  return items
    .filter((a) => a.status !== "generating")
    .map((a) => ({ id: a.id, title: a.title || "Untitled", status: a.status, createdAt: a.createdAt }));
}
