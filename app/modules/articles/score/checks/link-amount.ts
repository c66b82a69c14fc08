import { LINK_AMOUNT_RANGES, type LinkAmount } from "#app/modules/settings/content-options";

/**
 * The SEO panel's link counts against the content settings. It asks only for what the settings ask (none asks
 * for nothing), and when the writer of a generated article could not meet them it says why, from the
 * generation's record (app/modules/generation/link-shortfall.ts). Pure and isomorphic like the rest of the score.
 */

/** Why the writer linked less than the settings ask, per kind of link (absent: it did not fall short, or nobody knows). */
export type LinkShortfall = { internal?: string; external?: string };

function rangeText({ min, max }: { min: number; max: number }) {
  if (max === 0) return "none";
  if (!Number.isFinite(max)) return `${min} or more`;
  return min === max ? `${min}` : `${min}-${max}`;
}

export function linkAmount(id: "internal-links" | "external-links", count: number, wanted: LinkAmount, shortfall?: string) {
  const range = LINK_AMOUNT_RANGES[wanted];
  const kind = id === "internal-links" ? "internal" : "external";
  const passed = count >= range.min && count <= range.max;
  const want =
    wanted === "none" ? `your content settings ask for no ${kind} links` : `your content settings ask for ${rangeText(range)} (${wanted})`;
  let advice = "";
  if (!passed) advice = count < range.min ? ` Add ${range.min - count} more.` : ` Remove ${count - range.max}.`;
  const why =
    kind === "internal"
      ? " Internal links help readers and search engines find your other pages."
      : " Links to authoritative sources build trust.";
  const writer = !passed && count < range.min && shortfall ? ` Why the writer added fewer: ${shortfall}` : "";
  const links = `${count.toLocaleString("en-US")} ${kind} link${count === 1 ? "" : "s"}`;
  return { passed, detail: `${links}; ${want}.${advice}${passed ? "" : why}${writer}` };
}
