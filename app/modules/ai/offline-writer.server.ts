import * as cheerio from "cheerio/slim";
import { keywordShape, type KeywordShape } from "#app/modules/articles/keyword-shape";
import { slugify } from "#app/modules/articles/text";
import { titleCase } from "#app/modules/tools/text";
import {
  BRAND_LINES,
  CONCLUSIONS,
  FAQ,
  INTRO_TAIL,
  INTROS,
  METAS,
  NEXT_STEP,
  SECTION_ROLES,
  shapeGroup,
  TABLE,
  TITLES,
} from "./offline-templates";
import { imageCount, sectionWordTarget } from "./prompts";
import {
  WriterLimitError,
  type ArticleBrief,
  type BrandBrief,
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
 * The built-in writer used when no AI provider is configured: deterministic
 * English templates (offline-templates.ts) over the keyword's shape and the
 * brand settings, producing the same article structure as the model-backed
 * writer. It cannot follow free-form instructions, write other languages or
 * know facts about the topic; the UI says so. It links only to the site's own
 * pages and illustrates with title cards (docs/decisions/037).
 */

/** FNV-1a, so the same keyword always picks the same templates. */
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

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function wordsOf(text: string) {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/** "do" → "does", "matter" → "matters", "have" → "has": the verb agreeing with a singular subject. */
function thirdPerson(verb: string) {
  const lower = verb.toLowerCase();
  const out =
    lower === "have"
      ? "has"
      : lower === "be"
        ? "is"
        : /(s|sh|ch|x|z|o)$/.test(lower)
          ? `${lower}es`
          : /[^aeiou]y$/.test(lower)
            ? `${lower.slice(0, -1)}ies`
            : `${lower}s`;
  return verb[0] === verb[0]!.toUpperCase() ? capitalize(out) : out;
}

/** Everything a template needs to speak about this keyword grammatically (offline-templates.ts lists the placeholders). */
type Voice = { shape: KeywordShape; group: ReturnType<typeof shapeGroup>; topic: string; brand: BrandBrief | null };

function voiceOf(brief: ArticleBrief): Voice {
  const shape = keywordShape(brief.keyword, { brandNames: brief.brand?.name ? [brief.brand.name] : [] });
  // A question with no clean subject ("why is my sourdough flat") is talked about as the question.
  return { shape, group: shapeGroup(shape.kind), topic: shape.topic ?? "this question", brand: brief.brand };
}

function listText(items: string[]) {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A free-text setting as a phrase inside a sentence: no trailing full stop, lower-case first letter unless it is a name. */
function phrase(text: string) {
  const clean = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!]+$/, "");
  return /^\p{Lu}\p{Ll}/u.test(clean) && !/^\p{Lu}\p{Ll}*\s\p{Lu}/u.test(clean) ? clean.charAt(0).toLowerCase() + clean.slice(1) : clean;
}

function fill(template: string, v: Voice, { heading = false } = {}) {
  const plural = v.shape.plural && v.shape.topic !== null;
  const question = heading ? v.shape.headline : (v.shape.question ?? v.shape.headline);
  const description = v.brand?.description ? fitMeta(v.brand.description.replace(/\s+/g, " ").trim(), 220) : "";
  return template
    .replace(/\{v:([A-Za-z]+)\}/g, (_, verb: string) => (plural ? verb : thirdPerson(verb)))
    .replaceAll("{K}", v.group === "question" ? v.shape.headline : titleCase(v.group === "how-to" ? v.shape.keyword : v.topic))
    .replaceAll("{Kc}", capitalize(v.topic))
    .replaceAll("{k}", v.shape.keyword)
    .replaceAll("{Q}", question)
    .replaceAll("{T}", titleCase(v.topic))
    .replaceAll("{Tc}", capitalize(v.topic))
    .replaceAll("{t}", v.topic)
    .replaceAll("{It}", plural ? "They" : "It")
    .replaceAll("{it}", plural ? "they" : "it")
    .replaceAll("{them}", plural ? "them" : "it")
    .replaceAll("{its}", plural ? "their" : "its")
    .replaceAll("{is}", plural ? "are" : "is")
    .replaceAll("{brand}", v.brand?.name ?? "")
    .replaceAll("{tags}", listText((v.brand?.tags ?? []).slice(0, 3)))
    .replaceAll("{description}", description)
    .replaceAll("{audience}", phrase(v.brand?.audience ?? ""));
}

/** The brand's lines this article can use: only those whose setting is filled in. */
function brandLines(brief: ArticleBrief) {
  const b = brief.brand;
  if (!b?.name) return [];
  const has = { name: true, tags: b.tags.length > 0, description: b.description.trim().length > 0, audience: b.audience.trim().length > 0 };
  return BRAND_LINES.filter((line) => has[line.needs]).map((line) => line.text);
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

function excluded(brief: ArticleBrief) {
  const terms = brief.exclusions
    .split(/[,\n]/)
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  return (sentence: string) => terms.some((t) => sentence.toLowerCase().includes(t));
}

/**
 * Section i's role, and which share of the role's sentences it takes: an
 * article with more sections than roles splits a role's sentences between its
 * sections, so no sentence appears twice.
 */
function roleOf(index: number, count: number) {
  const roles = SECTION_ROLES.length;
  const occurrence = Math.floor(index / roles);
  const shares = Math.floor((count - 1 - (index % roles)) / roles) + 1;
  return { role: SECTION_ROLES[index % roles]!, occurrence, shares };
}

export function offlineOutline(brief: ArticleBrief): Outline {
  const v = voiceOf(brief);
  const seed = brief.keyword.toLowerCase();
  const taken = new Set(brief.avoidTitles.map((t) => t.toLowerCase()));
  const titles = seededOrder(TITLES[v.group], seed).map((t) => fitTitle(fill(t, v, { heading: true }), brief.keyword));
  const title = titles.find((t) => !taken.has(t.toLowerCase())) ?? titles[0]!;
  const target = sectionWordTarget(brief);
  const sections: OutlineSection[] = Array.from({ length: brief.sectionCount }, (_, i) => {
    const { role, occurrence } = roleOf(i, brief.sectionCount);
    const headings = role.headings[v.group];
    return {
      heading: fill(headings[(hash(`${seed}:${i}`) + occurrence) % headings.length]!, v, { heading: true }),
      intent: fill(role.intent, v),
      targetWords: target,
      subheadings: occurrence === 0 ? role.subheadings : [],
    };
  });
  const brandPart = brief.brand?.name && brief.brandMentions > 0 ? ` Tips from ${brief.brand.name}.` : "";
  const meta = fitMeta(`${fill(METAS[v.group][0]!, v)}${brandPart}`);
  const faqQuestions = seededOrder(FAQ, `${seed}:faq`)
    .slice(0, 4)
    .map(([q]) => q);
  const images = imageCount(brief.sectionCount);
  // Without an image model the pictures are title cards: the alt text says what they show.
  const imagePrompts = [
    { prompt: title, alt: `Title card reading “${title}”` },
    ...sections.slice(1, images).map((s) => ({ prompt: s.heading, alt: `Title card reading “${s.heading}”` })),
  ];
  return {
    title,
    metaDescription: meta,
    slug: slugify(brief.keyword),
    sections,
    faqQuestions,
    table: { caption: capitalize(fill(TABLE.caption, v)), columns: TABLE.columns, purpose: fill("Compare ways to approach {t}", v) },
    imagePrompts: imagePrompts.slice(0, images),
  };
}

/** Paragraphs of three or four sentences until the section reaches its target length. */
export function offlineSection(brief: ArticleBrief, outline: Outline, index: number) {
  const v = voiceOf(brief);
  const isExcluded = excluded(brief);
  const section = outline.sections[index]!;
  const { role, occurrence, shares } = roleOf(index, outline.sections.length);
  // The sentences are written to follow on from each other, so they keep their order.
  const pool = role.sentences;
  const share = Math.ceil(pool.length / shares);
  const sentences = pool
    .slice(occurrence * share, (occurrence + 1) * share)
    .map((s) => fill(s, v))
    .filter((s) => !isExcluded(s));
  // Brand lines are spread over the first sections, one each, from the brand's own settings.
  const lines = brandLines(brief);
  if (lines.length && index < brief.brandMentions) {
    const line = fill(lines[index % lines.length]!, v);
    if (!isExcluded(line)) sentences.splice(2, 0, line);
  }
  const blocks: string[] = [];
  const subheadings = section.subheadings;
  const perSub = subheadings.length ? Math.ceil(section.targetWords / (subheadings.length + 1)) : Infinity;
  let words = 0;
  let paragraph: string[] = [];
  let sub = 0;
  let sinceHeading = 0;
  for (const sentence of sentences) {
    if (words >= section.targetWords) break;
    paragraph.push(sentence);
    words += wordsOf(sentence);
    sinceHeading += wordsOf(sentence);
    if (paragraph.length >= 3 + (blocks.length % 2)) {
      blocks.push(paragraph.join(" "));
      paragraph = [];
      if (sub < subheadings.length && sinceHeading >= perSub) {
        blocks.push(`### ${subheadings[sub++]}`);
        sinceHeading = 0;
      }
    }
  }
  if (paragraph.length) blocks.push(paragraph.join(" "));
  while (blocks.at(-1)?.startsWith("### ")) blocks.pop();
  return blocks.join("\n\n");
}

export function offlineIntroConclusion(brief: ArticleBrief, outline: Outline) {
  const v = voiceOf(brief);
  void outline;
  const audience = brief.brand?.audience.trim() ? ` It is written with ${phrase(brief.brand.audience)} in mind.` : "";
  const intro = `${fill(INTROS[v.group][0]!, v)}\n\n${INTRO_TAIL}${audience}`;
  const brandLine =
    brief.brand?.name && brief.brandMentions > 1 ? ` And if you want help along the way, ${brief.brand.name} is here for it.` : "";
  const conclusion = `${fill(CONCLUSIONS[v.group][0]!, v)} ${NEXT_STEP}${brandLine}`;
  return { intro, conclusion };
}

export function offlineFaq(_brief: ArticleBrief, outline: Outline): FaqItem[] {
  return outline.faqQuestions.map((question) => {
    const entry = FAQ.find(([q]) => q === question) ?? FAQ[0]!;
    return { question, answer: entry[1] };
  });
}

export function offlineTable(_brief: ArticleBrief, outline: Outline): TableData | null {
  if (!outline.table) return null;
  return { caption: outline.table.caption, columns: outline.table.columns, rows: TABLE.rows.map((row) => [...row]) };
}

function tokens(text: string) {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !["the", "and", "for", "with", "how", "what", "your"].includes(w)),
  );
}

