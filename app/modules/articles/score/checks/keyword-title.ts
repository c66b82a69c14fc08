import { defineCheck } from "../check";
import { NO_KEYWORD } from "../words";

export const keywordTitle = defineCheck({
  id: "keyword-title",
  label: "Keyword in title",
  weight: 12,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ keyword, title, has }) => ({
    passed: has(title),
    detail: !keyword
      ? NO_KEYWORD
      : has(title)
        ? `The title contains “${keyword}”.`
        : `Put “${keyword}” in the title, ideally near the start.`,
  }),
});
