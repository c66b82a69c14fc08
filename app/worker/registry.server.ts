import { autopilotPublishJob, autopilotReadyJob, autopilotWriteJob } from "#app/modules/autopilot/autopilot.server";
import { planDigestsJob, sendDigestJob } from "#app/modules/autopilot/digest.server";
import { applyStripeEventJob, syncSiteQuantityJob } from "#app/modules/billing/stripe-events.server";
import { syncContactJob } from "#app/modules/crm/hubspot.server";
import { CHECK_LINKS_JOB, CHECK_RUN_TIMEOUT_MS, checkSiteLinksJob } from "#app/modules/backlinks/links.server";
import { deliverMailJob } from "#app/modules/email/mailer.server";
import { RESCORE_JOB, rescoreArticlesJob } from "#app/modules/articles/stored-score.server";
import { generateArticleJob } from "#app/modules/generation/jobs.server";
import { INDEXNOW_JOB, sendIndexNowJob } from "#app/modules/indexing/indexnow.server";
import { INDEXING_SWEEP_JOB, indexingSweepJob, INSPECT_JOB, inspectUrlsJob } from "#app/modules/indexing/inspection.server";
import { SUBMIT_SITEMAP_JOB, submitSitemapJob } from "#app/modules/indexing/sitemap.server";
import { checkLivePostJob, LIVE_CHECK_JOB } from "#app/modules/publishing/live-check.server";
import { publishArticleJob } from "#app/modules/publishing/publish.server";
import { DELIVER_WEBHOOK_JOB, deliverWebhookJob } from "#app/modules/webhooks/webhooks.server";
import { MINUTE } from "#app/utils/time";
import type { JobPayloads } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { READ_SITE_PAGES_JOB, readSitePagesJob } from "#app/modules/onboarding/site-pages-job.server";
import { IMPORT_SEARCH_RESULTS_JOB, importSearchResultsJob } from "#app/modules/search-console/import.server";
import { DETECT_FINDINGS_JOB, detectFindingsJob } from "#app/modules/results/jobs.server";
import { purgeExpiredJob } from "./maintenance.server";
import type { z } from "zod";

/**
 * Every job the worker knows, by name, with its payload schema, lane and time
 * limit per attempt (app/modules/jobs/runner.server.ts). Each area defines its own
 * jobs and declares their payloads for enqueue() (JobPayloads in queue.server.ts);
 * this composition root only collects them and decides where and how long they
 * run, so no area imports another through the queue (docs/decisions/022-job-registry-with-typed-payloads.md).
 */
export const jobRegistry = {
  // Postmark's client gives up after 20 s; the limit leaves room for the look-up before a retry.
  "deliver-mail": { ...deliverMailJob, lane: "mail", timeoutMs: 2 * MINUTE },
  // A long article with images takes minutes; each model call has its own timeout below this.
  "generate-article": { ...generateArticleJob, lane: "user", timeoutMs: 30 * MINUTE },
  // Each attempt makes a handful of requests to one platform; each request has its own 30 s limit.
  "publish-article": { ...publishArticleJob, lane: "publish", timeoutMs: 10 * MINUTE },
  "purge-expired": { ...purgeExpiredJob, lane: "bulk" },
  // Capped per run and per host; what is left when the limit strikes is checked first next time.
  [CHECK_LINKS_JOB]: { ...checkSiteLinksJob, lane: "bulk", timeoutMs: CHECK_RUN_TIMEOUT_MS },
  // One page fetch (20 s limit) and its analysis; nobody waits on it.
  [LIVE_CHECK_JOB]: { ...checkLivePostJob, lane: "bulk", timeoutMs: MINUTE },
  // Billing (docs/decisions/046): one Stripe read and a database write; the customer may be watching.
  "apply-stripe-event": { ...applyStripeEventJob, lane: "user", timeoutMs: MINUTE },
  "sync-site-quantity": { ...syncSiteQuantityJob, lane: "user", timeoutMs: MINUTE },
  // One HubSpot upsert; nobody waits on it.
  "sync-contact": { ...syncContactJob, lane: "bulk", timeoutMs: MINUTE },
  // One signed POST to a customer's event webhook (15 s limit): its own lane, so a receiver that never answers
  // cannot hold a publishing slot (docs/decisions/051).
  [DELIVER_WEBHOOK_JOB]: { ...deliverWebhookJob, lane: "events", timeoutMs: MINUTE },
  // Auto-pilot (docs/decisions/049): short steps with a deadline (the day's slot), so never behind bulk link checks;
  // each starts a generation or a publication, which run in their own lanes.
  "autopilot-write": { ...autopilotWriteJob, lane: "publish", timeoutMs: MINUTE },
  "autopilot-publish": { ...autopilotPublishJob, lane: "publish", timeoutMs: MINUTE },
  // Checks the day's article as soon as it is written (Ready or Held), long before its publishing time.
  "autopilot-ready": { ...autopilotReadyJob, lane: "publish", timeoutMs: MINUTE },
  // The digest: one planning job a day, then one small mail job per member and workspace.
  "plan-digests": { ...planDigestsJob, lane: "bulk", timeoutMs: 5 * MINUTE },
  "send-digest": { ...sendDigestJob, lane: "bulk", timeoutMs: MINUTE },
  // Stale SEO scores of one site (docs/decisions/053): one article at a time, 10,000 in a few minutes; nobody waits.
  [RESCORE_JOB]: { ...rescoreArticlesJob, lane: "bulk", timeoutMs: 15 * MINUTE },
  // The site's own pages (at most 20, one minute in all) and, at onboarding, the first plan; the customer may be
  // waiting on the plan page.
  [READ_SITE_PAGES_JOB]: { ...readSitePagesJob, lane: "user", timeoutMs: 5 * MINUTE },
  // Telling search engines (app/modules/indexing): one IndexNow POST, one sitemap submission, or up to 100 URL
  // inspections (one Google call each); nobody waits on them.
  [INDEXNOW_JOB]: { ...sendIndexNowJob, lane: "bulk", timeoutMs: MINUTE },
  [SUBMIT_SITEMAP_JOB]: { ...submitSitemapJob, lane: "bulk", timeoutMs: MINUTE },
  [INSPECT_JOB]: { ...inspectUrlsJob, lane: "bulk", timeoutMs: 10 * MINUTE },
  // Once a day: posts published before a site connected Search Console start being followed (reads and inserts only).
  [INDEXING_SWEEP_JOB]: { ...indexingSweepJob, lane: "bulk", timeoutMs: 5 * MINUTE },
  // A site's daily Search Console import (docs/decisions/060): a few calls a day once caught up; the first run
  // reads 16 months (225 calls for 10,000 pages, about a minute: npm run bench:results); nobody waits on it.
  [IMPORT_SEARCH_RESULTS_JOB]: { ...importSearchResultsJob, lane: "bulk", timeoutMs: 30 * MINUTE },
  // A site's search findings after an import: a few grouped reads of its figures and one transaction; nobody waits.
  [DETECT_FINDINGS_JOB]: { ...detectFindingsJob, lane: "bulk", timeoutMs: 5 * MINUTE },
} satisfies Record<string, JobDefinition>;

type Registered = { [N in keyof typeof jobRegistry]: z.input<(typeof jobRegistry)[N]["payload"]> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Compiles only while the worker runs exactly the jobs enqueue() accepts, with the same payloads:
 * a job an area declares but nobody registers here (or the reverse) is a type error, not a job that never runs.
 */
type RegistryMatchesEnqueue = Same<Registered, JobPayloads> extends true ? true : never;
const _registryMatchesEnqueue: RegistryMatchesEnqueue = true;
