import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { hasActiveJob, lastJobEnqueuedSince } from "#app/modules/jobs/find.server";
import { enqueue } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { planAtOnboarding } from "#app/modules/plan/onboarding.server";
import { listSitePages } from "#app/modules/research/site-pages.server";
import { readSitePages } from "#app/modules/research/site-reader.server";
import { logger } from "#app/utils/logger.server";
import { isoNow, MINUTE } from "#app/utils/time";

/**
 * After the onboarding scan, the site's own pages are read (products,
 * categories, FAQ: research the planner and the writers use) and, at
 * onboarding, the first plan is made from them, or from what the scan stored
 * when the read failed. Brand settings can ask for a fresh read.
 */

export const READ_SITE_PAGES_JOB = "read-site-pages";
/** A fresh read at most this often per site. */
const REREAD_INTERVAL_MS = MINUTE;

const Payload = z.object({ siteId: z.string().min(1), plan: z.boolean().default(false) });

declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [READ_SITE_PAGES_JOB]: z.input<typeof Payload>;
  }
}

export const readSitePagesJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: async ({ siteId, plan }, { db, job, signal }) => {
    const correlationId = String(job.id);
    try {
      const result = await readSitePages(db, siteId, { signal, correlationId });
      logger.info({ correlationId, siteId, ...result }, "site pages read");
    } catch (error) {
      // The plan is made from what is there: a site that cannot be read still gets one.
      logger.warn({ correlationId, siteId, err: error instanceof Error ? error.message : String(error) }, "site pages not read");
    }
    if (plan) await planAtOnboarding(db, siteId, { correlationId });
  },
};

/** Queues a read of the site's pages (and, at onboarding, the first plan); false when one was queued less than a minute ago. */
export async function requestSitePagesRead(db: DB, siteId: string, { plan = false, now = new Date() } = {}) {
  const since = isoNow(new Date(now.getTime() - REREAD_INTERVAL_MS));
  if (await lastJobEnqueuedSince(db, READ_SITE_PAGES_JOB, { siteId }, since)) return false;
  await enqueue(
    db,
    READ_SITE_PAGES_JOB,
    { siteId, plan },
    { idempotencyKey: `site-pages:${siteId}:${now.toISOString()}`, maxAttempts: 2, tenant: { siteId } },
  );
  return true;
}

export type SitePagesSummary = {
  products: number;
  categories: number;
  faqs: number;
  pages: number;
  /** When they were last read (ISO), or null when never. */
  readAt: string | null;
  /** A read is queued or under way. */
  reading: boolean;
  /** Whether the site has an address to read from. */
  hasSite: boolean;
};

/** What brand settings shows about the site's pages. */
export async function sitePagesSummary(db: DB, siteId: string): Promise<SitePagesSummary> {
  const [pages, reading, site] = await Promise.all([
    listSitePages(db, siteId),
    hasActiveJob(db, READ_SITE_PAGES_JOB, { siteId }),
    db.selectFrom("sites").select("url").where("id", "=", siteId).executeTakeFirst(),
  ]);
  const count = (kind: string) => pages.filter((p) => p.kind === kind).length;
  return {
    products: count("product"),
    categories: count("category"),
    faqs: count("faq"),
    pages: count("page"),
    readAt:
      pages
        .map((p) => p.fetchedAt)
        .sort()
        .at(-1) ?? null,
    reading,
    hasSite: Boolean(site?.url),
  };
}
