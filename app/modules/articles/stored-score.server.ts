import { setImmediate, setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { runOnCpuWorker } from "#app/modules/cpu/pool.server";
import { enqueue, enqueueFromRead } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";
import { linkChecksOfArticle } from "./link-checks.server";
import { getSeoContext } from "./mutations.server";
import { researchBasisOfArticle } from "./research-basis.server";
import { bodySentences } from "./site-sentences";
import { articlesWithoutSentences, siteSentencesFor, syncArticleSentences } from "./site-sentences.server";
import { seoBasis } from "./stored-score";

/**
 * Keeps the list's stored SEO scores fresh (decision 038, amended by 053). Every save recomputes score and
 * word count (mutations.server.ts); what a save cannot see is a later change of the site's content settings
 * or of the scorer, and rows written before migration 0012 or by a direct insert. Those rows are scored again
 * by one background job per site (RESCORE_JOB, bulk lane), never by the page load that sees them: ten people
 * opening the list at once used to rescore the same rows ten times over, on the request path.
 */

export type ScoredRow = { id: string; seoScore: number | null; wordCount: number; seoBasis: string | null };

export const RESCORE_JOB = "rescore-articles";

/**
 * How long one site's rescoring job stays the only one: the idempotency key holds the site, the basis and
 * this window, so any number of page loads within it enqueue one job, and a job that stopped (a crash, the
 * time limit) is enqueued again by the next load after the window.
 */
const RESCORE_WINDOW_MS = 10 * 60_000;

/** Rows read per query while a job walks the site, newest first (the list's default order). */
const RESCORE_BATCH = 50;

/**
 * The list's rows as stored, each marked `scoring` when its score is missing or out of date; when any is,
 * the site's rescoring job is enqueued (once per site, basis and window). No article is analysed here.
 */
export async function showStoredScores<T extends ScoredRow>(
  db: DB,
  siteId: string,
  rows: T[],
  { now = new Date() }: { now?: Date } = {},
): Promise<Array<T & { scoring: boolean }>> {
  if (rows.length === 0) return [];
  const basis = seoBasis(await getSeoContext(db, siteId));
  const marked = rows.map((row) => ({ ...row, scoring: isStale(row, basis) }));
  if (marked.some((row) => row.scoring)) await enqueueRescore(db, siteId, basis, now);
  return marked;
}

function isStale(row: Pick<ScoredRow, "seoScore" | "seoBasis">, basis: string) {
  return row.seoBasis !== basis || row.seoScore === null;
}

async function enqueueRescore(db: DB, siteId: string, basis: string, now = new Date()) {
  const window = Math.floor(now.getTime() / RESCORE_WINDOW_MS);
  await enqueueFromRead(
    db,
    RESCORE_JOB,
    { siteId },
    { idempotencyKey: `seo:${siteId}:${basis}:${window}`, maxAttempts: 2, tenant: { siteId } },
  );
}

/**
 * How long one job runs before it hands the rest of the site to a follow-up job: the worker waits for a running
 * job when the server shuts down, so a deploy never waits for 10,000 articles.
 */
const RESCORE_RUN_MS = 20_000;

const Cursor = z.object({ createdAt: z.string(), id: z.string() });
type Cursor = z.infer<typeof Cursor>;
const RescorePayload = z.object({ siteId: z.string(), after: Cursor.optional() });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [RESCORE_JOB]: z.input<typeof RescorePayload>;
  }
}

/** Sites being rescored by this process: a second job for one (the next window came first) leaves it to the first. */
const running = new Set<string>();

export const rescoreArticlesJob: JobDefinition<typeof RescorePayload> = {
  payload: RescorePayload,
  run: async ({ siteId, after }, { db, signal }) => {
    if (running.has(siteId)) return;
    running.add(siteId);
    let rest: Cursor | null;
    try {
      ({ rest } = await rescoreStaleArticles(db, siteId, { signal, after, pauses: true, forMs: RESCORE_RUN_MS }));
    } finally {
      running.delete(siteId);
    }
    // The follow-up goes on from where this one stopped (its key: one follow-up per position).
    if (rest)
      await enqueue(db, RESCORE_JOB, { siteId, after: rest }, { idempotencyKey: `seo:${siteId}:after:${rest.createdAt}:${rest.id}` });
  },
};

/**
 * Scores again the site's articles whose stored score is missing or out of date, newest first (from `after`),
 * one at a time on a CPU worker thread; the job (`pauses`) rests between articles as long as each took. A
 * keyset cursor walks the site once, whatever it holds. Returns how many rows it wrote, and where to go on
 * when `forMs` ran out first (null: the walk is done).
 */
