import { repeatedSentences as findRepeated } from "../../content-checks";
import { defineCheck } from "../check";
import { plural, quote } from "../words";

export const repeatedSentences = defineCheck({
  id: "repeated-sentences",
  label: "No repeated template sentences",
  weight: 15,
  blocks: true,
  readsText: true,
  revision: 1,
  run: ({ blocks, keyword }) => {
    const repeated = findRepeated(blocks, keyword);
    const copies = repeated.reduce((n, r) => n + r.count - 1, 0);
    const templated = copies >= 2 || repeated.some((r) => r.count >= 3);
    return {
      passed: !templated,
      detail: templated
        ? `${plural(copies + repeated.length, "sentence")} in different sections say the same thing, or use the same sentence frame with a few words swapped. Readers notice text filled in from a template and stop trusting the rest.`
        : copies === 1
          ? "One sentence is repeated in another section; the rest of the text does not repeat itself."
          : "No sentence repeats another section's wording or frame.",
      ...(templated
        ? {
            fix: "Rewrite the copies so each section adds something new (an example, a number, a step), or cut them.",
            examples: repeated.slice(0, 3).map((r) => quote(r.example)),
          }
        : {}),
    };
  },
});
