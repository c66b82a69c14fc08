import { defineCheck } from "../check";
import { plural } from "../words";
import type { ParsedHtml } from "../../article-html";

/** The first heading that skips a level (the article's title is the page's H1). */
function skippedLevel(headings: ParsedHtml["headings"]) {
  let previous = 1;
  for (const h of headings) {
    if (h.level > previous + 1) return { from: previous, to: h.level };
    previous = h.level;
  }
  return null;
}

export const headings = defineCheck({
  id: "headings",
  label: "Heading structure",
  weight: 10,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ parsed }) => {
    const h2Count = parsed.headings.filter((h) => h.level === 2).length;
    const h1Count = parsed.headings.filter((h) => h.level === 1).length;
    const skipped = skippedLevel(parsed.headings);
    return {
      passed: h2Count > 0 && !skipped && h1Count === 0,
      detail:
        h2Count === 0
          ? "Split the article into sections with H2 headings."
          : h1Count > 0
            ? "The title is the page's H1; use H2 and H3 inside the article."
            : skipped
              ? `An H${skipped.to} follows an H${skipped.from}: don't skip heading levels.`
              : `${plural(h2Count, "H2 section")}, no skipped levels.`,
    };
  },
});
