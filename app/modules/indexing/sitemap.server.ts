import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { blogAddressOf } from "#app/modules/hosted-blog/address.server";
import { blogFileUrl } from "#app/modules/hosted-blog/urls";
import { enqueue, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { SearchConsoleQuotaError } from "#app/modules/search-console/types";
import { DAY, isoNow, MINUTE } from "#app/utils/time";
import { searchConsoleFor } from "#app/modules/search-console/connection.server";
import { SEARCH_CONSOLE_WRITE_SCOPE } from "#app/modules/search-console/google-oauth.server";
import { propertyCovers } from "#app/modules/search-console/property-match";

/**
 * The hosted blog's sitemap, submitted to Search Console after a live publication (docs/decisions/060-search-results.md)
 * when the customer granted the sitemap scope and the sitemap lies in the connected property; at most once a day
 * per site (Google reads a submitted sitemap again on its own; a daily nudge is plenty).
 */

export const SUBMIT_SITEMAP_JOB = "submit-sitemap";
const ONCE_PER_MS = DAY;
/** A burst of publications is one submission, of a sitemap that holds them all. */
const DELAY_MS = 2 * MINUTE;

async function submittable(db: DB, siteId: string, now: Date) {
  const access = await searchConsoleFor(db, siteId);
  if (!access || !access.scopes.includes(SEARCH_CONSOLE_WRITE_SCOPE)) return null;
  const address = await blogAddressOf(db, siteId);
  if (!address) return null;
  const sitemapUrl = blogFileUrl(address, "sitemap.xml");
  if (!propertyCovers(access.property, sitemapUrl)) return null;
  const last = await db
    .selectFrom("sitemap_submissions")
    .select(["submitted_at", "status"])
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  if (last?.status === "sent" && now.getTime() - Date.parse(last.submitted_at) < ONCE_PER_MS) return null;
  return { access, sitemapUrl };
}

/** After a live hosted-blog publication: queues the day's submission when there is one to make. */
export async function submitSitemapSoon(db: DB, siteId: string, now = new Date()) {
  if (!(await submittable(db, siteId, now))) return false;
  await enqueue(
    db,
    SUBMIT_SITEMAP_JOB,
    { siteId },
    {
      runAt: new Date(now.getTime() + DELAY_MS),
      idempotencyKey: `sitemap:${siteId}:${now.toISOString().slice(0, 10)}`,
      maxAttempts: 4,
      tenant: { siteId },
    },
  );
  return true;
}

/** One attempt: submits the sitemap and records it; a quota answer is retried, anything else recorded as failed. */
export async function submitSitemap(db: DB, siteId: string, now = new Date()) {
  const ready = await submittable(db, siteId, now);
  if (!ready) return "skipped" as const;
  const record = (status: "sent" | "failed", lastError: string | null) => {
    const values = { sitemap_url: ready.sitemapUrl, status, last_error: lastError, submitted_at: isoNow(now) };
    return db
      .insertInto("sitemap_submissions")
      .values({ site_id: siteId, ...values })
      .onConflict((oc) => oc.column("site_id").doUpdateSet(values))
      .execute();
  };
  try {
    await ready.access.api.submitSitemap(ready.access.property, ready.sitemapUrl);
  } catch (error) {
    if (error instanceof SearchConsoleQuotaError) throw new RetryLaterError(error.message, error.retryAfterMs ?? 10 * MINUTE);
    await record("failed", (error instanceof Error ? error.message : String(error)).slice(0, 200));
    return "failed" as const;
  }
  await record("sent", null);
  return "sent" as const;
}

const Payload = z.object({ siteId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [SUBMIT_SITEMAP_JOB]: z.input<typeof Payload>;
  }
}

export const submitSitemapJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: async ({ siteId }, { db }) => {
    await submitSitemap(db, siteId);
  },
};
