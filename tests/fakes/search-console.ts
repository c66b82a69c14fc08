import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";
import { dayOf, type FakeSearchPage, type Figures, isoOf, pageDay, type PreparedPage, preparePage } from "./search-console-data";

/**
 * A local Google Search Console API speaking Google's wire format (developers.google.com/webmaster-tools/v1):
 *
 * - GET  /webmasters/v3/sites: `{ siteEntry: [{ siteUrl, permissionLevel }] }` of the properties the token's user reads.
 * - POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query: startDate, endDate, dimensions (date, page, query),
 *   rowLimit (default 1,000, at most 25,000), startRow, dataState (final | all), dimensionFilterGroups (filters on
 *   page or query: equals, notEquals, contains, notContains, includingRegex, excludingRegex; not case-sensitive).
 *   Answers `{ rows: [{ keys, clicks, impressions, ctr, position }], responseAggregationType }` sorted by clicks
 *   (descending), without `rows` when there are none. Final data ends `finalLagDays` (3) before `today`; dataState
 *   'all' adds the later days (and `metadata.first_incomplete_date`). Data older than 16 months is gone.
 * - PUT  /webmasters/v3/sites/{siteUrl}/sitemaps/{feedpath}: records the submission (empty answer).
 * - POST /v1/urlInspection/index:inspect `{ inspectionUrl, siteUrl }`: `{ inspectionResult: { indexStatusResult } }`.
 * - POST /token: a stand-in refresh_token grant (Google's token endpoint shape) until the OAuth fake has one.
 *
 * Bearer tokens are checked with `isValidAccessToken` when given (the OAuth fake's list, so both fakes share one),
 * else against the tokens registered here (POST /__fake/tokens or `registerToken`). Errors have Google's shape:
 * 401 UNAUTHENTICATED, 403 PERMISSION_DENIED for a property the user cannot read, 429 RESOURCE_EXHAUSTED when a
 * property's per-minute budget (1,200 by default) is spent or an error is armed (with Retry-After if asked).
 *
 * Test controls (POST JSON unless noted): /__fake/properties, /__fake/pages, /__fake/access, /__fake/tokens,
 * /__fake/fail-next, /__fake/today, /__fake/latency, /__fake/budget, /__fake/inspection, GET /__fake/counters,
 * GET /__fake/sitemaps, GET /__fake/requests, /__fake/reset.
 */

export type { FakeSearchPage } from "./search-console-data";
/** Returns the Google account (email) of a valid access token, or null. */
export type AccessTokenCheck = (token: string) => string | null;
type Latency = number | [min: number, max: number];
type Property = { siteUrl: string; pages: PreparedPage[]; access: Map<string, string>; calls: number[]; inspections: number };
/** An armed answer for the next calls: 429 (window short or daily), 401, 403, 500, or a hang past the client's timeout. */
export type ArmedSearchError = {
  status: number;
  window?: "short" | "daily";
  retryAfterSeconds?: number;
  times?: number;
  kind?: CallKind;
  /** Calls of this kind to answer normally first. */
  skip?: number;
};
export type CallKind = "sites" | "query" | "sitemaps" | "inspect" | "token";
type Request = { kind: CallKind; siteUrl: string | null; body: unknown; at: number };

const MAX_ROWS = 25_000;
const HORIZON_MONTHS = 16;

export function googleError(code: number, message: string, status: string, extra: Record<string, unknown> = {}) {
  return { error: { code, message, status, ...extra } };
}

