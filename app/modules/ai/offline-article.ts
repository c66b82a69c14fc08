import { keywordShape, type KeywordShape } from "#app/modules/articles/keyword-shape";
import { stem } from "#app/modules/articles/specificity";
import type { GroundingFact, SitePage } from "#app/modules/research/types";
import { FRAMES, NO_MODEL_GAPS } from "./offline-templates";
import { escapeMd, isRepeated, lowerFirst, withoutRepeats, type Unit } from "./offline-repeats";
import type { ArticleBrief, BrandBrief } from "./types";

/**
 * What the offline writer writes, planned once from the brief (docs/decisions/058-research.md): the sections
 * follow the headings the top results use (brief.grounding.coveredByResults) and hold only what the research
 * holds for them — facts with their source links, the site's own pages and FAQ answers — and the FAQ answers
 * 'People also ask' only where a site FAQ or a fact answers it. What the research does not cover is left out and
 * named in the plan's gaps, so the article is shorter rather than padded. Every sentence of 8+ words carries a
 * term of the keyword, a page or product name, or a fact; none is a topic-free template line, so two articles of
 * one site share a sentence only when they state the same fact, and the pipeline's site-reuse guard then has the
 * writer rephrase or leave it out (brief.avoidSentences). Pure and deterministic: every writer step calls it.
 */

type SitePageRef = Pick<SitePage, "url" | "title" | "kind" | "summary" | "faq">;
/** Something the research holds that a section can say. */
type Item =
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

