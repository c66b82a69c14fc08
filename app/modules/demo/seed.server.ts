import bcrypt from "bcryptjs";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { offline } from "#app/modules/ai/providers.server";
import { markdownToHtml } from "#app/modules/articles/markdown";
import { createArticle, updateArticle } from "#app/modules/articles/mutations.server";
import { recordAiArticleStarted } from "#app/modules/articles/quota.server";
import { BCRYPT_COST } from "#app/modules/auth/password-hasher.server";
import { CHECK_LINKS_JOB, checkSiteLinks, checkSiteLinksJob } from "#app/modules/backlinks/links.server";
import { addArticleImage, saveGeneratedImage } from "#app/modules/generation/images.server";
import { enqueue } from "#app/modules/jobs/queue.server";
import { runNextJob, type JobRegistry, type RunnableJob } from "#app/modules/jobs/runner.server";
import { completeOnboarding, saveBrandFromScan } from "#app/modules/onboarding/scan.server";
import { getAdapter } from "#app/modules/publishing/adapters.server";
import { disconnectConnection } from "#app/modules/publishing/connect.server";
import { saveConnection } from "#app/modules/publishing/connections.server";
import { newCorrelationId } from "#app/modules/publishing/diagnostics.server";
import { backdatePublished, publishArticleJob, requestPublication } from "#app/modules/publishing/publish.server";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import { chooseTopic } from "#app/modules/scheduler/scheduler.server";
import { saveBrandLook } from "#app/modules/settings/brand.server";
import { DEFAULT_CONTENT_SETTINGS, saveContentSettings } from "#app/modules/settings/content.server";
import { setBlogTheme } from "#app/modules/hosted-blog/appearance.server";
import { createTopic } from "#app/modules/topics/topics.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { logger } from "#app/utils/logger.server";
import { addDays, DAY, HOUR, isoNow, zonedDate } from "#app/utils/time";
import { rescoreStaleArticles } from "#app/modules/articles/stored-score.server";
import { DEMO_ARTICLES, type DemoArticle } from "./articles";
import { DEMO_SCAN, DEMO_TOPICS } from "./brand";
import { DEMO_SITE_PAGES } from "./site-pages";
import { demoLinkCheck } from "./link-checks";

/**
 * The demo site a fresh development database starts with (docs/decisions/040-demo-data.md):
 * Northwind Coffee, a scanned brand on Pro, six topics and a month of planned
 * days, eight hand-written articles in every state the list has (live on the
 * hosted blog, sent as a draft for review, scheduled, draft, failed), the
 * result of its first link check and the usage those articles recorded.
 * Everything goes through the modules the app itself uses (createArticle,
 * requestPublication and the publish job, checkSiteLinks as the daily job...);
 * only dates are set back afterwards, so the history reads as weeks of use.
 */

export const DEMO_EMAIL = "demo@inkpilot.app";
export const DEMO_PASSWORD = "inkpilot-demo";
/** The demo site's hosted blog lives at /b/northwind-coffee. */
export const DEMO_BLOG_SLUG = "northwind-coffee";
/** How long ago the demo account signed up: its 7-day trial ended, then it went Pro. */
const SIGNED_UP_DAYS_AGO = 75;
/** Where the failed article was headed: a webhook the shop disconnected while the post was queued. */
const DEMO_WEBHOOK_URL = "https://hook.eu1.make.com/northwind-newsletter";

const JOB_OPTIONS = { leaseMs: 60_000, pollMs: 1_000 };
type Tenant = { userId: string; workspaceId: string; siteId: string };

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/**
 * Runs the queued job of this name now, as the worker would (the seed runs before the worker starts), with the
 * area's own definition: the worker's registry (app/worker/) is a composition root no module imports.
 */
async function runQueued(db: DB, registry: JobRegistry) {
  await runNextJob(db, registry, JOB_OPTIONS);
}

