/**
 * The charts' geometry, pure: scales, 'nice' value ticks, day ticks that fit the width, and SVG paths. Two
 * layouts, both rendered on the server: wide (a desktop column) and compact (a 390 px phone: fewer ticks,
 * shorter labels, nothing drawn outside the view box). CSS shows the one that fits, so no JavaScript measures.
 */

export type ChartLayout = {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  xTicks: number;
  yTicks: number;
  /** Roughly how wide a character of the axis labels is, to keep labels inside the view box. */
  charWidth: number;
};

export const WIDE: ChartLayout = {
  width: 720,
  height: 200,
  margin: { top: 18, right: 16, bottom: 26, left: 52 },
  xTicks: 6,
  yTicks: 4,
  charWidth: 6.5,
};
export const COMPACT: ChartLayout = {
  width: 340,
  height: 180,
  margin: { top: 18, right: 10, bottom: 26, left: 40 },
  xTicks: 3,
  yTicks: 3,
  charWidth: 6.5,
};

export type Scale = ((value: number) => number) & { domain: [number, number]; range: [number, number] };

export function linearScale(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  const scale = ((value: number) => r0 + ((value - d0) / span) * (r1 - r0)) as Scale;
  scale.domain = domain;
  scale.range = range;
  return scale;
}

/** A step of 1, 2 or 5 × 10^k, so that about `count` steps cover `span`. */
function niceStep(span: number, count: number) {
  if (span <= 0 || count <= 0) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  // Rounded to the nearest of 1, 2, 5, 10 on a log scale (as d3 does), so the count stays near the one asked.
  const nice = fraction >= Math.sqrt(50) ? 10 : fraction >= Math.sqrt(10) ? 5 : fraction >= Math.sqrt(2) ? 2 : 1;
  return nice * power;
}

/**
 * Ticks from 0 (or `from`) up to a nice top at or above `max`, at most count + 1 of them. Counts are whole
 * numbers, so a count axis never shows 0.5 clicks.
 */
export function niceTicks(max: number, count: number, { from = 0, integer = true }: { from?: number; integer?: boolean } = {}) {
  const top = Math.max(max, from + (integer ? count : 1));
  let step = niceStep(top - from, count);
  if (integer) step = Math.max(1, Math.round(step));
  // Never more than count + 1 steps: a step rounded down may need the next nice one (1 → 2 → 5 → 10).
  while (Math.ceil((top - from) / step - 1e-9) > count + 1) {
    const power = 10 ** Math.floor(Math.log10(step));
    const lead = Math.round(step / power);
    step = (lead === 1 ? 2 : lead === 2 ? 5 : 10) * power;
  }
  const ticks: number[] = [];
  for (let value = from; ; value += step) {
    ticks.push(Number(value.toFixed(6)));
    if (value >= top - 1e-9) break;
  }
  return ticks;
}

/** The position axis: 1 (the top of Google's results) at the top of the chart, the worst position at the bottom. */
export function positionTicks(worst: number, count: number) {
  const ticks = niceTicks(Math.max(worst, 2), count, { from: 0 });
  const step = (ticks[1] ?? 1) - (ticks[0] ?? 0);
  // 0 becomes 1; a next tick closer to 1 than most of a step (2 after 1 with a step of 2) would crowd it.
  return [1, ...ticks.slice(1).filter((t) => t - 1 >= step * 0.75)];
}

/** Evenly spread indexes of `length` points for day labels: first and last always, at most `max` in all. */
export function dayTickIndexes(length: number, max: number): number[] {
  if (length <= 0) return [];
  if (length === 1 || max <= 1) return [0];
  const count = Math.min(max, length);
  const indexes = new Set<number>();
  for (let i = 0; i < count; i++) indexes.add(Math.round((i * (length - 1)) / (count - 1)));
  return [...indexes];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** '12 Nov' for short periods, 'Nov 2026' for long ones (more than 120 days), from 'YYYY-MM-DD'. */
export function dayTickLabel(day: string, periodDays: number) {
  const [y, m, d] = day.split("-");
  const month = MONTHS[Number(m) - 1] ?? "";
  return periodDays > 120 ? `${month} ${y}` : `${Number(d)} ${month}`;
}

/** Axis numbers short enough for the margin: 1,200 → '1.2k', 2,500,000 → '2.5M'. */
export function shortNumber(value: number) {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${Number((value / 1_000_000).toFixed(1))}M`;
  if (abs >= 10_000) return `${Math.round(value / 1000)}k`;
  if (abs >= 1000) return `${Number((value / 1000).toFixed(1))}k`;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** Where a label of `text` may start so that, anchored at x, it stays inside [0, width]. */
export function labelAnchor(x: number, text: string, layout: ChartLayout): "start" | "middle" | "end" {
  const half = (text.length * layout.charWidth) / 2;
  if (x - half < 0) return "start";
  if (x + half > layout.width) return "end";
  return "middle";
}

/** A line through the points; a null value breaks the line (a day without impressions has no position). */
export function linePath(values: Array<number | null>, x: (i: number) => number, y: (v: number) => number) {
  let path = "";
  let pen = false;
  values.forEach((value, i) => {
    if (value === null) {
      pen = false;
      return;
    }
    path += `${pen ? "L" : "M"}${x(i).toFixed(1)},${y(value).toFixed(1)}`;
    pen = true;
  });
  return path;
}

/** The area under a line of counts (no gaps: a day without figures counts as 0), down to the baseline. */
export function areaPath(values: number[], x: (i: number) => number, y: (v: number) => number, baseline: number) {
  if (values.length === 0) return "";
  const top = values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join("");
  return `${top}L${x(values.length - 1).toFixed(1)},${baseline.toFixed(1)}L${x(0).toFixed(1)},${baseline.toFixed(1)}Z`;
}

/** The index of the point nearest to a horizontal fraction (0 at the plot's left edge, 1 at its right). */
export function indexAt(fraction: number, length: number) {
  if (length <= 1) return 0;
  return Math.min(length - 1, Math.max(0, Math.round(fraction * (length - 1))));
}
