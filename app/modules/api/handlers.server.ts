import type { DB } from "#app/db/client.server";
import { createArticle, deleteArticle, getArticle, updateArticle, type Article } from "#app/modules/articles/mutations.server";
import { listArticlePage } from "#app/modules/articles/queries.server";
import { currentRevisionIds } from "#app/modules/articles/revisions.server";
import { ArticleTooLargeError } from "#app/modules/articles/sanitize.server";
import { getGeneration, startGeneration, type GenerationView } from "#app/modules/generation/service.server";
import { defaultConnection, listConnections } from "#app/modules/publishing/connections.server";
import { publicationsOfArticle } from "#app/modules/publishing/publications.server";
import { PUBLISH_MESSAGES, PublishRequestError, requestPublication } from "#app/modules/publishing/publish.server";
import { publicationStateText } from "#app/modules/publishing/status-words";
import { listTopics } from "#app/modules/topics/topics.server";
import { articlePerformance } from "#app/modules/results/page.server";
import { connectionStatus } from "#app/modules/search-console/status.server";
import type { Totals } from "#app/modules/results/metrics.server";
import { dayDate } from "#app/modules/search-console/types";
import { conflictError, notFoundError, validationError } from "./errors";
import type { ApiError } from "./errors";
import type { z } from "zod";
import type { ApiPrincipal } from "./keys.server";
import type { Operation, OperationId, OPERATIONS } from "./operations";

/**
 * What each operation of the Developer API does, by operation id. Each takes
 * the site the router resolved from the key (decision 002: ids from the
 * request are always looked up together with it) and calls the same domain
 * functions as the screens, so the API keeps their rules: sanitizing, the
 * quota, the publication engine.
 */

export type ApiSite = { id: string; workspaceId: string; name: string; url: string | null; timeZone: string; createdAt: string };

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type HandlerContext<Op extends Operation> = {
  db: DB;
  principal: ApiPrincipal;
  site: ApiSite;
  params: Out<Op["params"]>;
  query: Out<Op["query"]>;
  body: Out<Op["body"]>;
};
type Handlers = { [K in OperationId]: (ctx: HandlerContext<(typeof OPERATIONS)[K]>) => Promise<unknown> };

const NOT_WHILE_GENERATING = "The AI engine is writing this article; try again when its generation has finished.";

function articleSummary(a: Article, revisionId: string | null) {
  return {
    id: a.id,
    site_id: a.site_id,
    title: a.title,
    slug: a.slug,
    status: a.status,
    target_keyword: a.target_keyword,
    meta_description: a.meta_description,
    topic_id: a.topic_id,
    source: a.source,
    word_count: a.word_count,
    seo_score: a.seo_score,
    scheduled_at: a.scheduled_at,
    published_at: a.published_at,
    created_at: a.created_at,
    updated_at: a.updated_at,
    current_revision_id: revisionId,
  };
}
async function articleJson(db: DB, a: Article) {
  const revisionId = (await currentRevisionIds(db, [a.id])).get(a.id) ?? null;
  return { ...articleSummary(a, revisionId), content_html: a.content_html };
}

function generationJson(g: GenerationView) {
  return {
    id: g.id,
    article_id: g.articleId,
    keyword: g.keyword,
    status: g.status,
    step: g.step,
    progress: g.progress,
    error: g.error,
    steps: g.steps,
  };
}

async function articleOr404(db: DB, siteId: string, articleId: string) {
  const article = await getArticle(db, siteId, articleId);
  if (!article) throw notFoundError("Article");
  return article;
}

async function assertTopic(db: DB, siteId: string, topicId: string | null | undefined) {
  if (!topicId) return;
  const topic = await db.selectFrom("topics").select("id").where("site_id", "=", siteId).where("id", "=", topicId).executeTakeFirst();
  if (!topic) throw validationError([{ path: "body.topic_id", message: "No such topic on this site" }]);
}

function tooLarge(error: unknown): never {
  if (error instanceof ArticleTooLargeError) throw validationError([{ path: "body.content_html", message: error.message }]);
  throw error;
}

