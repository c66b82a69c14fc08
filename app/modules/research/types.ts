import type { SearchIntent } from "#app/modules/research/intent";
import type { Market, MarketLocation } from "./market";

/**
 * The research layer's shapes (docs/decisions/058-research.md). Provider
 * adapters turn their wire formats into these; the planner, the writers and
 * the SEO panel read only these. Pure types, no implementation.
 */

export type { SearchIntent };

/** One organic result of a keyword's search results page. */
export type SerpResult = {
  /** 1-based rank among organic results. */
  position: number;
  url: string;
  domain: string;
  title: string;
  /** The description the search engine shows; may be empty. */
  snippet: string;
};

/** A keyword's search results as the provider gave them. */
export type Serp = {
  keyword: string;
  /** The organic top 10 (fewer when the engine shows fewer). */
  results: SerpResult[];
  /** 'People also ask' questions, in the engine's order. */
  peopleAlsoAsk: string[];
  relatedSearches: string[];
};

/** A result page's outline, fetched through the SSRF guard; null headings when it could not be read. */
export type ResultPage = { url: string; title: string; headings: string[] | null };

export type KeywordData = {
  keyword: string;
  /** Average monthly searches; null when the provider has no figure. */
  volume: number | null;
  /** Keyword difficulty 0-100; null when unknown. */
  difficulty: number | null;
  /** US dollars per click; null when unknown. */
  cpc: number | null;
  intent: SearchIntent | null;
};

export type ProviderCallOptions = {
  correlationId?: string;
  signal?: AbortSignal;
  /** Whose searches to research; the United States in English when absent. */
  market?: Market;
};

/** The SERP and keyword-data provider (DataForSEO), one interface with a real adapter and a local fake. */
export interface ResearchProvider {
  readonly name: string;
  serp(keyword: string, options?: ProviderCallOptions): Promise<Serp>;
  /** Figures for known keywords; keywords the provider does not know are absent from the map. */
  keywordData(keywords: string[], options?: ProviderCallOptions): Promise<Map<string, KeywordData>>;
  /** Keywords searched around the seeds, with their figures, best first. */
  keywordIdeas(seeds: string[], options?: ProviderCallOptions & { limit?: number }): Promise<KeywordData[]>;
  /** The countries and languages the provider has keyword figures for (market.ts chooses among them). */
  locations(options?: Omit<ProviderCallOptions, "market">): Promise<MarketLocation[]>;
}

export type SitePageKind = "product" | "category" | "faq" | "page";

/** What one of the site's own pages says, read by the site scan. */
export type SitePage = {
  url: string;
  kind: SitePageKind;
  /** The page's name as a reader sees it (a product name, a heading). */
  title: string;
  summary: string;
  /** Sentences stating something checkable: a price, a size, an origin, a time. */
  facts: string[];
  faq: Array<{ question: string; answer: string }>;
  fetchedAt: string;
};

/** Where a fact comes from: a web page of the research, or one of the site's own pages ('your page X'). */
export type SourceKind = "web" | "own";

/** One line of an article's claim ledger: a source and what the article took from it. */
export type LedgerEntry = { url: string; title: string; kind: SourceKind; claims: string[] };

/** What an article was written from, kept with it (the SEO panel measures coverage against it). */
export type ResearchSnapshot = {
  keyword: string;
  /** The provider's name, or null when none is configured (then only the site's own pages were read). */
  provider: string | null;
  serp: Serp | null;
  pages: ResultPage[];
  keywordData: KeywordData | null;
  /** Whose searches were researched ("Germany (German)"); absent on snapshots older than markets. */
  market?: string;
  /** The site's own pages the writer could use. */
  sitePages: Array<Pick<SitePage, "url" | "title" | "kind">>;
  gatheredAt: string;
  /** The facts the writer was handed, so the claim ledger can be derived again after an edit. */
  facts?: GroundingFact[];
  /** What the research could not provide, in words (ArticleGrounding.gaps), for the editor. */
  gaps?: string[];
};

/** A fact the writer may state, with where it comes from. */
export type GroundingFact = { text: string; source: { url: string; title: string; kind: SourceKind } };

/**
 * What the research step hands the writer with the brief: what the top
 * results cover, what searchers ask, checkable facts with their sources and
 * the site's own pages that fit the keyword. Writers state facts only from
 * here and record each one they use in the claim ledger.
 */
export type ArticleGrounding = {
  /** Headings the top results use, grouped and most common first. */
  coveredByResults: string[];
  /** 'People also ask', then questions from the site's own FAQs that fit. */
  questions: string[];
  relatedSearches: string[];
  facts: GroundingFact[];
  /** The site's own pages that fit the keyword, most relevant first. */
  sitePages: Array<Pick<SitePage, "url" | "title" | "kind" | "summary" | "faq">>;
  /** The figures of the keyword, when a provider gave them. */
  keywordData: KeywordData | null;
  /** What the research could not provide, in words for the editor ('No keyword-data service is configured'). */
  gaps: string[];
};
