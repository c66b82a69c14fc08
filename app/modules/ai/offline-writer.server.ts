import * as cheerio from "cheerio/slim";
import { keywordShape } from "#app/modules/articles/keyword-shape";
import { slugify } from "#app/utils/text";
import { titleCase } from "#app/utils/wording";
import { bodyInternalLinks, paragraphs, planGaps, renderPlan, sectionHeading } from "./offline-article";
import { capitalize, planArticle, type ArticlePlan } from "./offline-plan";
import { isRepeated, withoutRepeats } from "./offline-repeats";
import { shapeGroup, TITLES } from "./offline-templates";
import { imageCount } from "./prompts";
import {
  WriterLimitError,
  type ArticleBrief,
  type ArticleWriter,
  type FaqItem,
  type ImageGenerator,
  type LinkCandidate,
  type LinkChoice,
  type Outline,
  type OutlineSection,
  type TableData,
} from "./types";

/**
 * The built-in writer used when no AI provider is configured. It writes from the research the brief carries
 * (offline-article.ts): the top results' headings as sections, the research's facts with their sources, the
 * site's own products, pages and FAQ answers; what the research does not hold it leaves out and names as a gap
 * (offlineGaps), so the editor says what needs a model. It cannot follow free-form instructions, write other
 * languages or know anything the research does not; it links only to the site's own pages and the research's
 * sources, and illustrates with title cards (docs/decisions/037).
 */

/** FNV-1a, so the same keyword always picks the same title. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic shuffle seeded by text. */
function seededOrder<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  let s = hash(seed) || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A title of at most 60 characters that contains the keyword. */
export function fitTitle(candidate: string, keyword: string) {
  const k = keyword.trim();
  const headline = keywordShape(k).headline;
  let title = candidate.trim();
  if (!title.toLowerCase().includes(k.toLowerCase())) title = `${headline}${/\?$/.test(headline) ? "" : ":"} ${title}`;
  if (title.length <= 60) return title;
  for (const suffix of /\?$/.test(headline) ? [" A Guide"] : [": A Practical Guide", ": A Guide", " Guide"]) {
    const t = `${headline}${suffix}`;
    if (t.length <= 60) return t;
  }
  return headline.length <= 60
    ? headline
    : headline
        .slice(0, 60)
        .replace(/\s+\S*$/, "")
        .trim();
}

