import { runOnCpuWorker } from "#app/modules/cpu/pool.server";
import type { ArticleDiff } from "./edit-diff";

/**
 * The word diff on a CPU worker: even within its budget a diff of two long articles takes a few hundred
 * milliseconds, which on the main thread would hold every other request (docs/decisions/061-bounded-text-work.md).
 */
export function diffArticleHtmlOffThread(beforeHtml: string, afterHtml: string): Promise<ArticleDiff> {
  return runOnCpuWorker({ kind: "diff-article", before: beforeHtml, after: afterHtml });
}
