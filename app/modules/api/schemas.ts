import { z } from "zod";
import { CMS_PLATFORMS } from "#app/db/schema";

/**
 * The Developer API's request and response shapes (docs/decisions/045). The
 * handlers validate with these, and app/modules/api/openapi.ts turns the very
 * same objects into the OpenAPI document, so the two cannot drift. Response
 * schemas are registered under a name and become components; request schemas
 * are written inline in the document.
 */

export const apiSchemas = z.registry<{ id: string }>();
function named<T extends z.ZodType>(id: string, schema: T): T {
  apiSchemas.add(schema, { id });
  return schema;
}

const timestamp = z.string().describe("ISO 8601 time in UTC, e.g. 2026-11-25T09:30:00.000Z");
const id = z.string().describe("An opaque id (UUID)");

const TITLE_MAX = 200;
const META_MAX = 500;
const KEYWORD_MAX = 120;
/** JSON-escaped, a 512 KB article fits well within the API's 2 MB body limit (server/request-body.ts). */
const CONTENT_MAX = 600_000;

/* ---------- Errors ---------- */

const ERROR_CODES = [
  "validation_error",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unprocessable",
  "quota_exceeded",
  "rate_limited",
  "internal_error",
] as const;
export type ApiErrorCode = (typeof ERROR_CODES)[number];

// Registered for the document's components: every error answer refers to it by name.
named(
  "Error",
  z
    .object({
      error: z.object({
        code: z.enum(ERROR_CODES).describe("Stable machine-readable code; the message may change."),
        message: z.string(),
        issues: z
          .array(z.object({ path: z.string().describe("Where, e.g. body.title or query.page"), message: z.string() }))
          .optional()
          .describe("validation_error only: one entry per invalid field."),
      }),
    })
    .describe("Every error answer has this shape."),
);

/* ---------- Sites ---------- */

const SiteSchema = named(
  "Site",
  z.object({ id, name: z.string(), url: z.string().nullable(), time_zone: z.string(), created_at: timestamp }),
);
export const SiteListSchema = named("SiteList", z.object({ data: z.array(SiteSchema) }));

/* ---------- Articles ---------- */

const ARTICLE_STATUSES = ["draft", "generating", "scheduled", "publishing", "published", "failed"] as const;

const ArticleSummarySchema = named(
  "ArticleSummary",
  z.object({
    id,
    site_id: id,
    title: z.string(),
    slug: z.string(),
    status: z.enum(ARTICLE_STATUSES),
    target_keyword: z.string(),
    meta_description: z.string(),
    topic_id: id.nullable(),
    source: z.enum(["manual", "ai", "offline"]).describe("manual: written by hand; ai or offline: written by the AI engine"),
    word_count: z.number().int(),
    seo_score: z.number().int().nullable(),
    scheduled_at: timestamp.nullable(),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    current_revision_id: id.nullable().describe("The revision holding the article as it is now; null while it is being generated"),
  }),
);
export const ArticleSchema = named(
  "Article",
  ArticleSummarySchema.extend({ content_html: z.string().describe("Sanitized HTML of the body") }),
);
export const ArticleListSchema = named(
  "ArticleList",
  z.object({
    data: z.array(ArticleSummarySchema),
    page: z.number().int(),
    page_count: z.number().int(),
    total: z.number().int(),
  }),
);

