import OpenAI from "openai";
import { z } from "zod";
import { getEnv } from "#app/env.server";
import { slugify } from "#app/modules/articles/text";
import { detectImageType, IMAGE_TYPES } from "#app/modules/uploads/images.server";
import { guardedFetch } from "#app/utils/http.server";
import { fitMeta, fitTitle } from "./offline-writer.server";
import {
  FAQ_SCHEMA,
  INTRO_SCHEMA,
  KEYWORDS_SCHEMA,
  LINKS_SCHEMA,
  OUTLINE_SCHEMA,
  TABLE_SCHEMA,
  faqPrompt,
  imagePrompt,
  introConclusionPrompt,
  keywordPrompt,
  linkPrompt,
  outlinePrompt,
  rewritePrompt,
  sectionPrompt,
  tablePrompt,
  type Prompt,
} from "./prompts";
import type { CallContext, GeneratedImage, Writer } from "./writer";

/**
 * The writer on any OpenAI-compatible API. Structured steps use JSON-schema
 * output validated with zod (one more try on a bad answer); prose streams so
 * partial text is visible and usage arrives in the final chunk. The SDK retries
 * 429/5xx itself, honouring retry-after.
 */

const OutlineAnswer = z.object({
  title: z.string().trim().min(1),
  meta_description: z.string().trim().min(1),
  slug: z.string().trim(),
  sections: z
    .array(z.object({ heading: z.string().trim().min(1), intent: z.string().trim(), target_words: z.number().int(), subheadings: z.array(z.string().trim()) }))
    .min(1),
  faq_questions: z.array(z.string().trim().min(1)),
  table: z.object({ caption: z.string().trim(), columns: z.array(z.string().trim()).min(2), purpose: z.string().trim() }).nullable(),
  image_prompts: z.array(z.object({ prompt: z.string().trim().min(1), alt: z.string().trim() })),
});
const IntroAnswer = z.object({ intro: z.string().trim().min(1), conclusion: z.string().trim().min(1) });
const FaqAnswer = z.object({ items: z.array(z.object({ question: z.string().trim().min(1), answer: z.string().trim().min(1) })) });
const TableAnswer = z.object({ caption: z.string().trim(), columns: z.array(z.string().trim()).min(2), rows: z.array(z.array(z.string().trim())) });
const LinksAnswer = z.object({ links: z.array(z.object({ url: z.string().trim(), anchor: z.string().trim(), section: z.number().int() })) });
const KeywordsAnswer = z.object({ keywords: z.array(z.string().trim().min(1)) });

/** Timeouts per kind of call: long prose streams need longer than a small JSON answer. */
const TIMEOUTS = { json: 60_000, prose: 120_000, image: 180_000 };

