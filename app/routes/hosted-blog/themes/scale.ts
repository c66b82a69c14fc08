/**
 * A fluid modular type scale: step n is base × ratio^n, where both base and ratio grow from a phone's width to a
 * desktop's, so headings gain contrast with the room they have (Utopia's method). Each step is a clamp() of rem
 * and vw, so it still follows the reader's own text size.
 */

export type Scale = { base: [number, number]; ratio: [number, number] };

const VIEWPORT = [360, 1280] as const;
const STEPS = [-2, -1, 0, 1, 2, 3, 4, 5];
const rem = (px: number) => `${+(px / 16).toFixed(4)}rem`;

/** Custom properties --s-2 … --s5 for a scale given in px (base at 360 and 1280 px wide, and the ratio at each). */
export function scaleProperties({ base: [minBase, maxBase], ratio: [minRatio, maxRatio] }: Scale) {
  return STEPS.map((step) => {
    const min = minBase * minRatio ** step;
    const max = maxBase * maxRatio ** step;
    const slope = (max - min) / (VIEWPORT[1] - VIEWPORT[0]);
    const intercept = min - slope * VIEWPORT[0];
    const [low, high] = min <= max ? [min, max] : [max, min];
    return `--s${step}:clamp(${rem(low)},${rem(intercept)} + ${+(slope * 100).toFixed(4)}vw,${rem(high)})`;
  }).join(";");
}
