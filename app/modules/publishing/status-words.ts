import { zonedParts } from "#app/utils/time";
import { platformName } from "./platforms";

/**
 * A publication's state in words for people (docs/product.md "Publishing"): 'Draft in WordPress',
 * 'Live on WordPress', 'Scheduled for 28 Nov, 09:00' (in the site's time zone), 'Failed: <reason>'.
 * The one place these words are made: the write screen's panel, the articles list, the scheduler and
 * the API's status_text all read them from here. Pure, safe in the browser.
 */

export type PublicationState = {
  platform: string;
  status: "pending" | "scheduled" | "publishing" | "published" | "failed";
  mode: "draft" | "live";
  scheduledFor: string | null;
  lastError: string | null;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Where the post is, as a customer names it: 'WordPress', 'your hosted blog'. */
export function destinationName(platform: string) {
  return platform === "hosted" ? "your hosted blog" : platformName(platform);
}

/** '28 Nov, 09:00' in the site's time zone; the year only when it is not this year's. */
export function shortDateTime(iso: string, timeZone: string | null | undefined, now = new Date()) {
  const { date, time } = zonedParts(new Date(iso), timeZone);
  const [y, m, d] = date.split("-");
  const thisYear = zonedParts(now, timeZone).date.slice(0, 4);
  return `${Number(d)} ${MONTHS[Number(m) - 1]}${y === thisYear ? "" : ` ${y}`}, ${time}`;
}

/** The reason of a failure, never empty. */
function reasonOf(lastError: string | null) {
  return lastError?.trim() || "the platform gave no reason. Please try again.";
}

export function publicationStateText(row: PublicationState, timeZone: string | null | undefined, now = new Date()) {
  const where = destinationName(row.platform);
  switch (row.status) {
    case "pending":
    case "publishing":
      return `Publishing to ${where}…`;
    case "scheduled":
      return row.scheduledFor ? `Scheduled for ${shortDateTime(row.scheduledFor, timeZone, now)}` : "Scheduled";
    case "failed":
      return `Failed: ${reasonOf(row.lastError)}`;
    case "published":
      // The hosted blog has no drafts of its own (the dialog offers none): one sent as a draft through the API is not shown.
      if (row.platform === "hosted" && row.mode === "draft") return "Not shown on your hosted blog (sent as a draft)";
      return row.mode === "draft" ? `Draft in ${where}` : `Live on ${where}`;
  }
}
