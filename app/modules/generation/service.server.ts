import { inTransaction, type DB } from "#app/db/client.server";
import { createArticle, getArticle } from "#app/modules/articles/mutations.server";
import { assertCanStartAiArticle, countAiArticle, recordAiArticleStarted } from "#app/modules/articles/quota.server";
import { setArticleStatus } from "#app/modules/articles/state.server";
import { hasAiProvider } from "#app/modules/ai/providers.server";
import { chargeAiAction, type AiTenant } from "#app/modules/billing/ai-meter.server";
import { enqueue, cancelJob } from "#app/modules/jobs/queue.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { currentStepLabel, stepList, type GenerationState } from "./steps";
import { emitGenerationProgress } from "./progress-events.server";
import type { BriefOverrides } from "./research.server";

/** Starting, reading and cancelling generations; every call is scoped by site. */

export const GENERATION_ERROR = "Failed to generate AI article. Please try again.";
const GENERATE_JOB = "generate-article";

async function insertGeneration(db: DB, articleId: string, siteId: string, state: GenerationState) {
  const id = newId();
  const jobId = await enqueue(
    db,
    GENERATE_JOB,
    { generationId: id, siteId },
    {
      maxAttempts: 3,
      idempotencyKey: `generation:${id}`,
      tenant: { siteId },
    },
  );
  const now = isoNow();
  await db
    .insertInto("generations")
    .values({
      id,
      article_id: articleId,
      job_id: jobId,
      status: "running",
      step: currentStepLabel(state),
      progress: 0,
      state: JSON.stringify(state),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * Creates the article (status 'generating') and enqueues the job, in one
 * transaction, and counts it against the plan's articles: every AI-written
 * article starts here (write screen, generator, later the API and auto-pilot).
 * Throws QuotaError, leaving nothing behind, when the plan refuses.
 */
export async function startGeneration(
  db: DB,
  // userId: the member starting it (null for an API key whose creator has left: the article has no author).
  input: { workspaceId: string; siteId: string; userId: string | null; keyword: string; overrides?: BriefOverrides },
) {
  const keyword = input.keyword.trim();
  // The caller's transaction when it has one (auto-pilot records the day with the generation, so a retry never starts two).
  // The offline writer's drafts cost the customer nothing: only a provider's articles are checked and counted.
  const charged = hasAiProvider();
  const result = await inTransaction(db, async (trx) => {
    if (charged) await assertCanStartAiArticle(trx, input.workspaceId, input.siteId);
    const article = await createArticle(trx, {
      workspaceId: input.workspaceId,
      siteId: input.siteId,
      authorId: input.userId,
      title: keyword,
      contentHtml: "",
      targetKeyword: keyword,
      status: "generating",
    });
    if (charged) await recordAiArticleStarted(trx, { workspaceId: input.workspaceId, siteId: input.siteId, articleId: article.id });
    const generationId = await insertGeneration(trx, article.id, input.siteId, { kind: "generate", keyword, overrides: input.overrides });
    return { generationId, articleId: article.id };
  });
  notifyWorker();
  return result;
}

/**
 * Regenerates an existing article in place, charged to the site's daily AI
 * allowance in the same transaction (throws AiLimitError, leaving nothing
 * behind, when refused). An article the engine wrote already never counts
 * again; a hand-written one becomes AI-written here, so it counts once, like a
 * new generation (throws QuotaError when the plan refuses; decision 035).
 * Joining a regeneration already running charges nothing (and `joined` says so).
 * overrides: what the brief adds (a refresh from search findings: the queries to cover and why).
 */
export async function startRegeneration(db: DB, tenant: AiTenant, articleId: string, overrides?: BriefOverrides) {
  const { siteId } = tenant;
  const result = await inTransaction(db, async (trx) => {
    const article = await getArticle(trx, siteId, articleId);
    if (!article) return null;
    const running = await activeGenerationFor(trx, siteId, articleId);
    if (running) return { generationId: running.id, articleId, joined: true };
    if (hasAiProvider()) await countAiArticle(trx, { workspaceId: tenant.workspaceId, siteId, articleId });
    await chargeAiAction(trx, tenant, "regenerate");
    const keyword = article.target_keyword || article.title;
    const generationId = await insertGeneration(trx, articleId, siteId, {
      kind: "regenerate",
      keyword,
      previousStatus: article.status,
      ...(overrides ? { overrides } : {}),
    });
    await setArticleStatus(trx, siteId, articleId, "generating");
    return { generationId, articleId, joined: false };
  });
  notifyWorker();
  return result;
}

async function activeGenerationFor(db: DB, siteId: string, articleId: string) {
  return db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select(["g.id"])
    .where("a.site_id", "=", siteId)
    .where("g.article_id", "=", articleId)
    .where("g.status", "=", "running")
    .executeTakeFirst();
}

export type GenerationView = {
  id: string;
  articleId: string;
  articleTitle: string;
  articleSource: "manual" | "ai" | "offline";
  keyword: string;
  status: "running" | "succeeded" | "failed" | "cancelled";
  step: string;
  progress: number;
  error: string | null;
  steps: ReturnType<typeof stepList>;
  promptTokens: number;
  completionTokens: number;
};

export async function getGeneration(db: DB, siteId: string, generationId: string): Promise<GenerationView | null> {
  const row = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select([
      "g.id",
      "g.article_id",
      "g.status",
      "g.step",
      "g.progress",
      "g.error",
      "g.state",
      "g.prompt_tokens",
      "g.completion_tokens",
      "a.title",
      "a.source",
      "a.target_keyword",
    ])
    .where("g.id", "=", generationId)
    .where("a.site_id", "=", siteId)
    .executeTakeFirst();
  if (!row) return null;
  const state = JSON.parse(row.state) as GenerationState;
  return {
    id: row.id,
    articleId: row.article_id,
    articleTitle: row.title,
    articleSource: row.source,
    keyword: state.keyword || row.target_keyword,
    status: row.status,
    step: row.step,
    progress: row.progress,
    error: row.error,
    steps: stepList(state, row.status),
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
  };
}

/** The site's running generation, newest first, for the write screen to pick up again. */
export async function getActiveGeneration(db: DB, siteId: string) {
  const row = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select("g.id")
    .where("a.site_id", "=", siteId)
    .where("g.status", "=", "running")
    .orderBy("g.created_at", "desc")
    .executeTakeFirst();
  return row ? getGeneration(db, siteId, row.id) : null;
}

/** Flags the generation cancelled; the running job sees the flag and stops between calls. */
export async function cancelGeneration(db: DB, siteId: string, generationId: string) {
  const gen = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select(["g.id", "g.job_id", "g.status"])
    .where("g.id", "=", generationId)
    .where("a.site_id", "=", siteId)
    .executeTakeFirst();
  if (!gen || gen.status !== "running") return false;
  await db
    .updateTable("generations")
    .set({ status: "cancelled", updated_at: isoNow() })
    .where("id", "=", gen.id)
    .where("status", "=", "running")
    .execute();
  emitGenerationProgress(gen.id);
  // A job that has not started yet never will; a running one is told through the flag.
  if (gen.job_id) {
    const job = await db.selectFrom("jobs").select("status").where("id", "=", gen.job_id).executeTakeFirst();
    if (job?.status === "queued") {
      await cancelJob(db, gen.job_id);
      const { settleUnfinished } = await import("./pipeline.server");
      await settleUnfinished(db, siteId, gen.id, "cancelled", null);
    }
  }
  return true;
}
