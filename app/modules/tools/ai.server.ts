import { z } from "zod";
import { getEnv } from "#app/env.server";
import { getTextGenerator } from "#app/modules/ai/providers.server";
import type { JsonSchema, ListRequest } from "#app/modules/ai/types";
import { consumeRateLimit } from "#app/modules/auth/rate-limit.server";
import { logger } from "#app/utils/logger.server";
import { getResearchProvider } from "#app/modules/research/provider.server";
import type { KeywordData } from "#app/modules/research/types";
import { cleanTopic } from "#app/utils/wording";
import { groupByIntent, keywordIdeas, type KeywordIdea } from "./keyword-research";
import { scoreSeoTitle } from "./seo-title";
import * as templates from "./templates";
import { contentOutline } from "./outline-templates";
import type { ToolInput } from "./catalog";

/**
 * The text tools' server side: through the configured AI provider when there
 * is one (per-IP rate limited), from templates otherwise. Any AI failure is
 * logged with the request's correlation id and answered from templates, so a
 * visitor always gets a result.
 */

/** `providers`: whether this submission may call paid providers (posted forms only). */
export type ToolContext = { ip: string | undefined; requestId: string; providers: boolean };
type Source = "ai" | "templates";
export type ToolAnswer<T> = { result: T; source: Source; notice: string | null };

export const RATE_LIMITED_NOTICE =
  "You have used the AI writer a lot in the last few minutes, so these results come from our templates. Try again in a few minutes.";

/**
 * How a tool's form submits: GET (a linkable, pure computation) unless a
 * submission calls a paid provider, which only a POST may do.
 */
export function toolFormMethod(tool: "text" | "keyword-research"): "get" | "post" {
  const env = getEnv();
  return env.aiEnabled || (tool === "keyword-research" && env.keywordDataEnabled) ? "post" : "get";
}

async function withAi<T>(tool: string, ctx: ToolContext, fallback: () => T, ask: () => Promise<T>): Promise<ToolAnswer<T>> {
  if (!getEnv().aiEnabled || !ctx.providers) return { result: fallback(), source: "templates", notice: null };
  if (!(await consumeRateLimit("tools", { ip: ctx.ip, email: undefined }))) {
    return { result: fallback(), source: "templates", notice: RATE_LIMITED_NOTICE };
  }
  try {
    return { result: await ask(), source: "ai", notice: null };
  } catch (error) {
    logger.warn({ err: error, tool, correlationId: ctx.requestId }, "free tool AI call failed; answered from templates");
    return { result: fallback(), source: "templates", notice: null };
  }
}

/** A list from the configured text generator; callers ask only when AI is enabled and answer from templates when it throws. */
async function generateList<T>(request: ListRequest<T>): Promise<T[]> {
  return (await getTextGenerator()).list(request);
}

const INSTRUCTIONS = "You are an expert SEO copywriter helping a visitor of a free writing tool. Write natural, grammatical English.";
const line = (min: number, max: number) => z.string().trim().min(min).max(max);
const STRING: JsonSchema = { type: "string" };
/** The same text only once, ignoring case and spacing. */
const distinct = <T>(items: T[], key: (item: T) => string) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item).toLowerCase().replace(/\s+/g, " ").trim();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

export function runHeadlines(input: ToolInput<"headline-generator">, ctx: ToolContext) {
  return withAi(
    "headlines",
    ctx,
    () => templates.headlines(input.topic),
    () =>
      generateList({
        name: "tool_headlines",
        instructions: INSTRUCTIONS,
        prompt: `Write 8 different, compelling headlines for an article about: ${input.topic}\nVary the formats (numbers, questions, how-to, guides). Each under 80 characters, no quotes, no numbering.`,
        itemSchema: STRING,
        item: line(8, 120),
        count: 8,
        correlationId: ctx.requestId,
      }).then((items) => distinct(items, (s) => s)),
  );
}

