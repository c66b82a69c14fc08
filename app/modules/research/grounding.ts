import { topicTerms } from "#app/modules/articles/specificity";
import type { ArticleGrounding, GroundingFact, KeywordData, ResultPage, Serp, SitePage } from "./types";

/**
 * The research step's pure half: from what the provider and the site gave, the grounding the writer is
 * handed (docs/decisions/058-research.md). What the top results cover is their headings grouped by meaning
 * (shared topic terms, light stemming) and counted by page; facts come only from text the research holds
 * (the site's own pages, a verified result's snippet), each with its source; the site's pages are ranked by
 * relevance to the keyword. Nothing here calls out or invents text.
 */

/** Headings every page carries whatever its subject: they say nothing about what the results cover. */
const BOILERPLATE = new Set(
  [
    "conclusion",
    "summary",
    "final thoughts",
    "table of contents",
    "contents",
    "faq",
    "faqs",
    "frequently asked questions",
    "related posts",
    "related articles",
    "you may also like",
    "comments",
    "leave a comment",
    "leave a reply",
    "share this",
    "share",
    "about the author",
    "subscribe",
    "newsletter",
    "references",
    "sources",
    "introduction",
    "in this article",
    "latest posts",
    "recent posts",
  ].map((h) => h.toLowerCase()),
);

const normaliseHeading = (heading: string) =>
  heading
    .replace(/^\s*(?:\d+[.):]|step \d+[:.]?|[-•*])\s*/i, "")
    .replace(/\s+/g, " ")
    .replace(/[:.\s]+$/, "")
    .trim();

/** Topic stems of a text (stop words and the words every title uses left out). */
export const termsOf = (text: string) => topicTerms(text, "");

function overlap(a: Set<string>, b: Set<string>) {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared;
}

/**
 * The result pages' headings grouped by meaning, most pages first: two headings fall in one group when they
 * share most of their topic terms ('How long do coffee beans last' ~ 'How long coffee beans stay fresh').
 * Each group is named by its most common wording; a group seen on one page only counts after the others.
 */
export function groupHeadings(pages: ResultPage[], keyword: string, limit = 12): string[] {
  const keywordTerms = termsOf(keyword);
  type Group = { terms: Set<string>; pages: Set<string>; wordings: Map<string, number> };
  const groups: Group[] = [];
  for (const page of pages) {
    for (const raw of page.headings ?? []) {
      const heading = normaliseHeading(raw);
      if (heading.length < 4 || heading.length > 120 || BOILERPLATE.has(heading.toLowerCase())) continue;
      const terms = termsOf(heading);
      // A heading made only of the keyword's own words ('Coffee beans') names no sub-topic.
      const own = [...terms].filter((t) => !keywordTerms.has(t));
      if (own.length === 0) continue;
      const key = new Set(own);
      const group = groups.find((g) => overlap(g.terms, key) / Math.min(g.terms.size, key.size) >= 0.6);
      if (group) {
        group.pages.add(page.url);
        group.wordings.set(heading, (group.wordings.get(heading) ?? 0) + 1);
        for (const t of key) group.terms.add(t);
      } else groups.push({ terms: key, pages: new Set([page.url]), wordings: new Map([[heading, 1]]) });
    }
  }
  return groups
    .map((g, order) => ({ g, order }))
    .sort((a, b) => b.g.pages.size - a.g.pages.size || a.order - b.order)
    .slice(0, limit)
    .map(({ g }) => [...g.wordings].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0]);
}

/** How well a text fits the keyword: its share of the keyword's topic terms, the title counting double. */
function relevance(keyword: string, item: { title: string; summary?: string; url?: string }) {
  const wanted = termsOf(keyword);
  if (wanted.size === 0) return 0;
  const inTitle = overlap(wanted, termsOf(item.title));
  const path = item.url ? safePath(item.url) : "";
  const inRest = overlap(wanted, termsOf(`${item.summary ?? ""} ${path}`));
  return (2 * inTitle + inRest) / (3 * wanted.size);
}

function safePath(url: string) {
  try {
    return decodeURIComponent(new URL(url).pathname).replace(/[-_/]+/g, " ");
  } catch {
    return "";
  }
}

