import { Link } from "react-router";
import { Button } from "#app/components/ui/button";

/** After the business was described anew: its plan's days still to write came from the old description. */
export function ReplanOffer({ days }: { days: number }) {
  return (
    <section
      role="status"
      aria-labelledby="replan-title"
      className="rounded-xl border border-brand-200 bg-brand-50 p-4"
      data-testid="replan-offer"
    >
      <h2 id="replan-title" className="font-semibold text-slate-900">
        Re-plan for the business as you now describe it?
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Your content plan's {days} {days === 1 ? "day" : "days"} not yet started {days === 1 ? "was" : "were"} planned from the old
        description. A re-plan gives {days === 1 ? "it" : "them"} keywords from what these settings say now; days already written stay.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/dashboard/plan?regenerate=1">Re-plan the days not yet started</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="?tab=brand">Keep the plan</Link>
        </Button>
      </div>
    </section>
  );
}
