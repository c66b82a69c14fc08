import { articleBlocks, splitSentences } from "./content-checks";
import type { SiteDuplicates } from "./seo-substance";

/**
 * Duplicate content across a site, the pure half: a body's sentences of 8 words or more, each as a hash of its
 * normalised words (case, punctuation and spacing ignored), and which of them the site's other articles hold.
 * The server stores the hashes (article_sentences) and looks them up (site-sentences.server.ts); the write
 * screen's panel gets the hashes found elsewhere and matches the body against them as the customer types.
 */

/** Shorter sentences are shared by chance ("Grind just before you brew."); from 8 words a copy is a copy. */
const DUPLICATE_MIN_WORDS = 8;

/** The hashes of the body's sentences found in the site's other articles, each with one such article's title. */
export type SiteSentences = Record<string, string>;

/** cyrb53: a 53-bit string hash, exact in a JavaScript number and a SQLite integer; never 0 (the index's marker). */
export function sentenceHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0) || 1;
}

/** A sentence's words, lower case, without punctuation: "Grind it — fresh!" and "grind it fresh" are one. */
export function normaliseSentence(sentence: string): string[] {
  return sentence.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

/** The body's distinct sentences of 8+ words (headings and paragraphs alike), with their hashes. */
export function bodySentences(html: string): Array<{ hash: number; text: string }> {
  const seen = new Map<number, string>();
  for (const block of articleBlocks(html)) {
    for (const sentence of splitSentences(block.text)) {
      const words = normaliseSentence(sentence);
      if (words.length < DUPLICATE_MIN_WORDS) continue;
      const hash = sentenceHash(words.join(" ").replace(/’/g, "'"));
      if (!seen.has(hash)) seen.set(hash, sentence);
    }
  }
  return [...seen].map(([hash, text]) => ({ hash, text }));
}

/** What the duplicate-content check reports: the body's sentences the site's other articles hold. */
export function siteDuplicates(html: string, found: SiteSentences): SiteDuplicates {
  const sentences = bodySentences(html);
  const shared = sentences.flatMap(({ hash, text }) => (found[hash] !== undefined ? [{ sentence: text, article: found[hash] }] : []));
  return { shared, sentences: sentences.length };
}
