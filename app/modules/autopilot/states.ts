import type { AutopilotState } from "#app/db/schema";

/** A day's state in the scheduler's and the day page's words; 'Planned' is a plan item auto-pilot has not started. */
export const DAY_STATE_LABELS: Record<AutopilotState | "planned", string> = {
  planned: "Planned",
  writing: "Writing",
  written: "Written, waiting as a draft",
  ready: "Ready",
  held: "Held",
  approved: "Approved",
  scheduled: "Scheduled",
  published: "Published",
  failed: "Failed",
  skipped: "Skipped",
};

/** States that need a person: shown in amber. */
export const NEEDS_YOU: ReadonlyArray<AutopilotState | "planned"> = ["held", "failed"];