export async function rescoreStaleArticles(
  db: DB,
  siteId: string,
  {
    signal,
    after: from,
    pauses = false,
    forMs = Infinity,
  }: { signal?: AbortSignal; after?: Cursor; pauses?: boolean; forMs?: number } = {},
): Promise<{ written: number; rest: Cursor | null }> {
  const context = await getSeoContext(db, siteId);
  const basis = seoBasis(context);
  const deadline = performance.now() + forMs;
  // A walk's start first indexes the sentences of articles written before the index (the duplicate-content check).
  if (!from) await indexSentences(db, siteId, { signal, pauses });
  let cursor: Cursor | null = from ?? null;
  let written = 0;
  for (;;) {
    signal?.throwIfAborted();
    const after: Cursor | null = cursor;
    const batch: Array<{ id: string; created_at: string; seo_score: number | null; seo_basis: string | null }> = await db
      .selectFrom("articles")
      .select(["id", "created_at", "seo_score", "seo_basis"])
      .where("site_id", "=", siteId)
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb.or([eb("created_at", "<", after!.createdAt), eb.and([eb("created_at", "=", after!.createdAt), eb("id", "<", after!.id)])]),
        ),
      )
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(RESCORE_BATCH)
      .execute();
    if (batch.length === 0) return { written, rest: null };
    for (const row of batch) {
      // At least one row per call, so a walk always moves on.
      if (cursor !== (from ?? null) && performance.now() > deadline) return { written, rest: cursor };
      cursor = { createdAt: row.created_at, id: row.id };
      if (!isStale({ seoScore: row.seo_score, seoBasis: row.seo_basis }, basis)) continue;
      signal?.throwIfAborted();
      const started = performance.now();
      if (await rescoreArticle(db, siteId, row.id, context, basis)) written += 1;
      // As long again idle: at most half a core, so a 2-core server's pages stay quick while 10,000 rows are scored.
      if (pauses) await sleep(performance.now() - started, undefined, { signal });
    }
  }
}

/** Articles indexed per batch by indexSentences. */
const INDEX_BATCH = 200;

/**
 * Indexes the sentences of the site's articles that have none stored yet (written before migration 0034), in id
 * order so each batch reads on from the last. Each article gives the event loop back (the queries are synchronous:
 * a loop of them never lets a request in, and 10,000 articles held the server for seconds); the job (`pauses`)
 * also rests as long as each took, as the rescoring does.
 */
async function indexSentences(db: DB, siteId: string, { signal, pauses }: { signal?: AbortSignal; pauses: boolean }) {
  let after: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await articlesWithoutSentences(db, siteId, INDEX_BATCH, after);
    if (batch.length === 0) return;
    for (const article of batch) {
      const started = performance.now();
      await syncArticleSentences(
        db,
        siteId,
        article.id,
        bodySentences(article.content_html).map((s) => s.hash),
      );
      await (pauses ? sleep(performance.now() - started, undefined, { signal }) : setImmediate());
      after = article.id;
    }
  }
}

/** Scores one article against `basis` and stores the figures; false when it changed meanwhile or failed. */
async function rescoreArticle(db: DB, siteId: string, id: string, context: Awaited<ReturnType<typeof getSeoContext>>, basis: string) {
  const source = await db
    .selectFrom("articles")
    .select(["id", "title", "meta_description", "target_keyword", "content_html", "updated_at"])
    .where("site_id", "=", siteId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!source) return false;
  try {
    const analysis = await runOnCpuWorker({
      kind: "analyse-article",
      request: {
        // Stored content was sanitized when it was written.
        html: source.content_html,
        sanitize: false,
        seo: {
          ...context,
          linkChecks: await linkChecksOfArticle(db, siteId, source.id),
          siteSentences: await siteSentencesFor(db, siteId, source.id, source.content_html),
          research: await researchBasisOfArticle(db, siteId, source.id),
          title: source.title,
          metaDescription: source.meta_description,
          keyword: source.target_keyword,
        },
      },
    });
    // Not an edit: updated_at stays, and a save that landed meanwhile (it scored itself) is not overwritten.
    const result = await db
      .updateTable("articles")
      .set({ seo_score: analysis.seoScore ?? 0, word_count: analysis.wordCount, seo_basis: basis })
      .where("site_id", "=", siteId)
      .where("id", "=", source.id)
      .where("updated_at", "=", source.updated_at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  } catch (error) {
    // The stored figures stay on show, marked as being scored; the next window's job tries again.
    logger.warn({ err: error, articleId: source.id }, "rescoring an article failed");
    return false;
  }
}