function itemText(item: Item) {
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
function sentencesOf(text: string) {
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

function buildPlan(brief: ArticleBrief): ArticlePlan {
  const shape = keywordShape(brief.keyword, { brandNames: brief.brand?.name ? [brief.brand.name] : [] });
  const topic = shape.topic ?? shape.keyword;
  const g = brief.grounding;
  const keywordStems = stemsOf(brief.keyword);
  const pages = g?.sitePages ?? [];
  // A search snippet that lists the results' own headings ("…: buy whole beans in small amounts, … and more") is a
  // table of contents, not a fact.
  const listed = (g?.coveredByResults ?? []).map((h) => h.toLowerCase());
  const isContents = (f: GroundingFact) => f.source.kind === "web" && listed.some((h) => f.text.toLowerCase().includes(h));
  const items: Item[] = [
    ...(g?.facts ?? []).filter((f) => !isContents(f)).map((fact): Item => ({ kind: "fact", fact })),
    ...pages.flatMap((page) => page.faq.map((f): Item => ({ kind: "faq", page, question: f.question, answer: f.answer }))),
    ...pages.filter((p) => p.kind === "product" || p.kind === "category").map((page): Item => ({ kind: "page", page })),
  ];
  const brand: BrandBrief | null = brief.brand;
  const trade = stemsOf(`${brand?.name ?? ""} ${brand?.industry ?? ""}`);
  const topicStems = new Set([...keywordStems].filter((w) => !trade.has(w)));
  const used = new Set<string>();
  const questions = [...new Set((g?.questions ?? []).map((q) => q.replace(/\s+/g, " ").trim()).filter(Boolean))];

  // 'People also ask' is answered by a site FAQ asking the same first, then by a fact no section needs.
  const answers = new Map<string, Item>();
  /** How well an item answers a question: 0 when it does not, else the shared terms beyond the keyword's. */
  const answerScore = (question: string, item: Item) => {
    if (item.kind === "page" || item.kind === "brand") return 0;
    const asked = stemsOf(question);
    // The brand's trade ("coffee" on a roaster's site) answers nothing by itself: every page of the site says it.
    const key = new Set([...asked].filter((s) => !trade.has(s)));
    const own = [...key].filter((s) => !keywordStems.has(s));
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
    const onTopic = item.kind !== "faq" || overlap(topicStems, stemsOf(`${item.question} ${item.answer}`)) > 0;
    return enough && onTopic ? score : 0;
  };
  const answer = (question: string, pool: Item[]) => {
    let best: { item: Item; score: number } | null = null;
    for (const item of pool) {
      if (used.has(itemKey(item))) continue;
      const score = answerScore(question, item);
      if (score > 0 && (!best || score > best.score)) best = { item, score };
    }
    if (!best) return;
    used.add(itemKey(best.item));
    answers.set(question, best.item);
  };
  for (const question of questions)
    answer(
      question,
      items.filter((i) => i.kind === "faq"),
    );

  // Sections: the top results' headings, each with what the research holds for it.
  const headings = [...new Set((g?.coveredByResults ?? []).map(cleanHeading).filter(Boolean))];
  const sections: PlannedSection[] = headings.map((heading) => ({ heading, items: [], fromResults: true }));
  const headingKeys = headings.map((h) => {
    const all = stemsOf(h);
    const own = new Set([...all].filter((s) => !keywordStems.has(s)));
    return own.size ? own : all;
  });
  const leftovers: Item[] = [];
  // A page whose facts the research holds is said through them; its summary would repeat them.
  const factPages = new Set((g?.facts ?? []).map((f) => f.source.url));
  let pagesLeft = 2;
  for (const item of items) {
    if (used.has(itemKey(item))) continue;
    // A site FAQ's answer reads only under its question: it answers the FAQ or nothing.
    if (item.kind === "faq") {
      leftovers.push(item);
      continue;
    }
    if (item.kind === "page" && (factPages.has(item.page.url) || pagesLeft === 0)) continue;
    // A page is worth a sentence only where it speaks to the keyword itself, beyond the brand's own trade ("coffee").
    if (item.kind === "page" && overlap(topicStems, stemsOf(itemText(item))) === 0) continue;
    if (item.kind === "page") pagesLeft--;
    const words = stemsOf(itemText(item));
    let best = -1;
    let bestScore = 0;
    headingKeys.forEach((key, i) => {
      const score = overlap(key, words);
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    // A fact that answers a question searchers ask better than it fits a heading waits for the FAQ.
    const asks = Math.max(0, ...questions.filter((q) => !answers.has(q)).map((q) => answerScore(q, item)));
    if (best >= 0 && asks < bestScore) {
      sections[best]!.items.push(item);
      used.add(itemKey(item));
    } else leftovers.push(item);
  }
  for (const question of questions) if (!answers.has(question)) answer(question, leftovers);
  const faq = questions
    .filter((q) => answers.has(q))
    .slice(0, 5)
    .map((q) => ({ question: /\?$/.test(q) ? q : `${q}?`, item: answers.get(q)! }));
  const unanswered = questions.filter((q) => !answers.has(q));
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

  // What fits no heading: the site's own pages get a section of their own, on the topic; web facts join the first.
  const ownLeft = rest.filter((i) => i.kind === "page" || (i.kind === "fact" && i.fact.source.kind === "own"));
  const webLeft = rest.filter((i) => i.kind === "fact" && i.fact.source.kind === "web");
  if (webLeft.length) {
    if (kept[0]) kept[0].items.push(...webLeft);
    else kept.push({ heading: `${shape.headline}: ${FRAMES.factsHeading}`, items: webLeft, fromResults: false });
  }
  if (ownLeft.length) {
    // Only what speaks to the keyword beyond the brand's trade: a shop page's price says nothing on storing beans.
    const relevant = ownLeft.filter((i) => overlap(topicStems, stemsOf(itemText(i))) > 0).slice(0, 4);
    if (relevant.length) {
      kept.push({ heading: ownHeading(shape, brand?.name ?? null), items: relevant, fromResults: false });
    }
  }
  // Nothing from research to say (none, or none that fits): what the brand settings say about the brand, and nothing more.
  const about = brand?.description.replace(/\s+/g, " ").trim();
  if (kept.length === 0 && brand?.name && about)
    kept.push({ heading: ownHeading(shape, brand.name), items: [{ kind: "brand", name: brand.name, about }], fromResults: false });
  // The keyword in one H2 at least: a research heading then says what it is about ("French Press Coffee Ratio: …").
  const keyword = shape.keyword.toLowerCase();
  if (kept[0] && !kept.some((s) => s.heading.toLowerCase().includes(keyword)))
    kept[0] = {
      ...kept[0],
      heading: `${shape.headline}${/\?$/.test(shape.headline) ? "" : ":"} ${kept[0].heading}`,
      said: kept[0].heading,
    };
  return { shape, topic, sections: kept, faq, uncovered, unanswered };
}

// ------------------------------------------------------------------ rendering

/** Where each source is linked (the first time it is cited), within the content settings' link counts. */
class LinkBudget {
  readonly internal = new Set<string>();
  readonly external = new Set<string>();
  private readonly cited = new Map<string, number>();
  constructor(private readonly brief: ArticleBrief) {}
  /** Whether this URL may be linked here: already linked once, or there is room left for its kind. */
  take(url: string, kind: "own" | "web") {
    const set = kind === "own" ? this.internal : this.external;
    const max = kind === "own" ? this.brief.internalLinks : this.brief.externalLinks;
    if (set.has(url)) return false;
    if (set.size >= max) return false;
    set.add(url);
    return true;
  }
  /** How many times this source was cited before. */
  cite(url: string) {
    const n = this.cited.get(url) ?? 0;
    this.cited.set(url, n + 1);
    return n;
  }
}

function link(title: string, url: string) {
  return `[${escapeMd(title)}](${url.replace(/[()\s]/g, encodeURIComponent)})`;
}

/**
 * "Our Cold Brew Kit makes 1 litre." with the name linked to its page, or the source named after the claim the
 * first time, before it the second ("According to …") and not again after that: the same source's name closing
 * sentence after sentence would read as one frame filled in.
 */
function citeFact(fact: GroundingFact, budget: LinkBudget): Unit {
  const text = fact.text.replace(/\s+/g, " ").trim();
  const { url, title, kind } = fact.source;
  const linked = budget.take(url, kind);
  const nth = budget.cite(url);
  const at = title ? text.toLowerCase().indexOf(title.toLowerCase()) : -1;
  if (at >= 0) {
    const name = text.slice(at, at + title.length);
    const md = linked ? `${escapeMd(text.slice(0, at))}${link(name, url)}${escapeMd(text.slice(at + title.length))}` : escapeMd(text);
    return { md, text, source: title };
  }
  const named = linked ? link(title, url) : escapeMd(title);
  if (nth === 1 && !linked) {
    const lead = lowerFirst(text);
    return { md: `According to ${named}, ${escapeMd(lead)}`, text: `According to ${title}, ${lead}` };
  }
  if (nth > 1 && !linked) return { md: escapeMd(text), text, source: title };
  const body = text.replace(/[.!]+$/, "");
  const end = /[?]$/.test(body) ? "" : ".";
  return { md: `${escapeMd(body)} (${named})${end}`, text: `${body} (${title})${end}`, source: title };
}

/** "Ethiopia Guji is a washed Ethiopian coffee …": the page's first summary sentence, its name linked once. */
function pageUnits(page: SitePageRef, budget: LinkBudget): Unit[] {
  const first = sentencesOf(page.summary)[0];
  if (!first) return [];
  const name = budget.take(page.url, "own") ? link(page.title, page.url) : escapeMd(page.title);
  const article = /^(A|An)\s+(.+)$/.exec(first);
  if (article) {
    const rest = `${article[1]!.toLowerCase()} ${article[2]}`;
    return [{ md: `${name} is ${escapeMd(rest)}`, text: `${page.title} is ${rest}` }];
  }
  const lead = lowerFirst(first);
  return [{ md: `${name}: ${escapeMd(lead)}`, text: `${page.title}: ${lead}` }];
}

function faqUnits(page: SitePageRef, answer: string, budget: LinkBudget): Unit[] {
  const sentences = sentencesOf(answer);
  const units: Unit[] = sentences.map((s) => ({ md: escapeMd(s), text: s, source: page.title }));
  const last = units.at(-1);
  if (last && budget.take(page.url, "own")) {
    const body = last.text.replace(/[.!]+$/, "");
    return [
      ...units.slice(0, -1),
      { md: `${escapeMd(body)} (${link(page.title, page.url)}).`, text: `${body} (${page.title}).`, source: page.title },
    ];
  }
  return units;
}

function itemUnits(item: Item, brief: ArticleBrief, budget: LinkBudget): Unit[] {
  if (item.kind === "fact") return [citeFact(item.fact, budget)];
  if (item.kind === "faq") return faqUnits(item.page, item.answer, budget);
  if (item.kind === "brand") return [plain(FRAMES.brandSays(item.name, item.about))];
  return pageUnits(item.page, budget);
}

/** The article's parts in reading order, rendered with one link budget, so each source is linked once. */
export function renderPlan(brief: ArticleBrief, plan: ArticlePlan) {
  const budget = new LinkBudget(brief);
  const intro = introUnits(brief, plan);
  const sections = plan.sections.map((s) => s.items.flatMap((item) => itemUnits(item, brief, budget)));
  const faq = plan.faq.map((f) => ({ question: f.question, units: itemUnits(f.item, brief, budget) }));
  const conclusion = conclusionUnits(brief, plan);
  return { intro, sections, faq, conclusion, budget };
}

function quoteList(items: string[]) {
  const q = items.map((i) => `“${i}”`);
  return q.length <= 1 ? (q[0] ?? "") : `${q.slice(0, -1).join(", ")} and ${q.at(-1)}`;
}

function nameList(items: string[]) {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function plain(text: string): Unit {
  return { md: escapeMd(text), text };
}

function introUnits(brief: ArticleBrief, plan: ArticlePlan): Unit[] {
  const { shape } = plan;
  const covered = plan.sections
    .filter((s) => s.fromResults)
    .map((s) => ({ heading: s.said ?? s.heading }))
    .slice(0, 3)
    .map((s) => s.heading);
  const units: Unit[] = [];
  if (covered.length)
    units.push(
      plain(
        shape.kind === "question" && shape.question
          ? `${shape.question} ${FRAMES.questionCovers(quoteList(covered), covered.length)}`
          : FRAMES.covers(capitalize(shape.keyword), quoteList(covered), covered.length),
      ),
    );
  // The products the article goes on to mention, by their page's name.
  const said = [...plan.sections.flatMap((s) => s.items), ...plan.faq.map((f) => f.item)].map(itemText).join(" ").toLowerCase();
  const products = (brief.grounding?.sitePages ?? [])
    .filter((p) => p.kind === "product" && said.includes(p.title.toLowerCase()))
    .map((p) => p.title);
  if (brief.brand?.name && products.length)
    units.push(plain(FRAMES.products(brief.brand.name, nameList(products.slice(0, 3)), products.length > 1)));
  if (!units.length) {
    // No research: the keyword and what the brand says about itself, nothing more.
    const brand = brief.brand?.name ?? null;
    units.push(plain(shape.kind === "question" && shape.question ? shape.question : FRAMES.noResearch(capitalize(shape.keyword), brand)));
  }
  return units;
}

function conclusionUnits(brief: ArticleBrief, plan: ArticlePlan): Unit[] {
  void brief;
  const facts =
    plan.sections.reduce((n, s) => n + s.items.filter((i) => i.kind === "fact").length, 0) +
    plan.faq.filter((f) => f.item.kind === "fact").length;
  if (!facts) return [];
  return [plain(FRAMES.sourced(plan.shape.kind === "question" ? null : plan.topic, facts))];
}

/**
 * Section i's heading: the top results' own words, or, when another article of the site already uses a heading of
 * 8+ words, that heading with this article's keyword (headings are never left out).
 */
export function sectionHeading(plan: ArticlePlan, i: number, brief: ArticleBrief) {
  const { heading, fromResults } = plan.sections[i]!;
  const { headline } = plan.shape;
  const options = fromResults
    ? [heading, `${heading}: ${headline}`, `${headline}: ${heading}`]
    : [heading, `${brief.brand?.name ?? "Our Take"} on ${headline}`];
  return options.find((h) => !isRepeated(h, brief)) ?? options.at(-1)!;
}

export function paragraphs(units: Unit[]) {
  const blocks: string[] = [];
  for (let i = 0; i < units.length; i += 3)
    blocks.push(
      units
        .slice(i, i + 3)
        .map((u) => u.md)
        .join(" "),
    );
  return blocks.join("\n\n");
}

function wordCount(units: Unit[]) {
  return units.reduce((n, u) => n + (u.text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0), 0);
}

/** The site's own URLs the written parts link (after the repeated sentences are left out): selectLinks adds the rest. */
export function bodyInternalLinks(brief: ArticleBrief, plan: ArticlePlan): Set<string> {
  const { intro, sections, faq, conclusion, budget } = renderPlan(brief, plan);
  const kept = [
    ...withoutRepeats(intro, brief, plan.topic),
    ...sections.flatMap((units) => withoutRepeats(units, brief, plan.topic)),
    ...faq.filter((f) => !isRepeated(f.question, brief)).flatMap((f) => withoutRepeats(f.units, brief, plan.topic)),
    ...withoutRepeats(conclusion, brief, plan.topic),
  ];
  const linked = new Set<string>();
  for (const unit of kept) for (const m of unit.md.matchAll(/\]\(([^)\s]+)\)/g)) if (budget.internal.has(m[1]!)) linked.add(m[1]!);
  return linked;
}

/** Whether the research gave the writer anything: results' headings, questions, facts or a fitting page of the site. */
function hasResearch(grounding: ArticleBrief["grounding"]) {
  if (!grounding) return false;
  return [grounding.facts, grounding.sitePages, grounding.coveredByResults, grounding.questions].some((list) => list.length > 0);
}

/** What the offline writer could not do for this article, in words for the editor. */
export function planGaps(brief: ArticleBrief, plan: ArticlePlan): string[] {
  const gaps: string[] = [...(brief.grounding?.gaps ?? [])];
  if (!hasResearch(brief.grounding)) gaps.push(NO_MODEL_GAPS.noResearch);
  if (plan.uncovered.length) gaps.push(NO_MODEL_GAPS.uncovered(quoteList(plan.uncovered.slice(0, 5))));
  if (plan.unanswered.length) gaps.push(NO_MODEL_GAPS.unanswered(quoteList(plan.unanswered.slice(0, 5))));
  const { intro, sections, faq, conclusion } = renderPlan(brief, plan);
  const words = wordCount([...intro, ...sections.flat(), ...faq.flatMap((f) => f.units), ...conclusion]);
  if (words < brief.minWords) gaps.push(NO_MODEL_GAPS.short(words, brief.minWords, brief.maxWords));
  gaps.push(NO_MODEL_GAPS.needsModel);
  return [...new Set(gaps)];
}
