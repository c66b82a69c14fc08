import { randomUUID } from "node:crypto";
import http from "node:http";
import { fixtureIdeas, type FixturePage, type ResearchFixture } from "#tests/fixtures/research";
import { RAW_LABS_LOCATIONS } from "#tests/fixtures/research/locations";
import type { RawLabsKeywordItem, RawSerpResult } from "#app/modules/research/provider.server";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local DataForSEO (docs.dataforseo.com/v3) speaking the real protocol: Basic auth,
 * a JSON array of tasks in, the v3 envelope out (status_code 20000 inside HTTP 200;
 * errors as 40xxx/50xxx codes on the envelope or on a task; HTTP 401 for wrong credentials).
 *
 * - POST /v3/serp/google/organic/live/advanced, and the task protocol: POST .../task_post
 *   (20100 Task Created.), GET .../tasks_ready, GET .../task_get/advanced/{id} (40602 Task In
 *   Queue. until ready). A keyword without fixture results is task 40102 No Search Results.
 * - POST /v3/dataforseo_labs/google/keyword_overview/live (known keywords only; `metrics` arms
 *   or overrides a keyword's volume, difficulty and CPC) and
 *   .../keyword_ideas/live (the keywords of every fixture whose words the seeds share,
 *   by search volume; none for unknown seeds), for the markets GET .../locations_and_languages
 *   lists (an excerpt of the real list); any other location and language is task 40501 Invalid Field.
 * - GET /pages/{host}/{path}: each fixture result URL's page (title, h1-h3) as HTML. With
 *   `rewriteResultUrls`, SERP result URLs point here so the result-page fetch can reach them.
 *
 * `latencyMs` per endpoint kind (a number or a [min, max] range) slows answers like the
 * real service; `failures` arms the next answers. Test controls for other processes:
 * POST /__fake/fail-next, POST /__fake/latency, GET /__fake/requests, POST /__fake/reset.
 */

export type FakeKeywordMetrics = {
  search_volume: number | null;
  competition: "LOW" | "MEDIUM" | "HIGH" | null;
  competition_index: number | null;
  cpc: number | null;
};
export type EndpointKind = "serp" | "labs" | "tasks" | "pages";
type Latency = number | [min: number, max: number];
/** An armed answer: an HTTP status, or a DataForSEO status code on the task (on the envelope with `envelope`); with `kind`, for that kind of endpoint only. */
type ArmedFailure = { httpStatus?: number; statusCode?: number; message?: string; kind?: EndpointKind; envelope?: boolean };

const SERP_LIVE = "/v3/serp/google/organic/live/advanced";
const SERP_TASK_POST = "/v3/serp/google/organic/task_post";
const SERP_TASKS_READY = "/v3/serp/google/organic/tasks_ready";
const SERP_TASK_GET = "/v3/serp/google/organic/task_get/advanced/";
const KEYWORD_OVERVIEW = "/v3/dataforseo_labs/google/keyword_overview/live";
const KEYWORD_IDEAS = "/v3/dataforseo_labs/google/keyword_ideas/live";
const LOCATIONS = "/v3/dataforseo_labs/locations_and_languages";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const key = (keyword: string) => keyword.trim().toLowerCase().replace(/\s+/g, " ");
const covered = (data: Task) =>
  RAW_LABS_LOCATIONS.some(
    (l) =>
      l.location_code === (data.location_code ?? 2840) &&
      l.available_languages.some((a) => a.language_code === (data.language_code ?? "en")),
  );

type Task = { keyword?: string; keywords?: string[]; location_code?: number; language_code?: string; limit?: number; tag?: string };
type QueuedTask = { id: string; data: Task; readyAt: number; postedAt: string; collected: boolean };

export async function startFakeDataForSeo({
  port = 0,
  login = "fake-login",
  password = "fake-password",
  fixtures = [] as ResearchFixture[],
  latencyMs = {} as Partial<Record<EndpointKind, Latency>>,
  rewriteResultUrls = false,
} = {}) {
  const requests: Array<{ path: string; body: unknown; headers: http.IncomingHttpHeaders }> = [];
  const metrics = new Map<string, FakeKeywordMetrics>();
  const failures: ArmedFailure[] = [];
  const serps = new Map<string, RawSerpResult>();
  const keywords = new Map<string, RawLabsKeywordItem>();
  const pages = new Map<string, FixturePage>();
  const loaded: ResearchFixture[] = [];
  const queue = new Map<string, QueuedTask>();
  const latency = { ...latencyMs };
  let baseUrl = "";

  function loadFixture(fixture: ResearchFixture) {
    for (const serp of fixture.serps) serps.set(key(serp.keyword), serp);
    for (const item of fixture.keywords) keywords.set(key(item.keyword), item);
    for (const page of fixture.pages) pages.set(page.url, page);
    loaded.push(fixture);
  }
  fixtures.forEach(loadFixture);

  const wait = async (kind: EndpointKind) => {
    const value = latency[kind];
    if (value === undefined) return;
    const ms = Array.isArray(value) ? value[0] + Math.random() * (value[1] - value[0]) : value;
    if (ms > 0) await sleep(ms);
  };
  const armed = (kind: EndpointKind) => {
    const index = failures.findIndex((f) => f.kind === kind || (f.kind === undefined && kind !== "pages"));
    return index === -1 ? undefined : failures.splice(index, 1)[0];
  };

  const envelope = (statusCode: number, message: string, tasks: Array<{ status_code: number }>) => ({
    version: "0.1.20260101",
    status_code: statusCode,
    status_message: message,
    time: "0.0100 sec.",
    cost: tasks.length ? 0.002 * tasks.length : 0,
    tasks_count: tasks.length,
    tasks_error: tasks.filter((t) => t.status_code !== 20000 && t.status_code !== 20100).length,
    tasks,
  });
  const task = (path: string, data: unknown, statusCode: number, message: string, result: unknown[] | null, id: string = randomUUID()) => ({
    id,
    status_code: statusCode,
    status_message: message,
    time: "0.0100 sec.",
    cost: statusCode === 20000 ? 0.002 : 0,
    result_count: result?.length ?? 0,
    path: path.split("/").filter(Boolean),
    data,
    result,
  });

  /** The fixture's SERP as the API would answer it: the keyword as asked, URLs pointed at this fake when asked to. */
  function serpAnswer(path: string, data: Task, id?: string) {
    const found = serps.get(key(data.keyword ?? ""));
    if (!found) return task(path, data, 40102, "No Search Results.", null, id);
    const items = (found.items ?? []).map((raw) => {
      const item = raw as { type: string; url?: string };
      if (!rewriteResultUrls || item.type !== "organic" || !item.url) return item;
      const url = new URL(item.url);
      return { ...item, url: `${baseUrl}/pages/${url.host}${url.pathname}` };
    });
    return task(
      path,
      data,
      20000,
      "Ok.",
      [{ ...found, keyword: data.keyword, datetime: `${new Date().toISOString().slice(0, 19).replace("T", " ")} +00:00`, items }],
      id,
    );
  }

  /** A Labs item for the keyword: the fixture's, with `metrics` overriding its volume and CPC. */
  function labsItem(keyword: string, data: Task): RawLabsKeywordItem | null {
    const found = keywords.get(key(keyword));
    const override = metrics.get(key(keyword));
    if (!found && !override) return null;
    const base: RawLabsKeywordItem = found ?? { keyword: key(keyword), keyword_info: {}, keyword_properties: {}, search_intent_info: null };
    if (!override) return { ...base, location_code: data.location_code ?? 2840, language_code: data.language_code ?? "en" };
    return {
      ...base,
      location_code: data.location_code ?? 2840,
      language_code: data.language_code ?? "en",
      keyword_info: { ...base.keyword_info, search_volume: override.search_volume, cpc: override.cpc },
      keyword_properties: {
        ...base.keyword_properties,
        keyword_difficulty: override.competition_index ?? base.keyword_properties?.keyword_difficulty,
      },
    };
  }

  function labsAnswer(path: string, data: Task) {
    const where = { se_type: "google", location_code: data.location_code ?? 2840, language_code: data.language_code ?? "en" };
    if (path === KEYWORD_OVERVIEW) {
      const items = (data.keywords ?? []).map((k) => labsItem(k, data)).filter((i): i is RawLabsKeywordItem => i !== null);
      return task(path, data, 20000, "Ok.", [{ ...where, items_count: items.length, items: items.length ? items : null }]);
    }
    const items = fixtureIdeas(loaded, data.keywords ?? [], data.limit ?? 700).map((k) => labsItem(k.keyword, data)!);
    return task(path, data, 20000, "Ok.", [
      {
        ...where,
        seed_keywords: data.keywords ?? [],
        total_count: items.length,
        items_count: items.length,
        offset: 0,
        items: items.length ? items : null,
      },
    ]);
  }

  function pageHtml(page: FixturePage) {
    const body = page.headings
      .map(([level, text]) => `<h${level}>${escapeHtml(text)}</h${level}>\n<p>${escapeHtml(`Notes on ${text.toLowerCase()}.`)}</p>`)
      .join("\n");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title></head>
<body><header><nav><a href="/">Home</a></nav></header><main>${body}</main><footer><p>Fixture page</p></footer></body></html>`;
  }

  async function handleControl(path: string, req: http.IncomingMessage, res: http.ServerResponse) {
    if (path === "/__fake/requests") return sendJson(res, 200, requests);
    const body = req.method === "POST" ? JSON.parse((await readBody(req)) || "{}") : {};
    if (path === "/__fake/fail-next") failures.push(body as ArmedFailure);
    else if (path === "/__fake/latency") Object.assign(latency, body);
    else if (path === "/__fake/reset") {
      failures.length = 0;
      requests.length = 0;
      queue.clear();
      for (const k of Object.keys(latency)) delete latency[k as EndpointKind];
      Object.assign(latency, latencyMs);
    } else return sendJson(res, 404, { error: "unknown control" });
    return sendJson(res, 200, { ok: true });
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    if (path.startsWith("/__fake/")) return handleControl(path, req, res);
    if (path.startsWith("/pages/") && req.method === "GET") {
      await wait("pages");
      const failure = armed("pages");
      if (failure) return sendJson(res, failure.httpStatus ?? 500, { error: failure.message ?? "failed" });
      const [, , host, ...rest] = path.split("/");
      const page = pages.get(`https://${host}/${rest.join("/")}`);
      if (!page) {
        res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
        return res.end("<!doctype html><title>Not found</title><h1>Not found</h1>");
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(pageHtml(page));
    }
    const expected = `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      return sendJson(res, 401, envelope(40100, "You are not authorized to access this resource.", []));
    }
    const kind: EndpointKind | null =
      path === SERP_LIVE
        ? "serp"
        : path === KEYWORD_OVERVIEW || path === KEYWORD_IDEAS || path === LOCATIONS
          ? "labs"
          : path === SERP_TASK_POST || path === SERP_TASKS_READY || path.startsWith(SERP_TASK_GET)
            ? "tasks"
            : null;
    const wantsGet = path === SERP_TASKS_READY || path.startsWith(SERP_TASK_GET) || path === LOCATIONS;
    if (!kind || req.method !== (wantsGet ? "GET" : "POST")) return sendJson(res, 404, envelope(40400, "Not Found.", []));
    let body: Task[] = [];
    if (!wantsGet) {
      try {
        body = JSON.parse(await readBody(req));
        if (!Array.isArray(body)) throw new Error("not an array");
      } catch {
        return sendJson(res, 400, envelope(40000, "Invalid JSON.", []));
      }
    }
    requests.push({ path, body, headers: req.headers });
    await wait(kind);
    const failure = armed(kind);
    if (failure?.httpStatus) return sendJson(res, failure.httpStatus, envelope(50000, failure.message ?? "Internal Error.", []));
    if (failure?.statusCode && failure.envelope) return sendJson(res, 200, envelope(failure.statusCode, failure.message ?? "Error.", []));
    if (failure?.statusCode) {
      return sendJson(
        res,
        200,
        envelope(20000, "Ok.", [task(path, body[0] ?? null, failure.statusCode, failure.message ?? "Task error.", null)]),
      );
    }
    const answer = (tasks: Array<{ status_code: number }>) => sendJson(res, 200, envelope(20000, "Ok.", tasks));

    if (kind === "serp") {
      return answer(
        body.map((data) => (data.keyword ? serpAnswer(path, data) : task(path, data, 40501, "Invalid Field: 'keyword'.", null))),
      );
    }
    if (path === LOCATIONS) return answer([task(path, null, 20000, "Ok.", RAW_LABS_LOCATIONS)]);
    if (kind === "labs") {
      return answer(
        body.map((data) =>
          !data.keywords?.length
            ? task(path, data, 40501, "Invalid Field: 'keywords'.", null)
            : !covered(data)
              ? task(path, data, 40501, "Invalid Field: 'location_code'.", null)
              : labsAnswer(path, data),
        ),
      );
    }
    // The task protocol: task_post queues, tasks_ready lists what is done and not yet collected, task_get collects.
    if (path === SERP_TASK_POST) {
      const serpLatency = latency.serp;
      const delay = serpLatency === undefined ? 0 : Array.isArray(serpLatency) ? serpLatency[1] : serpLatency;
      return answer(
        body.map((data) => {
          const id = randomUUID();
          queue.set(id, { id, data, readyAt: Date.now() + delay, postedAt: new Date().toISOString(), collected: false });
          return task(path, data, 20100, "Task Created.", null, id);
        }),
      );
    }
    if (path === SERP_TASKS_READY) {
      const ready = [...queue.values()].filter((t) => !t.collected && t.readyAt <= Date.now());
      const result = ready.map((t) => ({
        id: t.id,
        se: "google",
        se_type: "organic",
        date_posted: t.postedAt,
        tag: t.data.tag ?? null,
        endpoint_regular: `/v3/serp/google/organic/task_get/regular/${t.id}`,
        endpoint_advanced: `${SERP_TASK_GET}${t.id}`,
        endpoint_html: `/v3/serp/google/organic/task_get/html/${t.id}`,
      }));
      return answer([task(path, null, 20000, "Ok.", result)]);
    }
    const id = path.slice(SERP_TASK_GET.length);
    const queued = queue.get(id);
    if (!queued) return answer([task(path, null, 40400, "Not Found.", null, id)]);
    if (queued.readyAt > Date.now()) return answer([task(path, queued.data, 40602, "Task In Queue.", null, id)]);
    queued.collected = true;
    return answer([serpAnswer(path, queued.data, id)]);
  });
  const handle = await listen(server, port);
  baseUrl = handle.url;
  return { ...handle, login, password, requests, metrics, failures, latency, serps, keywords, pages, loadFixture };
}

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
