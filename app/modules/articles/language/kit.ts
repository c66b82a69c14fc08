import { newStemmer } from "snowball-stemmers";
import stopwordsIso from "stopwords-iso/stopwords-iso.json" with { type: "json" };

/**
 * A language's tools for the judge (docs/decisions/074-the-judge.md): words and sentences split by the platform's
 * Unicode segmenter (so Japanese and Chinese split without spaces), Snowball stemmers and the stopwords-iso lists
 * instead of hand-made English ones. A language without a stemmer compares whole words; one without stop words
 * treats every word as content. Pure and isomorphic: the write screen scores as the customer types.
 */

export type LanguageKit = {
  /** ISO 639-1 ("de"), or "und" when the tag names no language. */
  code: string;
  /** The words of a text, lower case, as the language splits them. */
  words(text: string): string[];
  /** The sentences of a text, trimmed, as the language ends them. */
  sentences(text: string): string[];
  /** A word's stem ("reinigen" → "reinig"); the word itself where the language has no stemmer. */
  stem(word: string): string;
  isStopWord(word: string): boolean;
  /** Whether the language writes words without spaces between them (Japanese, Chinese, Thai). */
  unspaced: boolean;
};

/** Snowball's algorithm for each language it covers. */
const SNOWBALL: Record<string, string> = {
  ar: "arabic",
  ca: "catalan",
  cs: "czech",
  da: "danish",
  de: "german",
  en: "english",
  es: "spanish",
  eu: "basque",
  fi: "finnish",
  fr: "french",
  ga: "irish",
  hu: "hungarian",
  hy: "armenian",
  it: "italian",
  nb: "norwegian",
  nl: "dutch",
  nn: "norwegian",
  no: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sl: "slovene",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
};
const UNSPACED = new Set(["ja", "zh", "th", "lo", "km", "my"]);
const STOP_WORDS = stopwordsIso as Record<string, string[]>;

/** The language part of a BCP 47 tag ("de-AT" → "de"); "und" for an empty or broken tag. */
export function languageCode(tag: string | undefined | null): string {
  try {
    return tag ? new Intl.Locale(tag).language : "und";
  } catch {
    return "und";
  }
}

const kits = new Map<string, LanguageKit>();

/**
 * V8's segmenter slows down quadratically on long strings (an 80,000-word article took minutes), so text is handed
 * to it in pieces: lines, and lines longer than this cut after a space or a full stop, where no word or sentence
 * spans the cut.
 */
const PIECE = 2000;

function* pieces(text: string): Generator<string> {
  for (const line of text.split("\n")) {
    let rest = line;
    while (rest.length > PIECE) {
      const window = rest.slice(0, PIECE);
      const cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf("。"), window.lastIndexOf("! "), window.lastIndexOf("? "));
      const at = cut > PIECE / 2 ? cut + 1 : Math.max(window.lastIndexOf(" "), PIECE / 2);
      yield rest.slice(0, at);
      rest = rest.slice(at);
    }
    if (rest) yield rest;
  }
}

function makeKit(code: string): LanguageKit {
  const locale = code === "und" ? undefined : code;
  const wordSegmenter = new Intl.Segmenter(locale, { granularity: "word" });
  const sentenceSegmenter = new Intl.Segmenter(locale, { granularity: "sentence" });
  const stemmer = SNOWBALL[code] ? newStemmer(SNOWBALL[code]) : null;
  const stems = new Map<string, string>();
  const stopWords = new Set(STOP_WORDS[code] ?? []);
  return {
    code,
    unspaced: UNSPACED.has(code),
    words: (text) => {
      const out: string[] = [];
      for (const piece of pieces(text.toLowerCase())) {
        for (const part of wordSegmenter.segment(piece)) if (part.isWordLike) out.push(part.segment);
      }
      return out;
    },
    sentences: (text) => {
      const out: string[] = [];
      for (const piece of pieces(text)) {
        for (const part of sentenceSegmenter.segment(piece)) {
          const sentence = part.segment.trim();
          if (sentence) out.push(sentence);
        }
      }
      return out;
    },
    stem: (word) => {
      if (!stemmer) return word;
      let found = stems.get(word);
      if (found === undefined) {
        found = stemmer.stem(word);
        if (stems.size < 50_000) stems.set(word, found);
      }
      return found;
    },
    isStopWord: (word) => stopWords.has(word),
  };
}

/** The kit of a BCP 47 tag's language, made once per language. */
export function languageKit(tag: string | undefined | null): LanguageKit {
  const code = languageCode(tag);
  let kit = kits.get(code);
  if (!kit) kits.set(code, (kit = makeKit(code)));
  return kit;
}

/** Real text in a language is made of its grammar words: at least this share of its words are the language's stop words. */
export const GRAMMAR_SHARE = 0.15;

/**
 * The share of a text's words that are the language's stop words. Real text in a language is made of its grammar
 * words, so a low share says the text is not in that language, whatever a trigram detector names.
 */
export function grammarShare(tag: string, text: string) {
  const kit = languageKit(tag);
  const words = kit.words(text.slice(0, 20_000));
  return words.length ? words.filter((w) => kit.isStopWord(w)).length / words.length : 0;
}
