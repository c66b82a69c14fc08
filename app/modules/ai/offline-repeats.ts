import { splitSentences } from "#app/modules/articles/content-checks";
import { keywordShape } from "#app/modules/articles/keyword-shape";
import { normaliseSentence, sentenceHash } from "#app/modules/articles/site-sentences";
import { FRAMES } from "./offline-templates";
import type { ArticleBrief } from "./types";

/**
 * The offline writer's sentences and the site's duplicate check (docs/decisions/058-research.md): a sentence the
 * site's other articles already hold (brief.avoidSentences, set by the pipeline's site-reuse guard) is said again
 * from its source or for this article's topic, and left out when that is a copy too.
 */

/** One sentence of the article: its Markdown, the text a reader sees (for the duplicate check) and where it comes from. */
export type Unit = { md: string; text: string; source?: string };

export function escapeMd(text: string) {
  return text.replace(/([[\]*_`\\])/g, "\\$1");
}

/** A sentence's first letter in lower case to follow "According to X, …", unless its first word is a name ("Ethiopia Guji"). */
export function lowerFirst(text: string) {
  return /^(?:(?:A|An|The)\s|\p{Lu}\p{Ll}+,?\s+[\p{Ll}\d])/u.test(text) && !/^(?:I|French|Ethiopian|Colombian|Kenyan)\s/u.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** The hashes the duplicate check gives this text's sentences of 8+ words (site-sentences.ts bodySentences). */
function hashesOf(text: string) {
  return splitSentences(text)
    .map((s) => normaliseSentence(s))
    .filter((w) => w.length >= 8)
    .map((w) => sentenceHash(w.join(" ").replace(/’/g, "'")));
}

/** Whether a sentence of this text is one the site's other articles hold (brief.avoidSentences). */
export function isRepeated(text: string, brief: ArticleBrief) {
  const avoid = brief.avoidSentences;
  return Boolean(avoid?.length) && hashesOf(text).some((h) => avoid!.includes(h));
}

/**
 * The units without the sentences the site's other articles already hold: a repeated one is said again for this
 * article's topic ("For cold brew coffee, our Cold Brew Kit makes 1 litre."), and left out when that is a copy too.
 */
export function withoutRepeats(units: Unit[], brief: ArticleBrief, topic: string): Unit[] {
  if (!brief.avoidSentences?.length) return units;
  const repeated = (u: Unit) => isRepeated(u.text, brief);
  return units.flatMap((u) => {
    if (!repeated(u)) return [u];
    // Said again from its source ("According to Coffee Science: …") or, for the writer's own lines, for this topic.
    // A question keyword reads badly after "For": the writer's own line is left out instead.
    if (!u.source && keywordShape(brief.keyword).kind === "question") return [];
    const lead = u.source ? FRAMES.according(u.source) : FRAMES.forTopic(topic);
    // The source named in front is not named again at the end.
    const cited = (t: string) => (u.source ? t.replace(/\s\((?:\[[^\]]*\]\([^)]*\)|[^()]*)\)([.!?]?)$/, "$1") : t);
    const again = { md: `${escapeMd(lead)}, ${lowerFirst(cited(u.md))}`, text: `${lead}, ${lowerFirst(cited(u.text))}` };
    return repeated(again) ? [] : [again];
  });
}
