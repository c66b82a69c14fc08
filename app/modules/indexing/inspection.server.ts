import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { DeferJobError, enqueue } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { SearchConsoleAccessError, SearchConsoleAuthError, SearchConsoleQuotaError } from "#app/modules/search-console/types";
import { DAY, HOUR, isoNow, MINUTE } from "#app/utils/time";
import { searchConsoleFor } from "#app/modules/search-console/connection.server";
import { connectedSites } from "#app/modules/search-console/status.server";
import { propertyCovers } from "#app/modules/search-console/property-match";
import { nextQuotaDay, takeInspectionCall } from "./inspection-quota.server";

/**
 * 'Indexed by Google' for a published post on a site with Search Console (docs/decisions/060-search-results.md):
 * the URL Inspection API is asked shortly after the post goes live and again 1, 3, 7, 14 and 28 days after, until
 * Google says it is indexed (verdict PASS); then never again. One job per site inspects what is due, newest posts
 * first, counting every call against the property's day (2,000) and minute (600) in search_console_calls; what the
 * quota leaves over waits for the next minute or Pacific day, the newest posts still first.
 */

export const INSPECT_JOB = "inspect-urls";
/** When to look, counted from the publication: a first look, then days 1, 3, 7, 14 and 28. */
export const INSPECTION_SCHEDULE_MS = [10 * MINUTE, DAY, 3 * DAY, 7 * DAY, 14 * DAY, 28 * DAY] as const;
/** Inspections per job run; a longer backlog continues in the next run. */
const RUN_LIMIT = 100;
const ERROR_RETRY_MS = HOUR;

/**
 * When to look after `inspections` looks at a post published at publishedAt: the next step of the schedule still
 * ahead (a look that waited for the quota skips the steps it overran); null when the schedule is over.
 */
export function nextInspectionAt(publishedAt: string, inspections: number, now: Date): Date | null {
  const published = Date.parse(publishedAt);
  for (const step of INSPECTION_SCHEDULE_MS.slice(inspections)) {
    if (published + step > now.getTime()) return new Date(published + step);
  }
  return null;
}

async function enqueueRun(db: DB, siteId: string, at: Date) {
  const minute = Math.floor(at.getTime() / MINUTE);
  await enqueue(
    db,
    INSPECT_JOB,
    { siteId },
    { runAt: new Date(minute * MINUTE + MINUTE), idempotencyKey: `inspect:${siteId}:${minute}`, maxAttempts: 3, tenant: { siteId } },
  );
}

/**
 * After a live publication: when the site has Search Console and the post's URL belongs to its property, the post
 * is (again) followed until indexed. A post already indexed at the same URL stays as it is. Returns whether it is followed.
 */
export async function followIndexing(
  db: DB,
  publication: { id: string; siteId: string; url: string; publishedAt: string },
  now = new Date(),
) {
  const access = await searchConsoleFor(db, publication.siteId);
  if (!access || !propertyCovers(access.property, publication.url)) return false;
  const existing = await db.selectFrom("url_inspections").selectAll().where("publication_id", "=", publication.id).executeTakeFirst();
  if (existing && existing.url === publication.url && (existing.verdict === "PASS" || existing.next_inspection_at)) return true;
  const next = nextInspectionAt(publication.publishedAt, 0, now) ?? new Date(now.getTime() + MINUTE);
  const stamp = isoNow(now);
  const fresh = {
    site_id: publication.siteId,
    url: publication.url,
    published_at: publication.publishedAt,
    verdict: null,
    coverage_state: null,
    last_crawl_time: null,
    inspections: 0,
    inspected_at: null,
    next_inspection_at: next.toISOString(),
    last_error: null,
    updated_at: stamp,
  };
  await db
    .insertInto("url_inspections")
    .values({ publication_id: publication.id, created_at: stamp, ...fresh })
    .onConflict((oc) => oc.column("publication_id").doUpdateSet(fresh))
    .execute();
  await enqueueRun(db, publication.siteId, next);
  return true;
}

