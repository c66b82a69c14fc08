import { keywordShape, type KeywordShape } from "#app/modules/articles/keyword-shape";
import { stem } from "#app/modules/articles/specificity";
import type { GroundingFact, SitePage } from "#app/modules/research/types";
import { FRAMES } from "./offline-templates";
import type { ArticleBrief, BrandBrief } from "./types";

/**
 * The offline writer's plan (offline-article.ts renders it): which of the research's items each section holds,
 * which questions the FAQ answers and with what, and what the research leaves uncovered. Pure and deterministic.
 */

export type SitePageRef = Pick<SitePage, "url" | "title" | "kind" | "summary" | "faq">;
/** Something the research holds that a section can say. */
export type Item =
  | { kind: "fact"; fact: GroundingFact }
  | { kind: "faq"; page: SitePageRef; question: string; answer: string }
  | { kind: "page"; page: SitePageRef }
  /** What the brand settings say about the brand: all an article without research can state. */
  | { kind: "brand"; name: string; about: string };

/**
 * fromResults: the heading is one the top results use (not the section of the site's own pages); said: their
 * wording when the heading adds the keyword to it.
 */
type PlannedSection = { heading: string; items: Item[]; fromResults: boolean; said?: string };
export type ArticlePlan = {
  shape: KeywordShape;
  /** The topic as a noun phrase for sentences ("storing coffee beans"). */
  topic: string;
  sections: PlannedSection[];
  faq: Array<{ question: string; item: Item }>;
  /** Headings of the top results the research held nothing for. */
  uncovered: string[];
  /** Questions searchers ask that nothing in the research answers. */
  unanswered: string[];
};

const STOP = new Set(
  (
    "the and for with from into that this what which when where how why who your you our are was were can does did should " +
    "will would could about than then them they their there its it's have has had not but all any more most much very just also " +
    "each every one some other only own same such too long keep way ways best good make get use need know apply put many"
  ).split(" "),
);

function stemsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length < 3 || STOP.has(word) || /^\d+$/.test(word)) continue;
    out.add(stem(word));
  }
  return out;
}

function overlap(a: Set<string>, b: Set<string>) {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

export function itemText(item: Item) {
  if (item.kind === "fact") return `${item.fact.text} ${item.fact.source.title}`;
  if (item.kind === "faq") return `${item.question} ${item.answer}`;
  if (item.kind === "brand") return item.about;
  return `${item.page.title} ${sentencesOf(item.page.summary)[0] ?? ""}`;
}

function itemKey(item: Item) {
  if (item.kind === "fact") return `fact:${item.fact.text}`;
  if (item.kind === "faq") return `faq:${item.page.url}:${item.question}`;
  if (item.kind === "brand") return "brand";
  return `page:${item.page.url}`;
}

export function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function cleanHeading(text: string) {
  const clean = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.:;,]+$/, "");
  return capitalize(clean);
}

/** Sentences of a research text (a summary, a FAQ answer), split only where a sentence ends before a capital. */
export function sentencesOf(text: string) {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?]["”’)]?)\s+(?=[\p{Lu}"“\d])/u)
    .filter((s) => /\p{L}/u.test(s));
}

/** The section of the site's own pages: "How to Store Coffee Beans with Northwind Coffee". */
function ownHeading(shape: KeywordShape, brand: string | null) {
  return brand ? `${shape.headline} ${shape.kind === "how-to" ? "with" : "at"} ${brand}` : `${shape.headline}: ${FRAMES.ownHeading}`;
}

/** Plans are pure functions of the brief; each writer step asks for the same one. */
const plans = new WeakMap<ArticleBrief, ArticlePlan>();

export function planArticle(brief: ArticleBrief): ArticlePlan {
  const cached = plans.get(brief);
  if (cached) return cached;
  const plan = buildPlan(brief);
  plans.set(brief, plan);
  return plan;
}

/** The words that tell what a question or a page is about, against the keyword's and the brand's trade's. */
type Terms = {
  /** The keyword's stems. */
  keyword: Set<string>;
  /** The brand's name and industry ("coffee" on a roaster's site): every page of the site says them. */
  trade: Set<string>;
  /** The keyword's stems beyond the trade's. */
  topic: Set<string>;
};

/** What the FAQ answers so far, and the items already said somewhere (each is said once). */
type Answers = { byQuestion: Map<string, Item>; used: Set<string> };

/**
 * The research's items: its facts (but not a search snippet that lists the results' own headings, "…: buy whole beans
 * in small amounts, … and more", a table of contents rather than a fact), the site's FAQ and its product and category
 * pages.
 */
