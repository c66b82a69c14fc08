import { Link } from "react-router";
import { MONTHLY_WARNING, QUOTA_MESSAGES, type UsageSummary } from "#app/modules/billing/usage";
import { cn } from "#app/utils/cn";
import { TrialBanner } from "./trial-banner";
import { useCanManageBilling } from "./use-billing-role";

const BAR = { ok: "bg-brand-600", warning: "bg-amber-500", limit: "bg-red-600" } as const;

/**
 * The one usage meter (docs/product.md "Plans and limits"): a trial shows the
 * trial meter (articles and days left), Pro the monthly meter, never both.
 * Every page that shows usage renders this with getUsageSummary's figures, so
 * the numbers agree everywhere.
 */
export function UsageMeter({ usage, className }: { usage: UsageSummary; className?: string }) {
  return usage.plan === "trial" ? (
    <TrialBanner usage={usage} className={className} />
  ) : (
    <UsageCard monthly={usage.monthly} className={className} />
  );
}

/**
 * Pro's meter: this site's AI-written articles this month against the plan's
 * 50 (docs/product.md "Plans and limits", "Write"). Pro is the top plan, so it
 * says when the limit resets instead of offering an upgrade.
 */
function UsageCard({ monthly, className }: { monthly: UsageSummary["monthly"]; className?: string }) {
  const { used, max, percent, state } = monthly;
  const canManageBilling = useCanManageBilling();
  return (
    <section
      aria-labelledby="usage-card-title"
      data-testid="usage-meter"
      data-state={state}
      className={cn(
        "rounded-xl border bg-white p-4",
        state === "limit" ? "border-red-200 bg-red-50" : state === "warning" ? "border-amber-200 bg-amber-50" : "border-slate-200",
        className,
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-card-title" className="text-sm font-semibold text-slate-900">
          Monthly usage
        </h2>
        {canManageBilling ? (
          <Link to="/dashboard/upgrade" className="text-sm font-medium text-brand-700 hover:underline">
            View plans
          </Link>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{used}</span> of {max} AI articles this month
      </p>
      <div
        role="progressbar"
        aria-label="AI articles used this month"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(used, max)}
        aria-valuetext={`${used} of ${max} articles (${percent}%)`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn("h-full rounded-full", BAR[state])} style={{ width: `${percent}%` }} />
      </div>
      {state === "ok" ? null : (
        <p
          role={state === "limit" ? "alert" : "status"}
          className={cn("mt-2 text-sm", state === "limit" ? "text-red-800" : "text-amber-900")}
        >
          {state === "limit" ? QUOTA_MESSAGES.monthly_limit.message : MONTHLY_WARNING}
        </p>
      )}
    </section>
  );
}
