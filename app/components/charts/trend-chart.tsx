import { useId, useState, type KeyboardEvent, type PointerEvent } from "react";
import { formatCount, formatCtr, formatPosition } from "#app/modules/results/words";
import { cn } from "#app/utils/cn";
import { formatDayDate } from "#app/utils/time";
import { useHydrated } from "#app/utils/use-hydrated";
import {
  areaPath,
  COMPACT,
  dayTickIndexes,
  dayTickLabel,
  indexAt,
  labelAnchor,
  linearScale,
  linePath,
  niceTicks,
  positionTicks,
  shortNumber,
  WIDE,
  type ChartLayout,
} from "./scale";

/**
 * One metric over time as a server-rendered SVG (the product's own drawing, no chart library): clicks as an
 * area, impressions as a line, average position as a line on an inverted axis (1 at the top). A wide and a
 * compact drawing are both rendered and CSS shows the one that fits, so a 390 px phone gets fewer ticks and
 * nothing overflows without any JavaScript. Each chart is role="img" with a summary in words, and a table of
 * its figures behind a <details>. With JavaScript, hovering or the arrow keys show a day's figures.
 */

export type ChartPoint = { day: string; clicks: number; impressions: number; ctr: number | null; position: number | null };
export type ChartAnnotation = { day: string; label: string };
export type ChartMetric = "clicks" | "impressions" | "position";

const TITLES: Record<ChartMetric, string> = { clicks: "Clicks", impressions: "Impressions", position: "Average position" };
const COLOURS: Record<ChartMetric, string> = { clicks: "text-brand-600", impressions: "text-sky-700", position: "text-amber-700" };

const valueOf = (p: ChartPoint, metric: ChartMetric) => (metric === "position" ? p.position : p[metric]);

/** Everything Google said of a day, for the hover card and the keyboard. */
function dayFigures(p: ChartPoint) {
  return `${formatDayDate(p.day)}: ${formatCount(p.clicks)} clicks, ${formatCount(p.impressions)} impressions, CTR ${formatCtr(p.ctr)}, position ${formatPosition(p.position)}`;
}

type DrawingProps = {
  layout: ChartLayout;
  metric: ChartMetric;
  points: ChartPoint[];
  annotations: ChartAnnotation[];
  active: number | null;
  titleId: string;
  descId: string;
  title: string;
  summary: string;
  className: string;
};

