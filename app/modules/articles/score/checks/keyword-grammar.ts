import { misplacedKeyword } from "../../content-checks";
import { defineCheck } from "../check";
import { NO_KEYWORD, plural, quote } from "../words";

export const keywordGrammar = defineCheck({
  id: "keyword-grammar",
  label: "Keyword reads naturally",
  weight: 15,
  blocks: true,
  readsText: true,
  revision: 1,
  run: ({ keyword, shape, title, meta, blocks }) => {
    const misplaced = keyword ? misplacedKeyword([title, meta, ...blocks.map((b) => b.text)], shape) : [];
    const kindName = shape.kind === "how-to" ? "a how-to phrase" : "a question";
    const instead = shape.topic ? ` or a noun such as “${shape.topic}”` : "";
    const reads =
      shape.kind === "how-to" || shape.kind === "question"
        ? `“${keyword}” only appears where ${kindName} reads as English.`
        : `“${keyword}” is a noun phrase and reads naturally wherever it appears.`;
    return {
      passed: misplaced.length === 0,
      detail: !keyword
        ? NO_KEYWORD
        : misplaced.length
          ? `“${keyword}” is ${kindName}, not a noun, and ${plural(misplaced.length, "sentence")} ${misplaced.length === 1 ? "uses" : "use"} it as one. Forced-in keywords read as broken English and tell readers the text was written for search engines.`
          : reads,
      ...(misplaced.length
        ? {
            fix:
              shape.kind === "question"
                ? `Ask the question once, as a heading or an FAQ of its own; elsewhere use the answer's words${instead}.`
                : `Reword around it (“learn ${keyword}”, “this guide shows ${keyword}”)${instead}.`,
            examples: misplaced.slice(0, 3).map((m) => quote(m.sentence)),
          }
        : {}),
    };
  },
});