/** Items ordered by relevance to the keyword, the original order breaking ties. */
export function byRelevance<T extends { title: string; summary?: string; url?: string }>(keyword: string, items: T[]) {
  return items
    .map((item, index) => ({ item, index, score: relevance(keyword, item) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** A sentence is worth stating as a fact when it says something checkable: a figure, a size, a time. */
const CHECKABLE = /\d/;

/**
 * A snippet sentence about the page rather than the world ("Everything you need to know about…", "Updated for
 * 2026: …", "a practical guide to…"): its figure is a date or a count of tips, and stated as a fact it reads as
 * another site's advertising.
 */
const ABOUT_THE_PAGE =
  /\b(?:everything you need to know|(?:a|the|our|this) (?:practical|complete|ultimate|step-by-step|beginner'?s'?|quick|simple|definitive) guide|guide to|updated (?:for|in) \d{4}|in this (?:article|guide|post)|we (?:explain|cover|show|share|tested|review)|read on|find out|learn (?:how|what|why|the)|discover|with examples|tips (?:that|to)|\d+ (?:tips|ways|mistakes|steps|things|reasons))\b/i;

/** Sentences of a search snippet that hold a figure, say something about the world and were not cut off by the engine. */
export function snippetFacts(snippet: string): string[] {
  return snippet
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(
      (s) =>
        CHECKABLE.test(s) && /[.!?]$/.test(s) && !/(\.\.\.|…)$/.test(s) && s.length >= 30 && s.length <= 240 && !ABOUT_THE_PAGE.test(s),
    );
}

export type GroundingInput = {
  keyword: string;
  serp: Serp | null;
  pages: ResultPage[];
  keywordData: KeywordData | null;
  sitePages: SitePage[];
  /** Result URLs the link checker found working: only their snippets may become web facts. */
  verified: Set<string>;
  gaps: string[];
};

/**
 * The relevance from which a page or question fits the keyword: a word the whole site uses ('coffee' on a
 * roaster's site) in a page's summary alone is not enough.
 */
const FITS = 0.2;

/** The site's pages that fit the keyword, most relevant first: what the brief (and the offline writer) draws on. */
export function pagesThatFit<T extends { title: string; summary?: string; url?: string }>(keyword: string, pages: T[]): T[] {
  return byRelevance(
    keyword,
    pages.map((p) => ({ ...p })),
  )
    .filter((r) => r.score >= FITS)
    .map((r) => r.item);
}

/** How many of the site's pages the brief carries: enough to choose links and facts from, short enough to read. */
const SITE_PAGES_IN_BRIEF = 8;

export function buildGrounding(input: GroundingInput): ArticleGrounding {
  const { keyword, serp } = input;
  const fitting = pagesThatFit(keyword, input.sitePages).slice(0, SITE_PAGES_IN_BRIEF);
  const questions: string[] = [];
  const seenQuestion = new Set<string>();
  const addQuestion = (q: string) => {
    const key = q
      .trim()
      .toLowerCase()
      .replace(/[?\s]+$/, "");
    if (!key || seenQuestion.has(key)) return;
    seenQuestion.add(key);
    questions.push(q.trim());
  };
  for (const q of serp?.peopleAlsoAsk ?? []) addQuestion(q);
  // The site's own FAQ questions that fit the keyword, from any of its pages.
  for (const { item } of byRelevance(
    keyword,
    input.sitePages.flatMap((p) => p.faq.map((f) => ({ title: f.question, summary: f.answer }))),
  ).filter((r) => r.score >= FITS))
    addQuestion(item.title);

  const facts: GroundingFact[] = [];
  const seenFact = new Set<string>();
  const addFact = (fact: GroundingFact) => {
    const key = fact.text.toLowerCase();
    if (seenFact.has(key)) return;
    seenFact.add(key);
    facts.push(fact);
  };
  for (const page of fitting) {
    for (const text of page.facts) addFact({ text, source: { url: page.url, title: page.title, kind: "own" } });
  }
  for (const result of serp?.results ?? []) {
    if (!input.verified.has(result.url)) continue;
    for (const text of snippetFacts(result.snippet)) addFact({ text, source: { url: result.url, title: result.title, kind: "web" } });
  }

  return {
    coveredByResults: groupHeadings(input.pages, keyword),
    questions: questions.slice(0, 10),
    relatedSearches: serp?.relatedSearches.slice(0, 10) ?? [],
    facts,
    sitePages: fitting.map(({ url, title, kind, summary, faq }) => ({ url, title, kind, summary, faq })),
    keywordData: input.keywordData,
    gaps: input.gaps,
  };
}

/**
 * What searchers ask about that the top results' headings do not cover: 'People also ask', the site's FAQ
 * and related searches whose own terms (beyond the keyword's) no covered heading holds. The outline answers
 * these to say more than the pages already ranking.
 */
export function missedByResults(grounding: Pick<ArticleGrounding, "coveredByResults" | "questions" | "relatedSearches">, keyword: string) {
  const keywordTerms = termsOf(keyword);
  const covered = new Set(grounding.coveredByResults.flatMap((h) => [...termsOf(h)]));
  return [...grounding.questions, ...grounding.relatedSearches].filter((text) => {
    const own = [...termsOf(text)].filter((t) => !keywordTerms.has(t));
    return own.length > 0 && own.every((t) => !covered.has(t));
  });
}
