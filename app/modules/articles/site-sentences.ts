import { hashText } from "#app/utils/hash";
import { articleBlocks, splitSentences } from "./content-checks";

/**
 * Duplicate content across a site, the pure half: a body's sentences of 8 words or more, each as a hash of its
 * normalised words (case, punctuation and spacing ignored), and which of them the site's other articles hold.
 * The server stores the hashes (article_sentences) and looks them up (site-sentences.server.ts); the write
 * screen's panel gets the hashes found elsewhere and matches the body against them as the customer types.
 */

/** Shorter sentences are shared by chance ("Grind just before you brew."); from 8 words a copy is a copy. */
const DUPLICATE_MIN_WORDS = 8;

/** What the body shares with the site's other articles. */
export type SiteDuplicates = {
  /** Sentences of 8+ words shared word for word (normalised) with another article of the site. */
  shared: Array<{ sentence: string; article: string }>;
  /** The body's sentences of 8+ words, for the share. */
  sentences: number;
};

/** The hashes of the body's sentences found in the site's other articles, each with one such article's title. */
export type SiteSentences = Record<string, string>;

/** A sentence's hash as the index stores it (app/utils/hash.ts: exact in a SQLite integer, never 0, the index's marker). */
export const sentenceHash = hashText;

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
