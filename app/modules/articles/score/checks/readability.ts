import { defineCheck } from "../check";

const READABILITY_MIN = 50;

/** Flesch reading ease: its syllable rules are English, so other languages are not measured by it. */
export const readability = defineCheck({
  id: "readability",
  label: "Readability",
  weight: 5,
  blocks: false,
  readsText: false,
  needs: ["english"],
  revision: 1,
  run: (context) => {
    const stats = context.readability();
    const flesch = stats.wordCount > 0 ? stats.fleschScore : null;
    const passed = flesch !== null && flesch >= READABILITY_MIN;
    return {
      passed,
      detail:
        flesch === null
          ? "Write some text to measure readability."
          : `Flesch reading ease ${flesch} (${stats.band}), ${stats.avgWordsPerSentence} words per sentence.${
              passed ? "" : ` Aim for ${READABILITY_MIN} or more: shorter sentences and simpler words.`
            }`,
    };
  },
});
