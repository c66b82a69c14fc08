import { sameTopic, topicCoverage, type ResearchBasis } from "./coverage";
import { unsourcedFacts, type FactKind } from "./unsourced";

/**
 * The SEO panel's checks against the article's research: topic coverage (what the top results and searchers'
 * questions cover, and what the article misses) and facts without a source. Pure and isomorphic like seo.ts.
 */

type Check<Id extends string = string> = {
  id: Id;
  label: string;
  passed: boolean;
  detail: string;
  fix?: string;
  examples?: string[];
  /** False: shown but not scored (there is nothing to measure against). */
  counted?: false;
};

/** Below this share of the research's terms, products and questions the article misses what searchers look for. */
export const COVERAGE_MIN = 0.5;
/** More unsourced facts than this share of the body's sentences (and more than UNSOURCED_FREE) fails the check. */
const UNSOURCED_MAX_SHARE = 0.1;
const UNSOURCED_FREE = 3;
/** Percentages, statistics, studies and dated events are the claims readers check first: this many unsourced fail. */
const UNSOURCED_MAX_STRONG = 2;

const STRONG: ReadonlySet<FactKind> = new Set(["percentage", "statistic", "study", "year"]);
const quote = (text: string, max = 140) => `“${text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : text}”`;
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/**
 * Topic coverage. `basis` null: the article has no research (written by hand, or before research was kept), and
 * the check says so without counting: it never measures against a made-up target.
 */
export function coverageCheck(
  html: string,
  title: string,
  keyword: string,
  basis: ResearchBasis | null,
  blockingNote: string,
): Check<"coverage"> {
  const label = "Covers what searchers look for";
  const notScored = (detail: string): Check<"coverage"> => ({ id: "coverage", label, passed: true, counted: false, detail });
  if (!basis)
    return notScored(
      "There is no research for this article to measure against (it was written without the research step), so topic coverage is not scored.",
    );
  // The customer retargeted the article: what searchers of the old keyword look for is no measure of it.
  if (keyword && basis.keyword && !sameTopic(keyword, basis.keyword))
    return notScored(
      `Its research was gathered for “${basis.keyword}”, not for its keyword “${keyword}”, so topic coverage is not scored. Write it again from the keyword to research it.`,
    );
  // Without search results (no research service was configured) only the site's own pages were read: too little to hold it to.
  if (basis.results === 0 || basis.terms.length + basis.questions.length === 0)
    return notScored(
      "Its research has no search results to measure against (no research service was configured when it was written), so topic coverage is not scored.",
    );
  const found = topicCoverage(html, title, keyword, basis);
  const passed = found.share >= COVERAGE_MIN;
  const { terms, entities, questions } = found.missing;
  const measured = `It covers ${found.covered} of ${found.total} topics (${Math.round(found.share * 100)}%) that the top ${
    basis.results === 1 ? "result covers" : `${basis.results} search results cover`
  }${basis.entities.length ? ", your products named in its research" : ""}${basis.questions.length ? " and the questions people also ask" : ""}.`;
  const examples = [
    ...(terms.length ? [`Missing terms: ${list(terms.map((t) => `“${t}”`))}`] : []),
    ...(entities.length ? [`Missing products: ${list(entities.map((e) => `“${e}”`))}`] : []),
    ...questions.map((q) => `Unanswered: ${quote(q)}`),
    ...(found.found.length ? [`Covered: ${list(found.found.map((t) => `“${t}”`))}`] : []),
  ];
  return {
    id: "coverage",
    label,
    passed,
    detail: passed
      ? measured
      : `${measured} Readers who searched for “${keyword}” expect these, and search engines rank pages that answer them above pages that do not.${blockingNote}`,
    ...(examples.length ? { examples } : {}),
    ...(passed ? {} : { fix: "Add a section or a few sentences on each missing term, and answer the questions (an FAQ works)." }),
  };
}

const KIND_WORDS: Record<FactKind, string> = {
  percentage: "a percentage",
  statistic: "a statistic",
  study: "a study or expert",
  year: "a date",
  figure: "a figure",
};

/** Facts without a source: no link in the sentence or its paragraph, and not among the claims of the article's sources. */
export function unsourcedCheck(html: string, claims: string[], sentences: number): Check<"unsourced"> {
  const found = unsourcedFacts(html, claims);
  const count = found.unsourced.length;
  const strong = found.unsourced.filter((f) => STRONG.has(f.kind)).length;
  const share = sentences ? count / sentences : 0;
  const passed = strong <= UNSOURCED_MAX_STRONG && (count <= UNSOURCED_FREE || share <= UNSOURCED_MAX_SHARE);
  const label = "Facts have a source";
  if (found.facts === 0)
    return { id: "unsourced", label, passed: true, detail: "The text states no figure or finding a reader would want to check." };
  const shown = [...found.unsourced].sort((a, b) => Number(STRONG.has(b.kind)) - Number(STRONG.has(a.kind))).slice(0, 3);
  return {
    id: "unsourced",
    label,
    passed,
    detail: !count
      ? `Each of the ${found.facts} figures and findings it states has a source (a link beside it or the article's sources).`
      : `${count} of ${found.facts} figures and findings it states have no source: no link beside them and not in the article's sources.${
          passed ? "" : " Readers and search engines trust a figure they can check; one that could be made up makes them doubt the rest."
        }`,
    ...(count ? { examples: shown.map((f) => `${quote(f.sentence)} (${KIND_WORDS[f.kind]})`) } : {}),
    ...(passed
      ? {}
      : {
          fix: "Link each one to where it comes from (a study, a maker's page, your own product page), or cut the figure if you cannot back it up.",
        }),
  };
}
