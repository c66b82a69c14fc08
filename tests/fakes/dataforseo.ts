import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local DataForSEO server for POST /v3/keywords_data/google_ads/search_volume/live:
 * Basic auth, the v3 envelope (status_code 20000 inside HTTP 200; errors as
 * 40xxx codes), tasks[0].result[] with keyword, search_volume, competition,
 * competition_index and cpc. Figures come only from `metrics` set by the test;
 * unknown keywords come back with null figures, as the real API does.
 */

export type FakeKeywordMetrics = {
  search_volume: number | null;
  competition: "LOW" | "MEDIUM" | "HIGH" | null;
  competition_index: number | null;
  cpc: number | null;
};

export async function startFakeDataForSeo({ port = 0, login = "fake-login", password = "fake-password" } = {}) {
  const requests: Array<{ path: string; body: unknown; headers: http.IncomingHttpHeaders }> = [];
  const metrics = new Map<string, FakeKeywordMetrics>();
  /** Armed answers for the next requests: an HTTP status, or a DataForSEO status code inside a 200. */
  const failures: Array<{ httpStatus?: number; statusCode?: number; message?: string }> = [];

  const envelope = (statusCode: number, message: string, tasks: unknown[]) => ({
    version: "0.1.20250101",
    status_code: statusCode,
    status_message: message,
    time: "0.0100 sec.",
    cost: tasks.length ? 0.075 : 0,
    tasks_count: tasks.length,
    tasks_error: statusCode === 20000 ? 0 : tasks.length,
    tasks,
  });

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const expected = `Basic ${Buffer.from(`${login}:${password}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      return sendJson(res, 401, envelope(40100, "You are not authorized to access this resource.", []));
    }
    if (path !== "/v3/keywords_data/google_ads/search_volume/live" || req.method !== "POST") {
      return sendJson(res, 404, envelope(40400, "Not Found.", []));
    }
    let body: Array<{ keywords?: string[]; location_code?: number; language_code?: string }>;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, envelope(40000, "Invalid JSON.", []));
    }
    requests.push({ path, body, headers: req.headers });
    const armed = failures.shift();
    if (armed?.httpStatus) return sendJson(res, armed.httpStatus, envelope(50000, armed.message ?? "Internal Error.", []));
    const task = body[0];
    const taskBase = { id: `task-${requests.length}`, time: "0.0100 sec.", cost: 0.075, path: path.split("/").filter(Boolean), data: task };
    if (armed?.statusCode) {
      return sendJson(
        res,
        200,
        envelope(20000, "Ok.", [
          { ...taskBase, status_code: armed.statusCode, status_message: armed.message ?? "Task error.", result_count: 0, result: null },
        ]),
      );
    }
    if (!task?.keywords?.length) {
      return sendJson(
        res,
        200,
        envelope(20000, "Ok.", [
          { ...taskBase, status_code: 40501, status_message: "Invalid Field: 'keywords'.", result_count: 0, result: null },
        ]),
      );
    }
    const result = task.keywords.map((keyword) => {
      const m = metrics.get(keyword.toLowerCase());
      return {
        keyword,
        spell: null,
        location_code: task.location_code ?? null,
        language_code: task.language_code ?? null,
        search_partners: false,
        competition: m?.competition ?? null,
        competition_index: m?.competition_index ?? null,
        search_volume: m?.search_volume ?? null,
        low_top_of_page_bid: null,
        high_top_of_page_bid: null,
        cpc: m?.cpc ?? null,
        monthly_searches: null,
      };
    });
    return sendJson(
      res,
      200,
      envelope(20000, "Ok.", [{ ...taskBase, status_code: 20000, status_message: "Ok.", result_count: result.length, result }]),
    );
  });
  const handle = await listen(server, port);
  return { ...handle, login, password, requests, metrics, failures };
}