export function runMetaDescriptions(input: ToolInput<"meta-description-generator">, ctx: ToolContext) {
  return withAi(
    "meta descriptions",
    ctx,
    () => templates.metaDescriptions(input.topic, input.summary),
    () =>
      generateList({
        name: "tool_meta_descriptions",
        instructions: INSTRUCTIONS,
        prompt: [
          `Write 5 different meta descriptions for a page about: ${input.topic}`,
          input.summary ? `Page summary: ${input.summary}` : "",
          `Each between 120 and ${templates.META_DESCRIPTION_LIMIT} characters, active voice, with a reason to click.`,
        ]
          .filter(Boolean)
          .join("\n"),
        itemSchema: STRING,
        item: line(40, templates.META_DESCRIPTION_LIMIT),
        count: 5,
        correlationId: ctx.requestId,
      }),
  );
}

export function runContentIdeas(input: ToolInput<"content-idea-generator">, ctx: ToolContext) {
  const format = { "blog-post": "blog posts", video: "videos", "social-media": "social media posts" }[input.type];
  return withAi<templates.Idea[]>(
    "content ideas",
    ctx,
    () => templates.contentIdeas(input.niche, input.type),
    () =>
      generateList({
        name: "tool_content_ideas",
        instructions: INSTRUCTIONS,
        prompt: `Suggest 8 different ideas for ${format} in this niche: ${input.niche}\nGive each a short title and a one-sentence description of the angle.`,
        itemSchema: {
          type: "object",
          additionalProperties: false,
          required: ["title", "description"],
          properties: { title: STRING, description: STRING },
        },
        item: z.object({ title: line(5, 140), description: line(5, 300) }),
        count: 8,
        correlationId: ctx.requestId,
      }),
  );
}

export function runBlogTitles(input: ToolInput<"blog-title-generator">, ctx: ToolContext) {
  const style = {
    listicle: "listicles that start with a number",
    "how-to": "how-to titles that start with 'How to'",
    question: "titles phrased as questions",
    ultimate: "'ultimate guide' style titles",
  }[input.style];
  return withAi(
    "blog titles",
    ctx,
    () => templates.blogTitles(input.topic, input.style),
    () =>
      generateList({
        name: "tool_blog_titles",
        instructions: INSTRUCTIONS,
        prompt: `Write 5 different blog post titles about: ${input.topic}\nStyle: ${style}. Each under 80 characters, title case, no quotes.`,
        itemSchema: STRING,
        item: line(8, 120),
        count: 5,
        correlationId: ctx.requestId,
      }),
  );
}

export function runSeoTitles(input: ToolInput<"seo-title-generator">, ctx: ToolContext) {
  const keyword = cleanTopic(input.keyword);
  const suffix = input.brand ? ` | ${input.brand}` : "";
  return withAi<templates.SeoTitle[]>(
    "seo titles",
    ctx,
    () => templates.seoTitles(input.keyword, input.brand),
    async () => {
      const titles = await generateList({
        name: "tool_seo_titles",
        instructions: INSTRUCTIONS,
        prompt: `Write 5 different SEO page titles for the keyword: ${keyword}\nPut the keyword near the start, use a power word or a number where it fits, and keep each title between 40 and ${60 - suffix.length} characters. Do not add a brand name.`,
        itemSchema: STRING,
        item: line(10, 120),
        count: 5,
        correlationId: ctx.requestId,
      });
      // The scores come from our rules, never from the model.
      return titles
        .map((t) => ({ title: t + suffix, ...scoreSeoTitle(t + suffix, keyword, input.brand) }))
        .sort((a, b) => b.score - a.score);
    },
  );
}

export function runSocialCaptions(input: ToolInput<"social-media-caption-generator">, ctx: ToolContext) {
  const limit = templates.PLATFORM_LIMITS[input.platform];
  const platform = { instagram: "Instagram", twitter: "Twitter/X", linkedin: "LinkedIn" }[input.platform];
  return withAi(
    "social captions",
    ctx,
    () => templates.socialCaptions(input.topic, input.platform, input.tone),
    () =>
      generateList({
        name: "tool_social_captions",
        instructions: INSTRUCTIONS,
        prompt: `Write 3 different ${platform} captions about: ${input.topic}\nTone: ${input.tone}. Each at most ${input.platform === "twitter" ? 260 : 600} characters, with fitting hashtags at the end.`,
        itemSchema: STRING,
        item: line(10, limit),
        count: 3,
        correlationId: ctx.requestId,
      }),
  );
}

