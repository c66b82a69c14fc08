import { factRule, outlineResearchLines, writingResearchLines } from "./research-prompts";
import type { ArticleBrief, LinkCandidate, Outline } from "./types";

/**
 * The pipeline's prompts as plain functions (unit-tested): each returns the
 * system and user message for one model call. JSON schemas follow the strict
 * structured-output subset (every property required, no extra properties).
 */

export type Prompt = { system: string; user: string };

/** Words outside the H2 sections: introduction, conclusion, FAQ, table and link sentences. */
const SECTION_OVERHEAD_WORDS = 450;

/** Each section's share of the length band's middle, once the fixed parts are taken out. */
export function sectionWordTarget(brief: Pick<ArticleBrief, "minWords" | "maxWords" | "sectionCount">) {
  return Math.round(((brief.minWords + brief.maxWords) / 2 - SECTION_OVERHEAD_WORDS) / brief.sectionCount);
}

export function languageName(tag: string) {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

function brandLines(brief: ArticleBrief) {
  const b = brief.brand;
  if (!b) return ["Do not mention any brand or company by name."];
  return [
    `Brand: ${b.name}${b.industry ? ` (${b.industry})` : ""}.`,
    b.description ? `About the brand: ${b.description}` : "",
    b.audience ? `Target audience: ${b.audience}` : "",
    b.tags.length ? `Brand topics: ${b.tags.join(", ")}.` : "",
    brief.brandMentions === 0
      ? "Do not mention the brand by name."
      : `Mention the brand by name about ${brief.brandMentions} time(s) in the whole article, naturally, never as an advert.`,
  ].filter(Boolean);
}

/** The shared system message: role, language, tone, brand, instructions and exclusions. */
export function systemPrompt(brief: ArticleBrief) {
  return [
    "You are an expert SEO content writer. You write accurate, specific, helpful blog articles for people, not for search engines.",
    `Write everything in ${languageName(brief.language)} (${brief.language}).`,
    `Tone of voice: ${brief.tone || "professional and approachable"}.`,
    ...brandLines(brief),
    brief.instructions ? `Follow these instructions from the site owner: ${brief.instructions}` : "",
    brief.exclusions ? `Never mention or recommend: ${brief.exclusions}` : "",
    "Never invent statistics, quotes, studies or prices. Prefer concrete steps and examples.",
    factRule(brief),
  ]
    .filter(Boolean)
    .join("\n");
}

export function outlinePrompt(brief: ArticleBrief): Prompt {
  const avoid = brief.avoidTitles.slice(0, 30);
  return {
    system: systemPrompt(brief),
    user: [
      `Plan a blog article for the target keyword "${brief.keyword}".`,
      brief.keywords.length ? `Also cover these related keywords: ${brief.keywords.join(", ")}.` : "",
      `Total length: ${brief.minWords}-${brief.maxWords} words.`,
      `- title: at most 60 characters and containing "${brief.keyword}".`,
      `- meta_description: at most 155 characters, containing "${brief.keyword}".`,
      "- slug: lowercase words joined by hyphens.",
      `- sections: exactly ${brief.sectionCount} H2 sections; each with its search intent, target words (together about ${Math.round(
        (brief.minWords + brief.maxWords) / 2 - SECTION_OVERHEAD_WORDS,
      )}) and 0-3 H3 subheadings. At least one H2 contains the keyword.`,
      "- faq_questions: 4 questions readers really ask.",
      ...outlineResearchLines(brief),
      "- table: one comparison or data table if it helps the reader (caption, 3-4 columns, purpose), else null.",
      `- image_prompts: ${imageCount(brief.sectionCount)} image prompts (the first is the featured image) with alt texts describing each image.`,
      `- labels: the words this article uses, in ${languageName(brief.language)}, for the parts the site adds itself: faq (the heading "Frequently Asked Questions"), conclusion (the heading "Conclusion"), read_more ("Read more:" before a link to another post), further_reading ("Further reading:" before a source) and watch ("Watch:" before a video).`,
      avoid.length
        ? `The site already has these articles; take a different angle and do not duplicate them:\n${avoid.map((t) => `- ${t}`).join("\n")}`
        : "",
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

/** Featured image plus one per 2-3 sections. */
export function imageCount(sectionCount: number) {
  return 1 + Math.max(1, Math.floor(sectionCount / 2.5));
}

function outlineSummary(outline: Outline) {
  return [`Title: ${outline.title}`, ...outline.sections.map((s, i) => `${i + 1}. ${s.heading} — ${s.intent}`)].join("\n");
}

export function sectionPrompt(brief: ArticleBrief, outline: Outline, index: number): Prompt {
  const section = outline.sections[index]!;
  return {
    system: systemPrompt(brief),
    user: [
      `Article outline:\n${outlineSummary(outline)}`,
      `Write section ${index + 1}: "${section.heading}". Intent: ${section.intent}.`,
      `Target length: ${section.targetWords} words.`,
      section.subheadings.length ? `Use these H3 subheadings (as "### "): ${section.subheadings.join(" | ")}.` : "",
      `Work in the keyword "${brief.keyword}" where it reads naturally.`,
      ...writingResearchLines(brief),
      `Answer in Markdown: paragraphs, lists where useful. Do not repeat the H2 heading, no introduction or conclusion of the article, ${
        brief.grounding?.facts.length ? "no links except a fact's source" : "no links"
      }, no images.`,
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

export function introConclusionPrompt(brief: ArticleBrief, outline: Outline): Prompt {
  return {
    system: systemPrompt(brief),
    user: [
      `Article outline:\n${outlineSummary(outline)}`,
      `Write the introduction (about 110 words; its first sentence contains "${brief.keyword}") and the conclusion (about 90 words, with a clear next step for the reader).`,
      "Both in Markdown paragraphs, without headings.",
    ].join("\n"),
  };
}

export function faqPrompt(brief: ArticleBrief, outline: Outline): Prompt {
  return {
    system: systemPrompt(brief),
    user: [
      `Article outline:\n${outlineSummary(outline)}`,
      ...writingResearchLines(brief, { faq: true }),
      "Answer each of these questions in 35-50 words, directly and specifically:",
      ...outline.faqQuestions.map((q) => `- ${q}`),
    ].join("\n"),
  };
}

export function tablePrompt(brief: ArticleBrief, outline: Outline): Prompt {
  const t = outline.table!;
  return {
    system: systemPrompt(brief),
    user: [
      `Article about "${brief.keyword}". Fill this table: ${t.caption}. Purpose: ${t.purpose}.`,
      `Columns: ${t.columns.join(" | ")}. Give 4-6 rows of short cells (a few words each), no invented numbers.`,
    ].join("\n"),
  };
}

export function linkPrompt(brief: ArticleBrief, outline: Outline, candidates: LinkCandidate[]): Prompt {
  return {
    system: systemPrompt(brief),
    user: [
      `Article outline:\n${outlineSummary(outline)}`,
      `Choose up to ${brief.internalLinks} internal and ${brief.externalLinks} external links from this list only, the most relevant first.`,
      "For each: the url exactly as listed, a short anchor text, and the 1-based number of the section it belongs in.",
      "Internal links go to the site's own pages and posts, listed most relevant to the keyword first; external links are pages the link checker found working.",
      ...candidates.map((c) => `- [${c.kind}] ${c.title} — ${c.url}`),
    ].join("\n"),
  };
}

export function imagePrompt(prompt: string, style: string) {
  return `${prompt}. Style: ${style || "photorealistic"}. No text, letters or logos in the image.`;
}

export function rewritePrompt(html: string, instruction: string, brief: ArticleBrief): Prompt {
  return {
    system: systemPrompt(brief),
    user: [
      `Apply this instruction to the HTML below: ${instruction}`,
      "Keep the meaning, facts, links and images unless the instruction says otherwise. Answer with the rewritten HTML only, no code fences.",
      html,
    ].join("\n\n"),
  };
}

export function keywordPrompt(topic: string, language: string): Prompt {
  return {
    system: `You are an SEO keyword researcher. Answer in ${languageName(language)}. Never invent search volumes or difficulty figures.`,
    user: `Suggest 12 keyword ideas for the topic "${topic}": a mix of head terms, long-tail questions and comparisons people search for.`,
  };
}

const str = { type: "string" } as const;
const strArray = { type: "array", items: str } as const;

export const OUTLINE_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["title", "meta_description", "slug", "sections", "faq_questions", "table", "image_prompts", "labels"],
  properties: {
    title: str,
    meta_description: str,
    slug: str,
    sections: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["heading", "intent", "target_words", "subheadings"],
        properties: { heading: str, intent: str, target_words: { type: "integer" }, subheadings: strArray },
      },
    },
    faq_questions: strArray,
    table: {
      anyOf: [
        {
          type: "object",
          additionalProperties: false,
          required: ["caption", "columns", "purpose"],
          properties: { caption: str, columns: strArray, purpose: str },
        },
        { type: "null" },
      ],
    },
    image_prompts: {
      type: "array",
      items: { type: "object", additionalProperties: false, required: ["prompt", "alt"], properties: { prompt: str, alt: str } },
    },
    labels: {
      type: "object",
      additionalProperties: false,
      required: ["faq", "conclusion", "read_more", "further_reading", "watch"],
      properties: { faq: str, conclusion: str, read_more: str, further_reading: str, watch: str },
    },
  },
} as const;

export const INTRO_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["intro", "conclusion"],
  properties: { intro: str, conclusion: str },
} as const;

export const FAQ_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["items"],
  properties: {
    items: {
      type: "array",
      items: { type: "object", additionalProperties: false, required: ["question", "answer"], properties: { question: str, answer: str } },
    },
  },
} as const;

export const TABLE_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["caption", "columns", "rows"],
  properties: { caption: str, columns: strArray, rows: { type: "array", items: strArray } },
} as const;

export const LINKS_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["links"],
  properties: {
    links: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["url", "anchor", "section"],
        properties: { url: str, anchor: str, section: { type: "integer" } },
      },
    },
  },
} as const;

export const KEYWORDS_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["keywords"],
  properties: { keywords: strArray },
} as const;
