import { instructs } from "../../sentence-substance";
import { languageKit } from "../../language/kit";
import { defineCheck } from "../check";
import { quote } from "../words";

/** Fewer instructions than this, and no numbered list, is no answer to "how to". */
const MIN_STEPS = 3;

/**
 * A how-to keyword is answered with steps (docs/decisions/075-the-writer-revises.md): an article that promises "how to
 * glaze pottery" and tells the history of glazes keeps naming the topic, so only its missing instructions show it.
 */
export const howToSteps = defineCheck({
  id: "how-to-steps",
  label: "Answers the how-to with steps",
  weight: 10,
  blocks: true,
  readsText: true,
  substance: true,
  // Shown only for a keyword that asks how to do something.
  needs: ["how-to"],
  revision: 1,
  run: ({ input, keyword, blocks }) => {
    const kit = languageKit(input.language ?? "en");
    const numbered = /<ol[\s>]/i.test(input.html);
    const sentences = blocks.filter((b) => b.heading === null).flatMap((b) => kit.sentences(b.text));
    const told = sentences.map((s) => instructs(kit.code, s));
    if (told.every((t) => t === null) && !numbered)
      return { passed: true, detail: "Instructions cannot be told apart in this language.", counted: false };
    const steps = told.filter(Boolean).length;
    if (numbered || steps >= MIN_STEPS)
      return {
        passed: true,
        detail: `It answers ${quote(keyword)} with steps: ${numbered ? "a numbered list" : `${steps} instructions`}.`,
      };
    return {
      passed: false,
      detail: `The keyword asks how to do something, but the article gives no steps: no numbered list, and ${steps} sentence${steps === 1 ? "" : "s"} telling the reader what to do. Readers who searched ${quote(keyword)} leave without the answer.`,
      fix: "Add the steps in order (what to do, with what, how long) as a numbered list, and cut what does not lead to them.",
    };
  },
});
