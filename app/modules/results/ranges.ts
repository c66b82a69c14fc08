/** The results' periods: the last 28 days (the default), 3 months and 16 months (all Google keeps). Pure, for server and browser. */
export const RANGES = {
  "28d": { days: 28, label: "Last 28 days", short: "28 days" },
  "3m": { days: 91, label: "Last 3 months", short: "3 months" },
  "16m": { days: 486, label: "Last 16 months", short: "16 months" },
} as const;

export type ResultsRange = keyof typeof RANGES;

export const RANGE_IDS = Object.keys(RANGES) as ResultsRange[];

export function parseRange(value: string | null | undefined): ResultsRange {
  return value && value in RANGES ? (value as ResultsRange) : "28d";
}
