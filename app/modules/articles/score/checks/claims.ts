import { inventedClaims } from "../../invented-claims";
import { defineCheck } from "../check";
import { quote } from "../words";

/** This many unsourced statistics or studies read as invented: a model's confident numbers with nothing behind them. */
const CLAIMS_MAX_UNSOURCED = 2;

/** Statistics about people and studies cited with no source (docs/decisions/074-the-judge.md). */
export const claims = defineCheck({
  id: "claims",
  label: "Statistics and studies have a source",
  weight: 15,
  blocks: true,
  readsText: true,
  substance: true,
  revision: 1,
  run: ({ input }) => {
    const found = inventedClaims(input.html, input.language, input.research?.claims ?? []);
    const count = found.unsourced.length;
    if (found.claims === 0) return { passed: true, detail: "The text cites no statistic about people and no study." };
    if (count <= CLAIMS_MAX_UNSOURCED) {
      return { passed: true, detail: `${found.claims - count} of ${found.claims} statistics and studies cited link to their source.` };
    }
    return {
      passed: false,
      detail: `${count} statistics or studies are cited with no source beside them. Figures like these are what a language model invents; a reader who checks one and finds nothing stops trusting the page.`,
      fix: "Link each one to the study or survey it comes from, or cut it.",
      examples: found.unsourced.slice(0, 3).map((s) => quote(s)),
    };
  },
});
