import { getEnv } from "#app/env.server";
import { offlineText } from "./offline-text.server";
import { offlineImages, offlineWriter } from "./offline-writer.server";
import { createYouTubeSearch, noVideoSearch } from "./youtube.server";
import type { ArticleWriter, ImageGenerator, TextGenerator, VideoSearch } from "./types";

/**
 * The one place that picks an implementation for each AI interface
 * (docs/decisions/021-ai-interfaces.md): any OpenAI-compatible API when
 * OPENAI_API_KEY is set, else the deterministic offline ones, so every flow
 * works on a fresh machine; YouTube when YOUTUBE_API_KEY is set, else no
 * video. The OpenAI modules load lazily so the offline path never loads the
 * SDK. Tests pass their own implementations to the functions that take them.
 */

/** The offline implementations: the fallback when a provider fails (onboarding scan, article images), and for tests. */
export const offline = { writer: offlineWriter, text: offlineText, images: offlineImages, video: noVideoSearch } as const;

/**
 * Whether articles are written by a language model. Without one the built-in offline writer drafts them,
 * and those drafts never count against the plan (docs/decisions/064-offline-drafts-cost-nothing.md).
 */
export function hasAiProvider() {
  return getEnv().aiEnabled;
}

export async function getArticleWriter(): Promise<ArticleWriter> {
  if (!getEnv().aiEnabled) return offline.writer;
  const { createOpenAiWriter } = await import("./openai-writer.server");
  return createOpenAiWriter();
}

export async function getTextGenerator(): Promise<TextGenerator> {
  if (!getEnv().aiEnabled) return offline.text;
  const { createOpenAiText } = await import("./openai-text.server");
  return createOpenAiText();
}

export async function getImageGenerator(): Promise<ImageGenerator> {
  if (!getEnv().aiEnabled) return offline.images;
  const { createOpenAiImages } = await import("./openai-images.server");
  return createOpenAiImages();
}

export function getVideoSearch(): VideoSearch {
  const env = getEnv();
  return env.YOUTUBE_API_KEY ? createYouTubeSearch({ apiKey: env.YOUTUBE_API_KEY, baseUrl: env.YOUTUBE_API_URL }) : offline.video;
}

/** Everything the article pipeline calls out to. */
export type GenerationAi = { writer: ArticleWriter; images: ImageGenerator; video: VideoSearch };

export async function getGenerationAi(): Promise<GenerationAi> {
  const [writer, images] = await Promise.all([getArticleWriter(), getImageGenerator()]);
  return { writer, images, video: getVideoSearch() };
}
