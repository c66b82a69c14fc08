import { formatDayDate } from "#app/utils/time";
import { changeWords, formatCount, formatPosition, positionChangeWords } from "#app/modules/results/words";

/**
 * What a chart shows, in words, for its <desc> (a screen reader hears this first, the table holds the numbers):
 * the total or the average, the change against the period before, the trend across the period and its best day.
 */

export type SummaryInput = {
  /** 'Clicks', 'Impressions'. */
  metric: string;
  values: Array<number | null>;
  days: string[];
  /** 'the last 28 days'. */
  periodWords: string;
  /** Relative change against the period before (0.35 = up 35 %). */
  change: number | null;
};

/** Rising, falling or steady: the second half of the period against the first, beyond a 10 % band. */
export function trendOf(values: number[]): "rising" | "falling" | "steady" {
  const half = Math.floor(values.length / 2);
  if (half === 0) return "steady";
  const first = values.slice(0, half).reduce((a, b) => a + b, 0);
  const second = values.slice(values.length - half).reduce((a, b) => a + b, 0);
  if (first === 0 && second === 0) return "steady";
  if (second > first * 1.1) return "rising";
  if (second < first * 0.9) return "falling";
  return "steady";
}

export function countSummary({ metric, values, days, periodWords, change }: SummaryInput) {
  const counts = values.map((v) => v ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  const name = metric.toLowerCase();
  if (total === 0) return `${metric} over ${periodWords}: none yet.`;
  let best = 0;
  counts.forEach((v, i) => {
    if (v > (counts[best] ?? 0)) best = i;
  });
  const compare = change === null ? "" : `, ${changeWords(change)} on the period before`;
  return (
    `${metric} over ${periodWords}: ${formatCount(total)} in all${compare}. ` +
    `The trend across the period is ${trendOf(counts)}; the best day was ${formatDayDate(days[best] ?? "")} with ${formatCount(counts[best] ?? 0)} ${name}.`
  );
}

/** Positions: the period's average (weighted by impressions, given), the change in places and the best day. */
export function positionSummary({
  values,
  days,
  periodWords,
  average,
  delta,
}: Omit<SummaryInput, "metric" | "change"> & { average: number | null; delta: number | null }) {
  const known = values.map((v, i) => ({ v, i })).filter((p): p is { v: number; i: number } => p.v !== null);
  if (average === null || known.length === 0) return `Average position over ${periodWords}: no impressions yet.`;
  const best = known.reduce((a, b) => (b.v < a.v ? b : a));
  const half = Math.floor(known.length / 2);
  const mean = (list: typeof known) => list.reduce((a, b) => a + b.v, 0) / Math.max(1, list.length);
  const firstHalf = mean(known.slice(0, half));
  const secondHalf = mean(known.slice(known.length - half));
  // Lower is better: a falling number is a rising article.
  const trend = half === 0 || Math.abs(secondHalf - firstHalf) < 0.5 ? "steady" : secondHalf < firstHalf ? "improving" : "slipping";
  const compare = delta === null ? "" : `, ${positionChangeWords(delta)} on the period before`;
  return (
    `Average position in Google over ${periodWords}: ${formatPosition(average)}${compare} (1 is the top of the results). ` +
    `It is ${trend} across the period; the best day was ${formatDayDate(days[best.i] ?? "")} at ${formatPosition(best.v)}.`
  );
}
