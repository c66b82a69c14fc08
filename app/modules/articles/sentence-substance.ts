import { fillerWordsOf } from "./language/filler-words";
import { languageKit, type LanguageKit } from "./language/kit";
import { isInstruction } from "./unsourced";
import type { ContentBlock } from "./content-checks";

/**
 * What each sentence gives the reader (docs/decisions/074-the-judge.md), in the article's language, without
 * research: a concrete sentence holds a figure, a comparison, an instruction about a thing, or several words that
 * are neither the keyword's nor generic; an empty one is stock text of generated articles, or holds nothing but
 * the keyword, generic words (evaluations, intensifiers, hedges) and grammar. Pure and isomorphic like seo.ts.
 */

type SentenceKind = "concrete" | "plain" | "empty";
type JudgedSentence = { text: string; kind: SentenceKind; stock: boolean; generic: number };

export type Substance = {
  /** Sentences long enough to say something (4 words or more). */
  sentences: number;
  concrete: number;
  empty: number;
  /** Sentences that hold a figure (a quantity, a time, a size, a price). */
  figures: number;
  /** The emptiest sentences, stock text first. */
  emptiest: string[];
};

/** Shorter sentences are table cells, list labels and headings' echoes: data beside a claim, not prose. */
const MIN_WORDS = 4;
/**
 * A sentence with this many words beyond the keyword's and the generic ones names things; Japanese and Chinese
 * split into shorter units (particles' neighbours, verb stems), so they need more.
 */
const CONCRETE_WORDS = 3;
const CONCRETE_UNITS_UNSPACED = 4;
/** A katakana word of this length names a thing (a tool, a material, a brand: "キャニスター", "バルブ"). */
const KATAKANA_NAME = /[\p{Script=Katakana}ー]{3,}/u;

/** Imperatives a reader can follow, by language, where the form shows it ("Geben Sie", "Versez"). */
const INSTRUCTION: Record<string, (sentence: string) => boolean> = {
  en: isInstruction,
  de: (s) => /^(?:\p{L}+[,\s]+)?\p{L}+(?:en|ern|eln)\s+Sie(?![\p{L}])/u.test(s),
  fr: (s) => /^(?:\p{L}+[,\s]+)?\p{L}{3,}ez(?![\p{L}])/iu.test(s) && !/^(?:chez|assez)\b/i.test(s),
  es: (s) => /^(?:\p{L}+[,\s]+)?(?:no\s+)?\p{L}{3,}(?:a|e|ad|ed)(?:lo|la|los|las|le|les|se)?[\s,]/iu.test(s) && /\p{Nd}/u.test(s),
  ja: (s) => /(?:てください|ましょう|ます)。?$/u.test(s) && /\p{Nd}|[\p{Script=Katakana}]{3,}/u.test(s),
};

/** Whether a sentence tells the reader what to do, where the language's form shows it; null where it cannot tell. */
export function instructs(language: string, sentence: string): boolean | null {
  const test = INSTRUCTION[languageKit(language).code];
  return test ? test(sentence) : null;
}

const stemSets = new Map<string, Set<string>>();

/** The stems of a language's generic words, made once. */
function genericStems(kit: LanguageKit): Set<string> {
  let stems = stemSets.get(kit.code);
  if (!stems) {
    const words = fillerWordsOf(kit.code)?.generic ?? "";
    stems = new Set(kit.words(words).map((w) => kit.stem(w)));
    stemSets.set(kit.code, stems);
  }
  return stems;
}

/** Content words of a text: no stop words, no numbers, long enough to name something. */
function contentWords(kit: LanguageKit, text: string) {
  const min = kit.unspaced ? 2 : 3;
  return kit.words(text).filter((w) => w.length >= min && !kit.isStopWord(w) && !/^\p{Nd}+$/u.test(w));
}

/** Whether a Japanese sentence names a thing in katakana that is neither the topic nor a generic word. */
function namesKatakanaThing(kit: LanguageKit, sentence: string, topic: ReadonlySet<string>, generic: ReadonlySet<string>) {
  return kit.words(sentence).some((w) => KATAKANA_NAME.test(w) && !topic.has(w) && !generic.has(w));
}

/** Judges one sentence against the topic's stems. */
function judgeSentence(kit: LanguageKit, sentence: string, topic: ReadonlySet<string>): JudgedSentence {
  const filler = fillerWordsOf(kit.code);
  const lower = sentence.toLowerCase();
  const stock = filler?.phrases.some((p) => lower.includes(p)) ?? false;
  const generic = genericStems(kit);
  const stems = contentWords(kit, sentence).map((w) => kit.stem(w));
  const genericCount = stems.filter((s) => generic.has(s)).length;
  const informative = stems.filter((s) => !generic.has(s) && !topic.has(s)).length;
  const figure = /\p{Nd}/u.test(sentence);
  const comparison = filler?.comparison.test(sentence) ?? false;
  // "Use the right grind." is an instruction about nothing: it must name two things.
  const instruction = (INSTRUCTION[kit.code]?.(sentence) ?? false) && informative >= 2;
  const named = kit.unspaced
    ? informative >= CONCRETE_UNITS_UNSPACED || namesKatakanaThing(kit, sentence, topic, generic)
    : informative >= CONCRETE_WORDS;
  if (stock) return { text: sentence, kind: "empty", stock, generic: genericCount };
  if (figure || comparison || instruction || named) return { text: sentence, kind: "concrete", stock, generic: genericCount };
  if (informative === 0 || (informative === 1 && genericCount >= 2)) return { text: sentence, kind: "empty", stock, generic: genericCount };
  return { text: sentence, kind: "plain", stock, generic: genericCount };
}

/** The topic's stems: the keyword's and the title's content words. */
function topicStems(kit: LanguageKit, keyword: string, title: string): Set<string> {
  return new Set(contentWords(kit, `${keyword} ${title}`).map((w) => kit.stem(w)));
}

/** The prose sentences of the body's blocks (headings left out), judged. */
function judgeSentences(blocks: ContentBlock[], { keyword, title, language }: { keyword: string; title: string; language?: string }) {
  const kit = languageKit(language ?? "en");
  const topic = topicStems(kit, keyword, title);
  const judged: JudgedSentence[] = [];
  for (const block of blocks) {
    if (block.heading !== null) continue;
    for (const sentence of kit.sentences(block.text)) {
      if (kit.words(sentence).length >= MIN_WORDS) judged.push(judgeSentence(kit, sentence, topic));
    }
  }
  return judged;
}

export function measureSubstance(blocks: ContentBlock[], topic: { keyword: string; title: string; language?: string }): Substance {
  const judged = judgeSentences(blocks, topic);
  const empty = judged.filter((s) => s.kind === "empty");
  const emptiest = [...empty].sort((a, b) => Number(b.stock) - Number(a.stock) || b.generic - a.generic).map((s) => s.text);
  return {
    sentences: judged.length,
    concrete: judged.filter((s) => s.kind === "concrete").length,
    empty: empty.length,
    figures: judged.filter((s) => /\p{Nd}/u.test(s.text)).length,
    emptiest: [...new Set(emptiest)].slice(0, 3),
  };
}
