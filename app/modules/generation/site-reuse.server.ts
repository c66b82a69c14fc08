import type { DB } from "#app/db/client.server";
import type { ArticleBrief, ArticleWriter, Outline } from "#app/modules/ai/types";
import { siteSentencesFor } from "#app/modules/articles/site-sentences.server";
import type { GenerationState } from "./steps";

/**
 * The pipeline's guard against duplicate content across a site: before a draft is saved, each of its sentences of
 * 8+ words is looked up in the site's sentence index (site-sentences.server.ts), and the writer rewrites the parts
 * without the ones another article of the site already holds (brief.avoidSentences: the offline writer says a
 * repeated sentence again for this article's topic, or leaves it out). Only the offline writer is asked: its
 * rewrite is free and deterministic, while a model writer's would be paid for again; a model's draft keeps its
 * sentences and the SEO panel's duplicate-content check names any it shares.
 */

/** Rounds of look-up and rewrite: a rephrased sentence is new, so a second round finds nothing more. */
const ROUNDS = 3;

/** Which hashes of this body's sentences the site's other articles hold. */
export type RepeatLookup = (html: string) => Promise<number[]>;

/**
 * Rewrites the finished parts (sections, introduction and conclusion, FAQ, links) until the assembled body shares no
 * sentence the lookup finds, then drops the sections left empty. Returns how many sentences were found.
 */
export async function rewriteRepeats(
  state: GenerationState,
  writer: ArticleWriter,
  lookup: RepeatLookup,
  assemble: (state: GenerationState) => string,
): Promise<number> {
  if (writer.kind !== "offline" || !state.brief || !state.outline) return 0;
  let brief: ArticleBrief = state.brief;
  let outline: Outline = state.outline;
  const avoid = new Set(brief.avoidSentences ?? []);
  const before = avoid.size;
  for (let round = 0; round < ROUNDS; round++) {
    const fresh = (await lookup(assemble(state))).filter((h) => !avoid.has(h));
    if (!fresh.length) break;
    for (const h of fresh) avoid.add(h);
    brief = { ...brief, avoidSentences: [...avoid] };
    // Headings of 8+ words count too: the writer's outline names the ones it had to say differently.
    const headings = (await writer.outline(brief)).sections;
    if (headings.length === outline.sections.length)
      outline = { ...outline, sections: outline.sections.map((s, i) => ({ ...s, heading: headings[i]!.heading })) };
    const [b, o] = [brief, outline];
    state.brief = b;
    state.outline = o;
    state.sections = await Promise.all(o.sections.map((_, i) => writer.section(b, o, i)));
    state.introConclusion = await writer.introConclusion(b, o);
    state.faq = await writer.faq(b, o);
    state.links = await writer.selectLinks(b, o, state.candidates ?? []);
  }
  dropEmptySections(state);
  return avoid.size - before;
}

/** A section whose every sentence was a copy goes, with its heading; links and images move with the sections left. */
function dropEmptySections(state: GenerationState) {
  const outline = state.outline!;
  const sections = state.sections ?? [];
  const keep = outline.sections.map((_, i) => (sections[i] ?? "").trim().length > 0);
  if (keep.every(Boolean)) return;
  const index = new Map<number, number>();
  keep.forEach((k, i) => k && index.set(i, index.size));
  state.outline = { ...outline, sections: outline.sections.filter((_, i) => keep[i]) };
  state.sections = sections.filter((_, i) => keep[i]);
  const last = Math.max(0, state.outline.sections.length - 1);
  state.links = state.links?.map((l) => ({ ...l, sectionIndex: index.get(l.sectionIndex) ?? Math.min(l.sectionIndex, last) }));
}

/** The guard on a stored site: looks the draft's sentences up among the site's other articles. */
export async function avoidSiteRepeats(
  db: DB,
  siteId: string,
  articleId: string,
  state: GenerationState,
  writer: ArticleWriter,
  assemble: (state: GenerationState) => string,
) {
  return rewriteRepeats(
    state,
    writer,
    async (html) => Object.keys(await siteSentencesFor(db, siteId, articleId, html)).map(Number),
    assemble,
  );
}
