import { defineCheck } from "../check";
import { NO_KEYWORD, plural } from "../words";

/** Docs/decisions/037: weighted so that filler which passes every structural check still lands in "Needs work". */
export const keywordStuffing = defineCheck({
  id: "keyword-stuffing",
  label: "No keyword stuffing",
  weight: 20,
  blocks: true,
  readsText: true,
  revision: 1,
  run: ({ keyword, words, stuffing }) => ({
    passed: !stuffing.stuffed,
    detail: !keyword
      ? NO_KEYWORD
      : stuffing.stuffed
        ? `“${keyword}” appears ${plural(stuffing.uses, "time")} in ${plural(words, "word")} (${stuffing.density}% of the text). Repeating the exact phrase this often reads as stuffing to people, and search engines rank stuffed pages lower.`
        : `“${keyword}” appears ${plural(stuffing.uses, "time")} (${stuffing.density}% of the text): natural.`,
    ...(stuffing.stuffed
      ? {
          fix: `Keep the exact phrase in the title, the opening, one heading and a few natural places (about ${stuffing.limit} in all); elsewhere write “it” or name the detail you mean.`,
        }
      : {}),
  }),
});
