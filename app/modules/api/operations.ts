import {
  ArticleCreateBody,
  ArticleListQuery,
  ArticleListSchema,
  ArticleParams,
  ArticlePerformanceSchema,
  ArticleSchema,
  ArticleUpdateBody,
  ConnectionListSchema,
  GenerationCreateBody,
  GenerationParams,
  GenerationSchema,
  PerformanceQuery,
  PlanItemListSchema,
  PlanItemQuery,
  PublicationCreateBody,
  PublicationListSchema,
  PublicationSchema,
  SiteListSchema,
  TopicListSchema,
} from "./schemas";
import type { z } from "zod";

/**
 * The Developer API's operations, one table (docs/decisions/045): the router
 * matches requests against it and validates with its schemas, the handlers are
 * typed from it, and the OpenAPI document and the reference page are made from
 * it. Paths are relative to /api/v1 and written as OpenAPI writes them.
 */

export type Operation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  summary: string;
  description?: string;
  tag: "Sites" | "Articles" | "Generations" | "Publishing" | "Topics" | "Plan";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  success: { status: 200 | 201 | 202 | 204; schema: z.ZodType | null; description: string };
  /** Error statuses this operation can answer beyond 401, 403, 429 and 500 (which every one can). */
  errors: number[];
  example?: { body?: unknown };
};

export const OPERATIONS = {
  listSites: {
    method: "get",
    path: "/sites",
    tag: "Sites",
    summary: "List the sites this key can act on",
    description:
      "A key limited to one site sees that site only. Sites are added in the dashboard only: on Pro it shows the prorated charge now and the new recurring price, and charges nothing until the owner agrees.",
    success: { status: 200, schema: SiteListSchema, description: "The sites" },
    errors: [],
  },
  listArticles: {
    method: "get",
    path: "/articles",
    tag: "Articles",
    summary: "List articles",
    description: "One page of the site's articles, newest first unless sort=oldest. The body is left out; get one article for it.",
    query: ArticleListQuery,
    success: { status: 200, schema: ArticleListSchema, description: "A page of articles" },
    errors: [400, 404],
  },
  createArticle: {
    method: "post",
    path: "/articles",
    tag: "Articles",
    summary: "Create an article",
    description:
      "Creates a draft written by hand: the HTML is sanitized and scored as in the editor. It does not count against the plan's articles; to have the AI engine write one, start a generation.",
    body: ArticleCreateBody,
    success: { status: 201, schema: ArticleSchema, description: "The article created" },
    errors: [400, 404],
    example: {
      body: { title: "How to brew cold coffee", content_html: "<h2>Start with the beans</h2><p>…</p>", target_keyword: "cold brew" },
    },
  },
  getArticle: {
    method: "get",
    path: "/articles/{article_id}",
    tag: "Articles",
    summary: "Get an article",
    params: ArticleParams,
    success: { status: 200, schema: ArticleSchema, description: "The article with its HTML" },
    errors: [404],
  },
  updateArticle: {
    method: "patch",
    path: "/articles/{article_id}",
    tag: "Articles",
    summary: "Update an article",
    description: "Changes only the fields sent. Refused with 409 while the AI engine is writing it.",
    params: ArticleParams,
    body: ArticleUpdateBody,
    success: { status: 200, schema: ArticleSchema, description: "The article as saved" },
    errors: [400, 404, 409],
    example: { body: { meta_description: "Cold brew at home in four steps." } },
  },
  deleteArticle: {
    method: "delete",
    path: "/articles/{article_id}",
    tag: "Articles",
    summary: "Delete an article",
    description: "Posts already published elsewhere stay there. Deleting gives no article back to the plan.",
    params: ArticleParams,
    success: { status: 204, schema: null, description: "Deleted" },
    errors: [404, 409],
  },
  getArticlePerformance: {
    method: "get",
    path: "/articles/{article_id}/performance",
    tag: "Articles",
    summary: "Read an article's search performance",
    description:
      "Clicks, impressions, CTR and average position in Google from the site's Search Console connection: totals for the range and the period before, every day of the range, and the top queries. status says when there is nothing yet (not connected, or the first import still running).",
    params: ArticleParams,
    query: PerformanceQuery,
    success: { status: 200, schema: ArticlePerformanceSchema, description: "The article's performance" },
    errors: [400, 404],
  },
  startGeneration: {
    method: "post",
    path: "/generations",
    tag: "Generations",
    summary: "Start an AI generation",
    description:
      "Creates an article (status generating) and has the AI engine write it in the background; poll the generation for progress. Counts against the plan's articles like one started in the app; 422 quota_exceeded when the plan allows no more.",
    body: GenerationCreateBody,
    success: { status: 202, schema: GenerationSchema, description: "Started; poll GET /generations/{generation_id}" },
    errors: [400, 404, 422],
    example: { body: { keyword: "cold brew coffee at home", tone: "conversational", word_count: 1000 } },
  },
  getGeneration: {
    method: "get",
    path: "/generations/{generation_id}",
    tag: "Generations",
    summary: "Read a generation's progress",
    description: "status is running until it succeeded (the article is a draft with its content), failed or was cancelled.",
    params: GenerationParams,
    success: { status: 200, schema: GenerationSchema, description: "The generation" },
    errors: [404],
  },
  listPublications: {
    method: "get",
    path: "/articles/{article_id}/publications",
    tag: "Publishing",
    summary: "List an article's publications",
    description: "One per destination the article was sent to, with its state and the remote URL once published.",
    params: ArticleParams,
    success: { status: 200, schema: PublicationListSchema, description: "The publications" },
    errors: [404],
  },
  publishArticle: {
    method: "post",
    path: "/articles/{article_id}/publications",
    tag: "Publishing",
    summary: "Publish an article to a connection",
    description:
      "Queues publishing (now, or at schedule_at) and answers at once; poll the article's publications for the outcome. Publishing again to the same connection updates the post there.",
    params: ArticleParams,
    body: PublicationCreateBody,
    success: { status: 202, schema: PublicationSchema, description: "Queued or scheduled" },
    errors: [400, 404, 409],
    example: { body: { mode: "live" } },
  },
  listConnections: {
    method: "get",
    path: "/connections",
    tag: "Publishing",
    summary: "List publishing connections",
    description: "The site's destinations (the hosted blog, WordPress, Shopify…); credentials are never included.",
    success: { status: 200, schema: ConnectionListSchema, description: "The connections" },
    errors: [404],
  },
  listTopics: {
    method: "get",
    path: "/topics",
    tag: "Topics",
    summary: "List topics",
    success: { status: 200, schema: TopicListSchema, description: "The site's topics, newest first" },
    errors: [404],
  },
  listPlanItems: {
    method: "get",
    path: "/plan-items",
    tag: "Plan",
    summary: "List content plan items",
    description: "The content plan's days (one keyword per day), in date order.",
    query: PlanItemQuery,
    success: { status: 200, schema: PlanItemListSchema, description: "The plan items" },
    errors: [400, 404],
  },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

/** "/articles/{article_id}" as a matcher; the names of its parameters in order. */
export function pathMatcher(path: string) {
  const names: string[] = [];
  const pattern = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { regex: new RegExp(`^${pattern}/?$`), names };
}
