import { htmlToText } from "#app/utils/text";
import { termsOf } from "./grounding";
import type { GroundingFact, LedgerEntry, ResearchSnapshot, SourceKind } from "./types";

/**
 * The claim ledger (docs/decisions/058-research.md): which of the research's sources an article uses. A
 * source is used when the article states one of its facts (the fact's words and all its figures in one
 * sentence) or links to it; the site's own pages count when the article links to them. Derived from the
 * article's HTML and what it was written from, so an edit that drops a fact or a link drops its source.
 */

export function normaliseUrl(url: string) {
  try {
    const u = new URL(url);
    u.hash = "";
    u.hostname = u.hostname.toLowerCase().replace(/^www\./, "");
    return u.href.replace(/\/$/, "");
  } catch {
    return url.trim().replace(/\/$/, "");
  }
}

const hrefsOf = (html: string) =>
  new Set([...html.matchAll(/<a\b[^>]*\bhref\s*=\s*"([^"]*)"/gi)].map((m) => normaliseUrl(m[1]!.replace(/&amp;/g, "&"))));

const figuresOf = (text: string) => text.match(/\d+(?:[.,]\d+)?/g) ?? [];

/** Share of a fact's topic terms one sentence must hold to state it in other words. */
const PARAPHRASE_SHARE = 0.6;

const flat = (t: string) => t.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, " ").trim();

/** Whether the text states the fact: word for word, or one sentence with all its figures and most of its terms. */
export function statesFact(sentences: Array<{ text: string; terms: Set<string> }>, whole: string, fact: string) {
  if (whole.includes(flat(fact).replace(/[.!?]$/, ""))) return true;
  const terms = termsOf(fact);
  const figures = figuresOf(fact);
  if (terms.size === 0) return false;
  return sentences.some(({ text: sentence, terms: held }) => {
    if (!figures.every((f) => sentence.includes(f))) return false;
    let shared = 0;
    for (const t of terms) if (held.has(t)) shared++;
    return shared / terms.size >= PARAPHRASE_SHARE;
  });
}

export type LedgerInput = {
  html: string;
  facts: GroundingFact[];
  /** Web sources an article may link to: the research's results. */
  webSources: Array<{ url: string; title: string }>;
  /** The site's own pages and posts. */
  ownPages: Array<{ url: string; title: string }>;
};

export function deriveLedger(input: LedgerInput): LedgerEntry[] {
  const text = htmlToText(input.html);
  const whole = flat(text);
  // Each sentence's terms once, however many facts are looked for.
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .filter(Boolean)
    .map((sentence) => ({ text: sentence, terms: termsOf(sentence) }));
  const links = hrefsOf(input.html);
  const entries = new Map<string, LedgerEntry>();
  const entry = (url: string, title: string, kind: SourceKind) => {
    const key = normaliseUrl(url);
    let found = entries.get(key);
    if (!found) {
      found = { url, title, kind, claims: [] };
      entries.set(key, found);
    }
    return found;
  };
  for (const fact of input.facts) {
    if (statesFact(sentences, whole, fact.text)) entry(fact.source.url, fact.source.title, fact.source.kind).claims.push(fact.text);
  }
  for (const source of input.webSources) if (links.has(normaliseUrl(source.url))) entry(source.url, source.title, "web");
  for (const page of input.ownPages) if (links.has(normaliseUrl(page.url))) entry(page.url, page.title, "own");
  // The site's own pages first, then the web, each in the order the research gave them.
  return [...entries.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "own" ? -1 : 1));
}

/** The ledger of an article from its stored research snapshot. */
export function ledgerOfSnapshot(html: string, snapshot: ResearchSnapshot) {
  return deriveLedger({
    html,
    facts: snapshot.facts ?? [],
    webSources: snapshot.serp?.results ?? [],
    ownPages: snapshot.sitePages,
  });
}

/** 'your page Cold Brew Kit' for the site's own pages, the domain for the web's. */
export function sourceLabel(entry: Pick<LedgerEntry, "kind" | "title" | "url">) {
  if (entry.kind === "own") return `your page ${entry.title}`;
  try {
    return new URL(entry.url).hostname.replace(/^www\./, "");
  } catch {
    return entry.url;
  }
}