export async function startSearchConsoleFake({
  port = 0,
  today = new Date().toISOString().slice(0, 10),
  finalLagDays = 3,
  perMinuteBudget = 1_200,
  latencyMs = 0 as Latency,
  isValidAccessToken,
}: {
  port?: number;
  /** YYYY-MM-DD: 'today' at Google, settable so data lag is testable. */
  today?: string;
  finalLagDays?: number;
  perMinuteBudget?: number;
  latencyMs?: Latency;
  isValidAccessToken?: AccessTokenCheck;
} = {}) {
  const properties = new Map<string, Property>();
  const tokens = new Map<string, { email: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const armed: ArmedSearchError[] = [];
  const counters: Record<string, number> = {};
  const requests: Request[] = [];
  const sitemaps: Array<{ siteUrl: string; feedpath: string; at: string }> = [];
  const inspections = new Map<string, { verdict: string; coverageState: string; lastCrawlTime?: string }>();
  const state = { today, finalLagDays, perMinuteBudget, latency: latencyMs, check: isValidAccessToken ?? null };
  const cache: Array<{ key: string; rows: Row[] }> = [];

  const count = (name: string, by = 1) => (counters[name] = (counters[name] ?? 0) + by);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const delay = () => {
    const l = state.latency;
    const ms = Array.isArray(l) ? l[0] + Math.random() * (l[1] - l[0]) : l;
    return ms > 0 ? sleep(ms) : Promise.resolve();
  };

  function property(siteUrl: string) {
    let p = properties.get(siteUrl);
    if (!p) {
      p = { siteUrl, pages: [], access: new Map(), calls: [], inspections: 0 };
      properties.set(siteUrl, p);
    }
    return p;
  }
  function addPages(siteUrl: string, pages: FakeSearchPage[]) {
    const p = property(siteUrl);
    for (const page of pages) p.pages.push(preparePage(page, p.pages.length));
    cache.length = 0;
  }
  function registerProperty(input: { siteUrl: string; pages?: FakeSearchPage[]; access?: Record<string, string> }) {
    properties.delete(input.siteUrl);
    const p = property(input.siteUrl);
    for (const [email, level] of Object.entries(input.access ?? {})) p.access.set(email, level);
    addPages(input.siteUrl, input.pages ?? []);
    return p;
  }
  function registerToken(accessToken: string, email: string, options: { expiresInSeconds?: number; refreshToken?: string } = {}) {
    tokens.set(accessToken, { email, expiresAt: Date.now() + (options.expiresInSeconds ?? 3600) * 1000 });
    if (options.refreshToken) refreshTokens.set(options.refreshToken, email);
  }
  function userOf(req: http.IncomingMessage) {
    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!bearer) return null;
    const shared = state.check?.(bearer);
    if (shared) return shared;
    const own = tokens.get(bearer);
    return own && own.expiresAt > Date.now() ? own.email : null;
  }

  /** An armed error for this kind of call, used up one call at a time. */
  function takeArmed(kind: CallKind) {
    const index = armed.findIndex((a) => !a.kind || a.kind === kind);
    if (index < 0) return null;
    const a = armed[index]!;
    if (a.skip) {
      a.skip--;
      return null;
    }
    if ((a.times ?? 1) <= 1) armed.splice(index, 1);
    else a.times = (a.times ?? 1) - 1;
    return a;
  }
  function sendArmed(res: http.ServerResponse, a: ArmedSearchError) {
    count(`error:${a.status}`);
    const headers: Record<string, string> = a.retryAfterSeconds !== undefined ? { "Retry-After": String(a.retryAfterSeconds) } : {};
    if (a.status === 429) return sendJson(res, 429, quotaError(a.window ?? "short"), headers);
    if (a.status === 401) return sendJson(res, 401, unauthenticated());
    if (a.status === 403)
      return sendJson(res, 403, googleError(403, "User does not have sufficient permission for this site.", "PERMISSION_DENIED"));
    return sendJson(res, a.status, googleError(a.status, "Internal error encountered.", "INTERNAL"), headers);
  }
  function quotaError(window: "short" | "daily") {
    const limit = window === "daily" ? "Search Analytics load per day per site" : "Search Analytics queries per minute per site";
    return googleError(
      429,
      `Quota exceeded for quota metric 'Search Analytics queries' and limit '${limit}' of service 'searchconsole.googleapis.com'.`,
      "RESOURCE_EXHAUSTED",
      {
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "RATE_LIMIT_EXCEEDED",
            domain: "googleapis.com",
            metadata: {
              service: "searchconsole.googleapis.com",
              quota_limit: window === "daily" ? "LoadPerDayPerSite" : "QueriesPerMinutePerSite",
            },
          },
        ],
      },
    );
  }
  const unauthenticated = () =>
    googleError(
      401,
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      "UNAUTHENTICATED",
    );

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    try {
      if (path.startsWith("/__fake/")) return await control(req, res, path);
      const raw = await readBody(req);
      if (path === "/token" && req.method === "POST") return token(raw, res);
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const route = routeOf(req.method ?? "GET", path);
      if (!route) return sendJson(res, 404, googleError(404, "Requested entity was not found.", "NOT_FOUND"));
      const siteUrl = route.siteUrl ?? (typeof body.siteUrl === "string" ? body.siteUrl : null);
      requests.push({ kind: route.kind, siteUrl, body, at: Date.now() });
      count(route.kind);
      await delay();
      const a = takeArmed(route.kind);
      if (a) return sendArmed(res, a);
      const email = userOf(req);
      if (!email) {
        count("error:401");
        return sendJson(res, 401, unauthenticated());
      }
      if (route.kind === "sites") {
        const siteEntry = [...properties.values()]
          .filter((p) => p.access.has(email))
          .map((p) => ({ siteUrl: p.siteUrl, permissionLevel: p.access.get(email)! }));
        return sendJson(res, 200, siteEntry.length ? { siteEntry } : {});
      }
      const p = siteUrl ? properties.get(siteUrl) : undefined;
      if (!p || !p.access.has(email)) {
        count("error:403");
        return sendJson(
          res,
          403,
          googleError(
            403,
            `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
            "PERMISSION_DENIED",
          ),
        );
      }
      if (route.kind === "query") {
        const now = Date.now();
        p.calls = p.calls.filter((t) => t > now - 60_000);
        if (p.calls.length >= state.perMinuteBudget) {
          count("error:429");
          const wait = Math.max(1, Math.ceil((p.calls[0]! + 60_000 - now) / 1000));
          return sendJson(res, 429, quotaError("short"), { "Retry-After": String(wait) });
        }
        p.calls.push(now);
        return query(p, body, res);
      }
      if (route.kind === "sitemaps") {
        if (p.access.get(email) === "siteRestrictedUser" || p.access.get(email) === "siteUnverifiedUser") {
          return sendJson(res, 403, googleError(403, "User does not have sufficient permission for site.", "PERMISSION_DENIED"));
        }
        sitemaps.push({ siteUrl: p.siteUrl, feedpath: route.feedpath!, at: new Date().toISOString() });
        res.writeHead(204).end();
        return;
      }
      return inspect(p, body, res);
    } catch (error) {
      return sendJson(res, 400, googleError(400, `Invalid JSON payload received. ${String(error)}`, "INVALID_ARGUMENT"));
    }
  });

  function routeOf(method: string, path: string): { kind: CallKind; siteUrl?: string; feedpath?: string } | null {
    if (method === "GET" && path === "/webmasters/v3/sites") return { kind: "sites" };
    if (method === "POST" && path === "/v1/urlInspection/index:inspect") return { kind: "inspect" };
    const q = path.match(/^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/);
    if (method === "POST" && q) return { kind: "query", siteUrl: decodeURIComponent(q[1]!) };
    const s = path.match(/^\/webmasters\/v3\/sites\/([^/]+)\/sitemaps\/([^/]+)$/);
    if (method === "PUT" && s) return { kind: "sitemaps", siteUrl: decodeURIComponent(s[1]!), feedpath: decodeURIComponent(s[2]!) };
    return null;
  }

  function token(raw: string, res: http.ServerResponse) {
    const form = new URLSearchParams(raw);
    count("token");
    const a = takeArmed("token");
    if (a)
      return sendJson(res, a.status === 429 ? 429 : 400, {
        error: "invalid_grant",
        error_description: "Token has been expired or revoked.",
      });
    if (form.get("grant_type") !== "refresh_token") return sendJson(res, 400, { error: "unsupported_grant_type" });
    const email = refreshTokens.get(form.get("refresh_token") ?? "");
    if (!email) return sendJson(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
    const accessToken = `ya29.fake-${crypto.randomBytes(12).toString("base64url")}`;
    registerToken(accessToken, email);
    return sendJson(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      token_type: "Bearer",
      scope: "https://www.googleapis.com/auth/webmasters.readonly",
    });
  }

  type Row = { keys: string[]; clicks: number; impressions: number; ctr: number; position: number };

  function query(p: Property, body: Record<string, unknown>, res: http.ServerResponse) {
    const invalid = (message: string) => sendJson(res, 400, googleError(400, message, "INVALID_ARGUMENT"));
    const startDate = String(body.startDate ?? "");
    const endDate = String(body.endDate ?? "");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate))
      return invalid("startDate and endDate are required (YYYY-MM-DD).");
    if (startDate > endDate) return invalid("startDate must be earlier than or equal to endDate.");
    const dimensions = ((body.dimensions as string[] | undefined) ?? []).map((d) => d.toLowerCase());
    if (dimensions.some((d) => !["date", "page", "query"].includes(d)))
      return invalid(`Unsupported dimension in this fake: ${dimensions.join(",")}`);
    const rowLimit = body.rowLimit === undefined ? 1_000 : Number(body.rowLimit);
    const startRow = Number(body.startRow ?? 0);
    if (!Number.isInteger(rowLimit) || rowLimit < 1 || rowLimit > MAX_ROWS) return invalid("rowLimit must be between 1 and 25000.");
    if (!Number.isInteger(startRow) || startRow < 0) return invalid("startRow must be non-negative.");
    const dataState = String(body.dataState ?? "final").toLowerCase();
    const filters = filtersOf(body.dimensionFilterGroups);
    if (typeof filters === "string") return invalid(filters);

    const todayDay = dayOf(state.today);
    const lastDay = dataState === "all" ? todayDay - 1 : todayDay - state.finalLagDays;
    const firstDay = horizonDay(state.today);
    const from = Math.max(dayOf(startDate), firstDay);
    const to = Math.min(dayOf(endDate), lastDay);
    const key = JSON.stringify([p.siteUrl, from, to, dimensions, body.dimensionFilterGroups ?? null]);
    let rows = cache.find((c) => c.key === key)?.rows;
    if (!rows) {
      rows = aggregate(p, from, to, dimensions, filters);
      cache.unshift({ key, rows });
      cache.length = Math.min(cache.length, 4);
    }
    count("rows", Math.min(rowLimit, Math.max(0, rows.length - startRow)));
    const page = rows.slice(startRow, startRow + rowLimit);
    const answer: Record<string, unknown> = {};
    if (page.length) answer.rows = page;
    answer.responseAggregationType = dimensions.includes("page") ? "byPage" : "byProperty";
    if (dataState === "all") answer.metadata = { first_incomplete_date: isoOf(todayDay - state.finalLagDays + 1) };
    return sendJson(res, 200, answer);
  }

  function aggregate(p: Property, from: number, to: number, dimensions: string[], filters: Filter[]): Row[] {
    const byQuery = dimensions.includes("query") || filters.some((f) => f.dimension === "query");
    const pageFilters = filters.filter((f) => f.dimension === "page");
    const queryFilters = filters.filter((f) => f.dimension === "query");
    const pages = p.pages.filter((page) => pageFilters.every((f) => f.test(page.url)));
    const groups = new Map<string, { keys: string[]; f: Figures }>();
    for (let day = from; day <= to; day++) {
      const date = isoOf(day);
      for (const page of pages) {
        pageDay(page, day, (q, f) => {
          if (byQuery && (q === null || !queryFilters.every((filter) => filter.test(q)))) return;
          const keys = dimensions.map((d) => (d === "date" ? date : d === "page" ? page.url : q!));
          const key = keys.join("\u0000");
          const group = groups.get(key);
          if (group) {
            group.f.clicks += f.clicks;
            group.f.impressions += f.impressions;
            group.f.positionSum += f.positionSum;
          } else groups.set(key, { keys, f: { ...f } });
        });
      }
    }
    const rows = [...groups.values()].map(({ keys, f }) => ({
      keys,
      clicks: f.clicks,
      impressions: f.impressions,
      ctr: f.clicks / f.impressions,
      position: f.positionSum / f.impressions,
    }));
    // Like Google: by clicks, most first (ties in a fixed order so that paging is stable).
    rows.sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions || (a.keys.join() < b.keys.join() ? -1 : 1));
    return rows;
  }

  function inspect(p: Property, body: Record<string, unknown>, res: http.ServerResponse) {
    const inspectionUrl = String(body.inspectionUrl ?? "");
    p.inspections++;
    const known = inspections.get(inspectionUrl);
    const page = p.pages.find((pg) => pg.url === inspectionUrl);
    const verdict = known?.verdict ?? (page ? "PASS" : "NEUTRAL");
    const coverageState = known?.coverageState ?? (page ? "Submitted and indexed" : "URL is unknown to Google");
    const lastCrawlTime =
      known?.lastCrawlTime ?? (page ? `${isoOf(Math.max(page.published + 1, dayOf(state.today) - 4))}T08:12:44Z` : undefined);
    return sendJson(res, 200, {
      inspectionResult: {
        inspectionResultLink: `https://search.google.com/search-console/inspect?resource_id=${encodeURIComponent(p.siteUrl)}&id=${crypto.randomBytes(6).toString("hex")}`,
        indexStatusResult: {
          verdict,
          coverageState,
          robotsTxtState: "ALLOWED",
          indexingState: "INDEXING_ALLOWED",
          pageFetchState: page ? "SUCCESSFUL" : "PAGE_FETCH_STATE_UNSPECIFIED",
          ...(lastCrawlTime ? { lastCrawlTime, googleCanonical: inspectionUrl, userCanonical: inspectionUrl, crawledAs: "MOBILE" } : {}),
        },
      },
    });
  }

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (req.method === "GET") {
      if (path === "/__fake/counters") return sendJson(res, 200, counters);
      if (path === "/__fake/sitemaps") return sendJson(res, 200, sitemaps);
      if (path === "/__fake/requests") return sendJson(res, 200, requests);
      return sendJson(res, 404, { error: "not_found" });
    }
    const raw = await readBody(req);
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    if (path === "/__fake/properties") registerProperty(body as Parameters<typeof registerProperty>[0]);
    else if (path === "/__fake/pages") addPages(String(body.siteUrl), body.pages as FakeSearchPage[]);
    else if (path === "/__fake/access")
      setAccess(String(body.siteUrl), String(body.email), (body.permissionLevel as string | null) ?? null);
    else if (path === "/__fake/tokens") {
      registerToken(String(body.accessToken), String(body.email), {
        expiresInSeconds: body.expiresInSeconds as number | undefined,
        refreshToken: body.refreshToken as string | undefined,
      });
    } else if (path === "/__fake/fail-next") armed.push(body as unknown as ArmedSearchError);
    else if (path === "/__fake/today") setToday(String(body.date));
    else if (path === "/__fake/latency") state.latency = body.latencyMs as Latency;
    else if (path === "/__fake/budget") state.perMinuteBudget = Number(body.perMinute);
    else if (path === "/__fake/inspection") inspections.set(String(body.url), body as { verdict: string; coverageState: string });
    else if (path === "/__fake/reset") reset();
    else return sendJson(res, 404, { error: "not_found" });
    return sendJson(res, 200, { ok: true });
  }

  function setAccess(siteUrl: string, email: string, permissionLevel: string | null) {
    const p = property(siteUrl);
    if (permissionLevel) p.access.set(email, permissionLevel);
    else p.access.delete(email);
  }
  function setToday(date: string) {
    state.today = date;
    cache.length = 0;
  }
  function reset() {
    for (const key of Object.keys(counters)) delete counters[key];
    requests.length = 0;
    armed.length = 0;
    sitemaps.length = 0;
    for (const p of properties.values()) p.calls = [];
  }

  const handle = await listen(server, port);
  return {
    ...handle,
    /** The rootUrl to give the client (GOOGLE_SEARCH_CONSOLE_URL). */
    rootUrl: `${handle.url}/`,
    /** The stand-in token endpoint (refresh_token grant). */
    tokenUrl: `${handle.url}/token`,
    registerProperty,
    addPages,
    setAccess,
    registerToken,
    /** Registers a refresh token for a Google account, for the stand-in token endpoint. */
    registerRefreshToken: (refreshToken: string, email: string) => refreshTokens.set(refreshToken, email),
    revokeRefreshToken: (refreshToken: string) => refreshTokens.delete(refreshToken),
    /** Shares the OAuth fake's access tokens (both fakes started together). */
    useTokenCheck: (check: AccessTokenCheck | null) => (state.check = check),
    failNext: (error: ArmedSearchError) => armed.push(error),
    setToday,
    setLatency: (latency: Latency) => (state.latency = latency),
    setPerMinuteBudget: (perMinute: number) => (state.perMinuteBudget = perMinute),
    setInspection: (url: string, result: { verdict: string; coverageState: string; lastCrawlTime?: string }) =>
      inspections.set(url, result),
    /** The newest day with final data (YYYY-MM-DD). */
    lastFinalDate: () => isoOf(dayOf(state.today) - state.finalLagDays),
    counters,
    requests,
    sitemaps,
    reset,
  };
}