export function createOpenAiWriter(): Writer {
  const env = getEnv();
  const client = new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, maxRetries: 3, timeout: TIMEOUTS.prose });
  const model = env.OPENAI_MODEL;

  function report(ctx: CallContext | undefined, name: string, startedAt: number, usage?: { prompt_tokens?: number; completion_tokens?: number } | null) {
    if (usage) ctx?.onUsage?.({ promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 });
    ctx?.onCall?.({ name, startedAt, endedAt: performance.now() });
  }

  async function json<T>(name: string, schema: object, prompt: Prompt, parser: z.ZodType<T>, ctx?: CallContext): Promise<T> {
    let lastProblem = "";
    for (let attempt = 0; attempt < 2; attempt++) {
      const startedAt = performance.now();
      const completion = await client.chat.completions.create(
        {
          model,
          temperature: 0.4,
          messages: [
            { role: "system", content: prompt.system },
            { role: "user", content: prompt.user },
          ],
          response_format: { type: "json_schema", json_schema: { name, strict: true, schema: schema as Record<string, unknown> } },
        },
        { signal: ctx?.signal, timeout: TIMEOUTS.json },
      );
      report(ctx, name, startedAt, completion.usage);
      const content = completion.choices[0]?.message.content ?? "";
      try {
        const parsed = parser.safeParse(JSON.parse(content));
        if (parsed.success) return parsed.data;
        lastProblem = parsed.error.issues[0]?.message ?? "invalid";
      } catch {
        lastProblem = "not JSON";
      }
    }
    throw new Error(`The model's answer does not match the ${name} schema (${lastProblem}).`);
  }

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
      { signal: ctx?.signal, timeout: TIMEOUTS.prose },
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
    report(ctx, name, startedAt, usage);
    return stripFences(text);
  }

  return {
    kind: "openai",
    async outline(brief, ctx) {
      const a = await json("article_outline", OUTLINE_SCHEMA, outlinePrompt(brief), OutlineAnswer, ctx);
      const title = fitTitle(a.title, brief.keyword);
      return {
        title,
        metaDescription: fitMeta(a.meta_description),
        slug: slugify(a.slug || title),
        sections: a.sections.map((s) => ({ heading: s.heading, intent: s.intent, targetWords: Math.max(80, s.target_words), subheadings: s.subheadings.slice(0, 3) })),
        faqQuestions: a.faq_questions.slice(0, 6),
        table: a.table && a.table.columns.length >= 2 ? a.table : null,
        imagePrompts: a.image_prompts.map((p) => ({ prompt: p.prompt, alt: p.alt || p.prompt })),
      };
    },
    section: (brief, outline, index, ctx) => prose(`section_${index + 1}`, sectionPrompt(brief, outline, index), ctx),
    introConclusion: (brief, outline, ctx) => json("intro_conclusion", INTRO_SCHEMA, introConclusionPrompt(brief, outline), IntroAnswer, ctx),
    async faq(brief, outline, ctx) {
      if (!outline.faqQuestions.length) return [];
      return (await json("article_faq", FAQ_SCHEMA, faqPrompt(brief, outline), FaqAnswer, ctx)).items;
    },
    async table(brief, outline, ctx) {
      if (!outline.table) return null;
      const t = await json("article_table", TABLE_SCHEMA, tablePrompt(brief, outline), TableAnswer, ctx);
      const width = t.columns.length;
      const rows = t.rows.filter((r) => r.length > 0).map((r) => [...r, ...Array<string>(width).fill("")].slice(0, width));
      return rows.length ? { caption: t.caption || outline.table.caption, columns: t.columns, rows } : null;
    },
    async selectLinks(brief, outline, candidates, ctx) {
      if (!candidates.length || brief.internalLinks + brief.externalLinks === 0) return [];
      const a = await json("link_selection", LINKS_SCHEMA, linkPrompt(brief, outline, candidates), LinksAnswer, ctx);
      // Only links from the research list count; the model may not invent URLs.
      const byUrl = new Map(candidates.map((c) => [c.url, c]));
      const counts = { internal: 0, external: 0 };
      const limits = { internal: brief.internalLinks, external: brief.externalLinks };
      const seen = new Set<string>();
      const out = [];
      for (const link of a.links) {
        const c = byUrl.get(link.url);
        if (!c || seen.has(c.url) || counts[c.kind] >= limits[c.kind]) continue;
        seen.add(c.url);
        counts[c.kind]++;
        const sectionIndex = Math.min(outline.sections.length - 1, Math.max(0, link.section - 1));
        out.push({ url: c.url, anchor: link.anchor || c.title, sectionIndex, kind: c.kind });
      }
      return out;
    },
    async image(prompt, style, ctx): Promise<GeneratedImage> {
      const startedAt = performance.now();
      const result = await client.images.generate(
        { model: env.OPENAI_IMAGE_MODEL, prompt: imagePrompt(prompt, style), n: 1, size: "1024x1024" },
        { signal: ctx?.signal, timeout: TIMEOUTS.image },
      );
      ctx?.onCall?.({ name: "image", startedAt, endedAt: performance.now() });
      const item = result.data?.[0];
      let bytes: Uint8Array;
      if (item?.b64_json) bytes = Buffer.from(item.b64_json, "base64");
      else if (item?.url) {
        // Legacy servers answer with a short-lived URL: fetch it now, never hot-link it.
        const response = await guardedFetch(item.url, { timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024 });
        bytes = response.body;
      } else throw new Error("The image API returned no image.");
      const type = imageType(bytes);
      if (!type) throw new Error("The image API returned an unsupported image format.");
      return { bytes, ...type, ...(item.revised_prompt ? { revisedPrompt: item.revised_prompt } : {}) };
    },
    async rewrite(html, instruction, brief, ctx) {
      return prose("rewrite", rewritePrompt(html, instruction, brief), ctx);
    },
    async keywordIdeas(topic, language, ctx) {
      return (await json("keyword_ideas", KEYWORDS_SCHEMA, keywordPrompt(topic, language), KeywordsAnswer, ctx)).keywords;
    },
  };
}

/** Models sometimes wrap an answer in a Markdown code fence; the content is inside it. */
export function stripFences(text: string) {
  const fenced = /^\s*```[\w-]*\n([\s\S]*?)\n```\s*$/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

/** The image store's one file-type check; the images API answers PNG, JPEG or WebP. */
export function imageType(bytes: Uint8Array): Pick<GeneratedImage, "contentType" | "ext"> | null {
  const ext = detectImageType(bytes);
  return ext === "png" || ext === "jpg" || ext === "webp" ? { contentType: IMAGE_TYPES[ext], ext } : null;
}
