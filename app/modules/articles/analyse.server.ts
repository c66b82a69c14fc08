import { CpuTaskError, runOnCpuWorker } from "#app/modules/cpu/pool.server";
import { analyseArticleNow, type AnalysisRequest, type AnalysisResult } from "./analysis";
import { ArticleTooLargeError, isArticleTooLarge } from "./sanitize.server";

/**
 * Sanitizing, counting words and scoring are linear but not free: a large
 * article costs hundreds of milliseconds of CPU, which on the main thread would
 * hold up every other request (docs/decisions/020-article-html-limits-and-sanitizer-thread.md).
 * Bodies of an ordinary article's size are handled in place; larger ones, and
 * every body a background job analyses (nobody waits on it, and a burst of
 * auto-pilot articles would otherwise hold up every page; docs/decisions/054),
 * on a CPU worker thread.
 */

const INLINE_ANALYSIS_MAX_BYTES = 48 * 1024;

/**
 * Sanitizes (when asked), counts and scores an article body without blocking the event loop for long;
 * `offMainThread` sends any size to a CPU worker.
 */
export async function analyseArticle(request: AnalysisRequest, { offMainThread = false } = {}): Promise<AnalysisResult> {
  if (isArticleTooLarge(request.html)) throw new ArticleTooLargeError();
  if (!offMainThread && Buffer.byteLength(request.html ?? "", "utf8") <= INLINE_ANALYSIS_MAX_BYTES) return analyseArticleNow(request);
  try {
    return await runOnCpuWorker({ kind: "analyse-article", request });
  } catch (error) {
    if (error instanceof CpuTaskError && error.errorName === "ArticleTooLargeError") throw new ArticleTooLargeError();
    throw error;
  }
}

/** Sanitizes an article body for storage or preview (see analyseArticle). */
export async function sanitizeArticle(html: string): Promise<string> {
  return (await analyseArticle({ html, sanitize: true, seo: null })).html;
}