export function runContentOutline(input: ToolInput<"content-outline-generator">, ctx: ToolContext) {
  const format = { "blog-post": "a blog post", video: "a video script", course: "an online course (one module per section)" }[input.type];
  return withAi<templates.OutlineSection[]>(
    "content outline",
    ctx,
    () => contentOutline(input.topic, input.type),
    () =>
      generateList({
        name: "tool_content_outline",
        instructions: INSTRUCTIONS,
        prompt: `Write an outline of exactly 5 sections for ${format} about: ${input.topic}\nEach section has a heading and 3 or 4 short key points.`,
        itemSchema: {
          type: "object",
          additionalProperties: false,
          required: ["heading", "points"],
          properties: { heading: STRING, points: { type: "array", items: STRING } },
        },
        item: z.object({ heading: line(2, 140), points: z.array(line(2, 240)).min(2).max(6) }),
        count: 5,
        correlationId: ctx.requestId,
      }),
  );
}

// -------------------------------------------------------- keyword research

export type KeywordRow = KeywordIdea & { metrics: KeywordData | null };
export type KeywordResearch = {
  groups: ReturnType<typeof groupByIntent<KeywordRow>>;
  total: number;
  /** The provider's name when figures were loaded; null when none is connected or it failed. */
  dataSource: string | null;
  dataNotice: string | null;
  aiIdeas: boolean;
};

export const NO_KEYWORD_DATA = "No keyword data source is connected, so search volume, difficulty and CPC are not shown.";
const KEYWORD_DATA_ON_SUBMIT = "Submit the form to load search volume, difficulty and CPC.";
export const KEYWORD_DATA_FAILED = "Keyword data could not be loaded right now, so search volume, difficulty and CPC are not shown.";

/**
 * Ideas from our own patterns (plus AI ideas when configured) and, when a
 * keyword-data provider is configured, its figures. The paid calls happen
 * only for posted submissions (`ctx.providers`), one rate-limit point each.
 */
export async function runKeywordResearch(input: ToolInput<"keyword-research">, ctx: ToolContext): Promise<ToolAnswer<KeywordResearch>> {
  const env = getEnv();
  const withProviders = ctx.providers;
  const provider = withProviders ? getResearchProvider() : null;
  const wantsAi = withProviders && env.aiEnabled;
  let notice: string | null = null;
  let allowed = true;
  if (provider || wantsAi) {
    allowed = await consumeRateLimit("tools", { ip: ctx.ip, email: undefined });
    if (!allowed) notice = RATE_LIMITED_NOTICE;
  }

  let extra: string[] = [];
  let source: Source = "templates";
  if (wantsAi && allowed) {
    try {
      extra = await generateList({
        name: "tool_keyword_ideas",
        instructions: INSTRUCTIONS,
        prompt: `List 10 keyword phrases people search for about: ${input.topic}\nMix questions, comparisons, buying phrases and long-tail variations. Lowercase, 2 to 8 words each, no numbers of any kind about volume.`,
        itemSchema: STRING,
        item: line(2, 80).transform((s) => s.toLowerCase()),
        count: 5,
        correlationId: ctx.requestId,
      });
      source = "ai";
    } catch (error) {
      logger.warn({ err: error, tool: "keyword ideas", correlationId: ctx.requestId }, "free tool AI call failed; answered from templates");
    }
  }
  const ideas = keywordIdeas(input.topic, extra);

  let metrics = new Map<string, KeywordData>();
  let dataSource: string | null = null;
  let dataNotice: string | null = null;
  if (!env.keywordDataEnabled) dataNotice = NO_KEYWORD_DATA;
  else if (!withProviders) dataNotice = KEYWORD_DATA_ON_SUBMIT;
  else if (!provider || !allowed) dataNotice = KEYWORD_DATA_FAILED;
  else {
    try {
      metrics = await provider.keywordData(
        ideas.map((i) => i.keyword),
        { correlationId: ctx.requestId },
      );
      dataSource = provider.name;
    } catch (error) {
      logger.warn({ err: error, correlationId: ctx.requestId }, "keyword data provider failed");
      dataNotice = KEYWORD_DATA_FAILED;
    }
  }

  const rows: KeywordRow[] = ideas.map((idea) => ({ ...idea, metrics: metrics.get(idea.keyword) ?? null }));
  return {
    result: { groups: groupByIntent(rows), total: rows.length, dataSource, dataNotice, aiIdeas: source === "ai" },
    source,
    notice,
  };
}