export type InspectionRun = { inspected: number; waitMs: number | null; stopped: string | null };

/** One run for a site: inspects the due posts, newest first, within the quota. */
export async function inspectDue(db: DB, siteId: string, { now = () => new Date(), limit = RUN_LIMIT } = {}): Promise<InspectionRun> {
  const run: InspectionRun = { inspected: 0, waitMs: null, stopped: null };
  const access = await searchConsoleFor(db, siteId);
  if (!access) return { ...run, stopped: "no connection" };
  const due = await db
    .selectFrom("url_inspections")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("next_inspection_at", "<=", now().toISOString())
    .orderBy("published_at", "desc")
    .limit(limit)
    .execute();
  for (const row of due) {
    const at = now();
    const take = await takeInspectionCall(db, access.property, at);
    if (!take.ok) {
      run.waitMs = take.waitMs;
      break;
    }
    const update = (
      set: Partial<{
        verdict: string;
        coverage_state: string;
        last_crawl_time: string | null;
        last_error: string | null;
        next_inspection_at: string | null;
      }>,
    ) =>
      db
        .updateTable("url_inspections")
        .set((eb) => ({ ...set, inspections: eb("inspections", "+", 1), inspected_at: isoNow(at), updated_at: isoNow(at) }))
        .where("publication_id", "=", row.publication_id)
        .execute();
    try {
      const result = await access.api.inspectUrl(access.property, row.url);
      const indexed = result.verdict === "PASS";
      await update({
        verdict: result.verdict,
        coverage_state: result.coverageState,
        last_crawl_time: result.lastCrawlTime,
        last_error: null,
        next_inspection_at: indexed ? null : (nextInspectionAt(row.published_at, row.inspections + 1, at)?.toISOString() ?? null),
      });
      run.inspected += 1;
    } catch (error) {
      if (error instanceof SearchConsoleQuotaError) {
        run.waitMs = error.window === "daily" ? nextQuotaDay(at).getTime() - at.getTime() : (error.retryAfterMs ?? MINUTE);
        break;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof SearchConsoleAuthError || error instanceof SearchConsoleAccessError) {
        // The connection needs the customer; its own area shows that. The post is looked at again once it works.
        run.stopped = message;
        break;
      }
      await update({ last_error: message.slice(0, 200), next_inspection_at: new Date(at.getTime() + ERROR_RETRY_MS).toISOString() });
    }
  }
  const nextRow = await db
    .selectFrom("url_inspections")
    .select((eb) => eb.fn.min("next_inspection_at").as("next"))
    .where("site_id", "=", siteId)
    .where("next_inspection_at", "is not", null)
    .executeTakeFirst();
  if (run.waitMs === null && !run.stopped && nextRow?.next) {
    await enqueueRun(db, siteId, new Date(Math.max(Date.parse(nextRow.next), now().getTime())));
  }
  return run;
}

const Payload = z.object({ siteId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [INSPECT_JOB]: z.input<typeof Payload>;
  }
}

export const inspectUrlsJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: async ({ siteId }, { db }) => {
    const result = await inspectDue(db, siteId);
    // Waiting for the quota is not a failed attempt: the job comes back when the minute or the day has turned.
    if (result.waitMs !== null) throw new DeferJobError("The URL Inspection quota is used up for now.", result.waitMs);
  },
};

export const INDEXING_SWEEP_JOB = "indexing-sweep";
/** Posts a site's sweep starts following at most (the newest): the rest would only wait behind them in the quota. */
const SWEEP_POSTS_PER_SITE = 200;

/** Once a day (from the minute tick): the sweep that follows posts published before the site connected Search Console. */
export async function enqueueIndexingSweep(db: DB, now = new Date()) {
  await enqueue(db, INDEXING_SWEEP_JOB, {}, { idempotencyKey: `indexing-sweep:${now.toISOString().slice(0, 10)}`, maxAttempts: 2 });
}

