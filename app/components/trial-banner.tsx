import { Link } from "react-router";
import type { UsageSummary } from "#app/modules/billing/usage";
import { cn } from "#app/utils/cn";
import { useCanManageBilling } from "./use-billing-role";

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * The trial meter, shown through UsageMeter on a trial only: days and AI
 * articles left while active, 'Trial Expired' / 'Trial Limit Reached' once
 * over (docs/product.md "Plans and limits"). It says what counts, since a
 * hand-written draft never does (docs/decisions/035). Renders nothing on Pro.
 */
export function TrialBanner({ usage, className }: { usage: Pick<UsageSummary, "plan" | "trial" | "blocked">; className?: string }) {
  const canUpgrade = useCanManageBilling();
  if (usage.plan !== "trial") return null;
  const { trial, blocked } = usage;
  const over = !trial.active && blocked !== null;
  const left = Math.max(0, trial.max - trial.used);
  return (
    <aside
      aria-label="Free trial"
      data-testid="usage-meter"
      data-state={over ? blocked.code : "active"}
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm",
        over ? "border-red-200 bg-red-50 text-red-900" : "border-brand-100 bg-brand-50 text-slate-800",
        className,
      )}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        {over ? (
          <p>
            <strong className="font-semibold">{blocked.title}.</strong> {blocked.message}
          </p>
        ) : (
          <p>
            <strong className="font-semibold">Free trial:</strong> {plural(trial.daysRemaining, "day")} remaining ·{" "}
            {plural(left, "article")} of {trial.max} left
          </p>
        )}
        <p className={over ? "text-red-800" : "text-slate-600"}>Only articles written with AI count; drafts you write yourself are free.</p>
      </div>
      {canUpgrade ? (
        <Link
          to="/dashboard/upgrade"
          className={cn(
            "inline-flex h-8 items-center rounded-md px-3 font-medium text-white",
            over ? "bg-red-600 hover:bg-red-700" : "bg-brand-600 hover:bg-brand-700",
          )}
        >
          Upgrade to Pro
        </Link>
      ) : (
        <p className={over ? "text-red-800" : "text-slate-600"}>The owner of this workspace can upgrade it to Pro.</p>
      )}
    </aside>
  );
}
