import { missedByResults } from "#app/modules/research/grounding";
import type { ArticleGrounding, GroundingFact } from "#app/modules/research/types";
import type { ArticleBrief } from "./types";

/**
 * The research's part of the model's prompts (docs/decisions/058-research.md): the outline follows what the
 * top results cover and answers what they miss, 'People also ask' feeds the FAQ, and a fact is written only
 * from the grounding, linked to its source. Pure; empty when the brief has no grounding.
 */

const bullet = (items: string[]) => items.map((i) => `- ${i}`).join("\n");

function sourceName(fact: GroundingFact) {
  return fact.source.kind === "own" ? `${fact.source.title}, the site's own page` : fact.source.title;
}

/** The facts as the model sees them: each with its source's name and URL, to link where it is stated. */
function factLines(grounding: ArticleGrounding, limit = 20) {
  return grounding.facts.slice(0, limit).map((f) => `${f.text} — source: ${sourceName(f)} (${f.source.url})`);
}

/** The system message's rule on facts: with a grounding, only its facts and always with their source. */
export function factRule(brief: ArticleBrief) {
  if (!brief.grounding) return "";
  return brief.grounding.facts.length
    ? "State a fact (a figure, a price, a size, a time, a claim about a product) only when it is in the research's list of facts, and link it to its source where you state it, as a Markdown link to the source's URL. Say nothing checkable that the list does not hold."
    : "The research found no facts with a source: state no figures, prices, sizes or claims about products; give practical steps instead.";
}

/** What the outline is told about the research. */
export function outlineResearchLines(brief: ArticleBrief): string[] {
  const g = brief.grounding;
  if (!g) return [];
  const missed = missedByResults(g, brief.keyword);
  const data = g.keywordData;
  return [
    g.coveredByResults.length
      ? `The top search results for "${brief.keyword}" cover these sub-topics (most common first); the outline must cover the first ones too:\n${bullet(g.coveredByResults)}`
      : "",
    missed.length
      ? `Searchers also ask about these, which the top results do not cover; answer them to add something new:\n${bullet(missed)}`
      : "",
    g.questions.length
      ? `faq_questions: take them from these questions people ask, in this order, before writing your own:\n${bullet(g.questions)}`
      : "",
    g.sitePages.length
      ? `The site's own pages on this topic (the article may refer to them by name):\n${bullet(g.sitePages.map((p) => `${p.title} (${p.kind})${p.summary ? `: ${p.summary}` : ""}`))}`
      : "",
    g.facts.length ? `Facts the article may use, with their sources:\n${bullet(factLines(g))}` : "",
    data && data.volume != null
      ? `Search data: about ${data.volume} searches a month${data.difficulty != null ? `, difficulty ${data.difficulty}/100` : ""}${data.intent ? `, ${data.intent} intent` : ""}.`
      : "",
  ].filter(Boolean);
}

/** What a section (or the FAQ) is told: the facts with their sources and the site's own answers. */
export function writingResearchLines(brief: ArticleBrief, { faq = false } = {}): string[] {
  const g = brief.grounding;
  if (!g) return [];
  const answers = g.sitePages.flatMap((p) => p.faq.map((f) => `${f.question} — ${f.answer} (${p.title}, the site's own page, ${p.url})`));
  return [
    g.facts.length ? `Facts you may state, each only with a Markdown link to its source where you state it:\n${bullet(factLines(g))}` : "",
    faq && answers.length ? `The site's own answers (use them where a question matches):\n${bullet(answers.slice(0, 10))}` : "",
  ].filter(Boolean);
}
