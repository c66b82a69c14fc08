import { defineCheck } from "../check";
import { NO_KEYWORD } from "../words";

export const keywordSubheading = defineCheck({
  id: "keyword-subheading",
  label: "Keyword in a subheading",
  weight: 8,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ keyword, parsed, has }) => {
    const inSubheading = parsed.headings.some((h) => (h.level === 2 || h.level === 3) && has(h.text));
    return {
      passed: inSubheading,
      detail: !keyword
        ? NO_KEYWORD
        : inSubheading
          ? "At least one H2 or H3 contains the keyword."
          : `Use “${keyword}” in at least one H2 or H3 heading.`,
    };
  },
});
