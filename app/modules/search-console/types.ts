/**
 * The Search Console layer's shapes (docs/decisions/060-search-results.md). The client turns Google's wire
 * format into these; the import, the results pages and the rules read only these and the search_* tables.
 * Pure types and small pure helpers, no I/O.
 */

/** A Search Console property the Google account can read: 'sc-domain:example.com' or 'https://example.com/'. */
export type SearchProperty = { siteUrl: string; permissionLevel: string };

export type SearchDimension = "date" | "page" | "query";

export type SearchAnalyticsRequest = {
  /** YYYY-MM-DD, in the property's time zone (Pacific time at Google). */
  startDate: string;
  endDate: string;
  dimensions: SearchDimension[];
  /** At most 25,000 (the API's limit). */
  rowLimit: number;
  startRow: number;
  /** 'final' (the default) leaves out the last days whose figures are still moving. */
  dataState?: "final" | "all";
  /** Only rows whose page equals one of these (one filter group, OR-ed). */
  pages?: string[];
};

/** One row: keys are the requested dimensions' values in the requested order. */
export type SearchAnalyticsRow = {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
};

/** What the URL Inspection API says of a URL's index status. */
export type UrlInspection = {
  /** PASS (indexed), PARTIAL, FAIL, NEUTRAL (excluded), VERDICT_UNSPECIFIED. */
  verdict: string;
  /** Google's words, e.g. 'Submitted and indexed', 'Discovered - currently not indexed'. */
  coverageState: string;
  lastCrawlTime: string | null;
};

export type SearchApiCallOptions = { correlationId?: string; signal?: AbortSignal };

/** Google Search Console for one connected account: one interface, a real client and a local fake (tests/fakes). */
export interface SearchConsoleApi {
  listProperties(options?: SearchApiCallOptions): Promise<SearchProperty[]>;
  query(property: string, request: SearchAnalyticsRequest, options?: SearchApiCallOptions): Promise<SearchAnalyticsRow[]>;
  submitSitemap(property: string, sitemapUrl: string, options?: SearchApiCallOptions): Promise<void>;
  inspectUrl(property: string, url: string, options?: SearchApiCallOptions): Promise<UrlInspection>;
}

/** Google answered 429 / RESOURCE_EXHAUSTED (or 403 quotaExceeded / rateLimitExceeded): wait and try again. */
export class SearchConsoleQuotaError extends Error {
  constructor(
    message: string,
    /** From Retry-After when Google sends it; otherwise the caller backs off on its own. */
    readonly retryAfterMs: number | null,
    /** 'short' (per-minute) or 'daily' (per-day: wait until tomorrow). */
    readonly window: "short" | "daily",
  ) {
    super(message);
    this.name = "SearchConsoleQuotaError";
  }
}

/** Google refused the tokens (invalid_grant, 401 after a refresh): the customer must connect again. */
export class SearchConsoleAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SearchConsoleAuthError";
  }
}

/** The account can no longer read the property (403 without a quota reason, 404). */
export class SearchConsoleAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SearchConsoleAccessError";
  }
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date (the stored form of a day). */
export function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

/** The YYYY-MM-DD date of a stored day number. */
export function dayDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday (as a day number) of the week holding a day number; 1970-01-01 was a Thursday. */
export function weekOf(day: number): number {
  return day - ((day + 3) % 7);
}