/** The oldest day Google still holds: 16 months before today. */
function horizonDay(today: string) {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - HORIZON_MONTHS);
  return Math.round(d.getTime() / 86_400_000);
}

type Filter = { dimension: "page" | "query"; test: (value: string) => boolean };

function filtersOf(groups: unknown): Filter[] | string {
  if (groups === undefined || groups === null) return [];
  if (!Array.isArray(groups)) return "dimensionFilterGroups must be a list.";
  const filters: Filter[] = [];
  for (const group of groups as Array<{ groupType?: string; filters?: Array<Record<string, string>> }>) {
    if (group.groupType && group.groupType.toLowerCase() !== "and") return "groupType must be 'and'.";
    for (const f of group.filters ?? []) {
      const dimension = (f.dimension ?? "").toLowerCase();
      if (dimension !== "page" && dimension !== "query") return `Unsupported filter dimension in this fake: ${f.dimension}`;
      const expression = f.expression ?? "";
      const operator = (f.operator ?? "equals").toLowerCase().replace(/_/g, "");
      const lower = expression.toLowerCase();
      let test: (value: string) => boolean;
      if (operator === "equals") test = (v) => v.toLowerCase() === lower;
      else if (operator === "notequals") test = (v) => v.toLowerCase() !== lower;
      else if (operator === "contains") test = (v) => v.toLowerCase().includes(lower);
      else if (operator === "notcontains") test = (v) => !v.toLowerCase().includes(lower);
      else if (operator === "includingregex" || operator === "excludingregex") {
        if (expression.length > 4096) return "Regular expression is too long.";
        const re = new RegExp(expression, "i");
        test = operator === "includingregex" ? (v) => re.test(v) : (v) => !re.test(v);
      } else return `Unknown operator: ${f.operator}`;
      filters.push({ dimension, test });
    }
  }
  return filters;
}

export type SearchConsoleFake = Awaited<ReturnType<typeof startSearchConsoleFake>>;