/** What the publication engine refuses, as API errors. */
function publishRefusal(error: PublishRequestError): ApiError {
  switch (error.message) {
    case PUBLISH_MESSAGES.articleMissing:
      return notFoundError("Article");
    case PUBLISH_MESSAGES.noConnection:
      return notFoundError("Connection");
    case PUBLISH_MESSAGES.pastSchedule:
      return validationError([{ path: "body.schedule_at", message: error.message }]);
    default:
      return conflictError(error.message);
  }
}

export const HANDLERS: Handlers = {
  async listSites({ db, principal }) {
    let query = db
      .selectFrom("sites")
      .select(["id", "name", "url", "timezone", "created_at"])
      .where("workspace_id", "=", principal.workspaceId);
    if (principal.siteId) query = query.where("id", "=", principal.siteId);
    const rows = await query.orderBy("created_at").orderBy("id").execute();
    return { data: rows.map((s) => ({ id: s.id, name: s.name, url: s.url, time_zone: s.timezone, created_at: s.created_at })) };
  },

  async listArticles({ db, site, query }) {
    // The screens' own list query (search, counts, paging), then the rows it picked in its order.
    const page = await listArticlePage(db, site.id, {
      status: query.status,
      search: query.q,
      sort: query.sort,
      page: query.page,
      perPage: query.per_page,
    });
    const ids = page.items.map((i) => i.id);
    const rows = ids.length
      ? await db.selectFrom("articles").selectAll().where("site_id", "=", site.id).where("id", "in", ids).execute()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const revisions = await currentRevisionIds(db, ids);
    return {
      data: ids.flatMap((id) => (byId.has(id) ? [articleSummary(byId.get(id)!, revisions.get(id) ?? null)] : [])),
      page: page.page,
      page_count: page.pageCount,
      total: page.total,
    };
  },

  async createArticle({ db, site, principal, body }) {
    await assertTopic(db, site.id, body.topic_id);
    const article = await createArticle(
      db,
      {
        workspaceId: site.workspaceId,
        siteId: site.id,
        authorId: principal.userId,
        title: body.title,
        contentHtml: body.content_html,
        metaDescription: body.meta_description,
        targetKeyword: body.target_keyword,
        slug: body.slug,
        topicId: body.topic_id ?? null,
        source: "manual",
      },
      { revision: { kind: "api", userId: principal.userId } },
    ).catch(tooLarge);
    return articleJson(db, article);
  },

  async getArticle({ db, site, params }) {
    return articleJson(db, await articleOr404(db, site.id, params.article_id));
  },

  async getArticlePerformance({ db, site, params, query }) {
    await articleOr404(db, site.id, params.article_id);
    const perf = await articlePerformance(db, site.id, params.article_id, query.range);
    const none: Totals = { clicks: 0, impressions: 0, ctr: null, position: null };
    if (!perf) {
      const { connected } = await connectionStatus(db, site.id);
      return {
        article_id: params.article_id,
        status: connected ? ("importing" as const) : ("not_connected" as const),
        range: query.range,
        start_date: null,
        end_date: null,
        data_until: null,
        totals: none,
        previous_totals: none,
        days: [],
        top_queries: [],
      };
    }
    return {
      article_id: params.article_id,
      status: "ready" as const,
      range: perf.range,
      start_date: dayDate(perf.periods.current.start),
      end_date: dayDate(perf.periods.current.end),
      data_until: perf.dataUntil,
      totals: perf.totals,
      previous_totals: perf.previous,
      days: perf.series.map(({ day, ...figures }) => ({ date: day, ...figures })),
      top_queries: perf.queries,
    };
  },

  async updateArticle({ db, site, principal, params, body }) {
    const before = await articleOr404(db, site.id, params.article_id);
    if (before.status === "generating") throw conflictError(NOT_WHILE_GENERATING);
    await assertTopic(db, site.id, body.topic_id);
    const updated = await updateArticle(
      db,
      site.id,
      params.article_id,
      {
        title: body.title,
        contentHtml: body.content_html,
        metaDescription: body.meta_description,
        targetKeyword: body.target_keyword,
        slug: body.slug,
        topicId: body.topic_id,
      },
      { revision: { kind: "api", userId: principal.userId } },
    ).catch(tooLarge);
    if (!updated) throw notFoundError("Article");
    return articleJson(db, updated);
  },

  async deleteArticle({ db, site, params }) {
    const article = await articleOr404(db, site.id, params.article_id);
    if (article.status === "generating") throw conflictError(NOT_WHILE_GENERATING);
    if (!(await deleteArticle(db, site.id, params.article_id))) throw notFoundError("Article");
    return null;
  },

  async startGeneration({ db, site, principal, body }) {
    // Throws QuotaError when the plan refuses; the router answers 422 quota_exceeded.
    const { generationId } = await startGeneration(db, {
      workspaceId: site.workspaceId,
      siteId: site.id,
      userId: principal.userId,
      keyword: body.keyword,
      overrides: { tone: body.tone, wordCount: body.word_count, keywords: body.keywords ?? [] },
    });
    const generation = await getGeneration(db, site.id, generationId);
    if (!generation) throw notFoundError("Generation");
    return generationJson(generation);
  },

  async getGeneration({ db, site, params }) {
    const generation = await getGeneration(db, site.id, params.generation_id);
    if (!generation) throw notFoundError("Generation");
    return generationJson(generation);
  },

  async listPublications({ db, site, params }) {
    await articleOr404(db, site.id, params.article_id);
    const rows = await publicationsOfArticle(db, site.id, params.article_id);
    return {
      data: rows.map((p) => ({
        id: p.id,
        article_id: params.article_id,
        connection_id: p.connectionId,
        mode: p.mode,
        status: p.status,
        status_text: publicationStateText(p, site.timeZone),
        remote_url: p.remoteUrl,
        last_error: p.lastError,
        correlation_id: p.correlationId,
        scheduled_for: p.scheduledFor,
        published_at: p.publishedAt,
        updated_at: p.updatedAt,
        revision_id: p.revisionId,
      })),
    };
  },

  async publishArticle({ db, site, principal, params, body }) {
    const article = await articleOr404(db, site.id, params.article_id);
    if (article.status === "generating") throw conflictError(NOT_WHILE_GENERATING);
    const connectionId = body.connection_id ?? (await defaultConnection(db, site.id))?.id;
    if (!connectionId) throw conflictError("This site has no default destination; pass connection_id.");
    try {
      const p = await requestPublication(
        db,
        { siteId: site.id, userId: principal.userId },
        { articleId: article.id, connectionId, mode: body.mode, scheduleAt: body.schedule_at ? new Date(body.schedule_at) : null },
      );
      const { platform } = await db
        .selectFrom("cms_connections")
        .select("platform")
        .where("id", "=", p.connection_id)
        .executeTakeFirstOrThrow();
      const words = { platform, status: p.status, mode: p.mode, scheduledFor: p.scheduled_for, lastError: p.last_error };
      return {
        id: p.id,
        article_id: p.article_id,
        connection_id: p.connection_id,
        mode: p.mode,
        status: p.status,
        status_text: publicationStateText(words, site.timeZone),
        remote_url: p.remote_url,
        last_error: p.last_error,
        correlation_id: p.correlation_id,
        scheduled_for: p.scheduled_for,
        published_at: p.published_at,
        updated_at: p.updated_at,
        revision_id: p.revision_id,
      };
    } catch (error) {
      if (error instanceof PublishRequestError) throw publishRefusal(error);
      throw error;
    }
  },

  async listConnections({ db, site }) {
    const connections = await listConnections(db, site.id);
    return {
      data: connections.map((c) => ({
        id: c.id,
        platform: c.platform,
        name: c.name,
        site_url: c.siteUrl,
        status: c.status,
        is_default: c.isDefault,
        last_error: c.lastError,
        last_checked_at: c.lastCheckedAt,
      })),
    };
  },

  async listTopics({ db, site }) {
    const topics = await listTopics(db, site.id);
    return {
      data: topics.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        keywords: t.keywords,
        category: t.category,
        color: t.color,
        article_count: t.articleCount,
        created_at: t.createdAt,
      })),
    };
  },

  async listPlanItems({ db, site, query }) {
    let select = db
      .selectFrom("plan_items")
      .select(["id", "date", "keyword", "intent", "rationale", "topic_id", "article_id", "status"])
      .where("site_id", "=", site.id);
    if (query.from) select = select.where("date", ">=", query.from);
    if (query.to) select = select.where("date", "<=", query.to);
    return { data: await select.orderBy("date").orderBy("created_at").limit(1000).execute() };
  },
};
