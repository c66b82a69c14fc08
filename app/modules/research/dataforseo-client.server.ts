import { z } from "zod";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";

/**
 * The one DataForSEO v3 client (docs.dataforseo.com/v3): Basic auth, a JSON
 * array of tasks in, the v3 envelope out. DataForSEO reports most errors as
 * status codes inside an HTTP 200 answer (20000 is success, 20100 a created
 * task, 40xxx/50xxx errors), both on the envelope and on each task; this
 * client turns every one of them, HTTP errors and transport failures into a
 * DataForSeoError. The keyword tool, the research provider and the backlinks
 * provider all use it.
 */

export class DataForSeoError extends Error {
  /** The DataForSEO status code (envelope or task), or null for HTTP and transport failures. */
  readonly statusCode: number | null;
  constructor(message: string, options?: { cause?: unknown; statusCode?: number | null }) {
    super(message, options);
    this.name = "DataForSeoError";
    this.statusCode = options?.statusCode ?? null;
  }
}

export type DataForSeoConfig = { login: string; password: string; baseUrl: string };
export type DataForSeoCallOptions = { correlationId?: string; signal?: AbortSignal; timeoutMs?: number; maxBytes?: number };

/** Success codes: 20000 Ok, 20100 Task Created (task_post). */
const SUCCESS = new Set([20000, 20100]);
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

const Task = z.object({
  id: z.string().optional(),
  status_code: z.number(),
  status_message: z.string(),
  result: z.array(z.unknown()).nullable().optional(),
});
const Envelope = z.object({
  status_code: z.number(),
  status_message: z.string(),
  tasks: z.array(Task).nullable().optional(),
});
export type DataForSeoTask = z.infer<typeof Task>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createDataForSeoClient(config: DataForSeoConfig) {
  const auth = `Basic ${Buffer.from(`${config.login}:${config.password}`).toString("base64")}`;

  async function call(method: "GET" | "POST", path: string, tasks: unknown[] | undefined, options: DataForSeoCallOptions = {}) {
    let response;
    try {
      response = await guardedFetch(new URL(path, config.baseUrl), {
        method,
        headers: { Authorization: auth, Accept: "application/json", ...(tasks ? { "Content-Type": "application/json" } : {}) },
        body: tasks ? JSON.stringify(tasks) : undefined,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
        correlationId: options.correlationId,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof OutboundRequestError) throw new DataForSeoError(`DataForSEO: ${error.code}`, { cause: error });
      throw error;
    }
    const parsed = Envelope.safeParse(parseJson(response.text()));
    const ok = response.status >= 200 && response.status < 300;
    if (!ok || !parsed.success) {
      const said = parsed.success ? `: ${parsed.data.status_code} ${parsed.data.status_message}` : "";
      throw new DataForSeoError(`DataForSEO answered HTTP ${response.status}${said}`, {
        statusCode: parsed.success ? parsed.data.status_code : null,
      });
    }
    const body = parsed.data;
    if (!SUCCESS.has(body.status_code)) {
      throw new DataForSeoError(`DataForSEO error ${body.status_code}: ${body.status_message}`, { statusCode: body.status_code });
    }
    return body.tasks ?? [];
  }

  /** The first task of the answer, which must have succeeded. */
  function firstTask(tasks: DataForSeoTask[]) {
    const task = tasks[0];
    if (!task || !SUCCESS.has(task.status_code)) {
      throw new DataForSeoError(`DataForSEO task error ${task?.status_code ?? "missing"}: ${task?.status_message ?? "no task"}`, {
        statusCode: task?.status_code ?? null,
      });
    }
    return task;
  }

  return {
    /** POSTs one task and answers its `result` array (empty when the task has none). */
    async post(path: string, task: Record<string, unknown>, options?: DataForSeoCallOptions) {
      return firstTask(await call("POST", path, [task], options)).result ?? [];
    },
    /** POSTs one task and answers the task itself (task_post: its id). */
    async postTask(path: string, task: Record<string, unknown>, options?: DataForSeoCallOptions) {
      return firstTask(await call("POST", path, [task], options));
    },
    /** GETs a path (tasks_ready, task_get) and answers the first task's `result` array. */
    async get(path: string, options?: DataForSeoCallOptions) {
      return firstTask(await call("GET", path, undefined, options)).result ?? [];
    },
  };
}