/** A meta description of at most 160 characters, cut at a word. */
export function fitMeta(text: string, max = 160) {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:.\s]+$/, "")}…`;
}

function fillTitle(template: string, brief: ArticleBrief, plan: ArticlePlan) {
  const { shape } = plan;
  const group = shapeGroup(shape.kind);
  return template
    .replaceAll("{K}", group === "question" ? shape.headline : titleCase(group === "how-to" ? shape.keyword : plan.topic))
    .replaceAll("{Q}", shape.headline);
}

export function offlineOutline(brief: ArticleBrief): Outline {
  const plan = planArticle(brief);
  const group = shapeGroup(plan.shape.kind);
  const taken = new Set(brief.avoidTitles.map((t) => t.toLowerCase()));
  const titles = seededOrder(TITLES[group], brief.keyword.toLowerCase()).map((t) => fitTitle(fillTitle(t, brief, plan), brief.keyword));
  const title = titles.find((t) => !taken.has(t.toLowerCase())) ?? titles[0]!;
  const rendered = renderPlan(brief, plan);
  const sections: OutlineSection[] = plan.sections.map((s, i) => ({
    heading: sectionHeading(plan, i, brief),
    intent: `Say what the research holds on ${s.heading.toLowerCase()}`,
    targetWords: rendered.sections[i]!.reduce((n, u) => n + u.text.split(/\s+/).length, 0),
    subheadings: [],
  }));
  const lead = [...rendered.intro, ...rendered.sections.flat()].map((u) => u.text).join(" ");
  const images = imageCount(Math.max(1, sections.length));
  // Without an image model the section pictures are title cards and the cover a pattern seeded by the keyword (no
  // words: the platform shows the title beside it, decision 068); the alt text says what each shows.
  const imagePrompts = [
    { prompt: brief.keyword, alt: `Cover pattern for an article on ${brief.keyword}` },
    ...sections.slice(1, images).map((s) => ({ prompt: s.heading, alt: `Title card reading “${s.heading}”` })),
  ];
  return {
    title,
    metaDescription: fitMeta(lead || capitalize(plan.topic)),
    slug: slugify(brief.keyword),
    sections,
    faqQuestions: plan.faq.map((f) => f.question),
    table: null,
    imagePrompts: imagePrompts.slice(0, images),
  };
}

function partsOf(brief: ArticleBrief) {
  const plan = planArticle(brief);
  return { plan, rendered: renderPlan(brief, plan) };
}

/** The section of the outline at index: what the research holds for its heading, each fact with its source. */
export function offlineSection(brief: ArticleBrief, outline: Outline, index: number) {
  const { plan, rendered } = partsOf(brief);
  const heading = outline.sections[index]?.heading;
  const at = plan.sections.findIndex((s, i) => s.heading === heading || sectionHeading(plan, i, brief) === heading);
  const units = at >= 0 ? rendered.sections[at]! : [];
  return paragraphs(withoutRepeats(units, brief, plan.topic));
}

export function offlineIntroConclusion(brief: ArticleBrief, outline: Outline) {
  void outline;
  const { plan, rendered } = partsOf(brief);
  return {
    intro: paragraphs(withoutRepeats(rendered.intro, brief, plan.topic)),
    conclusion: paragraphs(withoutRepeats(rendered.conclusion, brief, plan.topic)),
  };
}

/** 'People also ask' answered only from a site FAQ or a fact of the research; unanswered questions are left out. */
export function offlineFaq(brief: ArticleBrief, outline: Outline): FaqItem[] {
  const { plan, rendered } = partsOf(brief);
  return rendered.faq.flatMap((f) => {
    // A question another article of the site already asks is left out with its answer.
    if (!outline.faqQuestions.includes(f.question) || isRepeated(f.question, brief)) return [];
    const units = withoutRepeats(f.units, brief, plan.topic);
    return units.length ? [{ question: f.question, answer: paragraphs(units) }] : [];
  });
}

/** No comparison table: the offline writer has no figures to compare beyond what the sections state. */
export function offlineTable(_brief: ArticleBrief, _outline: Outline): TableData | null {
  return null;
}

/** What the offline writer could not do for this article without a model (the write screen's note lists it). */
export function offlineGaps(brief: ArticleBrief): string[] {
  return planGaps(brief, planArticle(brief));
}

function tokens(text: string) {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !["the", "and", "for", "with", "how", "what", "your"].includes(w)),
  );
}

/**
 * Only the site's own pages, by relevance to the keyword and the headings, up to the content settings' count
 * less the pages the body already links (a fact's own page): the offline writer cannot check that an outside page
 * exists or says what its title claims, so it adds none (docs/decisions/037). The anchor is the page's whole title.
 */
export function offlineSelectLinks(brief: ArticleBrief, outline: Outline, candidates: LinkCandidate[]): LinkChoice[] {
  const topic = tokens(`${brief.keyword} ${outline.title} ${outline.sections.map((s) => s.heading).join(" ")}`);
  const linked = bodyInternalLinks(brief, planArticle(brief));
  const score = (c: LinkCandidate) => [...tokens(`${c.title} ${c.url}`)].filter((w) => topic.has(w)).length;
  const same = (a: string) => a.replace(/\/+$/, "");
  const inBody = new Set([...linked].map(same));
  const chosen = candidates
    .map((c, i) => ({ c, i, s: score(c) }))
    // The pipeline writes each link as "Read more: {title}": a line another article of the site holds is not repeated.
    .filter(({ c }) => c.kind === "internal" && !inBody.has(same(c.url)) && !isRepeated(`Read more: ${c.title}`, brief))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, Math.max(0, brief.internalLinks - linked.size))
    .map(({ c }) => c);
  const count = Math.max(1, outline.sections.length);
  return chosen.map((c, i) => {
    const words = tokens(c.title);
    const best = outline.sections
      .map((s, si) => ({ si, s: [...tokens(s.heading)].filter((w) => words.has(w)).length }))
      .sort((a, b) => b.s - a.s || a.si - b.si)[0];
    // No section at all (no research): the pipeline puts the link after the text.
    const sectionIndex = !outline.sections.length ? 0 : best && best.s > 0 ? best.si : i % count;
    return { url: c.url, anchor: c.title.replace(/\s+/g, " ").trim(), sectionIndex, kind: c.kind };
  });
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function wrap(text: string, width: number, maxLines: number) {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line + " " + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/\s+\S*$/, "")}…`;
  }
  return lines;
}

