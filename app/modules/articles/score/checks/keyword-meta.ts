import { defineCheck } from "../check";
import { NO_KEYWORD } from "../words";

export const keywordMeta = defineCheck({
  id: "keyword-meta",
  label: "Keyword in meta description",
  weight: 8,
  blocks: false,
  readsText: false,
  revision: 1,
  run: ({ keyword, meta, has }) => ({
    passed: has(meta),
    detail: !keyword
      ? NO_KEYWORD
      : has(meta)
        ? "The meta description contains the keyword."
        : `Include “${keyword}” in the meta description; search results show it in bold.`,
  }),
});
