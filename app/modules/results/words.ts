/** The results' figures in words, the same on the page, in the charts' summaries, the list and the digest. Pure. */

export const formatCount = (n: number) => Math.round(n).toLocaleString("en-US");

export const formatCtr = (ctr: number | null) => (ctr === null ? "–" : `${(ctr * 100).toFixed(1)} %`);

export const formatPosition = (position: number | null) => (position === null ? "–" : position.toFixed(1));

/** A relative change (0.35) in words: 'up 35 %', 'down 12 %', 'unchanged', or that there is nothing to compare. */
export function changeWords(change: number | null) {
  if (change === null) return "no earlier figures to compare";
  const pct = Math.round(Math.abs(change) * 100);
  if (pct === 0) return "unchanged";
  return `${change > 0 ? "up" : "down"} ${pct} %`;
}

/** A change of CTR in percentage points (as a fraction: 0.004 = 0.4 points). */
export function ctrChangeWords(delta: number | null) {
  if (delta === null) return "no earlier figures to compare";
  const points = Math.abs(delta * 100);
  if (points < 0.05) return "unchanged";
  return `${delta > 0 ? "up" : "down"} ${points.toFixed(1)} points`;
}

/** A change of average position in places; a smaller number is higher in Google's results. */
export function positionChangeWords(delta: number | null) {
  if (delta === null) return "no earlier figures to compare";
  const places = Math.abs(delta);
  if (places < 0.05) return "unchanged";
  return `${delta < 0 ? "up" : "down"} ${places.toFixed(1)} ${places >= 0.95 && places < 1.05 ? "place" : "places"}`;
}

/** Whether a change reads as good news, for the colour beside it (never the only signal: the words say it too). */
export function changeTone(delta: number | null, lowerIsBetter = false): "good" | "bad" | "flat" {
  if (delta === null || Math.abs(delta) < 0.005) return "flat";
  return delta > 0 !== lowerIsBetter ? "good" : "bad";
}

/** The articles list's words for a sparkline: '120 clicks, up 35 %'. */
export function clicksTrendWords(clicks: number, change: number | null) {
  const count = `${formatCount(clicks)} ${clicks === 1 ? "click" : "clicks"}`;
  return change === null ? count : `${count}, ${changeWords(change)}`;
}