async function setUpAccount(db: DB, now: Date): Promise<Tenant> {
  const tenant = await createAccount(db, {
    email: DEMO_EMAIL,
    passwordHash: await bcrypt.hash(DEMO_PASSWORD, BCRYPT_COST),
    fullName: "Demo User",
    emailVerified: true,
    isOperator: true,
  });
  const signedUp = ago(now, SIGNED_UP_DAYS_AGO);
  const stamp = isoNow(signedUp);
  // The trial ran its 7 days, then the shop upgraded: the meter is Pro's monthly one.
  await db.updateTable("users").set({ created_at: stamp }).where("id", "=", tenant.userId).execute();
  await db
    .updateTable("workspaces")
    .set({ name: "Northwind Coffee", plan: "pro", created_at: stamp, trial_ends_at: isoNow(new Date(signedUp.getTime() + 7 * DAY)) })
    .where("id", "=", tenant.workspaceId)
    .execute();
  await db.updateTable("sites").set({ created_at: stamp }).where("id", "=", tenant.siteId).execute();
  await saveBrandFromScan(db, tenant.siteId, DEMO_SCAN);
  // What the site-page reader would have stored: the shop's .example domain cannot be fetched.
  await replaceSitePages(
    db,
    tenant.siteId,
    DEMO_SITE_PAGES.map((page) => ({ ...page, fetchedAt: stamp })),
  );
  await db.updateTable("sites").set({ blog_slug: DEMO_BLOG_SLUG }).where("id", "=", tenant.siteId).execute();
  await completeOnboarding(db, tenant.userId);
  // A roaster's caramel (too light for text on white, so the Brand tab shows the shade the blog uses instead), serif
  // headings, and the shop journal theme (docs/decisions/077).
  await saveBrandLook(db, tenant.siteId, { accentColor: "#C8763A", fontPairing: "editorial" });
  await setBlogTheme(db, tenant, "journal", { userId: tenant.userId, ip: null });
  // Few outside links per article: the demo posts cite one or two sources each.
  await saveContentSettings(db, tenant.siteId, { ...DEFAULT_CONTENT_SETTINGS, externalLinks: "few", imageStyle: "minimalist" });
  return tenant;
}

/** Six topics and, over the next month, a topic planned for three days a week (days with a scheduled post left free). */
async function planTopics(db: DB, siteId: string, now: Date, busyDays: Set<string>) {
  const topicIds = new Map<string, string>();
  for (const topic of DEMO_TOPICS) topicIds.set(topic.name, await createTopic(db, siteId, topic));
  const site = await db.selectFrom("sites").select("timezone").where("id", "=", siteId).executeTakeFirstOrThrow();
  const today = zonedDate(now, site.timezone);
  const rotation = DEMO_TOPICS.filter((t) => t.name !== "Roastery news");
  let planned = 0;
  for (let day = 1; day <= 30; day++) {
    const date = addDays(today, day);
    if (day % 7 !== 1 && day % 7 !== 3 && day % 7 !== 5) continue;
    if (busyDays.has(date)) continue;
    const topic = planned % 5 === 4 ? DEMO_TOPICS.at(-1)! : rotation[planned % rotation.length]!;
    await chooseTopic(db, { id: siteId, timeZone: site.timezone }, { date, topicId: topicIds.get(topic.name)!, now });
    planned++;
  }
  return topicIds;
}

/** The article through the save path the app uses, then its title card through the image store, as the engine adds images. */
async function writeArticle(db: DB, tenant: Tenant, article: DemoArticle, topicId: string | null, at: Date) {
  const html = markdownToHtml(article.markdown);
  const created = await createArticle(
    db,
    {
      workspaceId: tenant.workspaceId,
      siteId: tenant.siteId,
      authorId: tenant.userId,
      title: article.title,
      slug: article.slug,
      metaDescription: article.metaDescription,
      targetKeyword: article.keyword,
      topicId,
      contentHtml: html,
      // The demo shows what the engine delivers; as AI articles they are what the plan's quota counts.
      source: "ai",
    },
    { now: at },
  );
  const card = await offline.images.image(article.keyword, "minimalist", { cover: true });
  const url = await saveGeneratedImage(db, { siteId: tenant.siteId, articleId: created.id }, card);
  const alt = `Cover pattern for an article on ${article.keyword}`;
  await addArticleImage(db, { articleId: created.id, path: url, alt, prompt: article.keyword, position: 0, createdAt: isoNow(at) });
  await updateArticle(
    db,
    tenant.siteId,
    created.id,
    { contentHtml: `<p><img src="${url}" alt="${alt.replace(/"/g, "&quot;")}"></p>\n${html}`, featuredImage: url },
    { now: at },
  );
  // The demo's articles stand for AI-written ones, counted once in the month they were written (docs/product.md "Plans and limits").
  await recordAiArticleStarted(db, { workspaceId: tenant.workspaceId, siteId: tenant.siteId, articleId: created.id }, { now: at });
  return created.id;
}

