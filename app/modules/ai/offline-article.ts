import type { GroundingFact } from "#app/modules/research/types";
import { capitalize, itemText, sentencesOf, type ArticlePlan, type Item, type SitePageRef } from "./offline-plan";
import { FRAMES, NO_MODEL_GAPS } from "./offline-templates";
import { escapeMd, isRepeated, lowerFirst, withoutRepeats, type Unit } from "./offline-repeats";
import type { ArticleBrief } from "./types";

/**
 * What the offline writer writes, planned once from the brief (docs/decisions/058-research.md): the sections
 * follow the headings the top results use (brief.grounding.coveredByResults) and hold only what the research
 * holds for them — facts with their source links, the site's own pages and FAQ answers — and the FAQ answers
 * 'People also ask' only where a site FAQ or a fact answers it. What the research does not cover is left out and
 * named in the plan's gaps, so the article is shorter rather than padded. Every sentence of 8+ words carries a
 * term of the keyword, a page or product name, or a fact; none is a topic-free template line, so two articles of
 * one site share a sentence only when they state the same fact, and the pipeline's site-reuse guard then has the
 * writer rephrase or leave it out (brief.avoidSentences). Pure and deterministic: every writer step calls it.
 * The plan is offline-plan.ts's; this file renders it.
 */

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
