import { checkSiteLinksJob, CHECK_LINKS_JOB } from "#app/modules/backlinks/links.server";
import { deliverMailJob } from "#app/modules/email/mailer.server";
import { generateArticleJob } from "#app/modules/generation/jobs.server";
import { purgeExpired } from "./maintenance.server";
import type { JobRegistry } from "./runner.server";

/** Every job the worker knows, by name. Each area defines its own jobs; this only collects them. */
export const jobRegistry = {
  "deliver-mail": deliverMailJob,
  "purge-expired": { run: (_payload, { db }) => purgeExpired(db) },
  "generate-article": generateArticleJob,
  [CHECK_LINKS_JOB]: checkSiteLinksJob,
} satisfies JobRegistry;
