import * as cheerio from "cheerio/slim";
import { slugify } from "#app/modules/articles/text";
import { imageCount, sectionWordTarget } from "./prompts";
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
 * The built-in writer used when no AI provider is configured: deterministic
 * English templates over the keyword and the brand settings, producing the
 * same article structure as the model-backed writer. It cannot follow
 * free-form instructions or write other languages; the UI says so.
 */

export const OFFLINE_LIMITATION =
  "Written by the built-in offline writer from templates, in English. Articles in other languages and the site's specific instructions need an AI provider.";

/** FNV-1a, so the same keyword always picks the same templates. */
export function hash(text: string) {
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

function titleCase(text: string) {
  const small = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"]);
  return text
    .split(/\s+/)
    .map((w, i) => (i > 0 && small.has(w.toLowerCase()) ? w.toLowerCase() : w === w.toLowerCase() ? capitalize(w) : w))
    .join(" ");
}

function wordsOf(text: string) {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

type Fill = (template: string) => string;

function filler(brief: ArticleBrief): Fill {
  const k = brief.keyword.trim();
  const brand = brief.brand?.name || "our team";
  const topic = brief.brand?.tags[0] || brief.brand?.industry?.toLowerCase() || k;
  return (template) =>
    template
      .replaceAll("{K}", titleCase(k))
      .replaceAll("{k}", k)
      .replaceAll("{Kc}", capitalize(k))
      .replaceAll("{brand}", brand)
      .replaceAll("{topic}", topic);
}

type SectionKind = {
  headings: string[];
  intent: string;
  subheadings: string[];
  sentences: string[];
};

/** Section templates in article order; short articles take the first four, long ones seven. */
const SECTION_KINDS: SectionKind[] = [
  {
    headings: ["What Is {K}?", "{K}: The Basics", "Understanding {K}"],
    intent: "Explain what {k} is and why it matters",
    subheadings: [],
    sentences: [
      "{Kc} is easiest to understand when you look at the problem it solves rather than at the jargon around it.",
      "At its core, {k} is about making a repeatable decision well instead of improvising every time.",
      "People usually start looking into {k} when the way they work today stops scaling or starts costing too much.",
      "The idea itself is simple, but the details decide whether it pays off or becomes one more chore.",
      "A useful way to think about {k} is as a system: a few inputs, a clear process and a result you can check.",
      "That framing matters because it tells you where to look when something does not work as expected.",
      "Most of the confusion around {k} comes from advice that skips the context it was written for.",
      "A small business, a growing team and a large organisation each need a slightly different version of it.",
      "What stays the same is the goal: fewer surprises, clearer priorities and results you can measure.",
      "If you keep that goal in mind, the rest of this guide will be easy to apply to your own situation.",
      "It also helps to separate the essentials from the extras that only matter later.",
      "The essentials are few, and getting them right covers most of the value.",
      "Everything else is refinement you can add once the basics run reliably.",
      "Knowing this up front saves time, because you will not chase advanced tactics before they can help.",
    ],
  },
  {
    headings: ["Why {K} Matters", "Key Benefits of {K}", "What You Gain from {K}"],
    intent: "Show the concrete benefits of {k}",
    subheadings: ["Time and focus", "Better decisions"],
    sentences: [
      "The first benefit of {k} is time: a clear process removes dozens of small decisions from your week.",
      "That time goes back into the work that actually moves your goals forward.",
      "The second benefit is consistency, because a repeatable approach produces results you can compare.",
      "When results are comparable, you can see what works and stop doing what does not.",
      "{Kc} also makes it easier to involve other people, since the steps can be explained and shared.",
      "A shared approach means fewer handovers that go wrong and fewer questions that block progress.",
      "Another benefit is confidence: you know why you are doing each step, so you can defend your choices.",
      "Over a few months, these small gains add up to a noticeable difference in quality and cost.",
      "The benefits are largest for people who currently handle {k} in an ad hoc way.",
      "If you already have a working routine, the gain comes from tightening it rather than replacing it.",
      "Either way, the benefits only appear when the approach is applied regularly, not once.",
      "Treat it as a habit and it keeps paying back the effort you put into setting it up.",
      "Clear priorities are a quieter benefit, but they are often the one people value most.",
      "They make it obvious what to do next, even on a busy day.",
    ],
  },
  {
    headings: ["How to Get Started with {K}", "Getting Started with {K} Step by Step", "A Simple {K} Plan"],
    intent: "Give practical first steps for {k}",
    subheadings: ["Set a clear goal", "Start small and review"],
    sentences: [
      "Start by writing down the one result you want from {k} in the next three months.",
      "A specific goal keeps you from spreading effort across too many directions at once.",
      "Next, look at what you already do and note which parts work and which parts cause friction.",
      "This quick audit shows you where {k} will make the biggest difference first.",
      "Pick one small area and apply the new approach there before rolling it out everywhere.",
      "A small start lets you learn cheaply and adjust before the stakes get higher.",
      "Keep notes as you go, because the details you learn in the first weeks are easy to forget.",
      "After two or three weeks, review what changed and decide what to keep.",
      "Only then expand to the next area, using what you learned to move faster.",
      "If you work with others, share the plan early so nobody is surprised by the change.",
      "Simple checklists help here, because they turn good intentions into steps anyone can follow.",
      "Do not wait for a perfect plan; a good plan you follow beats a perfect one you postpone.",
      "Put the first review in your calendar now, so it actually happens.",
      "Small, steady progress is the most reliable way to make {k} stick.",
    ],
  },
  {
    headings: ["Best Practices for {K}", "{K} Tips That Work", "Proven {K} Practices"],
    intent: "Share best practices for {k}",
    subheadings: [],
    sentences: [
      "Keep your approach to {k} as simple as the problem allows, and no simpler.",
      "Document the steps once, then improve the document each time you notice a gap.",
      "Measure a few things that matter instead of many things that are easy to count.",
      "Review results on a fixed rhythm, such as the first Monday of every month.",
      "Make one change at a time, so you know which change caused which effect.",
      "Write for the people you serve, and check your work from their point of view.",
      "Reuse what works: a template or checklist saves effort and keeps quality steady.",
      "Retire steps that no longer add value, even if they were useful once.",
      "Ask for feedback early, when changes are still cheap to make.",
      "Keep an eye on the basics, because most problems start there rather than in advanced details.",
      "Protect time for {k} in your schedule instead of fitting it into gaps.",
      "Share what you learn, since explaining a practice is a good test of whether you understand it.",
      "Be patient with results; most improvements show up over weeks, not days.",
      "Finally, stay curious and compare your approach with how others handle {k}.",
    ],
  },
  {
    headings: ["Common {K} Mistakes to Avoid", "{K} Pitfalls and How to Avoid Them", "Mistakes People Make with {K}"],
    intent: "Warn about the common mistakes with {k}",
    subheadings: ["Doing too much at once", "Skipping the review"],
    sentences: [
      "The most common mistake with {k} is trying to change everything in the first week.",
      "Big launches feel productive, but they make it hard to tell which part actually helped.",
      "Another frequent mistake is copying someone else's setup without checking that it fits your needs.",
      "What works for a large company can be overkill for a small team, and the reverse is also true.",
      "Many people also skip the review step once things seem to run smoothly.",
      "Without reviews, small problems grow quietly until they become expensive ones.",
      "Ignoring the people affected by the change is a mistake that costs goodwill quickly.",
      "Explain the why behind {k}, not only the what, and adoption becomes much easier.",
      "Some give up too early, before the new routine has had time to show results.",
      "Set a realistic review date and judge the approach then, not after a single bad day.",
      "Overcomplicating tools is another trap; a spreadsheet is often enough at the start.",
      "Finally, avoid measuring success only by effort spent, since effort is not the same as progress.",
      "Each of these mistakes is easy to fix once you know to look for it.",
      "A short checklist of them, reviewed monthly, keeps you on track.",
    ],
  },
  {
    headings: ["Tools and Resources for {K}", "What You Need for {K}"],
    intent: "Describe the tools and resources that help with {k}",
    subheadings: [],
    sentences: [
      "You do not need expensive tools to start with {k}; a notebook or a shared document is enough.",
      "As your process matures, a dedicated tool can save time on the repetitive parts.",
      "Choose tools that fit the way you already work, not tools that force a new way of working.",
      "Before buying, test the tool on a real task for a week and see whether it removes friction.",
      "Good documentation and active communities are worth as much as features.",
      "Keep the number of tools small, because every tool adds upkeep and training.",
      "Templates and checklists are resources too, and they are often the most valuable ones.",
      "Reliable reference material helps you check facts instead of relying on memory.",
      "When you work with a partner or service, agree on expectations in writing.",
      "Review your tool set once a year and remove what nobody uses.",
      "The right tools make {k} lighter, but they never replace a clear process.",
      "Start with the process, then pick tools that support it.",
    ],
  },
  {
    headings: ["Measuring Your {K} Results", "How to Track {K} Progress"],
    intent: "Explain how to measure progress with {k}",
    subheadings: [],
    sentences: [
      "Measuring {k} starts with choosing two or three indicators that reflect your goal.",
      "Write down where you stand today, so you have a baseline to compare against.",
      "Check the indicators on a fixed schedule, such as every two weeks.",
      "Look for trends over several checks rather than reacting to a single number.",
      "When a number moves, ask what changed in the process before drawing conclusions.",
      "Qualitative feedback matters too, because numbers rarely tell the whole story.",
      "Share results openly, including the ones that are disappointing.",
      "Use what you learn to decide the next single change to try.",
      "Keep the measurement light, so it never becomes more work than the task itself.",
      "Over time, good measurement turns {k} from guesswork into a routine you can trust.",
      "Celebrate real progress, since visible wins keep everyone motivated.",
      "And when results stall, go back to the basics before adding complexity.",
    ],
  },
];

const BRAND_SENTENCES = [
  "At {brand}, we see the same pattern again and again: the teams that keep {k} simple get the best results.",
  "{brand} applies these principles every day, and they are the foundation of how we work with {topic}.",
  "If you want a second opinion, {brand} is happy to share what has worked for others in a similar situation.",
  "This is also the approach {brand} recommends to anyone getting serious about {k}.",
  "{brand} built its own routine around these steps, refining them over many projects.",
];

const FAQ_TEMPLATES: Array<[string, string]> = [
  [
    "What is {k}?",
    "{Kc} is a structured way of handling a recurring task so the results are consistent and easy to check. It combines a clear goal, a simple process and regular reviews, and it works at any scale once the basics are in place.",
  ],
  [
    "How long does it take to see results with {k}?",
    "Most people notice the first improvements within a few weeks, as soon as the new routine replaces ad hoc decisions. Larger gains build up over two or three months of consistent practice and regular reviews.",
  ],
  [
    "Is {k} worth it for a small business?",
    "Yes, often more than for a large one, because a small team feels every wasted hour. Start with one area, keep the tools simple and expand only when the first results are clear.",
  ],
  [
    "What is the biggest mistake with {k}?",
    "Trying to change everything at once. It hides which changes helped and wears people out. Make one change at a time, review it after a few weeks and keep what works.",
  ],
  [
    "How do I get started with {k}?",
    "Write down one goal for the next three months, audit what you do today and apply the new approach to one small area first. Review after two or three weeks, then expand step by step.",
  ],
];

const TITLE_TEMPLATES = [
  "{K}: A Practical Guide",
  "{K}: The Complete Guide",
  "{K} Explained: What You Need to Know",
  "How to Get {K} Right",
  "{K}: A Step-by-Step Guide",
];

/** A title of at most 60 characters that contains the keyword. */
export function fitTitle(candidate: string, keyword: string) {
  const k = keyword.trim();
  let title = candidate.trim();
  if (!title.toLowerCase().includes(k.toLowerCase())) title = `${titleCase(k)}: ${title}`;
  if (title.length <= 60) return title;
  for (const suffix of [": A Practical Guide", ": A Guide", " Guide"]) {
    const t = `${titleCase(k)}${suffix}`;
    if (t.length <= 60) return t;
  }
  return titleCase(k).slice(0, 60).trim();
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

function kindsFor(count: number) {
  return Array.from({ length: count }, (_, i) => SECTION_KINDS[i % SECTION_KINDS.length]!);
}

export function offlineOutline(brief: ArticleBrief): Outline {
  const fill = filler(brief);
  const seed = brief.keyword.toLowerCase();
  const taken = new Set(brief.avoidTitles.map((t) => t.toLowerCase()));
  const titles = seededOrder(TITLE_TEMPLATES, seed).map((t) => fitTitle(fill(t), brief.keyword));
  const title = titles.find((t) => !taken.has(t.toLowerCase())) ?? titles[0]!;
  const target = sectionWordTarget(brief);
  const sections: OutlineSection[] = kindsFor(brief.sectionCount).map((kind, i) => ({
    heading: fill(kind.headings[hash(`${seed}:${i}`) % kind.headings.length]!),
    intent: fill(kind.intent),
    targetWords: target,
    subheadings: kind.subheadings.map(fill),
  }));
  const brandPart = brief.brand && brief.brandMentions > 0 ? ` Tips from ${brief.brand.name}.` : "";
  const meta = fitMeta(`Learn ${brief.keyword}: what it is, why it matters, practical first steps and the mistakes to avoid.${brandPart}`);
  const faqQuestions = seededOrder(FAQ_TEMPLATES, `${seed}:faq`)
    .slice(0, 4)
    .map(([q]) => fill(q));
  const images = imageCount(brief.sectionCount);
  const imagePrompts = [
    { prompt: title, alt: `Cover illustration for the article ${title}` },
    ...sections.slice(1, images).map((s) => ({ prompt: s.heading, alt: `Illustration for the section ${s.heading}` })),
  ];
  return {
    title,
    metaDescription: meta,
    slug: slugify(brief.keyword),
    sections,
    faqQuestions,
    table: {
      caption: fill("{K} approaches compared"),
      columns: ["Approach", "Best for", "Effort", "Watch out for"],
      purpose: "Compare ways to handle {k}",
    },
    imagePrompts: imagePrompts.slice(0, images),
  };
}

/** Paragraphs of three or four sentences until the section reaches its target length. */
export function offlineSection(brief: ArticleBrief, outline: Outline, index: number) {
  const fill = filler(brief);
  const isExcluded = excluded(brief);
  const section = outline.sections[index]!;
  const kind = kindsFor(outline.sections.length)[index]!;
  const sentences = seededOrder(kind.sentences, `${brief.keyword}:${index}`)
    .map(fill)
    .filter((s) => !isExcluded(s));
  // Brand mentions are spread over the first sections, one each.
  if (brief.brand && index < brief.brandMentions) {
    const brandSentence = fill(BRAND_SENTENCES[index % BRAND_SENTENCES.length]!);
    if (!isExcluded(brandSentence)) sentences.splice(2, 0, brandSentence);
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
  const fill = filler(brief);
  const seed = hash(brief.keyword);
  const opener = [
    "{Kc} comes up in almost every conversation about doing better work with less stress.",
    "{Kc} sounds complicated, but it rests on a handful of ideas anyone can apply.",
    "{Kc} is one of those topics where a little structure goes a long way.",
  ][seed % 3]!;
  const intro = [
    fill(opener),
    fill("Yet most advice about it is either too vague to act on or too detailed to start with."),
    "This guide takes the middle road.",
    fill(
      `It explains what {k} is, why it matters, how to get started, which practices work and which mistakes to avoid, followed by a comparison table and answers to common questions.`,
    ),
    "\n\n",
    "Each part is short and practical, so you can read it in one sitting and apply the first step today.",
    fill("If you only have a few minutes, jump to the getting started section and come back for the rest later."),
  ].join(" ");
  const brandLine = brief.brand && brief.brandMentions > 1 ? fill(" And if you want help along the way, {brand} is here for it.") : "";
  const conclusion = [
    fill(`{Kc} does not need to be complicated.`),
    "Set one clear goal, start small, review on a fixed rhythm and change one thing at a time.",
    "Avoid the common mistakes, keep your tools simple and measure what matters.",
    fill("Done consistently, these habits turn {k} into a routine that keeps paying off."),
    `Your next step: pick the one area where you feel the most friction today and apply the first step from this guide this week.${brandLine}`,
  ].join(" ");
  return { intro: intro.replace(/ ?\n\n ?/, "\n\n"), conclusion: `${conclusion}\n\nThanks for reading ${outline.title}.` };
}

export function offlineFaq(brief: ArticleBrief, outline: Outline): FaqItem[] {
  const fill = filler(brief);
  return outline.faqQuestions.map((question) => {
    const template = FAQ_TEMPLATES.find(([q]) => fill(q) === question);
    return { question, answer: fill(template?.[1] ?? FAQ_TEMPLATES[0]![1]) };
  });
}

export function offlineTable(brief: ArticleBrief, outline: Outline): TableData | null {
  if (!outline.table) return null;
  const fill = filler(brief);
  return {
    caption: outline.table.caption,
    columns: outline.table.columns,
    rows: [
      ["Do it yourself", "Small teams starting out", "Low", "Inconsistent results without a checklist"],
      ["Checklist and templates", "Repeatable everyday work", "Low to medium", "Templates going out of date"],
      ["Dedicated tool", "Growing teams with volume", "Medium", "Paying for features nobody uses"],
      [fill("Expert partner"), "Complex or high-stakes projects", "Medium to high", "Losing in-house knowledge"],
    ].map((row) => row.map(fill)),
  };
}

function tokens(text: string) {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !["the", "and", "for", "with", "how", "what", "your"].includes(w)),
  );
}

/** Relevance by shared words with the keyword and headings; ties keep the research order. */
export function offlineSelectLinks(brief: ArticleBrief, outline: Outline, candidates: LinkCandidate[]): LinkChoice[] {
  const topic = tokens(`${brief.keyword} ${outline.title}`);
  const score = (c: LinkCandidate) => [...tokens(`${c.title} ${c.url}`)].filter((w) => topic.has(w)).length;
  const pick = (kind: "internal" | "external", count: number) =>
    candidates
      .map((c, i) => ({ c, i, s: score(c) }))
      .filter(({ c }) => c.kind === kind)
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .slice(0, count)
      .map(({ c }) => c);
  const chosen = [...pick("internal", brief.internalLinks), ...pick("external", brief.externalLinks)];
  return chosen.map((c, i) => {
    const words = tokens(c.title);
    const best = outline.sections
      .map((s, si) => ({ si, s: [...tokens(s.heading)].filter((w) => words.has(w)).length }))
      .sort((a, b) => b.s - a.s || a.si - b.si)[0];
    const sectionIndex = best && best.s > 0 ? best.si : i % outline.sections.length;
    return { url: c.url, anchor: c.title.split(/\s+/).slice(0, 8).join(" "), sectionIndex, kind: c.kind };
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

/** A cover or section illustration as SVG: a seeded gradient, shapes and the text it is about. */
export function offlineSvg(prompt: string, style: string) {
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

/** The instructions the offline writer can follow on its own: shorten, expand and simplify. */
export function offlineRewrite(html: string, instruction: string) {
  const wanted = instruction.toLowerCase();
  const mode = /short|concise|trim|condense|cut/.test(wanted)
    ? "shorten"
    : /expand|longer|more detail|elaborate/.test(wanted)
      ? "expand"
      : /simpl|plain|easier/.test(wanted)
        ? "simplify"
        : null;
  if (!mode) {
    throw new WriterLimitError(
      "The offline writer can only shorten, expand or simplify text. Try one of those, or ask for an AI provider to be connected for other instructions.",
    );
  }
  const $ = cheerio.load(html, null, false);
  const paragraphs = $("p").length ? $("p").toArray() : [];
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

function transform(text: string, mode: "shorten" | "expand" | "simplify", i: number) {
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
};

/** A labelled SVG card for every prompt: articles stay illustrated without an images API. */
export const offlineImages: ImageGenerator = {
  kind: "offline",
  image: async (prompt, style) => ({ bytes: offlineSvg(prompt, style), contentType: "image/svg+xml", ext: "svg" }),
};
