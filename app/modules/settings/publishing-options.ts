import { z } from "zod";

/**
 * The Publishing tab's form and choices (docs/product.md: date, time and time zone,
 * 'Add new daily time', Save Publishing Settings, Apply to Existing Drafts).
 * Client-safe: the browser checks with the same schema as the server.
 */

/** The spec's four zones first (UTC, EST, PST, CET), as IANA names; then every zone the runtime knows. */
const FEATURED_TIME_ZONES = [
  { value: "UTC", label: "UTC" },
  { value: "America/New_York", label: "Eastern Time (New York)" },
  { value: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { value: "Europe/Berlin", label: "Central European Time (Berlin)" },
] as const;

export function timeZoneOptions() {
  const featured = new Set<string>(FEATURED_TIME_ZONES.map((z) => z.value));
  const all = Intl.supportedValuesOf("timeZone").filter((zone) => !featured.has(zone));
  return [...FEATURED_TIME_ZONES, ...all.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))];
}

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Publishing times a day, the main one included: enough for a busy blog, few enough to stay readable. */
export const MAX_DAILY_TIMES = 6;
export const DEFAULT_PUBLISH_TIME = "18:30";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: "Choose a time." }).trim().regex(TIME, "Use a time like 18:30.");

export const PublishingFormSchema = z
  .object({
    scheduledDate: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.")
      .optional(),
    scheduledTime: time,
    timeZone: z.string({ error: "Choose a time zone." }).refine(isTimeZone, "Choose a time zone from the list."),
    extraTimes: z
      .array(time)
      .max(MAX_DAILY_TIMES - 1, `At most ${MAX_DAILY_TIMES} publishing times a day.`)
      .default([]),
    defaultConnectionId: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const all = [value.scheduledTime, ...value.extraTimes];
    const seen = new Set<string>();
    all.forEach((t, i) => {
      if (seen.has(t) && i > 0) ctx.addIssue({ code: "custom", path: ["extraTimes", i - 1], message: "This time is already in the list." });
      seen.add(t);
    });
  });
export type PublishingForm = z.output<typeof PublishingFormSchema>;

export const PUBLISHING_MESSAGES = {
  saved: "Publishing settings saved!",
  saveError: "Error saving publishing settings",
  applied: "Scheduler applied successfully!",
  applyError: "Error applying scheduler",
  missing: { title: "Missing schedule settings", description: "Please set both date and time before applying to drafts." },
  noDrafts: {
    title: "No drafts to schedule",
    description: "Drafts with a title and some text are scheduled; write or generate one first.",
  },
} as const;