/**
 * Every connected site's newest live posts that are not followed yet (published before the connection, or when
 * the hook after publishing failed): followed from now on, newest first within the quota. Returns how many.
 */
export async function sweepUnfollowedPosts(db: DB, now = new Date()) {
  let followed = 0;
  for (const siteId of await connectedSites(db, { usable: true })) {
    const posts = await db
      .selectFrom("publications as p")
      .leftJoin("url_inspections as u", "u.publication_id", "p.id")
      .select(["p.id", "p.remote_url", "p.published_at"])
      .where("p.site_id", "=", siteId)
      .where("p.status", "=", "published")
      .where("p.mode", "=", "live")
      .where("p.remote_url", "is not", null)
      .where("u.publication_id", "is", null)
      .orderBy("p.published_at", "desc")
      .limit(SWEEP_POSTS_PER_SITE)
      .execute();
    for (const post of posts) {
      const publishedAt = post.published_at ?? isoNow(now);
      if (await followIndexing(db, { id: post.id, siteId, url: post.remote_url!, publishedAt }, now)) followed += 1;
    }
  }
  return followed;
}

const SweepPayload = z.object({});

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [INDEXING_SWEEP_JOB]: z.input<typeof SweepPayload>;
  }
}

export const indexingSweepJob: JobDefinition<typeof SweepPayload> = {
  payload: SweepPayload,
  run: async (_payload, { db }) => {
    await sweepUnfollowedPosts(db);
  },
};

export type IndexStatus = {
  state: "indexed" | "waiting" | "not_indexed" | "not_inspected";
  /** 'Indexed by Google', 'Not indexed yet', ... */
  label: string;
  /** Google's verdict and coverage state in words. */
  detail: string;
  fix: string | null;
};

const VERDICT_WORDS: Record<string, string> = {
  PASS: "Indexed",
  PARTIAL: "Indexed, with warnings",
  FAIL: "Not indexed: Google reported an error",
  NEUTRAL: "Not indexed",
};

/** Pure: a row's status in the words the live check shows. */
export function indexStatusOf(
  row: { verdict: string | null; coverage_state: string | null; next_inspection_at: string | null; last_crawl_time: string | null },
  formatDate: (iso: string) => string,
): IndexStatus {
  if (!row.verdict) {
    return {
      state: "not_inspected",
      label: "Indexed by Google",
      detail: "Not looked up yet: Google's index status is asked for shortly after publishing.",
      fix: null,
    };
  }
  const said = `${VERDICT_WORDS[row.verdict] ?? "Unknown"}${row.coverage_state ? ` (Google: “${row.coverage_state}”)` : ""}.`;
  const crawled = row.last_crawl_time ? ` Last crawled ${formatDate(row.last_crawl_time)}.` : "";
  if (row.verdict === "PASS") return { state: "indexed", label: "Indexed by Google", detail: `${said}${crawled}`, fix: null };
  if (row.next_inspection_at) {
    return {
      state: "waiting",
      label: "Indexed by Google",
      detail: `Not yet. ${said}${crawled} Looked up again on ${formatDate(row.next_inspection_at)}.`,
      fix: null,
    };
  }
  return {
    state: "not_indexed",
    label: "Indexed by Google",
    detail: `Not after four weeks. ${said}${crawled}`,
    fix: "Open the post in Search Console's URL Inspection to see why, and use Request indexing there once it is fixed.",
  };
}

/** The article's publications' index status, by publication id (the live check shows it per destination). */
export async function indexStatusOfArticle(db: DB, siteId: string, articleId: string, formatDate: (iso: string) => string) {
  const rows = await db
    .selectFrom("url_inspections as u")
    .innerJoin("publications as p", "p.id", "u.publication_id")
    .select(["u.publication_id", "u.verdict", "u.coverage_state", "u.next_inspection_at", "u.last_crawl_time"])
    .where("u.site_id", "=", siteId)
    .where("p.article_id", "=", articleId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.publication_id, indexStatusOf(row, formatDate)])) as Record<string, IndexStatus>;
}
