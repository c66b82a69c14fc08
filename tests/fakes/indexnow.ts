import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local IndexNow endpoint (indexnow.org/documentation) for tests, the e2e stack and `npm run fakes`. It checks a
 * POST /indexnow as a search engine does: the JSON's form (400), every URL on the body's host and under the key
 * file's folder, the key of the protocol's form (422), then fetches keyLocation from the app and compares the
 * file with the key (403 when it is missing or different); a good submission is recorded and answered 200.
 * Test controls: GET /__fake/submissions (what was accepted), GET /__fake/requests (every POST with its answer),
 * POST /__fake/fail-next {status, retryAfter?, times?} (the next answers, e.g. 429 with Retry-After), POST /__fake/reset.
 */

const KEY = /^[A-Za-z0-9-]{8,128}$/;

export type IndexNowSubmission = { host: string; key: string; keyLocation: string; urlList: string[]; at: string };
type Armed = { status: number; retryAfter?: number; times: number };

export async function startFakeIndexNow({ port = 0 } = {}) {
  const submissions: IndexNowSubmission[] = [];
  const requests: Array<{ body: unknown; status: number }> = [];
  let armed: Armed | null = null;

  async function judge(raw: string): Promise<{ status: number; submission?: IndexNowSubmission; headers?: Record<string, string> }> {
    if (armed) {
      const { status, retryAfter } = armed;
      armed.times -= 1;
      if (armed.times <= 0) armed = null;
      return { status, headers: retryAfter !== undefined ? { "Retry-After": String(retryAfter) } : {} };
    }
    let body: Partial<IndexNowSubmission>;
    try {
      body = JSON.parse(raw) as Partial<IndexNowSubmission>;
    } catch {
      return { status: 400 };
    }
    const { host, key, keyLocation, urlList } = body;
    if (typeof host !== "string" || typeof key !== "string" || !Array.isArray(urlList) || !urlList.length || urlList.length > 10_000) {
      return { status: 400 };
    }
    if (!KEY.test(key)) return { status: 422 };
    const location = new URL(keyLocation ?? `https://${host}/${key}.txt`);
    const folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    const fits = (url: unknown) => {
      try {
        const target = new URL(String(url));
        return target.host === host && target.pathname.startsWith(folder);
      } catch {
        return false;
      }
    };
    if (location.host !== host || !urlList.every(fits)) return { status: 422 };
    // What a search engine does before trusting the submission: read the key file where the site says it is.
    try {
      const response = await fetch(location, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok || (await response.text()).trim() !== key) return { status: 403 };
    } catch {
      return { status: 403 };
    }
    return { status: 200, submission: { host, key, keyLocation: location.href, urlList, at: new Date().toISOString() } };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/submissions") return sendJson(res, 200, submissions);
    if (url.pathname === "/__fake/requests") return sendJson(res, 200, requests);
    if (url.pathname === "/__fake/fail-next" && req.method === "POST") {
      const given = JSON.parse((await readBody(req)) || "{}") as Partial<Armed>;
      armed = { status: given.status ?? 500, retryAfter: given.retryAfter, times: given.times ?? 1 };
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/reset" && req.method === "POST") {
      submissions.length = 0;
      requests.length = 0;
      armed = null;
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/indexnow" && req.method === "POST") {
      const raw = await readBody(req);
      const answer = await judge(raw);
      let parsed: unknown = raw;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // recorded as sent
      }
      requests.push({ body: parsed, status: answer.status });
      if (answer.submission) submissions.push(answer.submission);
      res.writeHead(answer.status, { "Content-Type": "text/plain; charset=utf-8", ...answer.headers });
      return res.end(answer.status === 200 ? "OK" : "");
    }
    return sendJson(res, 404, { error: "not found" });
  });
  const listening = await listen(server, port);
  return {
    ...listening,
    /** Where the app sends (INDEXNOW_URL). */
    endpoint: `${listening.url}/indexnow`,
    submissions,
    requests,
    failNext(status: number, { retryAfter, times = 1 }: { retryAfter?: number; times?: number } = {}) {
      armed = { status, retryAfter, times };
    },
    reset() {
      submissions.length = 0;
      requests.length = 0;
      armed = null;
    },
  };
}
