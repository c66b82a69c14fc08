import { defineCheck } from "../check";
import { NO_KEYWORD } from "../words";

export const keywordIntro = defineCheck({
  id: "keyword-intro",
  label: "Keyword in first paragraph",
  weight: 10,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ keyword, parsed, has }) => ({
    passed: has(parsed.firstParagraph),
    detail: !keyword
      ? NO_KEYWORD
      : has(parsed.firstParagraph)
        ? "The opening paragraph mentions the keyword."
        : `Mention “${keyword}” in the first paragraph so readers and search engines see the topic at once.`,
  }),
});
