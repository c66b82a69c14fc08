import { z } from "zod";
import { getEnv } from "#app/env.server";
import { slugify } from "#app/utils/text";
import { askJson, createOpenAiClient, reportCall, REQUEST_TIMEOUTS } from "./client.server";
import { fitMeta, fitTitle } from "./offline-writer.server";
import {
  FAQ_SCHEMA,
  INTRO_SCHEMA,
  LINKS_SCHEMA,
  OUTLINE_SCHEMA,
  TABLE_SCHEMA,
  faqPrompt,
  introConclusionPrompt,
  linkPrompt,
  outlinePrompt,
  rewritePrompt,
  sectionPrompt,
  tablePrompt,
  type Prompt,
} from "./prompts";
import { revisePrompt, TOPIC_REVIEW_SCHEMA, topicReviewPrompt } from "./revise-prompt";
import type OpenAI from "openai";
import type { ArticleBrief, ArticleWriter, CallContext, LinkCandidate, LinkChoice, Outline } from "./types";

/**
 * The article writer on any OpenAI-compatible API. Structured steps use
 * JSON-schema output validated with zod (askJson: one more try on a bad
 * answer); prose streams so partial text is visible and usage arrives in the
 * final chunk.
 */

/** A heading or a notice's lead-in: one short line. */
const Label = z.string().trim().min(1).max(60);
const OutlineAnswer = z.object({
  title: z.string().trim().min(1),
  meta_description: z.string().trim().min(1),
  slug: z.string().trim(),
  sections: z
    .array(
      z.object({
        heading: z.string().trim().min(1),
        intent: z.string().trim(),
        target_words: z.number().int(),
        subheadings: z.array(z.string().trim()),
      }),
    )
    .min(1),
  faq_questions: z.array(z.string().trim().min(1)),
  table: z.object({ caption: z.string().trim(), columns: z.array(z.string().trim()).min(2), purpose: z.string().trim() }).nullable(),
  image_prompts: z.array(z.object({ prompt: z.string().trim().min(1), alt: z.string().trim() })),
  // Optional here though the schema asks for it: an answer without it still makes an article, with English labels.
  labels: z
    .object({
      faq: Label,
      conclusion: Label,
      read_more: Label,
      further_reading: Label,
      watch: Label,
    })
    .optional(),
});
const IntroAnswer = z.object({ intro: z.string().trim().min(1), conclusion: z.string().trim().min(1) });
const FaqAnswer = z.object({ items: z.array(z.object({ question: z.string().trim().min(1), answer: z.string().trim().min(1) })) });
const TableAnswer = z.object({
  caption: z.string().trim(),
  columns: z.array(z.string().trim()).min(2),
  rows: z.array(z.array(z.string().trim())),
});
const TopicReviewAnswer = z.object({
  straying: z.array(z.object({ heading: z.string().trim().min(1), reason: z.string().trim().max(400) })),
});
const LinksAnswer = z.object({
  links: z.array(z.object({ url: z.string().trim(), anchor: z.string().trim(), section: z.number().int() })),
});