/** A cover (no words) or section title card as SVG: a seeded gradient, shapes and, on a card, the text it is about. */
function offlineSvg(prompt: string, style: string, withText: boolean) {
  const h = hash(prompt);
  const hue = h % 360;
  const minimal = /minimal/i.test(style);
  const a = `hsl(${hue} 65% ${minimal ? 92 : 42}%)`;
  const b = `hsl(${(hue + 40) % 360} 70% ${minimal ? 86 : 28}%)`;
  const ink = minimal ? "#1f2937" : "#ffffff";
  const circles = minimal
    ? ""
    : Array.from({ length: 5 }, (_, i) => {
        const x = (h >> (i * 3)) % 1200;
        const y = (h >> (i * 2 + 1)) % 630;
        const r = 60 + ((h >> i) % 140);
        return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.06 + i * 0.02}"/>`;
      }).join("");
  const lines = withText ? wrap(prompt, 28, 3) : [];
  const text = lines
    .map((l, i) => `<text x="80" y="${300 - (lines.length - 1) * 38 + i * 76}" font-size="60" font-weight="700">${escapeXml(l)}</text>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img"><title>${escapeXml(prompt)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/>${circles}<g fill="${ink}" font-family="system-ui, sans-serif">${text}</g>${
    withText ? `<rect x="80" y="${360 + lines.length * 20}" width="160" height="8" rx="4" fill="${ink}" fill-opacity="0.8"/>` : ""
  }</svg>`;
  return new TextEncoder().encode(svg);
}

function splitSentences(text: string) {
  return (
    text
      .match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? []
  );
}

const EXPANSIONS = [
  "In practice, this makes the next step clearer.",
  "That small detail often makes the biggest difference.",
  "It is worth keeping this in mind as you go.",
  "This is where most of the value comes from.",
];

type RewriteMode = "shorten" | "expand" | "simplify";

/** The words of an instruction the offline writer can carry out; anything else in it is a request it cannot honour. */
const MODE_WORDS: Record<RewriteMode, ReadonlySet<string>> = {
  shorten: new Set(["shorten", "shorter", "concise", "condense", "trim", "tighten", "tighter", "cut", "down", "brief", "briefer"]),
  expand: new Set(["expand", "longer", "lengthen", "elaborate", "detail", "detailed", "details"]),
  simplify: new Set(["simplify", "simpler", "simple", "plain", "plainer", "easier", "clearer"]),
};
const FILLER = new Set(
  "please make it this that the text paragraph paragraphs section selection article draft post a an bit little lot much more slightly somewhat can could would you and in to read words language english with".split(
    " ",
  ),
);

/**
 * Which of its three rewrites an instruction asks for, or null when it asks for
 * anything else ("mention that whole beans stay fresh", "shorter but add the
 * price", "don't shorten it"): the offline writer then says so and changes
 * nothing, rather than answer with a rewrite that ignores the request.
 */
