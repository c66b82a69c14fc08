import type { DB } from "#app/db/client.server";
import { checkLink } from "#app/modules/backlinks/links.server";
import { workingLinkUrls } from "#app/modules/backlinks/queries.server";
import { cacheKey, keywordDataFor, serpFor, siteMarket, type ResearchCounters } from "#app/modules/research/cache.server";
import type { Market } from "#app/modules/research/market";
import { buildGrounding } from "#app/modules/research/grounding";
import { getResearchProvider } from "#app/modules/research/provider.server";
import { resultPagesFor } from "#app/modules/research/result-pages.server";
import type {
  ArticleGrounding,
  KeywordData,
  ResearchProvider,
  ResearchSnapshot,
  ResultPage,
  Serp,
  SitePage,
} from "#app/modules/research/types";
import { limiter } from "#app/utils/limiter";
import { logger } from "#app/utils/logger.server";
import { DAY, isoNow } from "#app/utils/time";

/**
 * The research step's gathering (docs/decisions/058-research.md): the keyword's search results, their pages'
 * outlines and its figures when a provider is configured, and always the site's own scanned pages. A provider
 * that fails is logged with the generation's id and becomes a gap in words: the article is written from what
 * there is, never failed for it. External link candidates are only results the link checker found working.
 */

type ResultPagesFn = (
  db: DB,
  siteId: string,
  serp: Serp,
  options: { correlationId?: string; signal?: AbortSignal; counters?: ResearchCounters; now?: Date },
) => Promise<ResultPage[]>;

/** What the research step calls out to; tests pass their own. */
export type ResearchDeps = {
  /** null when no keyword-data service is configured. */
  provider: ResearchProvider | null;
  /** The result pages' outlines (fetched through the SSRF guard); without it only the results' titles are known. */
  resultPages?: ResultPagesFn;
  /** Whether a URL answers (the link checker); the default asks checkLink unless a recent check of the site's links did. */
  verifyLink?: (url: string, signal?: AbortSignal) => Promise<boolean>;
  counters?: ResearchCounters;
  now?: Date;
};

/** The research's answer: what the writer is handed, what is kept with the article, and the outside pages it may link to. */
export type GatheredResearch = {
  grounding: ArticleGrounding;
  snapshot: ResearchSnapshot;
  /** Verified result pages, best-ranked first. */
  webSources: Array<{ url: string; title: string }>;
};

/** A link check younger than this is trusted instead of asking the page again. */
const CHECK_FRESH_MS = 7 * DAY;
const VERIFY_TIMEOUT_MS = 5000;
const VERIFY_CONCURRENCY = 4;

/** The research dependencies of a generation run by the job: DataForSEO when configured, else none (a gap in words). */
export function defaultResearchDeps(): ResearchDeps {
  return { provider: getResearchProvider(), resultPages: resultPagesFor };
}

const defaultVerify = async (url: string, signal?: AbortSignal) => {
  const check = await checkLink(url, { signal, timeoutMs: VERIFY_TIMEOUT_MS });
  return check.status === "ok" || check.status === "redirect";
};

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
};