/**
 * Only the site's own pages: the offline writer cannot check that an outside
 * page exists or says what its title claims, so it links to none
 * (docs/decisions/037). The anchor is the page's whole title, never cut mid-phrase.
 */
export function offlineSelectLinks(brief: ArticleBrief, outline: Outline, candidates: LinkCandidate[]): LinkChoice[] {
  const topic = tokens(`${brief.keyword} ${outline.title}`);
  const score = (c: LinkCandidate) => [...tokens(`${c.title} ${c.url}`)].filter((w) => topic.has(w)).length;
  const chosen = candidates
    .map((c, i) => ({ c, i, s: score(c) }))
    .filter(({ c }) => c.kind === "internal")
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, brief.internalLinks)
    .map(({ c }) => c);
  return chosen.map((c, i) => {
    const words = tokens(c.title);
    const best = outline.sections
      .map((s, si) => ({ si, s: [...tokens(s.heading)].filter((w) => words.has(w)).length }))
      .sort((a, b) => b.s - a.s || a.si - b.si)[0];
    const sectionIndex = best && best.s > 0 ? best.si : i % outline.sections.length;
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

/** A cover or section title card as SVG: a seeded gradient, shapes and the text it is about. */
function offlineSvg(prompt: string, style: string) {
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
  const lines = wrap(prompt, 28, 3);
  const text = lines
    .map((l, i) => `<text x="80" y="${300 - (lines.length - 1) * 38 + i * 76}" font-size="60" font-weight="700">${escapeXml(l)}</text>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img"><title>${escapeXml(prompt)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/>${circles}<g fill="${ink}" font-family="system-ui, sans-serif">${text}</g><rect x="80" y="${
    360 + lines.length * 20
  }" width="160" height="8" rx="4" fill="${ink}" fill-opacity="0.8"/></svg>`;
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
  paragraphs.forEach((el, i) => {
    const p = $(el);
    if (p.children().length) return; // Keep paragraphs with links or formatting intact.
    p.text(transform(p.text(), mode, i));
  });
  return $.html();
}

function transform(text: string, mode: RewriteMode, i: number) {
  const sentences = splitSentences(text);
  if (mode === "shorten") return sentences.slice(0, Math.max(1, Math.ceil(sentences.length / 2))).join(" ");
  if (mode === "expand") return `${text.trim()} ${EXPANSIONS[i % EXPANSIONS.length]}`;
  return sentences
    .flatMap((s) => s.split(/,\s+(?:and|but|so|which)\s+|;\s+/).map((part) => capitalize(part.trim().replace(/[.!?]*$/, "."))))
    .join(" ");
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

/** A title card (the prompt's text on a seeded background) for every prompt: articles stay illustrated without an image model. */
export const offlineImages: ImageGenerator = {
  kind: "offline",
  image: async (prompt, style) => ({ bytes: offlineSvg(prompt, style), contentType: "image/svg+xml", ext: "svg" }),
};