export function createOpenAiWriter(): ArticleWriter {
  const client = createOpenAiClient("article");
  const model = getEnv().OPENAI_MODEL;

  async function prose(name: string, prompt: Prompt, ctx?: CallContext) {
    const startedAt = performance.now();
    const stream = await client.chat.completions.create(
      {
        model,
        temperature: 0.7,
        stream: true,
        stream_options: { include_usage: true },
        messages: [
          { role: "system", content: prompt.system },
          { role: "user", content: prompt.user },
        ],
      },
      { signal: ctx?.signal, timeout: REQUEST_TIMEOUTS.prose },
    );
    let text = "";
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        ctx?.onDelta?.(delta);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    reportCall(ctx, name, startedAt, usage);
    return stripFences(text);
  }

  return {
    kind: "openai",
    outline: async (brief, ctx) =>
      toOutline(await askJson(client, "article_outline", OUTLINE_SCHEMA, outlinePrompt(brief), OutlineAnswer, ctx), brief.keyword),
    section: (brief, outline, index, ctx) => prose(`section_${index + 1}`, sectionPrompt(brief, outline, index), ctx),
    introConclusion: (brief, outline, ctx) =>
      askJson(client, "intro_conclusion", INTRO_SCHEMA, introConclusionPrompt(brief, outline), IntroAnswer, ctx),
    async faq(brief, outline, ctx) {
      if (!outline.faqQuestions.length) return [];
      return (await askJson(client, "article_faq", FAQ_SCHEMA, faqPrompt(brief, outline), FaqAnswer, ctx)).items;
    },
    async table(brief, outline, ctx) {
      if (!outline.table) return null;
      const t = await askJson(client, "article_table", TABLE_SCHEMA, tablePrompt(brief, outline), TableAnswer, ctx);
      const width = t.columns.length;
      const rows = t.rows.filter((r) => r.length > 0).map((r) => [...r, ...Array<string>(width).fill("")].slice(0, width));
      return rows.length ? { caption: t.caption || outline.table.caption, columns: t.columns, rows } : null;
    },
    async selectLinks(brief, outline, candidates, ctx) {
      if (!candidates.length || brief.internalLinks + brief.externalLinks === 0) return [];
      const a = await askJson(client, "link_selection", LINKS_SCHEMA, linkPrompt(brief, outline, candidates), LinksAnswer, ctx);
      return listedLinks(a.links, brief, outline, candidates);
    },
    async rewrite(html, instruction, brief, ctx) {
      return prose("rewrite", rewritePrompt(html, instruction, brief), ctx);
    },
    revisePart: (brief, outline, part, ctx) => prose("revise_part", revisePrompt(brief, outline, part), ctx),
    async reviewTopic(brief, outline, parts, ctx) {
      const answer = await askJson(
        client,
        "topic_review",
        TOPIC_REVIEW_SCHEMA,
        topicReviewPrompt(brief, outline, parts),
        TopicReviewAnswer,
        ctx,
      );
      return answer.straying;
    },
  };
}

/** The model's outline as the pipeline keeps it: title and meta fitted, counts bounded, labels renamed. */
function toOutline(a: z.infer<typeof OutlineAnswer>, keyword: string): Outline {
  const title = fitTitle(a.title, keyword);
  return {
    title,
    metaDescription: fitMeta(a.meta_description),
    slug: slugify(a.slug || title),
    sections: a.sections.map((s) => ({
      heading: s.heading,
      intent: s.intent,
      targetWords: Math.max(80, s.target_words),
      subheadings: s.subheadings.slice(0, 3),
    })),
    faqQuestions: a.faq_questions.slice(0, 6),
    table: a.table && a.table.columns.length >= 2 ? a.table : null,
    imagePrompts: a.image_prompts.map((p) => ({ prompt: p.prompt, alt: p.alt || p.prompt })),
    ...(a.labels
      ? {
          labels: {
            faq: a.labels.faq,
            conclusion: a.labels.conclusion,
            more: a.labels.read_more,
            source: a.labels.further_reading,
            video: a.labels.watch,
          },
        }
      : {}),
  };
}

/** The links the model chose, kept only from the research's list (the model may not invent URLs), within the counts. */
function listedLinks(chosen: z.infer<typeof LinksAnswer>["links"], brief: ArticleBrief, outline: Outline, candidates: LinkCandidate[]) {
  const byUrl = new Map(candidates.map((c) => [c.url, c]));
  const counts = { internal: 0, external: 0 };
  const limits = { internal: brief.internalLinks, external: brief.externalLinks };
  const seen = new Set<string>();
  const out: LinkChoice[] = [];
  for (const link of chosen) {
    const c = byUrl.get(link.url);
    if (!c || seen.has(c.url) || counts[c.kind] >= limits[c.kind]) continue;
    seen.add(c.url);
    counts[c.kind]++;
    const sectionIndex = Math.min(outline.sections.length - 1, Math.max(0, link.section - 1));
    out.push({ url: c.url, anchor: link.anchor || c.title, sectionIndex, kind: c.kind });
  }
  return out;
}

/** Models sometimes wrap an answer in a Markdown code fence; the content is inside it. */
function stripFences(text: string) {
  const fenced = /^\s*```[\w-]*\n([\s\S]*?)\n```\s*$/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}