/** The top results that answer, in rank order, until `wanted` are found (each asked at most once). */
async function verifiedResults(
  db: DB,
  siteId: string,
  serp: Serp,
  wanted: number,
  siteUrl: string | null,
  deps: ResearchDeps,
  signal?: AbortSignal,
) {
  const own = siteUrl ? hostOf(siteUrl) : "";
  const results = serp.results.filter((r) => /^https?:\/\//i.test(r.url) && (!own || hostOf(r.url) !== own));
  if (wanted <= 0 || results.length === 0) return [];
  const since = isoNow(new Date((deps.now ?? new Date()).getTime() - CHECK_FRESH_MS));
  const known = await workingLinkUrls(
    db,
    siteId,
    results.map((r) => r.url),
    since,
  );
  const verify = deps.verifyLink ?? defaultVerify;
  const pool = limiter(VERIFY_CONCURRENCY);
  const ok = new Set<string>();
  let found = 0;
  await Promise.all(
    results.map((r) =>
      pool(async () => {
        if (found >= wanted) return;
        const working = known.has(r.url) || (await verify(r.url, signal).catch(() => false));
        if (working) {
          ok.add(r.url);
          found++;
        }
      }),
    ),
  );
  return results.filter((r) => ok.has(r.url));
}

export async function gatherResearch(
  db: DB,
  siteId: string,
  {
    keyword,
    correlationId,
    externalWanted,
    siteUrl,
    sitePages,
    signal,
  }: {
    keyword: string;
    correlationId: string;
    externalWanted: number;
    siteUrl: string | null;
    sitePages: SitePage[];
    signal?: AbortSignal;
  },
  deps: ResearchDeps,
): Promise<GatheredResearch> {
  const { provider, counters } = deps;
  const now = deps.now ?? new Date();
  const options = { correlationId, signal, counters, now };
  const gaps: string[] = [];
  let serp: Serp | null = null;
  let pages: ResultPage[] = [];
  let keywordData: KeywordData | null = null;
  let verified: Array<{ url: string; title: string }> = [];
  let market: Market | null = null;
  if (!provider) {
    gaps.push(
      "No keyword-data service is configured, so the outline could not follow the top results, and the article has no search volume or difficulty and no outside sources from research.",
    );
  } else {
    market = await siteMarket(db, siteId, provider, options).catch(() => null);
    const asked = market ? { ...options, market } : options;
    const [serpAnswer, dataAnswer] = await Promise.allSettled([
      serpFor(db, siteId, provider, keyword, asked),
      keywordDataFor(db, siteId, provider, [keyword], asked),
    ]);
    if (serpAnswer.status === "fulfilled") serp = serpAnswer.value;
    else {
      logger.warn({ err: serpAnswer.reason, siteId, correlationId, keyword }, "research: the search results could not be read");
      gaps.push(
        `The search results for “${keyword}” could not be read (${provider.name} did not answer), so the outline could not follow the top results.`,
      );
    }
    if (dataAnswer.status === "fulfilled") {
      keywordData = dataAnswer.value.get(cacheKey(keyword)) ?? null;
      if (!keywordData) gaps.push(`${provider.name} has no search volume or difficulty for “${keyword}”.`);
    } else {
      logger.warn({ err: dataAnswer.reason, siteId, correlationId, keyword }, "research: the keyword figures could not be read");
      gaps.push(`The search volume and difficulty of “${keyword}” could not be read (${provider.name} did not answer).`);
    }
    if (serp) {
      if (deps.resultPages) {
        try {
          pages = await deps.resultPages(db, siteId, serp, options);
        } catch (error) {
          logger.warn({ err: error, siteId, correlationId, keyword }, "research: the result pages could not be read");
        }
      }
      if (serp.results.length && !pages.some((p) => p.headings?.length))
        gaps.push("None of the top results' pages could be read, so the outline follows only their titles.");
      verified = await verifiedResults(db, siteId, serp, externalWanted + 2, siteUrl, deps, signal);
      if (externalWanted > 0 && verified.length === 0)
        gaps.push("None of the top results' pages passed the link checker, so the article links to no outside source.");
    }
  }
  if (sitePages.length === 0)
    gaps.push("Your site's pages have not been scanned yet, so the article cannot use your products' facts or link to them by topic.");
  const grounding = buildGrounding({
    keyword,
    serp,
    pages,
    keywordData,
    sitePages,
    verified: new Set(verified.map((v) => v.url)),
    gaps,
  });
  if (sitePages.length > 0 && grounding.sitePages.length === 0) grounding.gaps.push(`None of your site's pages is about “${keyword}”.`);
  if (grounding.facts.length === 0)
    grounding.gaps.push("The research found no facts with a source for this topic, so the article states none.");
  const snapshot: ResearchSnapshot = {
    keyword,
    provider: provider?.name ?? null,
    ...(market ? { market: market.label } : {}),
    serp,
    pages,
    keywordData,
    sitePages: grounding.sitePages.map(({ url, title, kind }) => ({ url, title, kind })),
    gatheredAt: isoNow(now),
    facts: grounding.facts,
    gaps: grounding.gaps,
  };
  return { grounding, snapshot, webSources: verified };
}