function researchItems(g: ArticleBrief["grounding"]): Item[] {
  const pages = g?.sitePages ?? [];
  const listed = (g?.coveredByResults ?? []).map((h) => h.toLowerCase());
  const isContents = (f: GroundingFact) => f.source.kind === "web" && listed.some((h) => f.text.toLowerCase().includes(h));
  return [
    ...(g?.facts ?? []).filter((f) => !isContents(f)).map((fact): Item => ({ kind: "fact", fact })),
    ...pages.flatMap((page) => page.faq.map((f): Item => ({ kind: "faq", page, question: f.question, answer: f.answer }))),
    ...pages.filter((p) => p.kind === "product" || p.kind === "category").map((page): Item => ({ kind: "page", page })),
  ];
}

/** How well an item answers a question: 0 when it does not, else the shared terms beyond the keyword's. */
function answerScore(question: string, item: Item, terms: Terms) {
  if (item.kind === "page" || item.kind === "brand") return 0;
  const asked = stemsOf(question);
  // The brand's trade ("coffee" on a roaster's site) answers nothing by itself: every page of the site says it.
  const key = new Set([...asked].filter((s) => !terms.trade.has(s)));
  const own = [...key].filter((s) => !terms.keyword.has(s));
  const against = stemsOf(item.kind === "faq" ? item.question : item.fact.text);
  let enough: boolean;
  let score: number;
  if (own.length === 0) {
    // A question of the keyword's words only ("What is the best cold brew ratio?") is answered only by what holds
    // all of them: sharing "cold brew" with a FAQ on keeping times does not answer a question about the ratio.
    score = overlap(key, against);
    enough = key.size > 0 && score === key.size;
  } else {
    const need = Math.max(1, Math.ceil(own.length * 0.6));
    score = overlap(new Set(own), against);
    // A fact holds two of the question's words at least, the trade's included: "How much coffee for 1 litre?" is not
    // answered by a jar's size in litres.
    enough =
      item.kind === "faq"
        ? score >= need
        : score >= need && score >= Math.min(2, own.length) && overlap(asked, against) >= Math.min(2, asked.size);
  }
  // A site FAQ about something else ("What water temperature is best?") does not answer the keyword's questions.
  const onTopic = item.kind !== "faq" || overlap(terms.topic, stemsOf(`${item.question} ${item.answer}`)) > 0;
  return enough && onTopic ? score : 0;
}

/** Answers the question with the unused item of the pool that answers it best, if one does. */
function answerFrom(question: string, pool: Item[], answers: Answers, terms: Terms) {
  let best: { item: Item; score: number } | null = null;
  for (const item of pool) {
    if (answers.used.has(itemKey(item))) continue;
    const score = answerScore(question, item, terms);
    if (score > 0 && (!best || score > best.score)) best = { item, score };
  }
  if (!best) return;
  answers.used.add(itemKey(best.item));
  answers.byQuestion.set(question, best.item);
}

/**
 * Sections: the top results' headings, each with the items that fit it best. An item that fits none, or answers a
 * question still open better than it fits a heading, is left over for the FAQ and the closing sections.
 */
