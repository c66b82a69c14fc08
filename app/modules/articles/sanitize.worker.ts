import { parentPort } from "node:worker_threads";
import { analyseArticleNow, type AnalysisRequest } from "./analysis";

/** The article worker thread (see sanitize-pool.server.ts): one message in, one out. */
parentPort?.on("message", (message: { id: number; request: AnalysisRequest }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: analyseArticleNow(message.request) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.name : "Error" });
  }
});
