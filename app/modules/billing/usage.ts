/** The usage figures the quota module computes and the usage card and trial banner show. Client-safe. */

export type QuotaCode = "trial_limit" | "trial_expired" | "monthly_limit";
export type UsageState = "ok" | "warning" | "limit";

export type UsageSummary = {
  plan: "trial" | "pro";
  trial: { active: boolean; daysRemaining: number; used: number; max: number; endsAt: string };
  monthly: { used: number; max: number; percent: number; state: UsageState; month: string };
  /** Why creating is refused right now, or null when it is allowed. */
  blocked: { code: QuotaCode; title: string; message: string } | null;
};
