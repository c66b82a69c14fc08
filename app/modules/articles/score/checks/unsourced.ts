import { longSentences } from "../../specificity";
import { unsourcedFacts, type FactKind } from "../../unsourced";
import { defineCheck, type CheckFinding } from "../check";
import { quote } from "../words";

/** More unsourced facts than this share of the body's sentences (and more than UNSOURCED_FREE) fails the check. */
const UNSOURCED_MAX_SHARE = 0.1;
const UNSOURCED_FREE = 3;
/** Percentages, statistics, studies and dated events are the claims readers check first: this many unsourced fail. */
const UNSOURCED_MAX_STRONG = 2;

const STRONG: ReadonlySet<FactKind> = new Set(["percentage", "statistic", "study", "year"]);
const KIND_WORDS: Record<FactKind, string> = {
  percentage: "a percentage",
  statistic: "a statistic",
  study: "a study or expert",
  year: "a date",
  figure: "a figure",
};

/** Facts without a source: no link in the sentence or its paragraph, and not among the claims of the article's sources. */
export const unsourced = defineCheck({
  id: "unsourced",
  label: "Facts have a source",
  weight: 10,
  blocks: false,
  readsText: true,
  substance: true,
  revision: 1,
  run: ({ input, blocks }) => unsourcedFinding(input.html, input.research?.claims ?? [], longSentences(blocks).length),
});

/** The finding for a body, the claims of its sources, and its count of sentences long enough to state a fact. */
export function unsourcedFinding(html: string, claims: string[], sentences: number): CheckFinding {
  const found = unsourcedFacts(html, claims);
  const count = found.unsourced.length;
  const strong = found.unsourced.filter((f) => STRONG.has(f.kind)).length;
  const share = sentences ? count / sentences : 0;
  const passed = strong <= UNSOURCED_MAX_STRONG && (count <= UNSOURCED_FREE || share <= UNSOURCED_MAX_SHARE);
  if (found.facts === 0) return { passed: true, detail: "The text states no figure or finding a reader would want to check." };
  const shown = [...found.unsourced].sort((a, b) => Number(STRONG.has(b.kind)) - Number(STRONG.has(a.kind))).slice(0, 3);
  return {
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
