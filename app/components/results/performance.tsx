import { Link } from "react-router";
import { countSummary, positionSummary } from "#app/components/charts/summary";
import { TrendChart, type ChartAnnotation, type ChartPoint } from "#app/components/charts/trend-chart";
import { RANGE_IDS, RANGES, type ResultsRange } from "#app/modules/results/ranges";
import {
  changeTone,
  changeWords,
  ctrChangeWords,
  formatCount,
  formatCtr,
  formatPosition,
  positionChangeWords,
} from "#app/modules/results/words";
import { cn } from "#app/utils/cn";
import { formatDayDate } from "#app/utils/time";

/**
 * The pieces the results page and the article panel share: the range switch (links, so it works without
 * JavaScript and, with it, changes the figures without a full reload), the four figures with their change, the
 * three charts and the top queries.
 */

type Totals = { clicks: number; impressions: number; ctr: number | null; position: number | null };
type Change = { clicks: number | null; impressions: number | null; ctr: number | null; position: number | null };
type QueryRow = Totals & { query: string };

export function RangeSwitch({ range, hrefFor }: { range: ResultsRange; hrefFor: (range: ResultsRange) => string }) {
  return (
    <nav aria-label="Period">
      <ul className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1" data-testid="range-switch">
        {RANGE_IDS.map((id) => (
          <li key={id}>
            <Link
              to={hrefFor(id)}
              preventScrollReset
              aria-current={id === range ? "page" : undefined}
              className={cn(
                "inline-flex rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900",
                id === range && "bg-white text-slate-900 shadow-sm",
              )}
            >
              {RANGES[id].label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * What the page's figures are of and how they add up: the period, the site's clicks, and how many of them its
 * articles earned (the rest are the site's other pages); the top-articles table shows a part of that share.
 */
export function ArticlesShare({
  period,
  siteClicks,
  articleClicks,
  articlesSeen,
}: {
  period: { from: string; to: string };
  siteClicks: number;
  articleClicks: number;
  articlesSeen: number;
}) {
  return (
    <p className="text-sm text-slate-700" data-testid="articles-share">
      {formatDayDate(period.from)} to {formatDayDate(period.to)}: {formatCount(siteClicks)} {siteClicks === 1 ? "click" : "clicks"} on the
      whole site, {formatCount(articleClicks)} of them on {articlesSeen === 1 ? "1 article" : `${formatCount(articlesSeen)} articles`}
      {siteClicks > articleClicks ? "; the rest on the site's other pages" : ""}.
    </p>
  );
}

export function DataUntil({ day }: { day: string }) {
  return (
    <p className="text-sm text-slate-600" data-testid="data-until">
      Data until {formatDayDate(day)}. Google&apos;s figures arrive about two days late.
    </p>
  );
}

const TONE = { good: "text-emerald-700", bad: "text-red-700", flat: "text-slate-600" };

function Figure({ label, value, change, tone }: { label: string; value: string; change: string; tone: keyof typeof TONE }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
      <dd className={cn("text-xs", TONE[tone])}>{change}</dd>
    </div>
  );
}

export function FigureCards({ totals, change }: { totals: Totals; change: Change }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="figures">
      <Figure label="Clicks" value={formatCount(totals.clicks)} change={changeWords(change.clicks)} tone={changeTone(change.clicks)} />
      <Figure
        label="Impressions"
        value={formatCount(totals.impressions)}
        change={changeWords(change.impressions)}
        tone={changeTone(change.impressions)}
      />
      <Figure label="CTR" value={formatCtr(totals.ctr)} change={ctrChangeWords(change.ctr)} tone={changeTone(change.ctr)} />
      <Figure
        label="Average position"
        value={formatPosition(totals.position)}
        change={positionChangeWords(change.position)}
        tone={changeTone(change.position, true)}
      />
    </dl>
  );
}

export function PerformanceCharts({
  series,
  totals,
  change,
  range,
  annotations = [],
}: {
  series: ChartPoint[];
  totals: Totals;
  change: Change;
  range: ResultsRange;
  annotations?: ChartAnnotation[];
}) {
  const days = series.map((p) => p.day);
  const periodWords = `the ${RANGES[range].label.toLowerCase()}`;
  return (
    // One above the other, each the column's full width: side by side, a chart's labels shrank below reading size.
    <div className="flex flex-col gap-6" data-testid="charts">
      <TrendChart
        metric="clicks"
        points={series}
        annotations={annotations}
        summary={countSummary({ metric: "Clicks", values: series.map((p) => p.clicks), days, periodWords, change: change.clicks })}
      />
      <TrendChart
        metric="impressions"
        points={series}
        annotations={annotations}
        summary={countSummary({
          metric: "Impressions",
          values: series.map((p) => p.impressions),
          days,
          periodWords,
          change: change.impressions,
        })}
      />
      <div className="lg:col-span-2">
        <TrendChart
          metric="position"
          points={series}
          annotations={annotations}
          summary={positionSummary({
            values: series.map((p) => p.position),
            days,
            periodWords,
            average: totals.position,
            delta: change.position,
          })}
        />
      </div>
    </div>
  );
}

export function QueriesTable({ queries, caption }: { queries: QueryRow[]; caption: string }) {
  if (!queries.length)
    return <p className="text-sm text-slate-600">No queries with clicks or impressions in the complete weeks of this period yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm tabular-nums" data-testid="top-queries">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Query
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Clicks
            </th>
            <th scope="col" className="py-2 pr-3 text-right max-sm:sr-only">
              Impressions
            </th>
            <th scope="col" className="py-2 text-right">
              Position
            </th>
          </tr>
        </thead>
        <tbody>
          {queries.map((q) => (
            <tr key={q.query} className="border-t border-slate-100">
              <th scope="row" className="break-words py-2 pr-3 font-normal text-slate-900">
                {q.query}
              </th>
              <td className="py-2 pr-3 text-right">{formatCount(q.clicks)}</td>
              <td className="py-2 pr-3 text-right max-sm:sr-only">{formatCount(q.impressions)}</td>
              <td className="py-2 text-right">{formatPosition(q.position)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
