import { auth, searchconsole } from "@googleapis/searchconsole";
import { getEnv } from "#app/env.server";
import { logger } from "#app/utils/logger.server";
import {
  SearchConsoleAccessError,
  type SearchConsoleApi,
  SearchConsoleAuthError,
  SearchConsoleQuotaError,
  type SearchAnalyticsRequest,
  type SearchAnalyticsRow,
  type SearchApiCallOptions,
} from "./types";

/**
 * The real Search Console client: Google's official library (@googleapis/searchconsole) with its OAuth2 client,
 * pointed at GOOGLE_SEARCH_CONSOLE_URL and the given token URL (both local fakes in tests). It refreshes the access
 * token when it is missing or about to expire and hands every new one to onTokens, so the caller stores it sealed.
 * The library's own retries are off: the import decides when to try again (docs/decisions/060-search-results.md).
 * Google's errors become the contract's classes in types.ts; anything else (a timeout, a 5xx) stays an Error.
 */

export type SearchConsoleTokens = {
  refreshToken: string;
  accessToken: string | null;
  /** ISO time the access token expires; null when unknown. */
  expiresAt: string | null;
};
export type RefreshedTokens = { accessToken: string; expiresAt: string | null; refreshToken?: string };

export type SearchConsoleClientOptions = {
  tokens: SearchConsoleTokens;
  /** Google's token endpoint (https://oauth2.googleapis.com/token); the OAuth fake's in tests. */
  tokenUrl: string;
  clientId?: string;
  clientSecret?: string;
  /** Called with every refreshed access token; errors are logged, not thrown. */
  onTokens?: (tokens: RefreshedTokens) => void | Promise<void>;
  /** Defaults to GOOGLE_SEARCH_CONSOLE_URL. */
  rootUrl?: string;
  /** Per request (default 30 s); a search analytics page of 25,000 rows takes a few seconds at Google. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 30_000;
/** Google's limit on a filter expression's length; the page filter is a regular expression of URLs. */
export const MAX_FILTER_EXPRESSION = 4_000;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A filter group matching exactly these pages: one equals filter, or an anchored alternation (groups only AND). */
export function pageFilterGroups(pages: string[] | undefined) {
  if (!pages?.length) return undefined;
  if (pages.length === 1) return [{ groupType: "and", filters: [{ dimension: "page", operator: "equals", expression: pages[0]! }] }];
  const expression = `^(${pages.map(escapeRegex).join("|")})$`;
  return [{ groupType: "and", filters: [{ dimension: "page", operator: "includingRegex", expression }] }];
}

/** The characters a page adds to the page filter's expression (for batching under MAX_FILTER_EXPRESSION). */
export const pageFilterLength = (url: string) => escapeRegex(url).length + 1;

/**
 * Google's token endpoint: Google's own when signing in with Google, else the configured issuer's /token
 * (the OAuth fake in tests and with npm run fakes).
 */
export function googleTokenUrl() {
  const issuer = getEnv().GOOGLE_ISSUER.replace(/\/$/, "");
  return issuer === "https://accounts.google.com" ? "https://oauth2.googleapis.com/token" : `${issuer}/token`;
}

export function createSearchConsoleApi(options: SearchConsoleClientOptions): SearchConsoleApi {
  const env = getEnv();
  const oauth = new auth.OAuth2({
    clientId: options.clientId ?? env.GOOGLE_CLIENT_ID,
    clientSecret: options.clientSecret ?? env.GOOGLE_CLIENT_SECRET,
    endpoints: { oauth2TokenUrl: options.tokenUrl },
  });
  oauth.setCredentials({
    refresh_token: options.tokens.refreshToken,
    access_token: options.tokens.accessToken ?? undefined,
    expiry_date: options.tokens.expiresAt ? Date.parse(options.tokens.expiresAt) : undefined,
  });
  oauth.on("tokens", (tokens) => {
    if (!tokens.access_token || !options.onTokens) return;
    const refreshed: RefreshedTokens = {
      accessToken: tokens.access_token,
      expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date).toISOString() : null,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    };
    Promise.resolve(options.onTokens(refreshed)).catch((error: unknown) =>
      logger.error({ err: error, area: "search-console" }, "search console: storing refreshed tokens failed"),
    );
  });
  const api = searchconsole({ version: "v1", auth: oauth, rootUrl: options.rootUrl ?? env.GOOGLE_SEARCH_CONSOLE_URL, retry: false });
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(
    what: string,
    callOptions: SearchApiCallOptions | undefined,
    run: (o: { timeout: number; signal?: AbortSignal; retry: false }) => Promise<T>,
  ) {
    const log = logger.child({ area: "search-console", correlationId: callOptions?.correlationId });
    const started = Date.now();
    try {
      const result = await run({ timeout, signal: callOptions?.signal, retry: false });
      log.debug({ what, ms: Date.now() - started }, "search console call");
      return result;
    } catch (error) {
      const mapped = mapGoogleError(error, what, timeout);
      log.warn({ what, ms: Date.now() - started, error: mapped.message, kind: mapped.name }, "search console call failed");
      throw mapped;
    }
  }

  return {
    async listProperties(callOptions) {
      const res = await call("sites.list", callOptions, (o) => api.sites.list({}, o));
      return (res.data.siteEntry ?? []).map((s) => ({ siteUrl: s.siteUrl ?? "", permissionLevel: s.permissionLevel ?? "" }));
    },
    async query(property: string, request: SearchAnalyticsRequest, callOptions): Promise<SearchAnalyticsRow[]> {
      const res = await call("searchAnalytics.query", callOptions, (o) =>
        api.searchanalytics.query(
          {
            siteUrl: property,
            requestBody: {
              startDate: request.startDate,
              endDate: request.endDate,
              dimensions: request.dimensions,
              rowLimit: request.rowLimit,
              startRow: request.startRow,
              dataState: request.dataState ?? "final",
              type: "web",
              dimensionFilterGroups: pageFilterGroups(request.pages),
            },
          },
          o,
        ),
      );
      return (res.data.rows ?? []).map((r) => ({
        keys: r.keys ?? [],
        clicks: r.clicks ?? 0,
        impressions: r.impressions ?? 0,
        ctr: r.ctr ?? 0,
        position: r.position ?? 0,
      }));
    },
    async submitSitemap(property, sitemapUrl, callOptions) {
      await call("sitemaps.submit", callOptions, (o) => api.sitemaps.submit({ siteUrl: property, feedpath: sitemapUrl }, o));
    },
    async inspectUrl(property, url, callOptions) {
      const res = await call("urlInspection.inspect", callOptions, (o) =>
        api.urlInspection.index.inspect({ requestBody: { inspectionUrl: url, siteUrl: property } }, o),
      );
      const status = res.data.inspectionResult?.indexStatusResult;
      return {
        verdict: status?.verdict ?? "VERDICT_UNSPECIFIED",
        coverageState: status?.coverageState ?? "",
        lastCrawlTime: status?.lastCrawlTime ?? null,
      };
    },
  };
}

