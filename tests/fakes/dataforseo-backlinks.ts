import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local DataForSEO Backlinks API (docs.dataforseo.com/v3/backlinks/summary/live and
 * /v3/backlinks/backlinks/live): POST with Basic auth and a tasks array, the v3 envelope
 * (HTTP 200 with status_code 20000; errors as 40xxx codes in the body, HTTP 401 for wrong
 * credentials), tasks[0].result[0] holding the summary or { total_count, items[] }.
 * Data comes only from `targets` (set by a test, or POST /__fake/targets from another
 * process); an unknown target has no backlinks, as a new site does.
 *
 * Test controls: POST /__fake/targets { target, summary, backlinks }, POST /__fake/fail-next
 * { httpStatus } or { statusCode, message } (optionally for one target), GET /__fake/requests,
 * POST /__fake/reset.
 */

type FakeBacklink = {
  domain_from: string;
  url_from: string;
  url_to: string;
  anchor: string | null;
  dofollow: boolean;
  domain_from_rank: number;
  first_seen: string;
  last_seen: string;
  page_from_title?: string | null;
};
export type FakeBacklinkTarget = {
  summary: { backlinks: number; referring_domains: number; referring_main_domains: number; rank: number; broken_backlinks: number };
  backlinks: FakeBacklink[];
};
/** An armed failure; with `target` it waits for a request about that target (specs running side by side share the fake). */
type Armed = { httpStatus?: number; statusCode?: number; message?: string; target?: string };
type Task = { target?: string; mode?: string; limit?: number; offset?: number };

const SUMMARY_PATH = "/v3/backlinks/summary/live";
const BACKLINKS_PATH = "/v3/backlinks/backlinks/live";

export async function startFakeDataForSeoBacklinks({
  port = 0,
  login = "fake-backlinks-login",
  password = "fake-backlinks-password",
} = {}) {
  const requests: Array<{ path: string; body: unknown; headers: http.IncomingHttpHeaders }> = [];
  const targets = new Map<string, FakeBacklinkTarget>();
  const failures: Armed[] = [];

  const envelope = (statusCode: number, message: string, tasks: unknown[]) => ({
    version: "0.1.20250101",
    status_code: statusCode,
    status_message: message,
    time: "0.0100 sec.",
    cost: tasks.length ? 0.02 : 0,
    tasks_count: tasks.length,
    tasks_error: tasks.filter((t) => (t as { status_code: number }).status_code !== 20000).length,
    tasks,
  });

  const taskOf = (path: string, data: Task, statusCode: number, message: string, result: unknown[] | null) => ({
    id: `task-${requests.length}`,
    status_code: statusCode,
    status_message: message,
    time: "0.0100 sec.",
    cost: statusCode === 20000 ? 0.02 : 0,
    result_count: result?.length ?? 0,
    path: path.split("/").filter(Boolean),
    data: { api: "backlinks", function: path.split("/")[3], ...data },
    result,
  });

  function answer(path: string, task: Task) {
    const target = String(task.target ?? "")
      .trim()
      .toLowerCase();
    const known = targets.get(target);
    if (path === SUMMARY_PATH) {
      const summary = known?.summary ?? { backlinks: 0, referring_domains: 0, referring_main_domains: 0, rank: 0, broken_backlinks: 0 };
      return [{ target, first_seen: null, lost_date: null, crawled_pages: 0, referring_pages: summary.backlinks, ...summary }];
    }
    let items = [...(known?.backlinks ?? [])].sort((a, b) => b.domain_from_rank - a.domain_from_rank);
    if (task.mode === "one_per_domain") items = items.filter((item, i) => items.findIndex((o) => o.domain_from === item.domain_from) === i);
    const offset = task.offset ?? 0;
    const page = items.slice(offset, offset + (task.limit ?? 100));
    return [
      {
        target,
        mode: task.mode ?? "as_is",
        custom_mode: null,
        total_count: items.length,
        items_count: page.length,
        items: page.map((item) => ({
          type: "backlink",
          domain_to: target,
          is_new: false,
          is_lost: false,
          item_type: "anchor",
          rank: item.domain_from_rank,
          page_from_title: null,
          links_count: 1,
          ...item,
        })),
      },
    ];
  }

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const raw = await readBody(req);
    if (path.startsWith("/__fake/")) {
      const control = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      switch (`${req.method} ${path}`) {
        case "GET /__fake/requests":
          return sendJson(res, 200, requests);
        case "POST /__fake/targets": {
          const { target, ...data } = control as { target: string } & FakeBacklinkTarget;
          targets.set(target.toLowerCase(), data);
          return sendJson(res, 200, { ok: true });
        }
        case "POST /__fake/fail-next":
          failures.push(control as Armed);
          return sendJson(res, 200, { ok: true, armed: failures.length });
        case "POST /__fake/reset":
          requests.length = 0;
          failures.length = 0;
          targets.clear();
          return sendJson(res, 200, { ok: true });
        default:
          return sendJson(res, 404, { error: "unknown control" });
      }
    }
    const expected = `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      return sendJson(res, 401, envelope(40100, "You are not authorized to access this resource.", []));
    }
    if ((path !== SUMMARY_PATH && path !== BACKLINKS_PATH) || req.method !== "POST") {
      return sendJson(res, 404, envelope(40400, "Not Found.", []));
    }
    let body: Task[];
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, envelope(40000, "Invalid JSON.", []));
    }
    requests.push({ path, body, headers: req.headers });
    const asked = Array.isArray(body) ? String(body[0]?.target ?? "").toLowerCase() : "";
    const armedAt = failures.findIndex((f) => !f.target || f.target.toLowerCase() === asked);
    const armed = armedAt >= 0 ? failures.splice(armedAt, 1)[0] : undefined;
    if (armed?.httpStatus) return sendJson(res, armed.httpStatus, envelope(50000, armed.message ?? "Internal Error.", []));
    if (!Array.isArray(body) || body.length !== 1) {
      return sendJson(res, 200, envelope(40000, "You can set only one task at a time.", []));
    }
    const task = body[0]!;
    if (armed?.statusCode) {
      return sendJson(res, 200, envelope(20000, "Ok.", [taskOf(path, task, armed.statusCode, armed.message ?? "Task error.", null)]));
    }
    if (!task.target) {
      return sendJson(res, 200, envelope(20000, "Ok.", [taskOf(path, task, 40501, "Invalid Field: 'target'.", null)]));
    }
    return sendJson(res, 200, envelope(20000, "Ok.", [taskOf(path, task, 20000, "Ok.", answer(path, task))]));
  });
  const handle = await listen(server, port);
  return {
    ...handle,
    login,
    password,
    requests,
    targets,
    failures,
    hint: `Backlinks to your site come from here; arm a site's data with POST ${handle.url}/__fake/targets { target, summary, backlinks }.`,
  };
}
