import { sql } from "kysely";
import { inTransaction, type DB } from "#app/db/client.server";
import { isQuotaError, QUOTA_MESSAGES } from "#app/modules/articles/quota.server";
import { consumeNamedLimit } from "#app/modules/auth/rate-limit.server";
import { ImageLimitError } from "#app/modules/uploads/stored-images.server";
import { isoNow } from "#app/utils/time";
import { SUBSCRIPTION_ENDED } from "./entitlements";
import { loadEntitlement } from "./subscriptions.server";
import { AI_ACTION_CREDITS, AI_BURST_LIMIT, AI_DAILY_CREDITS, type AiActionKind } from "./plans";

/**
 * The AI meter (decision 018): every action that spends model or image money
 * beside creating an article goes through chargeAiAction before the model is
 * called. It applies a per-user burst limit (in memory), then checks the
 * site's daily allowance for the workspace's plan and records the charge in one
 * SQLite transaction, so parallel requests cannot all slip under the limit.
 * An article the AI engine writes is counted by the article quota instead
 * (quota.server), and the generation pipeline's own calls are part of that article.
 */

export type { AiActionKind };
export type AiTenant = { workspaceId: string; siteId: string; userId: string };
export type AiLimitCode = "trial_expired" | "subscription_ended" | "daily_limit" | "burst";

const AI_LIMIT_MESSAGES: Record<AiLimitCode, { title: string; message: (plan: "trial" | "pro") => string; status: number }> = {
  trial_expired: { title: QUOTA_MESSAGES.trial_expired.title, message: () => QUOTA_MESSAGES.trial_expired.message, status: 403 },
  subscription_ended: { title: SUBSCRIPTION_ENDED.title, message: () => SUBSCRIPTION_ENDED.message, status: 403 },
  daily_limit: {
    title: "Daily AI limit reached",
    message: (plan) =>
      `You've used today's AI allowance for this site. It renews at midnight UTC.${plan === "trial" ? " Upgrade to Pro for a larger allowance." : ""}`,
    status: 429,
  },
  burst: { title: "Too many AI requests", message: () => "Please wait a minute and try again.", status: 429 },
};

export class AiLimitError extends Error {
  readonly code: AiLimitCode;
  readonly title: string;
  /** The HTTP status a JSON answer uses: 403 for the plan, 429 for a limit that passes. */
  readonly status: number;
  constructor(code: AiLimitCode, plan: "trial" | "pro" = "trial") {
    const { title, message, status } = AI_LIMIT_MESSAGES[code];
    super(message(plan));
    this.name = "AiLimitError";
    this.code = code;
    this.title = title;
    this.status = status;
  }
}

export function isAiLimitError(error: unknown): error is AiLimitError {
  return error instanceof AiLimitError;
}

/**
 * The refusal to show when a metered action was stopped (AI allowance, burst
 * limit, image cap, or the plan's articles when a hand-written draft is
 * regenerated); null for any other error.
 */
export function limitRefusal(error: unknown): { title: string; message: string; status: number } | null {
  if (isQuotaError(error)) return { title: error.title, message: error.message, status: 403 };
  if (error instanceof AiLimitError || error instanceof ImageLimitError)
    return { title: error.title, message: error.message, status: error.status };
  return null;
}

/** The UTC day a charge belongs to, 'YYYY-MM-DD'. */
export function dayKey(at: Date = new Date()) {
  return at.toISOString().slice(0, 10);
}

async function consumeBurst(db: DB, userId: string) {
  const rule = { points: AI_BURST_LIMIT.actions, duration: AI_BURST_LIMIT.seconds };
  if (!(await consumeNamedLimit("ai:user", rule, userId, { db }))) throw new AiLimitError("burst");
}

/** The plan's daily allowance, or why the plan allows no AI actions at all (an ended trial or Pro plan). */
async function allowanceOf(db: DB, workspaceId: string, now: Date) {
  const entitlement = await loadEntitlement(db, workspaceId, now);
  const refused: AiLimitCode | null = entitlement.canWrite ? null : entitlement.state === "ended" ? "subscription_ended" : "trial_expired";
  return { plan: entitlement.plan, refused, max: AI_DAILY_CREDITS[entitlement.plan] };
}

async function usedToday(db: DB, siteId: string, day: string) {
  const row = await db
    .selectFrom("ai_usage")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("units"), sql<number>`0`).as("units"))
    .where("site_id", "=", siteId)
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return Number(row.units);
}

/**
 * Charges one AI action to the site's allowance of today, or throws
 * AiLimitError and records nothing. Call it before the model; a call that
 * then fails is not refunded (the provider may have billed it). Pass a
 * transaction to make the charge part of a larger write.
 */
export async function chargeAiAction(
  db: DB,
  tenant: AiTenant,
  kind: AiActionKind,
  units: number = AI_ACTION_CREDITS[kind],
  { now = new Date() }: { now?: Date } = {},
) {
  await consumeBurst(db, tenant.userId);
  return inTransaction(db, async (trx) => {
    const { plan, refused, max } = await allowanceOf(trx, tenant.workspaceId, now);
    if (refused) throw new AiLimitError(refused, plan);
    const day = dayKey(now);
    const used = await usedToday(trx, tenant.siteId, day);
    if (used + units > max) throw new AiLimitError("daily_limit", plan);
    await trx
      .insertInto("ai_usage")
      .values({ site_id: tenant.siteId, day, kind, units, calls: 1, updated_at: isoNow(now) })
      .onConflict((oc) =>
        oc.columns(["site_id", "day", "kind"]).doUpdateSet((eb) => ({
          units: eb("ai_usage.units", "+", units),
          calls: eb("ai_usage.calls", "+", 1),
          updated_at: isoNow(now),
        })),
      )
      .execute();
    return { plan, used: used + units, max };
  });
}
