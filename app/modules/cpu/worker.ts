import { parentPort } from "node:worker_threads";
import { Resvg } from "@resvg/resvg-js";
import bcrypt from "bcryptjs";
import { analyseArticleNow } from "#app/modules/articles/analysis";
import { diffArticleHtml } from "#app/modules/generation/edit-diff";
import type { CpuTask } from "./pool.server";

/** A CPU worker thread (see pool.server.ts): one task in, one answer out. */
function run(task: CpuTask): unknown {
  switch (task.kind) {
    case "analyse-article":
      return analyseArticleNow(task.request);
    case "diff-article":
      return diffArticleHtml(task.before, task.after);
    case "render-svg": {
      const rendered = new Resvg(Buffer.from(task.svg), { fitTo: { mode: "width", value: task.width } }).render();
      return { png: rendered.asPng(), width: rendered.width, height: rendered.height };
    }
    case "hash-password":
      return bcrypt.hashSync(task.password, task.cost);
    case "compare-password":
      return bcrypt.compareSync(task.password, task.hash);
  }
}

parentPort?.on("message", (message: { id: number; task: CpuTask }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: run(message.task) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.name : "Error" });
  }
});
