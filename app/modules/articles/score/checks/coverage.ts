import { sameTopic, topicCoverage } from "../../coverage";
import { defineCheck, type CheckFinding } from "../check";
import { list, quote } from "../words";

/** Below this share of the research's terms, products and questions the article misses what searchers look for. */
export const COVERAGE_MIN = 0.5;

const notScored = (detail: string): CheckFinding => ({ passed: true, counted: false, detail });

/**
 * Topic coverage against the article's research (docs/decisions/057). Without research (written by hand, or
 * before research was kept) the check says so without counting: it never measures against a made-up target.
 */
export const coverage = defineCheck({
  id: "coverage",
  label: "Covers what searchers look for",
  weight: 15,
  blocks: true,
  readsText: true,
  substance: true,
  needs: ["research"],
  revision: 1,
  run: ({ input, title, keyword }) => {
    const basis = input.research;
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
    const found = topicCoverage(input.html, title, keyword, basis);
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
      passed,
      detail: passed
        ? measured
        : `${measured} Readers who searched for “${keyword}” expect these, and search engines rank pages that answer them above pages that do not.`,
      ...(examples.length ? { examples } : {}),
      ...(passed ? {} : { fix: "Add a section or a few sentences on each missing term, and answer the questions (an FAQ works)." }),
    };
  },
});
