import { parentPort } from "node:worker_threads";
import { sanitizeArticleHtml } from "./sanitize.server";

/** The sanitizer's worker thread (see sanitize-pool.server.ts): one message in, one out. */
parentPort?.on("message", (message: { id: number; html: string }) => {
  try {
    parentPort!.postMessage({ id: message.id, html: sanitizeArticleHtml(message.html) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.name : "Error" });
  }
});
