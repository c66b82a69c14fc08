import { Form, Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";
import type { GettingStarted } from "#app/modules/onboarding/checklist.server";
import { cn } from "#app/utils/cn";

/**
 * The articles page's 'Getting started' checklist (docs/decisions/035): each
 * step links to where it is done and is ticked from the site's data. 'Dismiss'
 * is a plain form post, so it works without JavaScript. Renders nothing once
 * hidden (all done, dismissed, or onboarding not over yet).
 */
export function GettingStartedChecklist({ checklist }: { checklist: GettingStarted }) {
  const location = useLocation();
  if (!checklist.show) return null;
  const { steps, doneCount } = checklist;
  return (
    <section aria-labelledby="getting-started-title" className="rounded-xl border border-brand-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="getting-started-title" className="text-lg font-semibold text-slate-900">
            Getting started
          </h2>
          <p className="text-sm text-slate-600">
            {doneCount} of {steps.length} done
          </p>
        </div>
        <Form method="post" action="/dashboard/onboarding">
          <input type="hidden" name="intent" value="dismiss-checklist" />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <Button type="submit" variant="ghost" size="sm" aria-label="Dismiss the getting started checklist">
            Dismiss
          </Button>
        </Form>
      </div>
      <ol className="mt-4 grid gap-2 sm:grid-cols-2">
        {steps.map((step) => (
          <li
            key={step.id}
            data-step={step.id}
            data-done={step.done}
            className={cn(
              "flex items-start gap-3 rounded-lg border p-3",
              step.done ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-slate-50",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold",
                step.done ? "border-emerald-600 bg-emerald-600 text-white" : "border-slate-400 bg-white",
              )}
            >
              {step.done ? "✓" : ""}
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <p className={cn("text-sm font-medium", step.done ? "text-emerald-900" : "text-slate-900")}>
                {step.title}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </p>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                <Link to={step.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {step.action}
                </Link>
                {step.alternative && (!step.done || step.offerWhenDone) ? (
                  <Link to={step.alternative.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    {step.alternative.action}
                  </Link>
                ) : null}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
