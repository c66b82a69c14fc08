import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { AnalysisRequest, AnalysisResult } from "#app/modules/articles/analysis";
import type { ArticleDiff } from "#app/modules/generation/edit-diff";
import { logger } from "#app/utils/logger.server";

/**
 * Two worker threads for the CPU-bound work one request or job can ask for:
 * analysing a large article (sanitize, count, score), rendering an SVG image to
 * PNG for a platform, and bcrypt. On the main thread each
 * costs tens to hundreds of milliseconds during which no other request is
 * answered (docs/decisions/020). A task past its deadline has its worker
 * replaced. The workers are a second entry of the server build
 * (build/server/cpu-worker.js); in development and tests the TypeScript source
 * runs through tsx.
 */

export type CpuTask =
  | { kind: "analyse-article"; request: AnalysisRequest }
  | { kind: "diff-article"; before: string; after: string }
  | { kind: "render-svg"; svg: Uint8Array; width: number }
  | { kind: "hash-password"; password: string; cost: number }
  | { kind: "compare-password"; password: string; hash: string };

type RenderedPng = { png: Uint8Array; width: number; height: number };
type ResultOf<T extends CpuTask["kind"]> = T extends "analyse-article"
  ? AnalysisResult
  : T extends "diff-article"
    ? ArticleDiff
    : T extends "render-svg"
      ? RenderedPng
      : T extends "hash-password"
        ? string
        : boolean;

/** Thrown in the caller for a task whose worker threw: the error's name travels, nothing else. */
export class CpuTaskError extends Error {
  override name = "CpuTaskError";
  constructor(readonly errorName: string) {
    super(`A worker task failed: ${errorName}`);
  }
}

const POOL_SIZE = 2;
const DEADLINE_MS = 10_000;
const WORKER_OPTIONS = { resourceLimits: { maxOldGenerationSizeMb: 256 } };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
type Slot = { worker: Worker; pending: Map<number, Pending> };
const slots: Array<Slot | undefined> = Array.from({ length: POOL_SIZE }, () => undefined);
let nextId = 1;

function spawn(): Worker {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, path.dirname(here)]) {
    const built = path.join(dir, "cpu-worker.js");
    if (fs.existsSync(built)) return new Worker(built, WORKER_OPTIONS);
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  const source = new URL("./worker.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { ...WORKER_OPTIONS, eval: true });
}

function failAll(slot: Slot, error: Error) {
  for (const [id, job] of slot.pending) {
    clearTimeout(job.timer);
    job.reject(error);
    slot.pending.delete(id);
  }
}

function startSlot(index: number): Slot {
  const worker = spawn();
  worker.unref();
  const slot: Slot = { worker, pending: new Map() };
  worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
    const job = slot.pending.get(message.id);
    if (!job) return;
    slot.pending.delete(message.id);
    clearTimeout(job.timer);
    if (message.error !== undefined) job.reject(new CpuTaskError(message.error));
    else job.resolve(message.result);
  });
  const retire = (error: Error) => {
    if (slots[index] === slot) slots[index] = undefined;
    failAll(slot, error);
  };
  worker.on("error", (error) => {
    logger.error({ err: error }, "cpu worker failed");
    retire(error);
  });
  worker.on("exit", () => retire(new Error("CPU worker stopped")));
  slots[index] = slot;
  return slot;
}

/** The least busy worker, started if need be. */
function pickSlot(): Slot {
  let best: Slot | undefined;
  for (let index = 0; index < POOL_SIZE; index++) {
    const slot = slots[index] ?? startSlot(index);
    if (!best || slot.pending.size < best.pending.size) best = slot;
  }
  return best!;
}

export function runOnCpuWorker<T extends CpuTask>(task: T): Promise<ResultOf<T["kind"]>> {
  const slot = pickSlot();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // A task this slow is hostile or hit a bug: replace the worker rather than wait for it.
      logger.warn({ task: task.kind }, "cpu task took too long; worker replaced");
      slot.pending.delete(id);
      reject(new Error(`${task.kind} took too long`));
      void slot.worker.terminate();
    }, DEADLINE_MS);
    slot.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
    slot.worker.postMessage({ id, task });
  });
}

/** Starts the workers ahead of the first request (the server does this at boot). */
export function warmCpuPool() {
  for (let index = 0; index < POOL_SIZE; index++) slots[index] ??= startSlot(index);
}

export async function stopCpuPool() {
  const running = slots.splice(0, POOL_SIZE, ...Array.from({ length: POOL_SIZE }, () => undefined));
  await Promise.all(
    running.map(async (slot) => {
      if (!slot) return;
      failAll(slot, new Error("CPU pool stopped"));
      await slot.worker.terminate();
    }),
  );
}
