import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { logger } from "#app/utils/logger.server";
import { ArticleTooLargeError, isArticleTooLarge, sanitizeArticleHtml } from "./sanitize.server";

/**
 * Sanitizing is linear but not free: half a megabyte of markup costs a few
 * hundred milliseconds of CPU, which on the main thread would hold up every
 * other request (docs/decisions/022-article-html-limits-and-sanitizer-thread.md). Bodies
 * of an ordinary article's size are sanitized in place; larger ones go to one
 * worker thread, with a deadline after which the worker is replaced.
 */

export const INLINE_SANITIZE_MAX_BYTES = 48 * 1024;
const DEADLINE_MS = 10_000;
const WORKER_OPTIONS = { resourceLimits: { maxOldGenerationSizeMb: 256 } };

type Pending = { resolve: (html: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
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
  started.on("message", (message: { id: number; html?: string; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    clearTimeout(job.timer);
    if (message.error === "ArticleTooLargeError") job.reject(new ArticleTooLargeError());
    else if (message.error !== undefined) job.reject(new Error(`Sanitizing failed: ${message.error}`));
    else job.resolve(message.html ?? "");
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

/** Sanitizes an article body for storage or preview without blocking the event loop for long. */
export async function sanitizeArticle(html: string): Promise<string> {
  if (isArticleTooLarge(html)) throw new ArticleTooLargeError();
  if (Buffer.byteLength(html ?? "", "utf8") <= INLINE_SANITIZE_MAX_BYTES) return sanitizeArticleHtml(html);
  const target = getWorker();
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A body that takes this long is hostile or hit a bug: replace the worker rather than wait.
      logger.warn({ bytes: html.length }, "sanitizing took too long; worker replaced");
      pending.delete(id);
      reject(new Error("Sanitizing took too long"));
      void target.terminate();
    }, DEADLINE_MS);
    pending.set(id, { resolve, reject, timer });
    target.postMessage({ id, html });
  });
}

export async function stopSanitizer() {
  const running = worker;
  worker = undefined;
  failAll(new Error("Sanitizer stopped"));
  await running?.terminate();
}
