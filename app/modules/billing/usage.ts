import { SUBSCRIPTION_ENDED } from "./entitlements";
import { PRO_MONTHLY_ARTICLES, TRIAL_MAX_ARTICLES } from "./plans";

/** The usage figures the quota module computes and the usage meter shows, and their messages. Client-safe. */

export type QuotaCode = "trial_limit" | "trial_expired" | "monthly_limit" | "subscription_ended";
export type UsageState = "ok" | "warning" | "limit";

export type UsageSummary = {
  plan: "trial" | "pro";
  trial: { active: boolean; daysRemaining: number; used: number; max: number; endsAt: string; state: UsageState };
  monthly: { used: number; max: number; percent: number; state: UsageState; month: string };
  /** Why creating is refused right now, or null when it is allowed. */
  blocked: { code: QuotaCode; title: string; message: string } | null;
};

/** Refusals of a new AI article (docs/product.md "Plans and limits"); Pro's says when it resets, never "unlimited" (docs/product.md). */
export const QUOTA_MESSAGES: Record<QuotaCode, { title: string; message: string }> = {
  trial_limit: {
    title: "Trial Limit Reached",
    message: `You've used all ${TRIAL_MAX_ARTICLES} articles of your free trial. Upgrade to Pro to keep writing.`,
  },
  trial_expired: {
    title: "Trial Expired",
    message: "Your free trial has ended. Please upgrade to continue using Inkpilot.",
  },
  subscription_ended: SUBSCRIPTION_ENDED,
  monthly_limit: {
    title: "Monthly limit reached",
    message: `You've reached your monthly limit of ${PRO_MONTHLY_ARTICLES} articles. Your limit resets at the start of next month.`,
  },
};

/** The monthly meter's warning (80% or more used) on Pro, the top plan: no upgrade prompt. */
export const MONTHLY_WARNING = "You're approaching your monthly limit. It resets at the start of next month.";
