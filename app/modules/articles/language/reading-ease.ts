import { languageKit } from "./kit";

/**
 * Reading ease by each language's own adaptation of Flesch (docs/decisions/074-the-judge.md): Amstad for German,
 * Szigriszt-Pazos (INFLESZ) for Spanish, Kandel & Moles for French, Flesch-Vacca for Italian, Flesch-Douma for
 * Dutch. Each maps words per sentence and syllables per word onto the same 0-100 scale as English Flesch. A language
 * without one is not scored: an English formula over German words measures nothing.
 */

type Formula = { name: string; score: (wordsPerSentence: number, syllablesPerWord: number) => number; vowels: RegExp };

const FORMULAS: Record<string, Formula> = {
  de: { name: "Flesch-Amstad", score: (w, s) => 180 - w - 58.5 * s, vowels: /[aeiouyäöü]+/g },
  es: { name: "Szigriszt-Pazos (INFLESZ)", score: (w, s) => 206.835 - 62.3 * s - w, vowels: /[aeiouáéíóúü]+/g },
  fr: { name: "Kandel-Moles", score: (w, s) => 207 - 1.015 * w - 73.6 * s, vowels: /[aeiouyàâäéèêëîïôöùûüœæ]+/g },
  it: { name: "Flesch-Vacca", score: (w, s) => 217 - 1.3 * w - 60 * s, vowels: /[aeiouàèéìíòóùú]+/g },
  nl: { name: "Flesch-Douma", score: (w, s) => 206.835 - 0.93 * w - 77 * s, vowels: /[aeiouyáéíóúëïöü]+/g },
};

/** Syllables as vowel groups (diphthongs count once), a French word's silent final "e" left out. */
function syllables(word: string, code: string, vowels: RegExp) {
  const groups = word.match(vowels)?.length ?? 0;
  const silentE = code === "fr" && groups > 1 && /[^aeiouy]e?s?$/.test(word) && /e(s)?$/.test(word) ? 1 : 0;
  return Math.max(1, groups - silentE);
}

export type ReadingEase = { score: number; formula: string; wordsPerSentence: number };

/** The text's reading ease in its language's formula, or null where the language has none. */
export function readingEase(text: string, language: string | undefined): ReadingEase | null {
  const kit = languageKit(language ?? "en");
  const formula = FORMULAS[kit.code];
  if (!formula) return null;
  const words = kit.words(text).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return null;
  const sentences = Math.max(1, kit.sentences(text).length);
  const wordsPerSentence = words.length / sentences;
  const syllablesPerWord = words.reduce((sum, w) => sum + syllables(w, kit.code, formula.vowels), 0) / words.length;
  return {
    score: Math.round(formula.score(wordsPerSentence, syllablesPerWord) * 10) / 10,
    formula: formula.name,
    wordsPerSentence: Math.round(wordsPerSentence * 10) / 10,
  };
}