async function publish(db: DB, tenant: Tenant, articleId: string, article: DemoArticle, hostedId: string, webhookId: string, now: Date) {
  const who = { siteId: tenant.siteId, userId: tenant.userId };
  switch (article.state) {
    case "live":
    case "review":
      await requestPublication(
        db,
        who,
        { articleId, connectionId: hostedId, mode: article.state === "live" ? "live" : "draft", scheduleAt: null },
        now,
      );
      await runQueued(db, { "publish-article": publishArticleJob as RunnableJob });
      await backdatePublished(db, articleId, ago(now, article.publishedDaysAgo ?? article.daysAgo));
      return;
    case "scheduled": {
      const day = new Date(now.getTime() + (article.scheduleInDays ?? 1) * DAY);
      const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + 9 * HOUR);
      await requestPublication(db, who, { articleId, connectionId: hostedId, mode: "live", scheduleAt: at }, now);
      return;
    }
    case "failed":
      // Queued for the newsletter webhook, which was disconnected before the job ran: the engine fails it and says why.
      await requestPublication(db, who, { articleId, connectionId: webhookId, mode: "live", scheduleAt: null }, now);
      await disconnectConnection(db, tenant.siteId, webhookId);
      await runQueued(db, { "publish-article": publishArticleJob as RunnableJob });
      return;
    case "draft":
      return;
  }
}

/** The newsletter webhook the failed article was sent to, connected as the Integrations tab does (without its test delivery). */
async function connectWebhook(db: DB, tenant: Tenant) {
  const adapter = getAdapter("webhook")!;
  const result = await adapter.connect(
    { siteUrl: DEMO_WEBHOOK_URL, secret: "", options: {} },
    {
      connectionId: "",
      siteId: tenant.siteId,
      siteUrl: DEMO_WEBHOOK_URL,
      correlationId: newCorrelationId(),
      signal: AbortSignal.timeout(5_000),
      log: async () => {},
    },
  );
  const connection = await saveConnection(db, { siteId: tenant.siteId, userId: tenant.userId, platform: "webhook", result, doctor: [] });
  return connection.id;
}

/** Today's daily link check, run as that job with the recorded outcomes (link-checks.ts), so the page has results at once. */
async function checkLinks(db: DB, siteId: string, now: Date) {
  const day = now.toISOString().slice(0, 10);
  // The daily check's own key (enqueueDailyLinkChecks): the minute tick sees today's run as done.
  await enqueue(db, CHECK_LINKS_JOB, { siteId, trigger: "daily" }, { idempotencyKey: `links:${siteId}:daily:${day}`, maxAttempts: 2 });
  await runQueued(db, {
    [CHECK_LINKS_JOB]: {
      ...checkSiteLinksJob,
      run: async (payload, { db: jobDb, signal }) => {
        const { siteId: id } = checkSiteLinksJob.payload.parse(payload);
        await checkSiteLinks(jobDb, id, { signal, check: async (url) => demoLinkCheck(url) });
      },
    },
  });
}

/** Demo data for a fresh development database (see the module comment). */
export async function seedDemo(db: DB, { now = new Date() }: { now?: Date } = {}) {
  const tenant = await setUpAccount(db, now);
  const hosted = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", tenant.siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  const scheduledDays = new Set(
    DEMO_ARTICLES.filter((a) => a.state === "scheduled").map((a) => addDays(zonedDate(now, "UTC"), a.scheduleInDays ?? 1)),
  );
  const topicIds = await planTopics(db, tenant.siteId, now, scheduledDays);
  const webhookId = await connectWebhook(db, tenant);
  for (const article of DEMO_ARTICLES) {
    const articleId = await writeArticle(db, tenant, article, topicIds.get(article.topic) ?? null, ago(now, article.daysAgo));
    await publish(db, tenant, articleId, article, hosted.id, webhookId, now);
  }
  await checkLinks(db, tenant.siteId, now);
  // The checks changed what the scores know about the links: the stored scores agree with the panel from the start.
  await rescoreStaleArticles(db, tenant.siteId);
  // The articles written while the trial ran are the trial's.
  const trialEnd = ago(now, SIGNED_UP_DAYS_AGO - 7);
  const inTrial = DEMO_ARTICLES.filter((a) => ago(now, a.daysAgo) < trialEnd).length;
  await db.updateTable("workspaces").set({ trial_articles_used: inTrial }).where("id", "=", tenant.workspaceId).execute();
  return tenant;
}

export async function seedDemoIfEmpty(db: DB) {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const started = performance.now();
  await seedDemo(db);
  logger.info({ email: DEMO_EMAIL, ms: Math.round(performance.now() - started) }, "demo data loaded");
  console.log(`\n  Demo account ready: sign in with ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  console.log(`  Its hosted blog: ${getEnv().appUrl}/b/${DEMO_BLOG_SLUG}\n`);
  return true;
}
