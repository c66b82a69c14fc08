import { splitSentences, type ContentBlock } from "./content-checks";
import { languageCode, languageKit } from "./language/kit";

/**
 * Specificity: does a sentence say something about the article's topic, or could it stand in any article?
 * Filler is made of sentences of the second kind ("The first gain is time: a clear routine removes dozens
 * of small decisions from your week."). A sentence counts as specific when it holds a term of the topic:
 * a word of the target keyword or the title, less stop words and words every title uses, matched after
 * light stemming ("beans" ~ "bean", "storing" ~ "store" ~ "storage"). Pure and isomorphic like seo.ts.
 */

/** Words that name no topic: grammar, and the words titles are built from ("A Practical Guide"). */
const NOT_TOPIC = new Set(
  (
    "a an the and or but so of to in on at for with by from as is are was were be been it its this that these those you your we our " +
    "they their there here which who what how when why where not no do does can will would should may might than then also just more " +
    "most very into about over each every one some any all i my me get getting got make making use using vs versus " +
    "guide guides practical complete ultimate simple easy quick beginner beginners basics step steps tips tip ways way best better " +
    "top things thing everything need know right start started starting explained answer answers clear short long checklist idea ideas " +
    // The scaffolding every article's headings use, whatever its topic ("What You Gain", "Common Mistakes to Avoid").
    "understanding understand involves involve gain gains benefit benefits key why matters matter work works working time focus decision decisions " +
    "goal goals small big biggest much many mistake mistakes pitfall pitfalls avoid common frequently asked question questions conclusion summary " +
    "overview introduction final thoughts next before after order plan practices practice worth business help stuck special equipment begin " +
    "once doing too first second third new good great really actually"
  ).split(" "),
);

/** A word's stem, enough to match plurals and common endings: beans/bean, storing/store/storage, brewed/brew. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  for (const suffix of ["ing", "age", "ed", "er"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      // "stopped" → "stop", "grinding" → "grind".
      if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|ff|zz)$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("y") && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

/** A word that names no topic: grammar, or the scaffolding titles and headings are built from. */
export function isScaffolding(word: string): boolean {
  return NOT_TOPIC.has(word.toLowerCase());
}

/** The topic's terms (stems) from the target keyword, the title and the headings. */
export function topicTerms(keyword: string, title: string, headings: string[] = []): Set<string> {
  const terms = new Set<string>();
  for (const word of wordsOf([keyword, title, ...headings].join(" "))) {
    if (NOT_TOPIC.has(word) || word.length < 3 || /^\d+$/.test(word)) continue;
    terms.add(stem(word));
  }
  return terms;
}

/** Sentences shorter than this say too little to judge (headings' fragments, "Yes."). */
const MIN_SENTENCE_WORDS = 5;
/** More than this share of off-topic sentences reads as filler; the demo's hand-written articles measure 13-33% (keyword, title and headings as terms), the offline filler 56-87%. */
export const SPECIFICITY_MAX_OFF_TOPIC = 0.45;

export type Specificity = {
  sentences: number;
  offTopic: number;
  /** Share of sentences with no topic term, 0-1. */
  share: number;
  examples: string[];
  terms: string[];
};

/** The body's sentences (not headings) long enough to judge. */
export function longSentences(blocks: ContentBlock[]): string[] {
  return blocks
    .filter((b) => b.heading === null)
    .flatMap((b) => splitSentences(b.text))
    .filter((s) => wordsOf(s).length >= MIN_SENTENCE_WORDS);
}

/**
 * The topic's terms and the body's long sentences, each as stems, in the article's language: English by the
 * hand-made rules above (calibrated on the offline writer), any other by its language kit (segmenter, Snowball
 * stemmer, stop words).
 */
function topicAndSentences(blocks: ContentBlock[], keyword: string, title: string, headings: string[], language?: string) {
  const code = languageCode(language ?? "en");
  if (code === "en" || code === "und") {
    return {
      terms: topicTerms(keyword, title, headings),
      sentences: longSentences(blocks).map((text) => ({ text, stems: wordsOf(text).map(stem) })),
    };
  }
  const kit = languageKit(code);
  const min = kit.unspaced ? 2 : 3;
  const terms = new Set(
    kit
      .words([keyword, title, ...headings].join(" "))
      .filter((w) => w.length >= min && !kit.isStopWord(w) && !/^\p{Nd}+$/u.test(w))
      .map((w) => kit.stem(w)),
  );
  const sentences = blocks
    .filter((b) => b.heading === null)
    .flatMap((b) => kit.sentences(b.text))
    .map((text) => ({ text, stems: kit.words(text).map((w) => kit.stem(w)) }))
    .filter((s) => s.stems.length >= MIN_SENTENCE_WORDS);
  return { terms, sentences };
}

/** The share of the body's sentences (not headings) that hold no term of the topic. */
export function specificity(blocks: ContentBlock[], keyword: string, title: string, language?: string): Specificity {
  const headings = blocks.filter((b) => b.heading !== null && b.heading <= 3).map((b) => b.text);
  const { terms, sentences } = topicAndSentences(blocks, keyword, title, headings, language);
  const offTopic = sentences.filter((s) => !s.stems.some((w) => terms.has(w))).map((s) => s.text);
  return {
    sentences: sentences.length,
    offTopic: offTopic.length,
    share: sentences.length ? offTopic.length / sentences.length : 0,
    examples: offTopic.slice(0, 3),
    terms: [...terms],
  };
}
