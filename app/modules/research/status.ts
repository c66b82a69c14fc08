import type { ResearchSnapshot } from "./types";

/**
 * What research ran for an article, with what provider, and what it found: one record (the article's research
 * snapshot, docs/decisions/058-research.md) that the offline writer's note and the Sources panel both read, so
 * neither can say 'no research' above headings the research found, nor name a provider the other denies.
 */
export type ResearchStatus = {
  provider: string | null;
  gatheredAt: string;
  /** Organic results the provider gave; null when it gave no search results (none configured, or it failed). */
  results: number | null;
  /** Top results' pages whose outline could be read. */
  pagesRead: number;
  questions: number;
  facts: number;
  sitePages: number;
  /** Whether the writer had anything from research at all (results, facts or a fitting page of the site). */
  foundAnything: boolean;
  /** The record in one sentence, without the date (the screen adds it in the site's time zone). */
  sentence: string;
};

function count(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

export function researchStatus(snapshot: ResearchSnapshot): ResearchStatus {
  const results = snapshot.serp ? snapshot.serp.results.length : null;
  const pagesRead = snapshot.pages.filter((p) => p.headings?.length).length;
  const questions = snapshot.serp?.peopleAlsoAsk.length ?? 0;
  const facts = snapshot.facts?.length ?? 0;
  const sitePages = snapshot.sitePages.length;
  const found = [
    results !== null ? count(results, "top result") : null,
    results ? `${count(pagesRead, "page")} of them read` : null,
    results !== null ? count(questions, "question searchers ask", "questions searchers ask") : null,
    count(facts, "fact with a source", "facts with a source"),
    count(sitePages, "of your pages that fits", "of your pages that fit"),
  ].filter(Boolean);
  const where = snapshot.market ? ` for searches in ${snapshot.market}` : "";
  const how = snapshot.provider
    ? results === null
      ? `Researched with ${snapshot.provider}${where}, which gave no search results`
      : `Researched with ${snapshot.provider}${where}`
    : "No research provider is configured, so only your site's pages were read";
  return {
    provider: snapshot.provider,
    gatheredAt: snapshot.gatheredAt,
    results,
    pagesRead,
    questions,
    facts,
    sitePages,
    foundAnything: Boolean(results) || facts > 0 || sitePages > 0,
    sentence: `${how}: ${found.join(", ")}.`,
  };
}