export function offlineRewriteMode(instruction: string): RewriteMode | null {
  const words = instruction.toLowerCase().match(/[a-z']+/g) ?? [];
  const modes = new Set<RewriteMode>();
  for (const word of words) {
    if (FILLER.has(word)) continue;
    const mode = (Object.keys(MODE_WORDS) as RewriteMode[]).find((m) => MODE_WORDS[m].has(word));
    if (!mode) return null;
    modes.add(mode);
  }
  return modes.size === 1 ? [...modes][0]! : null;
}

function checkOfflineInstruction(instruction: string): RewriteMode {
  const mode = offlineRewriteMode(instruction);
  if (mode) return mode;
  const asked = instruction.trim().length > 80 ? `${instruction.trim().slice(0, 77)}…` : instruction.trim();
  throw new WriterLimitError(
    `Nothing was changed: the offline writer can only shorten, expand or simplify text, so it cannot “${asked}”. Other instructions need an AI provider, which an administrator can connect.`,
  );
}

/** The instructions the offline writer can follow on its own: shorten, expand and simplify. */
export function offlineRewrite(html: string, instruction: string) {
  const mode = checkOfflineInstruction(instruction);
  const $ = cheerio.load(html, null, false);
  // Paragraphs, list items, table cells and quotes are rewritten where they stand, so a list stays a list and a table a table.
  const paragraphs = $("p, li, td, th, blockquote")
    .toArray()
    .filter((el) => !$(el).find("p, li, td, th, blockquote").length);
  if (!paragraphs.length) {
    const text = $.root().text();
    return `<p>${escapeXml(transform(text, mode, 0))}</p>`;
  }
  let changed = false;
  paragraphs.forEach((el, i) => {
    const p = $(el);
    if (p.children().length) return; // Keep paragraphs with links or formatting intact.
    const before = p.text();
    const after = transform(before, mode, i);
    if (after !== before) changed = true;
    p.text(after);
  });
  // Said rather than answered with the same text: shortening keeps the first half of each paragraph's sentences.
  if (!changed && mode === "shorten")
    throw new WriterLimitError(
      "Nothing was changed: the offline writer shortens a paragraph by keeping the first half of its sentences, and each paragraph here is one sentence (or holds links or formatting). Shortening within a sentence needs an AI provider.",
    );
  return $.html();
}

function transform(text: string, mode: RewriteMode, i: number) {
  const sentences = splitSentences(text);
  if (mode === "shorten") {
    // One sentence has nothing to drop: it stays exactly as written, punctuation and all.
    if (sentences.length < 2) return text;
    return closeQuotes(sentences.slice(0, Math.ceil(sentences.length / 2)).join(" "));
  }
  if (mode === "expand") return `${text.trim()} ${EXPANSIONS[i % EXPANSIONS.length]}`;
  // A split sentence's parts end as the sentence did: a question's parts are questions.
  return sentences
    .flatMap((s) => {
      const end = /\?["'”’)\]]*$/.test(s) ? "?" : ".";
      return s.split(/,\s+(?:and|but|so|which)\s+|;\s+/).map((part) => capitalize(part.trim().replace(/[.!?]*$/, (mark) => mark || end)));
    })
    .join(" ");
}

/** A quotation opened in the kept sentences and closed in a dropped one is closed again. */
function closeQuotes(text: string) {
  const open = (text.match(/“/g) ?? []).length - (text.match(/”/g) ?? []).length;
  return open > 0 ? `${text}${"”".repeat(open)}` : text;
}

export const offlineWriter: ArticleWriter = {
  kind: "offline",
  outline: async (brief) => offlineOutline(brief),
  section: async (brief, outline, index) => offlineSection(brief, outline, index),
  introConclusion: async (brief, outline) => offlineIntroConclusion(brief, outline),
  faq: async (brief, outline) => offlineFaq(brief, outline),
  table: async (brief, outline) => offlineTable(brief, outline),
  selectLinks: async (brief, outline, candidates) => offlineSelectLinks(brief, outline, candidates),
  rewrite: async (html, instruction) => offlineRewrite(html, instruction),
  checkInstruction: (instruction) => void checkOfflineInstruction(instruction),
};

/**
 * A title card (the prompt's text on a seeded background) for every prompt, so articles stay illustrated without an
 * image model; a cover is the background alone (decision 068): the platform shows the title beside it, and a renamed
 * article would otherwise keep its old title in the picture.
 */
export const offlineImages: ImageGenerator = {
  kind: "offline",
  image: async (prompt, style, ctx) => ({ bytes: offlineSvg(prompt, style, !ctx?.cover), contentType: "image/svg+xml", ext: "svg" }),
};
