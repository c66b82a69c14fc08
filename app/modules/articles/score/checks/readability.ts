import { readingEase } from "../../language/reading-ease";
import { defineCheck, type CheckFinding } from "../check";
import type { ScoreContext } from "../context";

const READABILITY_MIN = 50;
const advice = ` Aim for ${READABILITY_MIN} or more: shorter sentences and simpler words.`;

function english(context: ScoreContext): CheckFinding {
  const stats = context.readability();
  const flesch = stats.wordCount > 0 ? stats.fleschScore : null;
  const passed = flesch !== null && flesch >= READABILITY_MIN;
  return {
    passed,
    detail:
      flesch === null
        ? "Write some text to measure readability."
        : `Flesch reading ease ${flesch} (${stats.band}), ${stats.avgWordsPerSentence} words per sentence.${passed ? "" : advice}`,
  };
}

/**
 * Reading ease by the language's own formula (English Flesch; Amstad, Szigriszt-Pazos, Kandel-Moles, Flesch-Vacca,
 * Flesch-Douma elsewhere), and not scored in a language that has none (docs/decisions/074-the-judge.md).
 */
export const readability = defineCheck({
  id: "readability",
  label: "Readability",
  weight: 5,
  blocks: false,
  readsText: false,
  revision: 2,
  run: (context) => {
    if (context.english) return english(context);
    const ease = readingEase(context.parsed.text, context.input.language);
    if (!ease)
      return {
        passed: true,
        counted: false,
        detail: "Readability is not scored in this language: it has no established reading-ease formula here.",
      };
    const passed = ease.score >= READABILITY_MIN;
    return {
      passed,
      detail: `Reading ease ${ease.score} (${ease.formula}), ${ease.wordsPerSentence} words per sentence.${passed ? "" : advice}`,
    };
  },
});
