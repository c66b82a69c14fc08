import type { SearchIntent } from "#app/modules/research/intent";

/**
 * One keyword of a research fixture, written by hand: its figures, what its
 * result pages cover (h2 headings, in the words the pages use), 'People also
 * ask' and related searches. `group` makes near-duplicates: keywords of one
 * group share most of their top-10 URLs (`share` of 10, default 8).
 */
export type KeywordSpec = {
  keyword: string;
  volume: number;
  difficulty: number;
  cpc: number;
  intent: SearchIntent;
  facets: string[];
  paa: string[];
  related: string[];
  group?: string;
  share?: number;
};

/** A site that ranks for the industry's keywords; `kind` picks its title style and URL section. */
export type DomainSpec = { domain: string; name: string; kind: "blog" | "shop" | "magazine" | "forum" | "brand" | "guide" };

export type IndustrySpec = {
  industry: string;
  seeds: string[];
  /** Google Ads categories the keywords sit in (keyword_info.categories). */
  categories: number[];
  domains: DomainSpec[];
  keywords: KeywordSpec[];
};
