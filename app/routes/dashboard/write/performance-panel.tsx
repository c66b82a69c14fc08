import { Link } from "react-router";
import { DataUntil, FigureCards, PerformanceCharts, QueriesTable } from "#app/components/results/performance";
import type { ArticlePanel } from "#app/modules/results/page.server";

/**
 * 'Search performance' beside the editor, for a live article: its last 28 days in Google against the 28 before,
 * the charts with where it was published and updated, and the queries it is found for.
 */
export function PerformancePanel({ panel }: { panel: ArticlePanel }) {
  return (
    <section
      aria-labelledby="performance-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="performance-panel"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="performance-title" className="text-lg font-semibold">
          Search performance
        </h2>
        <Link to="/dashboard/results" className="text-sm font-medium text-brand-700 underline">
          All results
        </Link>
      </div>
      {panel.state === "waiting" ? (
        <p className="mt-2 text-sm text-slate-700">The first import is running; Google&apos;s figures arrive about two days late.</p>
      ) : (
        <div className="mt-2 flex flex-col gap-4">
          <DataUntil day={panel.dataUntil} />
          <h3 className="sr-only">The last 28 days against the 28 days before</h3>
          <FigureCards totals={panel.totals} change={panel.change} />
          <PerformanceCharts
            series={panel.series}
            totals={panel.totals}
            change={panel.change}
            range={panel.range}
            annotations={panel.annotations}
          />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Queries this article is found for</h3>
            <QueriesTable queries={panel.queries} caption="The article's top queries by clicks" />
          </div>
        </div>
      )}
    </section>
  );
}