function Drawing({ layout, metric, points, annotations, active, titleId, descId, title, summary, className }: DrawingProps) {
  const { width, height, margin } = layout;
  const plotBottom = height - margin.bottom;
  const values = points.map((p) => valueOf(p, metric));
  const known = values.filter((v): v is number => v !== null);
  const x = linearScale([0, Math.max(1, points.length - 1)], [margin.left, width - margin.right]);
  const ticks =
    metric === "position" ? positionTicks(Math.max(...known, 1), layout.yTicks) : niceTicks(Math.max(...known, 0), layout.yTicks);
  const top = ticks[ticks.length - 1] ?? 1;
  // Position: 1 at the top of the plot, the worst shown position at the bottom.
  const y = metric === "position" ? linearScale([1, top], [margin.top, plotBottom]) : linearScale([0, top], [plotBottom, margin.top]);
  const dayIndex = new Map(points.map((p, i) => [p.day, i]));
  const marks = annotations.filter((a) => dayIndex.has(a.day));
  const periodDays = points.length;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      className={cn("h-auto w-full overflow-hidden", className)}
      data-layout={layout === WIDE ? "wide" : "compact"}
      data-plot-left={margin.left}
      data-plot-right={width - margin.right}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{summary}</desc>
      <g className="text-slate-200" aria-hidden="true">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={margin.left} x2={width - margin.right} y1={y(t)} y2={y(t)} stroke="currentColor" />
            <text x={margin.left - 6} y={y(t) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
              {metric === "position" ? String(t) : shortNumber(t)}
            </text>
          </g>
        ))}
        {dayTickIndexes(points.length, layout.xTicks).map((i) => {
          const label = dayTickLabel(points[i]?.day ?? "", periodDays);
          return (
            <text key={i} x={x(i)} y={height - 8} textAnchor={labelAnchor(x(i), label, layout)} className="fill-slate-600 text-[11px]">
              {label}
            </text>
          );
        })}
      </g>
      <g className={COLOURS[metric]} aria-hidden="true">
        {metric === "clicks" ? (
          <path d={areaPath(known.length ? (values as number[]) : [], x, y, plotBottom)} fill="currentColor" opacity={0.15} />
        ) : null}
        <path d={linePath(values, x, y)} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
      </g>
      <g className="text-slate-500" aria-hidden="true" data-testid="chart-annotations">
        {marks.map((a) => {
          const ax = x(dayIndex.get(a.day) ?? 0);
          // On a phone only the markers when there are many; the list under the chart names them all.
          const showLabel = layout === WIDE || marks.length <= 2;
          return (
            <g key={`${a.day}-${a.label}`}>
              <line x1={ax} x2={ax} y1={margin.top - 4} y2={plotBottom} stroke="currentColor" strokeDasharray="3 3" />
              <circle cx={ax} cy={margin.top - 4} r={3} fill="currentColor" />
              {showLabel ? (
                <text x={ax} y={10} textAnchor={labelAnchor(ax, a.label, layout)} className="fill-slate-700 text-[10px] font-medium">
                  {a.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      {active !== null && points[active] ? (
        <g aria-hidden="true" className="text-slate-900">
          <line x1={x(active)} x2={x(active)} y1={margin.top} y2={plotBottom} stroke="currentColor" strokeWidth={1} />
          {values[active] !== null ? (
            <circle cx={x(active)} cy={y(values[active] ?? 0)} r={4} className={COLOURS[metric]} fill="currentColor" />
          ) : null}
        </g>
      ) : null}
    </svg>
  );
}

export function TrendChart({
  metric,
  points,
  summary,
  annotations = [],
}: {
  metric: ChartMetric;
  points: ChartPoint[];
  summary: string;
  annotations?: ChartAnnotation[];
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [active, setActive] = useState<number | null>(null);
  const title = TITLES[metric];

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const svg = [...event.currentTarget.querySelectorAll("svg")].find((s) => s.getBoundingClientRect().width > 0);
    if (!svg) return;
    const box = svg.getBoundingClientRect();
    const scale = box.width / Number(svg.viewBox.baseVal.width || box.width);
    const left = Number(svg.dataset.plotLeft) * scale;
    const right = Number(svg.dataset.plotRight) * scale;
    setActive(indexAt((event.clientX - box.left - left) / Math.max(1, right - left), points.length));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = points.length - 1;
    const from = active ?? last;
    const moves: Record<string, number> = {
      ArrowLeft: from - 1,
      ArrowRight: from + 1,
      Home: 0,
      End: last,
      PageUp: from - 7,
      PageDown: from + 7,
    };
    if (event.key === "Escape") return setActive(null);
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  }

  const shown = active !== null ? points[active] : null;
  const fraction = active !== null && points.length > 1 ? active / (points.length - 1) : 0;
  return (
    <figure className="min-w-0" data-testid={`chart-${metric}`}>
      <figcaption className="mb-1 text-sm font-semibold text-slate-900">
        {title}
        {metric === "position" ? <span className="ml-1 font-normal text-slate-600">(1 is the top of Google)</span> : null}
      </figcaption>
      <div
        className="relative rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => a ?? points.length - 1)}
        onBlur={() => setActive(null)}
        // Focusable only once the keys do something.
        tabIndex={hydrated && points.length ? 0 : undefined}
        role={hydrated ? "group" : undefined}
        aria-label={hydrated ? `${title}: use the left and right arrow keys to hear each day's figures` : undefined}
      >
        <Drawing
          {...{ metric, points, annotations, active, summary, title }}
          layout={WIDE}
          titleId={`${id}-wt`}
          descId={`${id}-wd`}
          className="hidden sm:block"
        />
        <Drawing
          {...{ metric, points, annotations, active, summary, title }}
          layout={COMPACT}
          titleId={`${id}-ct`}
          descId={`${id}-cd`}
          className="sm:hidden"
        />
        <p aria-live="polite" className={cn(shown ? "" : "sr-only")} data-testid="chart-day">
          {shown ? (
            <span
              className={cn(
                "pointer-events-none absolute top-0 z-10 max-w-[16rem] rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-800 shadow",
                fraction > 0.5 ? "-translate-x-full" : "",
              )}
              style={{ left: `${fraction * 100}%` }}
            >
              {dayFigures(shown)}
            </span>
          ) : null}
        </p>
      </div>
      {annotations.length ? (
        <p className="mt-1 text-xs text-slate-600" data-testid="chart-annotation-list">
          {annotations.map((a) => `${a.label} ${formatDayDate(a.day)}`).join(" · ")}
        </p>
      ) : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">Show the figures as a table</summary>
        {/* A scrolling box: focusable, so the keyboard can scroll it too. */}
        <div className="mt-2 max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label={`${title} by day`}>
          <table className="w-full text-left text-xs tabular-nums" data-testid="chart-table">
            <caption className="sr-only">{title} by day</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Day
                </th>
                <th scope="col" className="py-1">
                  {title}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {formatDayDate(p.day)}
                  </th>
                  <td className="py-1">{metric === "position" ? formatPosition(p.position) : formatCount(p[metric])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
