import { siteDuplicates, type SiteDuplicates } from "../../site-sentences";
import { defineCheck, type CheckFinding } from "../check";
import { percent, quote } from "../words";

/** More shared sentences than this, or more than DUPLICATE_MAX_SHARE of them, fails the check. */
const DUPLICATE_MAX_SENTENCES = 2;
const DUPLICATE_MAX_SHARE = 0.05;

/** Sentences copied from the site's other articles (found on the server, site-sentences.server.ts, and passed in). */
export const duplicates = defineCheck({
  id: "duplicates",
  label: "No text copied from your other articles",
  weight: 15,
  blocks: true,
  readsText: true,
  substance: true,
  needs: ["site-sentences"],
  revision: 1,
  run: ({ input }) => duplicatesFinding(siteDuplicates(input.html, input.siteSentences ?? {})),
});

export function duplicatesFinding(found: SiteDuplicates): CheckFinding {
  const count = found.shared.length;
  const share = found.sentences ? count / found.sentences : 0;
  const passed = count <= DUPLICATE_MAX_SENTENCES && share <= DUPLICATE_MAX_SHARE;
  const articles = [...new Set(found.shared.map((d) => d.article))];
  const where = articles.length === 1 ? `“${articles[0]}”` : `${articles.length} of your other articles`;
  return {
    passed,
    detail: !count
      ? "No sentence is the same as one in your other articles."
      : `${count} of ${found.sentences} sentences (${percent(share)}) appear word for word in ${where}.${
          passed ? "" : " Search engines show one page of a set of near-duplicates and leave the others out."
        }`,
    ...(passed
      ? {}
      : {
          fix: "Rewrite the shared sentences for this article's topic, or cut them.",
          examples: found.shared.slice(0, 3).map((d) => `${quote(d.sentence)} (also in “${d.article}”)`),
        }),
  };
}
