import { Link } from "react-router";
import type { UsageSummary } from "#app/modules/billing/usage";
import { cn } from "#app/utils/cn";

const MESSAGES = {
  warning: "You're approaching your monthly limit. Consider upgrading to Pro.",
  limit: "You've reached your monthly limit. Upgrade to Pro for unlimited articles.",
} as const;

const BAR = { ok: "bg-brand-600", warning: "bg-amber-500", limit: "bg-red-600" } as const;

/** This site's articles created this month against the plan's quota (docs/product.md "Plans and limits", "Write"). */
export function UsageCard({ monthly, className }: { monthly: UsageSummary["monthly"]; className?: string }) {
  const { used, max, percent, state } = monthly;
  return (
    <section
      aria-labelledby="usage-card-title"
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
        <Link to="/pricing" className="text-sm font-medium text-brand-700 hover:underline">
          View plans
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{used}</span> of {max} articles this month
      </p>
      <div
        role="progressbar"
        aria-label="Articles used this month"
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
          {MESSAGES[state]}{" "}
          <Link to="/pricing" className="font-medium underline">
            Upgrade to Pro
          </Link>
        </p>
      )}
    </section>
  );
}
