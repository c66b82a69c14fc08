import { articleBlocks } from "./content-checks";
import { GRAMMAR_SHARE, grammarShare, languageCode } from "./language/kit";
import { measureSubstance } from "./sentence-substance";

/**
 * How weak one part of a draft is on its own (a section, the introduction, the conclusion), so the writer revises
 * the parts that hold the judge's findings and leaves the good ones alone (docs/decisions/075-the-writer-revises.md).
 * Pure: the pipeline measures each part of its draft against the failed checks' quoted sentences.
 */

export type PartJudgement = {
  /** 0 for a part with nothing to fix; higher is weaker. */
  weakness: number;
  /** Quoted sentences of the failed checks that this part holds. */
  quoted: string[];
  /** The part reads as another language than the one asked for. */
  wrongLanguage: boolean;
};

/** A part shorter than this many words is too short to tell its language by its grammar words. */
const LANGUAGE_WORDS = 40;

const squash = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** Judges one part (its HTML) for the article's keyword, title and language, against the failed checks' examples. */
export function judgePart(html: string, topic: { keyword: string; title: string; language: string }, examples: string[]): PartJudgement {
  const blocks = articleBlocks(html);
  const text = squash(blocks.map((b) => b.text).join(" "));
  const quoted = examples.filter((e) => {
    const sentence = squash(e.replace(/^["“„«]|["”“»]$/g, ""));
    return sentence.length > 8 && text.includes(sentence);
  });
  const substance = measureSubstance(blocks, topic);
  const words = text.split(" ").filter(Boolean).length;
  const wrongLanguage =
    languageCode(topic.language) !== "und" && words >= LANGUAGE_WORDS && grammarShare(topic.language, text) < GRAMMAR_SHARE;
  const sentences = Math.max(1, substance.sentences);
  const thin = substance.empty / sentences + Math.max(0, 0.7 - substance.concrete / sentences);
  const noFigures = substance.sentences >= 6 && substance.figures === 0 ? 0.2 : 0;
  const weakness = quoted.length + (wrongLanguage ? 2 : 0) + thin + noFigures;
  return { weakness: Math.round(weakness * 100) / 100, quoted, wrongLanguage };
}
