import { countWords, htmlToText } from "#app/utils/text";
import { escapeRegExp, type KeywordShape } from "./keyword-shape";

/**
 * The SEO panel's content checks: signs of filler that the structural checks
 * (keyword in title, length, links) cannot see. Heuristics over sanitized
 * HTML, pure and isomorphic like seo.ts; thresholds and their reasons are in
 * docs/decisions/037-keyword-shapes-and-content-checks.md.
 */

export type ContentBlock = { heading: number | null; text: string; section: number };

/** Headings and text blocks in order; `section` counts the H2s seen so far (0 before the first). */
export function articleBlocks(html: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let section = 0;
  for (const m of html.matchAll(/<(h[1-6]|p|li|td|th|figcaption|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const tag = m[1]!.toLowerCase();
    const text = htmlToText(m[2] ?? "");
    if (!text) continue;
    const level = tag[0] === "h" && tag.length === 2 ? Number(tag[1]) : null;
    if (level === 2) section++;
    blocks.push({ heading: level, text, section });
  }
  return blocks;
}

/** Sentences of a text block: split after . ! ? (and a closing quote) followed by a space or the end. */
export function splitSentences(text: string): string[] {
  return (
    text
      .replace(/\s+/g, " ")
      .match(/[^.!?]+(?:[.!?]+["'”’)\]]*|$)/g)
      ?.map((s) => s.trim())
      .filter((s) => /\p{L}/u.test(s)) ?? []
  );
}

function phrasePattern(phrase: string, flags = "giu") {
  const p = escapeRegExp(phrase.replace(/\s+/g, " ").trim().toLowerCase()).replace(/ /g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${p}(?![\\p{L}\\p{N}])`, flags);
}

// ------------------------------------------------------------ keyword stuffing

/** Density above this share of all words (keyword words × uses ÷ words) reads as stuffing. */
const STUFFING_MAX_DENSITY = 3;
/** A phrase of two or more words repeated more often than once per this many words reads as stuffing. */
const STUFFING_WORDS_PER_USE = 100;
/** Below this many uses a keyword is never called stuffed, however short the text. */
const STUFFING_MIN_USES = 6;

/** `words` is the text's word count when the caller has it (counting is the slow part). */
export function keywordStuffing(text: string, keyword: string, words = countWords(text)) {
  const phrase = keyword.trim();
  if (!phrase || words === 0) return { uses: 0, density: 0, limit: 0, stuffed: false };
  const uses = text.match(phrasePattern(phrase))?.length ?? 0;
  const keywordWords = Math.max(1, countWords(phrase));
  const density = Math.round(((uses * keywordWords) / words) * 1000) / 10;
  const limit = Math.max(STUFFING_MIN_USES, Math.floor(words / STUFFING_WORDS_PER_USE));
  const tooDense = density > STUFFING_MAX_DENSITY && uses >= STUFFING_MIN_USES;
  const tooRepeated = keywordWords >= 2 && uses > limit;
  return { uses, density, limit, stuffed: tooDense || tooRepeated };
}

// ---------------------------------------------------------- template sentences

const STOP = new Set(
  "a an the and or but so of to in on at for with by from as is are was were be been it its this that these those you your we our they their there here which who what how when why not no do does can will would should may might than then also just more most very into about over each every one some any all".split(
    " ",
  ),
);

function tokensOf(sentence: string, keyword: RegExp | null): string[] {
  const marked = keyword ? sentence.replace(keyword, " kw ") : sentence;
  return marked.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

/** Words a template's frame shares however it is filled in: its first and its last five. */
const FRAME_WORDS = 5;

function jaccard(a: Set<string>, b: Set<string>) {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/** Most words shared, or five or more words and about half of them: a copy with a few words changed. */
function nearCopy(a: Set<string>, b: Set<string>) {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  const similarity = shared / (a.size + b.size - shared || 1);
  return similarity >= 0.6 || (shared >= 5 && similarity >= 0.45);
}

/** At most this many sentences are compared pairwise (the panel runs on every keystroke). */
const MAX_COMPARED = 600;

export type RepeatedSentence = { example: string; count: number };

/**
 * Sentences that say the same thing twice: the same sentence, a near copy
 * (most words shared), or the same frame with other words swapped in (the
 * same first or last five words: "X is a great way to grow your audience" /
 * "X is a great way to build trust"), when the copies sit in different sections.
 */
export function repeatedSentences(blocks: ContentBlock[], keyword: string): RepeatedSentence[] {
  const pattern = keyword.trim() ? phrasePattern(keyword) : null;
  const sentences = blocks
    .filter((b) => b.heading === null)
    .flatMap((b) => splitSentences(b.text).map((text) => ({ text, section: b.section })))
    .map((s) => {
      const tokens = tokensOf(s.text, pattern);
      const content = tokens.filter((t) => !STOP.has(t));
      return {
        ...s,
        tokens,
        joined: tokens.join(" "),
        content: new Set(content),
        opening: tokens.slice(0, FRAME_WORDS).join(" "),
        closing: tokens.slice(-FRAME_WORDS).join(" "),
      };
    })
    .filter((s) => s.tokens.length >= 6 && s.content.size >= 3)
    .slice(0, MAX_COMPARED);
  const groupOf = new Map<number, number>();
  const groups: number[][] = [];
  const join = (i: number, j: number) => {
    const gi = groupOf.get(i);
    const gj = groupOf.get(j);
    if (gi === undefined && gj === undefined) {
      groups.push([i, j]);
      groupOf.set(i, groups.length - 1).set(j, groups.length - 1);
    } else if (gi !== undefined && gj === undefined) {
      groups[gi]!.push(j);
      groupOf.set(j, gi);
    } else if (gi === undefined && gj !== undefined) {
      groups[gj]!.push(i);
      groupOf.set(i, gj);
    }
  };
  for (let i = 0; i < sentences.length; i++) {
    for (let j = i + 1; j < sentences.length; j++) {
      const a = sentences[i]!;
      const b = sentences[j]!;
      const same = a.joined === b.joined;
      if (!same && a.section === b.section) continue;
      const near = nearCopy(a.content, b.content);
      const long = a.tokens.length >= 8 && b.tokens.length >= 8;
      const frame = long && (a.opening === b.opening || a.closing === b.closing);
      if (same || near || frame) join(i, j);
    }
  }
  return groups.map((g) => ({ example: sentences[Math.min(...g)]!.text, count: g.length })).sort((a, b) => b.count - a.count);
}

// ----------------------------------------------------------- misplaced keyword

// A how-to clause ("how to glaze pottery") cannot follow these: it is not a noun.
const NOT_BEFORE_CLAUSE = new Set(
  (
    "a an the this that these those my your our their its his her any some every each no what which whose why when where who " +
    "of with for in into at by from around behind without than like toward towards during through via within against among " +
    "keep keeps handle handles apply applies protect use uses using make makes"
  ).split(" "),
);
const AUX_START = new Set("is are was were does do did can could should would will has have".split(" "));
// Nouns a keyword is wrongly used to modify ("How to Glaze Pottery Pitfalls").
const MODIFIED_NOUNS = new Set(
  (
    "approach approaches tip tips mistake mistakes pitfall pitfalls basics guide guides strategy strategies result results plan plans " +
    "practice practices progress benefit benefits tool tools checklist checklists example examples idea ideas expert experts process routine"
  ).split(" "),
);

export type MisplacedKeyword = { sentence: string };

function lastWord(text: string) {
  return (text.match(/[\p{L}'’]+$/u)?.[0] ?? "").toLowerCase();
}
function firstWord(text: string) {
  return (text.match(/^[\p{L}'’]+/u)?.[0] ?? "").toLowerCase();
}

/**
 * Where a how-to or question keyword is pasted into a sentence as if it were a
 * noun ("what how to glaze pottery at home is", "tips for how do I glaze
 * pottery"). Topic and brand keywords are noun phrases and fit anywhere.
 */
export function misplacedKeyword(texts: string[], shape: KeywordShape): MisplacedKeyword[] {
  if (shape.kind !== "how-to" && shape.kind !== "question") return [];
  const found: MisplacedKeyword[] = [];
  for (const text of texts) {
    for (const sentence of splitSentences(text)) {
      for (const m of sentence.matchAll(phrasePattern(shape.keyword))) {
        const before = sentence.slice(0, m.index).trimEnd();
        const after = sentence.slice(m.index + m[0].length).trimStart();
        if (/["“‘'«:]$/.test(before)) continue; // quoted or introduced as a question
        const prev = lastWord(before);
        const next = firstWord(after);
        const atStart = before === "";
        let wrong: boolean;
        if (shape.kind === "question") {
          // A direct question only stands at the start of its own sentence, ending in a question mark.
          wrong = !atStart || !/\?["'”’)]*$/.test(sentence);
        } else {
          const asSubjectOfQuestion = AUX_START.has(prev) && before.split(/\s+/).length === 1;
          wrong = NOT_BEFORE_CLAUSE.has(prev) || asSubjectOfQuestion || MODIFIED_NOUNS.has(next);
        }
        if (wrong) {
          found.push({ sentence });
          break;
        }
      }
    }
  }
  return found;
}

// ------------------------------------------------------ headings and the title

function contentWords(text: string) {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP.has(t)));
}

/**
 * Headings that restate the title instead of naming their section: a heading
 * (nearly) the same as the title, or the title's keyword in more than two
 * headings and more than a third of them.
 */
export function headingsRepeatingTitle(headings: string[], title: string, keyword: string) {
  const titleWords = contentWords(title);
  const copies = headings.filter((h) => {
    const words = contentWords(h);
    return words.size > 0 && titleWords.size > 0 && jaccard(words, titleWords) >= 0.75;
  });
  const withKeyword = keyword.trim() ? headings.filter((h) => phrasePattern(keyword, "iu").test(h)) : [];
  const tooMany = withKeyword.length > 2 && withKeyword.length * 3 > headings.length;
  const repeating = [...new Set([...copies, ...(tooMany ? withKeyword : [])])];
  return { copies, withKeyword, repeating, failed: copies.length > 0 || tooMany };
}

// ------------------------------------------------------------ link checks

/** What the Backlinks page's link checker last found for a link (absent: never checked). */
export type LinkCheckState = "ok" | "unreachable" | "unverified";

export function linkVerification(links: string[], checks: Record<string, LinkCheckState>) {
  const unverified: string[] = [];
  const unreachable: string[] = [];
  for (const href of new Set(links)) {
    if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith("#")) continue;
    const state = checks[href] ?? "unverified";
    if (state === "unreachable") unreachable.push(href);
    else if (state === "unverified") unverified.push(href);
  }
  return { unverified, unreachable };
}
