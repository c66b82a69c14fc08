import { specificity as measure, SPECIFICITY_MAX_OFF_TOPIC } from "../../specificity";
import { languageKit } from "../../language/kit";
import { defineCheck } from "../check";
import { percent, quote } from "../words";

/** Sentences that name nothing of the topic: filler that could stand in any article (docs/decisions/057). */
export const specificity = defineCheck({
  id: "specificity",
  label: "Sentences about the topic",
  weight: 20,
  blocks: true,
  readsText: true,
  substance: true,
  revision: 2,
  run: ({ blocks, keyword, title, input }) => {
    // Japanese and Chinese topics are named by compounds the segmenter splits differently in every sentence: whether a
    // sentence names the topic is not measured there (the substance check still reads every sentence).
    if (languageKit(input.language ?? "en").unspaced)
      return { passed: true, counted: false, detail: "Whether each sentence names the topic is not measured in this language." };
    const found = measure(blocks, keyword, title, input.language);
    if (!found.terms.length) return { passed: false, detail: "Set a target keyword and a title to check this." };
    const passed = found.share <= SPECIFICITY_MAX_OFF_TOPIC;
    const share = `${found.offTopic} of ${found.sentences} sentences (${percent(found.share)})`;
    return {
      passed,
      detail: passed
        ? `${share} name nothing of the topic; the rest are about it.`
        : `${share} name nothing of the topic: no word of the keyword, the title or the headings. Sentences that could stand in any article tell readers nothing, and search engines treat such pages as thin content.`,
      ...(passed
        ? {}
        : {
            fix: "Rewrite or cut them: give each one a detail of this topic (a quantity, a tool, a step, a reason, an example).",
            examples: found.examples.map((s) => quote(s)),
          }),
    };
  },
});
