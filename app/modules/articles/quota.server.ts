import type { DB } from "#app/db/client.server";
import { DAY, isoNow } from "#app/utils/time";
import { PRO_MONTHLY_ARTICLES, TRIAL_MAX_ARTICLES, USAGE_WARNING_PERCENT } from "#app/modules/billing/plans";
import { loadEntitlement } from "#app/modules/billing/subscriptions.server";
import { QUOTA_MESSAGES, type QuotaCode, type UsageState, type UsageSummary } from "#app/modules/billing/usage";
import { countTrialArticle } from "#app/modules/workspaces/accounts.server";

export type { QuotaCode, UsageState, UsageSummary };
export { QUOTA_MESSAGES };

/**
 * The one place that decides what counts against a plan's articles, per
 * docs/product.md "Plans and limits": only
 * an article **written by the AI engine** counts (the write screen's AI
 * generation, the generator, later the API and auto-pilot, all through
 * startGeneration). It counts once, when its generation starts; deleting it
 * gives nothing back, and regenerating or editing it with AI does not count
 * again. Articles written by hand never count (docs/decisions/035).
 * A trial allows 3 such articles within 7 days, Pro 50 per site per calendar
 * month (UTC).
 *
 * Every function takes `db` first so callers can pass a transaction and check +
 * record atomically with the insert of the article or the generation.
 */

export class QuotaError extends Error {
  readonly title: string;
  readonly code: QuotaCode;
  constructor(code: QuotaCode) {
    const { title, message } = QUOTA_MESSAGES[code];
    super(message);
    this.name = "QuotaError";
    this.code = code;
    this.title = title;
  }
}

export function isQuotaError(error: unknown): error is QuotaError {
  return error instanceof QuotaError;
}

/** The calendar month an event belongs to, 'YYYY-MM' in UTC. */
export function monthKey(at: Date = new Date()) {
  return at.toISOString().slice(0, 7);
}

type QuotaOptions = { now?: Date };

async function loadWorkspace(db: DB, workspaceId: string) {
  const workspace = await db
    .selectFrom("workspaces")
    .select(["plan", "trial_ends_at", "trial_articles_used"])
    .where("id", "=", workspaceId)
    .executeTakeFirst();
  if (!workspace) throw new Error(`Workspace ${workspaceId} not found`);
  return workspace;
}

async function countMonthly(db: DB, workspaceId: string, siteId: string, month: string) {
  const row = await db
    .selectFrom("usage_events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("site_id", "=", siteId)
    .where("workspace_id", "=", workspaceId)
    .where("month", "=", month)
    .where("kind", "=", "article_created")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function blockFor(plan: "trial" | "pro", trialExpired: boolean, trialUsed: number, monthlyUsed: number): QuotaCode | null {
  if (plan === "pro") return monthlyUsed >= PRO_MONTHLY_ARTICLES ? "monthly_limit" : null;
  if (trialExpired) return "trial_expired";
  if (trialUsed >= TRIAL_MAX_ARTICLES) return "trial_limit";
  return null;
}

export function usageState(used: number, max: number): UsageState {
  if (used >= max) return "limit";
  return (used / max) * 100 >= USAGE_WARNING_PERCENT ? "warning" : "ok";
}

export async function getUsageSummary(
  db: DB,
  workspaceId: string,
  siteId: string,
  { now = new Date() }: QuotaOptions = {},
): Promise<UsageSummary> {
  const workspace = await loadWorkspace(db, workspaceId);
  // The plan whose limits apply comes from the entitlement (a live subscription, docs/decisions/046).
  const entitlement = await loadEntitlement(db, workspaceId, now);
  const month = monthKey(now);
  const monthlyUsed = await countMonthly(db, workspaceId, siteId, month);
  const msLeft = new Date(workspace.trial_ends_at).getTime() - now.getTime();
  const trialExpired = !(msLeft > 0);
  const plan = entitlement.plan;
  const code =
    entitlement.state === "ended" ? "subscription_ended" : blockFor(plan, trialExpired, workspace.trial_articles_used, monthlyUsed);
  return {
    plan,
    trial: {
      active: plan === "trial" && !trialExpired && workspace.trial_articles_used < TRIAL_MAX_ARTICLES,
      daysRemaining: Math.max(0, Math.ceil(msLeft / DAY)),
      used: workspace.trial_articles_used,
      max: TRIAL_MAX_ARTICLES,
      endsAt: workspace.trial_ends_at,
      state: usageState(workspace.trial_articles_used, TRIAL_MAX_ARTICLES),
    },
    monthly: {
      used: monthlyUsed,
      max: PRO_MONTHLY_ARTICLES,
      percent: Math.min(100, Math.round((monthlyUsed / PRO_MONTHLY_ARTICLES) * 100)),
      state: usageState(monthlyUsed, PRO_MONTHLY_ARTICLES),
      month,
    },
    blocked: code ? { code, ...QUOTA_MESSAGES[code] } : null,
  };
}

/** Throws QuotaError when the AI engine may not start writing a new article for this site. */
export async function assertCanStartAiArticle(db: DB, workspaceId: string, siteId: string, options: QuotaOptions = {}) {
  const summary = await getUsageSummary(db, workspaceId, siteId, options);
  if (summary.blocked) throw new QuotaError(summary.blocked.code);
}

/** Whether this article already counted (its first AI generation started); such an article never counts again. */
async function hasCounted(db: DB, siteId: string, articleId: string) {
  const row = await db
    .selectFrom("usage_events")
    .select("id")
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records one article the AI engine started writing: a usage event in the
 * current month and, while the workspace is on trial, one more trial article.
 * Call it in the same transaction as the generation's start, after
 * assertCanStartAiArticle. (The event's kind keeps its stored name, 'article_created'.)
 */
export async function recordAiArticleStarted(
  db: DB,
  { workspaceId, siteId, articleId }: { workspaceId: string; siteId: string; articleId: string | null },
  { now = new Date() }: QuotaOptions = {},
) {
  await db
    .insertInto("usage_events")
    .values({
      workspace_id: workspaceId,
      site_id: siteId,
      article_id: articleId,
      month: monthKey(now),
      kind: "article_created",
      created_at: isoNow(now),
    })
    .execute();
  await countTrialArticle(db, workspaceId);
}

/**
 * The quota step of starting an AI generation for an article, in the caller's
 * transaction: an article that has not counted yet (a new one, or a hand-written
 * draft the engine now rewrites) is checked and recorded; one that already
 * counted passes untouched, whatever the plan's state.
 */
export async function countAiArticle(
  db: DB,
  tenant: { workspaceId: string; siteId: string; articleId: string },
  options: QuotaOptions = {},
) {
  if (await hasCounted(db, tenant.siteId, tenant.articleId)) return { counted: false };
  await assertCanStartAiArticle(db, tenant.workspaceId, tenant.siteId, options);
  await recordAiArticleStarted(db, tenant, options);
  return { counted: true };
}