type GoogleErrorBody = {
  error?:
    | string
    | {
        code?: number;
        message?: string;
        status?: string;
        errors?: Array<{ reason?: string }>;
        details?: Array<{ reason?: string; metadata?: Record<string, string> }>;
      };
  error_description?: string;
};
type LibraryError = {
  message?: string;
  name?: string;
  code?: string | number;
  status?: number;
  response?: { status?: number; data?: unknown; headers?: unknown };
};

const QUOTA_REASONS = /quotaExceeded|rateLimitExceeded|userRateLimitExceeded|dailyLimitExceeded|RATE_LIMIT_EXCEEDED|RESOURCE_EXHAUSTED/i;

function header(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === "string" ? value : null;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
function retryAfterMs(value: string | null) {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Google's error (the library's GaxiosError, or a token refresh failure) as the contract's error classes. */
export function mapGoogleError(error: unknown, what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Error {
  const e = (error ?? {}) as LibraryError;
  const status = e.response?.status ?? e.status ?? (typeof e.code === "number" ? e.code : undefined);
  const body = (e.response?.data ?? {}) as GoogleErrorBody;
  // The token endpoint answers { error: 'invalid_grant', error_description }: the refresh token is revoked or expired.
  if (typeof body.error === "string") {
    if (body.error === "invalid_grant" || body.error === "unauthorized_client" || status === 401) {
      return new SearchConsoleAuthError(`Google refused the Search Console authorisation (${body.error}): connect Search Console again.`);
    }
    return new Error(`Search Console ${what}: Google's token endpoint answered ${status ?? "?"} ${body.error}`);
  }
  const g = body.error;
  const message = g?.message ?? e.message ?? "no message";
  const reasons = [g?.status, ...(g?.errors ?? []).map((x) => x.reason), ...(g?.details ?? []).map((x) => x.reason)].join(" ");
  const quotaLimit = (g?.details ?? []).map((x) => x.metadata?.quota_limit ?? "").join(" ");
  if (status === 429 || (status === 403 && QUOTA_REASONS.test(reasons))) {
    const daily = /dailyLimitExceeded/i.test(reasons) || /per ?day|daily/i.test(`${message} ${quotaLimit}`);
    return new SearchConsoleQuotaError(
      `Search Console quota exceeded (${daily ? "daily" : "per minute"}) on ${what}: ${message}`,
      retryAfterMs(header(e.response?.headers, "retry-after")),
      daily ? "daily" : "short",
    );
  }
  if (status === 401) return new SearchConsoleAuthError(`Google no longer accepts the Search Console authorisation: ${message}`);
  if (status === 403 || status === 404) return new SearchConsoleAccessError(`Search Console ${what}: ${status} ${message}`);
  if (e.name === "AbortError" || e.name === "TimeoutError" || /timeout|aborted/i.test(e.message ?? "")) {
    return new Error(`Search Console ${what} did not answer within ${Math.round(timeoutMs / 1000)} s`, { cause: error });
  }
  return new Error(`Search Console ${what} failed${status ? ` (${status})` : ""}: ${message}`, { cause: error });
}
