import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { logger } from "#app/utils/logger.server";
import { analyseArticleNow, type AnalysisRequest, type AnalysisResult } from "./analysis";
import { ArticleTooLargeError, isArticleTooLarge } from "./sanitize.server";

/**
 * Sanitizing, counting words and scoring are linear but not free: a large
 * article costs hundreds of milliseconds of CPU, which on the main thread would
 * hold up every other request (docs/decisions/022-article-html-limits-and-sanitizer-thread.md).
 * Bodies of an ordinary article's size are handled in place; larger ones go to
 * one worker thread, with a deadline after which the worker is replaced.
 */

export const INLINE_ANALYSIS_MAX_BYTES = 48 * 1024;
const DEADLINE_MS = 10_000;
const WORKER_OPTIONS = { resourceLimits: { maxOldGenerationSizeMb: 256 } };

type Pending = { resolve: (result: AnalysisResult) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

/** The built worker sits beside the server bundle; in development and tests the TypeScript source runs through tsx. */
function startWorker() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, path.dirname(here)]) {
    const built = path.join(dir, "sanitize-worker.js");
    if (fs.existsSync(built)) return new Worker(built, WORKER_OPTIONS);
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  const source = new URL("./sanitize.worker.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { ...WORKER_OPTIONS, eval: true });
}

function failAll(error: Error) {
  for (const [id, job] of pending) {
    clearTimeout(job.timer);
    job.reject(error);
    pending.delete(id);
  }
}

function getWorker() {
  if (worker) return worker;
  const started = startWorker();
  started.unref();
  started.on("message", (message: { id: number; result?: AnalysisResult; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    clearTimeout(job.timer);
    if (message.error === "ArticleTooLargeError") job.reject(new ArticleTooLargeError());
    else if (message.error !== undefined || !message.result) job.reject(new Error(`Article analysis failed: ${message.error}`));
    else job.resolve(message.result);
  });
  const retire = (error: Error) => {
    if (worker === started) worker = undefined;
    failAll(error);
  };
  started.on("error", (error) => {
    logger.error({ err: error }, "sanitizer worker failed");
    retire(error);
  });
  started.on("exit", () => retire(new Error("Sanitizer worker stopped")));
  worker = started;
  return started;
}

/** Sanitizes (when asked), counts and scores an article body without blocking the event loop for long. */
export async function analyseArticle(request: AnalysisRequest): Promise<AnalysisResult> {
  if (isArticleTooLarge(request.html)) throw new ArticleTooLargeError();
  if (Buffer.byteLength(request.html ?? "", "utf8") <= INLINE_ANALYSIS_MAX_BYTES) return analyseArticleNow(request);
  const target = getWorker();
  const id = nextId++;
  return new Promise<AnalysisResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A body that takes this long is hostile or hit a bug: replace the worker rather than wait.
      logger.warn({ bytes: request.html.length }, "article analysis took too long; worker replaced");
      pending.delete(id);
      reject(new Error("Article analysis took too long"));
      void target.terminate();
    }, DEADLINE_MS);
    pending.set(id, { resolve, reject, timer });
    target.postMessage({ id, request });
  });
}

/** Sanitizes an article body for storage or preview (see analyseArticle). */
export async function sanitizeArticle(html: string): Promise<string> {
  return (await analyseArticle({ html, sanitize: true, seo: null })).html;
}

export async function stopSanitizer() {
  const running = worker;
  worker = undefined;
  failAll(new Error("Sanitizer stopped"));
  await running?.terminate();
}