export const ArticleListQuery = z.object({
  status: z.enum(["all", "draft", "scheduled", "published", "failed"]).default("all"),
  q: z.string().trim().max(200).optional().describe("Matches title or target keyword"),
  sort: z.enum(["newest", "oldest"]).default("newest"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const articleFields = {
  title: z.string().trim().min(1, "Give the article a title").max(TITLE_MAX, `At most ${TITLE_MAX} characters`),
  content_html: z.string().max(CONTENT_MAX, "The article is too long").describe("HTML; sanitized against the editor's allowlist"),
  meta_description: z.string().trim().max(META_MAX, `At most ${META_MAX} characters`),
  target_keyword: z.string().trim().max(KEYWORD_MAX, `At most ${KEYWORD_MAX} characters`),
  slug: z.string().trim().min(1).max(TITLE_MAX).describe("Made URL-safe and unique within the site; defaults to one from the title"),
  topic_id: id.nullable().describe("A topic of the same site, or null"),
};

export const ArticleCreateBody = z
  .object({
    ...articleFields,
    content_html: articleFields.content_html.default(""),
    meta_description: articleFields.meta_description.default(""),
    target_keyword: articleFields.target_keyword.default(""),
    slug: articleFields.slug.optional(),
    topic_id: articleFields.topic_id.optional(),
  })
  .strict();

export const ArticleUpdateBody = z
  .object({
    title: articleFields.title.optional(),
    content_html: articleFields.content_html.optional(),
    meta_description: articleFields.meta_description.optional(),
    target_keyword: articleFields.target_keyword.optional(),
    slug: articleFields.slug.optional(),
    topic_id: articleFields.topic_id.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");

export const ArticleParams = z.object({ article_id: id });

/* ---------- Generations ---------- */

export const GenerationSchema = named(
  "Generation",
  z.object({
    id,
    article_id: id,
    keyword: z.string(),
    status: z.enum(["running", "succeeded", "failed", "cancelled"]),
    step: z.string().describe("The step being worked on, in words"),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    steps: z.array(z.object({ key: z.string(), label: z.string(), status: z.enum(["done", "active", "pending"]) })),
  }),
);

export const GenerationCreateBody = z
  .object({
    keyword: z.string().trim().min(1, "Give a keyword or topic").max(200, "At most 200 characters"),
    keywords: z.array(z.string().trim().min(1).max(KEYWORD_MAX)).max(20).optional().describe("Secondary keywords to work in"),
    tone: z.enum(["professional", "casual", "academic", "conversational", "technical"]).optional(),
    word_count: z
      .union([z.literal(500), z.literal(1000), z.literal(1500), z.literal(2000), z.literal(3000)])
      .optional()
      .describe("Defaults to the site's content settings"),
  })
  .strict();

export const GenerationParams = z.object({ generation_id: id });

/* ---------- Publishing ---------- */

const ConnectionSchema = named(
  "Connection",
  z.object({
    id,
    platform: z.enum(CMS_PLATFORMS),
    name: z.string(),
    site_url: z.string(),
    status: z.enum(["connected", "needs_attention", "disconnected"]),
    is_default: z.boolean(),
    last_error: z.string().nullable(),
    last_checked_at: timestamp.nullable(),
  }),
);
export const ConnectionListSchema = named("ConnectionList", z.object({ data: z.array(ConnectionSchema) }));

export const PublicationSchema = named(
  "Publication",
  z.object({
    id,
    article_id: id,
    connection_id: id,
    mode: z.enum(["draft", "live"]),
    status: z.enum(["pending", "scheduled", "publishing", "published", "failed"]),
    status_text: z
      .string()
      .describe(
        "The state in words, as the dashboard shows it: 'Draft in WordPress', 'Live on Ghost', 'Scheduled for 28 Nov, 09:00' (the site's time zone), 'Failed: <reason>'",
      ),
    remote_url: z.string().nullable(),
    last_error: z.string().nullable(),
    correlation_id: z.string().describe("Quote it when asking for support"),
    scheduled_for: timestamp.nullable(),
    published_at: timestamp.nullable(),
    updated_at: timestamp,
    revision_id: id.nullable().describe("The exact revision of the article this publication sends or sent"),
  }),
);
export const PublicationListSchema = named("PublicationList", z.object({ data: z.array(PublicationSchema) }));

export const PublicationCreateBody = z
  .object({
    connection_id: id.optional().describe("Defaults to the site's default destination"),
    mode: z.enum(["draft", "live"]).default("live").describe("draft: arrives as a draft where the platform has drafts"),
    schedule_at: z.iso.datetime({ offset: true }).optional().describe("Publish later, at this time (ISO 8601); omitted: now"),
  })
  .strict();

/* ---------- Topics and plan items ---------- */

const TopicSchema = named(
  "Topic",
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    keywords: z.array(z.string()),
    category: z.string(),
    color: z.string(),
    article_count: z.number().int(),
    created_at: timestamp,
  }),
);
export const TopicListSchema = named("TopicList", z.object({ data: z.array(TopicSchema) }));

const PlanItemSchema = named(
  "PlanItem",
  z.object({
    id,
    date: z.string().describe("YYYY-MM-DD in the site's time zone"),
    keyword: z.string(),
    intent: z.string(),
    rationale: z.string(),
    topic_id: id.nullable(),
    article_id: id.nullable(),
    status: z.enum(["planned", "written", "published", "skipped"]),
  }),
);
export const PlanItemListSchema = named("PlanItemList", z.object({ data: z.array(PlanItemSchema) }));

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");
export const PlanItemQuery = z.object({
  from: day.optional().describe("First day (inclusive)"),
  to: day.optional().describe("Last day (inclusive)"),
});

export const PerformanceQuery = z.object({
  range: z.enum(["28d", "3m", "16m"]).default("28d").describe("The last 28 days (default), 3 months or 16 months, ending on data_until"),
});
const figures = {
  clicks: z.number().int(),
  impressions: z.number().int(),
  ctr: z.number().nullable().describe("clicks / impressions; null without impressions"),
  position: z.number().nullable().describe("Average position in Google, weighted by impressions (1 is the top); null without impressions"),
};
const PerformanceTotalsSchema = named("PerformanceTotals", z.object(figures));
export const ArticlePerformanceSchema = named(
  "ArticlePerformance",
  z.object({
    article_id: id,
    status: z
      .enum(["ready", "importing", "not_connected"])
      .describe("not_connected: the site has no Search Console connection; importing: connected, no figures stored yet"),
    range: z.enum(["28d", "3m", "16m"]),
    start_date: day.nullable(),
    end_date: day.nullable(),
    data_until: day.nullable().describe("The newest day with figures: Google's figures arrive about two days late"),
    totals: PerformanceTotalsSchema,
    previous_totals: PerformanceTotalsSchema.describe("The period of the same length just before"),
    days: z.array(z.object({ date: day, ...figures })).describe("Every day of the period, zeros where Google had nothing"),
    top_queries: z
      .array(z.object({ query: z.string(), ...figures }))
      .describe("Up to 10 queries by clicks, over the complete weeks (Monday to Sunday) in the period"),
  }),
);

/** Every authenticated operation takes it: which site of the key's workspace to act on. */
export const SiteQuery = z.object({
  site_id: id.optional().describe("A site of the key's workspace; defaults to the key's site, else the workspace's first site"),
});