function sectionsFromResults(g: ArticleBrief["grounding"], items: Item[], questions: string[], answers: Answers, terms: Terms) {
  const headings = [...new Set((g?.coveredByResults ?? []).map(cleanHeading).filter(Boolean))];
  const sections: PlannedSection[] = headings.map((heading) => ({ heading, items: [], fromResults: true }));
  const headingKeys = headings.map((h) => {
    const all = stemsOf(h);
    const own = new Set([...all].filter((s) => !terms.keyword.has(s)));
    return own.size ? own : all;
  });
  const leftovers: Item[] = [];
  // A page whose facts the research holds is said through them; its summary would repeat them.
  const factPages = new Set((g?.facts ?? []).map((f) => f.source.url));
  let pagesLeft = 2;
  for (const item of items) {
    if (answers.used.has(itemKey(item))) continue;
    // A site FAQ's answer reads only under its question: it answers the FAQ or nothing.
    if (item.kind === "faq") {
      leftovers.push(item);
      continue;
    }
    if (item.kind === "page" && (factPages.has(item.page.url) || pagesLeft === 0)) continue;
    // A page is worth a sentence only where it speaks to the keyword itself, beyond the brand's own trade ("coffee").
    if (item.kind === "page" && overlap(terms.topic, stemsOf(itemText(item))) === 0) continue;
    if (item.kind === "page") pagesLeft--;
    const words = stemsOf(itemText(item));
    let best = -1;
    let bestScore = 0;
    headingKeys.forEach((key, i) => {
      const score = overlap(key, words);
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    // A fact that answers a question searchers ask better than it fits a heading waits for the FAQ.
    const asks = Math.max(0, ...questions.filter((q) => !answers.byQuestion.has(q)).map((q) => answerScore(q, item, terms)));
    if (best >= 0 && asks < bestScore) {
      sections[best]!.items.push(item);
      answers.used.add(itemKey(item));
    } else leftovers.push(item);
  }
  return { sections, headingKeys, leftovers };
}

/**
 * What fits no heading: web facts join the first section (or one of their own); the site's own pages get a section
 * of their own, on the topic. With nothing from research to say, what the brand settings say about the brand.
 */
function withLeftovers(kept: PlannedSection[], rest: Item[], shape: KeywordShape, brand: BrandBrief | null, terms: Terms) {
  const ownLeft = rest.filter((i) => i.kind === "page" || (i.kind === "fact" && i.fact.source.kind === "own"));
  const webLeft = rest.filter((i) => i.kind === "fact" && i.fact.source.kind === "web");
  if (webLeft.length) {
    if (kept[0]) kept[0].items.push(...webLeft);
    else kept.push({ heading: `${shape.headline}: ${FRAMES.factsHeading}`, items: webLeft, fromResults: false });
  }
  if (ownLeft.length) {
    // Only what speaks to the keyword beyond the brand's trade: a shop page's price says nothing on storing beans.
    const relevant = ownLeft.filter((i) => overlap(terms.topic, stemsOf(itemText(i))) > 0).slice(0, 4);
    if (relevant.length) {
      kept.push({ heading: ownHeading(shape, brand?.name ?? null), items: relevant, fromResults: false });
    }
  }
  // Nothing from research to say (none, or none that fits): what the brand settings say about the brand, and nothing more.
  const about = brand?.description.replace(/\s+/g, " ").trim();
  if (kept.length === 0 && brand?.name && about)
    kept.push({ heading: ownHeading(shape, brand.name), items: [{ kind: "brand", name: brand.name, about }], fromResults: false });
}

/** The keyword in one H2 at least: a research heading then says what it is about ("French Press Coffee Ratio: …"). */
function withKeywordHeading(kept: PlannedSection[], shape: KeywordShape) {
  const keyword = shape.keyword.toLowerCase();
  if (kept[0] && !kept.some((s) => s.heading.toLowerCase().includes(keyword)))
    kept[0] = {
      ...kept[0],
      heading: `${shape.headline}${/\?$/.test(shape.headline) ? "" : ":"} ${kept[0].heading}`,
      said: kept[0].heading,
    };
}

function buildPlan(brief: ArticleBrief): ArticlePlan {
  const shape = keywordShape(brief.keyword, { brandNames: brief.brand?.name ? [brief.brand.name] : [] });
  const topic = shape.topic ?? shape.keyword;
  const g = brief.grounding;
  const items = researchItems(g);
  const brand: BrandBrief | null = brief.brand;
  const keywordStems = stemsOf(brief.keyword);
  const trade = stemsOf(`${brand?.name ?? ""} ${brand?.industry ?? ""}`);
  const terms: Terms = { keyword: keywordStems, trade, topic: new Set([...keywordStems].filter((w) => !trade.has(w))) };
  const answers: Answers = { byQuestion: new Map(), used: new Set() };
  const questions = [...new Set((g?.questions ?? []).map((q) => q.replace(/\s+/g, " ").trim()).filter(Boolean))];

  // 'People also ask' is answered by a site FAQ asking the same first, then by a fact no section needs.
  for (const question of questions)
    answerFrom(
      question,
      items.filter((i) => i.kind === "faq"),
      answers,
      terms,
    );
  const { sections, headingKeys, leftovers } = sectionsFromResults(g, items, questions, answers, terms);
  for (const question of questions) if (!answers.byQuestion.has(question)) answerFrom(question, leftovers, answers, terms);
  const faq = questions
    .filter((q) => answers.byQuestion.has(q))
    .slice(0, 5)
    .map((q) => ({ question: /\?$/.test(q) ? q : `${q}?`, item: answers.byQuestion.get(q)! }));
  const unanswered = questions.filter((q) => !answers.byQuestion.has(q));
  const answered = new Set(faq.map((f) => itemKey(f.item)));
  const rest = leftovers.filter((i) => !answered.has(itemKey(i)));
  const filled = sections.filter((s) => s.items.length > 0);
  // A heading the FAQ answers is covered there.
  const asked = faq.map((f) => stemsOf(f.question));
  const uncovered = sections
    .filter((s, i) => s.items.length === 0 && !asked.some((q) => overlap(headingKeys[i]!, q) >= Math.max(1, headingKeys[i]!.size - 1)))
    .map((s) => s.heading);
  const room = Math.max(1, brief.sectionCount - 1);
  const kept = filled.slice(0, room);
  for (const s of filled.slice(room)) uncovered.push(s.heading);
  withLeftovers(kept, rest, shape, brand, terms);
  withKeywordHeading(kept, shape);
  return { shape, topic, sections: kept, faq, uncovered, unanswered };
}
