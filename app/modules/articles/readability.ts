/**
 * The readability checker: counts and the two Flesch formulas computed from a
 * heuristic English syllable counter. Pure, so it runs anywhere and is unit
 * tested against hand-counted texts.
 */

export type ReadabilityBand = "Very Easy" | "Easy" | "Fairly Easy" | "Standard" | "Fairly Difficult" | "Difficult" | "Very Difficult";

type LongSentence = { text: string; words: number; long: boolean };

export type ReadabilityResult = {
  wordCount: number;
  sentenceCount: number;
  paragraphCount: number;
  syllableCount: number;
  avgWordsPerSentence: number;
  /** Flesch reading ease, one decimal. */
  fleschScore: number;
  /** Flesch-Kincaid grade level, one decimal, never below 0. */
  gradeLevel: number;
  band: ReadabilityBand;
  /** Minutes at 200 words a minute, rounded up. */
  readingTime: number;
  suggestions: string[];
  /** Up to three longest sentences, longest first; `long` above 20 words. */
  longestSentences: LongSentence[];
};

/** Words per sentence above which a sentence (and the average) counts as long. */
const LONG_SENTENCE_WORDS = 20;
const WORDS_PER_MINUTE = 200;

const WORD_PATTERN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

// Words the suffix rules get wrong often enough to matter in ordinary prose.
const SYLLABLE_EXCEPTIONS: Record<string, number> = {
  every: 3,
  business: 2,
  different: 3,
  people: 2,
  area: 3,
  idea: 3,
  ideas: 3,
  create: 2,
  created: 3,
  creates: 2,
  real: 1,
  being: 2,
  quiet: 2,
  science: 2,
  poem: 2,
  naive: 2,
  hundred: 2,
  hundreds: 2,
  something: 2,
  sometimes: 2,
  someone: 2,
  somewhere: 2,
  everyone: 3,
  everything: 3,
  maybe: 2,
  whale: 1,
};

/**
 * Syllables in one English word, by vowel groups with the usual corrections:
 * a silent final e, -es and -ed endings that add no syllable, and a
 * consonant + le ending that does ("ta-ble").
 */
export function countSyllables(raw: string): number {
  let word = raw
    .toLowerCase()
    .replace(/[’']s$/, "")
    .replace(/[^a-z]/g, "");
  if (!word) return /\p{N}/u.test(raw) ? 1 : 0;
  const known = SYLLABLE_EXCEPTIONS[word];
  if (known) return known;
  if (word.length <= 3) return 1;

  if (/[^aeiouy]le$/.test(word)) {
    // "table", "simple": the le is its own syllable, keep it.
  } else if (/(?:[^aeiouy]|qu)es$/.test(word) && !/(?:[sxzgc]|ch|sh|[^aeiouy]l)es$/.test(word)) {
    word = word.slice(0, -2); // "makes" → "mak"; but "boxes", "pages" keep theirs
  } else if (/[^aeioutd]ed$/.test(word)) {
    word = word.slice(0, -2); // "jumped" → "jump"; but "wanted" keeps it
  } else if (/[^aeiou]e$/.test(word)) {
    word = word.slice(0, -1); // silent final e: "make" → "mak"
  }
  word = word.replace(/^y/, "");
  const groups = word.match(/[aeiouy]+/g)?.length ?? 0;
  return Math.max(1, groups);
}

function words(text: string): string[] {
  return text.match(WORD_PATTERN) ?? [];
}

/** Sentences end at . ! ? (or a line break with no stop); each keeps its words. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, (space) => (space.includes("\n") ? "\n" : " "))
    .split(/(?<=[.!?…]["”’)\]]?)\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => words(p).length > 0);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The grade bands by Flesch reading ease (docs/product.md "Free tools"). */
export function bandFor(score: number): ReadabilityBand {
  if (score >= 90) return "Very Easy";
  if (score >= 80) return "Easy";
  if (score >= 70) return "Fairly Easy";
  if (score >= 60) return "Standard";
  if (score >= 50) return "Fairly Difficult";
  if (score >= 30) return "Difficult";
  return "Very Difficult";
}

export function analyzeReadability(text: string): ReadabilityResult {
  const allWords = words(text);
  const sentenceList = sentences(text);
  const wordCount = allWords.length;
  const sentenceCount = Math.max(1, sentenceList.length);
  const syllableCount = allWords.reduce((sum, w) => sum + countSyllables(w), 0);
  const wordsPerSentence = wordCount / sentenceCount;
  const syllablesPerWord = wordCount ? syllableCount / wordCount : 0;

  const fleschScore = wordCount ? round1(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord) : 0;
  const gradeLevel = wordCount ? Math.max(0, round1(0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59)) : 0;
  const avgWordsPerSentence = round1(wordsPerSentence);

  const longestSentences = sentenceList
    .map((s) => ({ text: s, words: words(s).length }))
    .sort((a, b) => b.words - a.words)
    .slice(0, 3)
    .map((s) => ({ ...s, long: s.words > LONG_SENTENCE_WORDS }));

  const suggestions: string[] = [];
  if (avgWordsPerSentence > LONG_SENTENCE_WORDS) {
    suggestions.push(
      `Your sentences average ${avgWordsPerSentence} words. Keep them to ${LONG_SENTENCE_WORDS} words or fewer by splitting long sentences.`,
    );
  } else if (longestSentences.some((s) => s.long)) {
    const count = sentenceList.filter((s) => words(s).length > LONG_SENTENCE_WORDS).length;
    suggestions.push(
      `${count} ${count === 1 ? "sentence has" : "sentences have"} more than ${LONG_SENTENCE_WORDS} words. Consider splitting ${count === 1 ? "it" : "them"} (highlighted below).`,
    );
  }
  if (fleschScore < 60) {
    suggestions.push("Simplify your text: use shorter sentences and plainer words to reach a reading ease of 60 or more.");
  }
  if (fleschScore > 90) suggestions.push("Excellent! Your text is very easy to read.");
  if (suggestions.length === 0) suggestions.push("Good readability: most readers will follow your text comfortably.");

  return {
    wordCount,
    sentenceCount: sentenceList.length,
    paragraphCount: paragraphs(text).length,
    syllableCount,
    avgWordsPerSentence,
    fleschScore,
    gradeLevel,
    band: bandFor(fleschScore),
    readingTime: Math.ceil(wordCount / WORDS_PER_MINUTE),
    suggestions,
    longestSentences,
  };
}
