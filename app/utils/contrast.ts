/**
 * WCAG 2 contrast between two colours, and the nearest shade of a colour that reaches a contrast, so a brand's
 * accent keeps links and buttons readable wherever it is used (the hosted blog's themes, the Brand tab's check).
 * Colours are #RRGGBB. Pure; runs in the browser too.
 */

/** What WCAG AA asks of normal-size text, links included. */
export const AA_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb) {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

/** Relative luminance (WCAG 2), from 0 for black to 1 for white. */
function luminance(hex: string) {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const mix = (from: Rgb, to: Rgb, t: number): Rgb => from.map((c, i) => c + (to[i]! - c) * t) as Rgb;

/** `weight` of `color` over `base` (0: base, 1: color), as an opaque colour: a tint whose contrast can be measured. */
export function mixColors(color: string, base: string, weight: number) {
  return hexOf(mix(rgbOf(base), rgbOf(color), weight));
}

/**
 * The colour itself when it reaches `min` against every background, else the least change that does: mixed towards
 * black on light backgrounds, towards white on dark ones, so its hue stays recognisable. Mixing moves the
 * luminance one way only, so the least mix is found by halving; the rounded hex is checked again.
 */
export function accessibleShade(hex: string, backgrounds: string[], min = AA_TEXT_CONTRAST): string {
  const color = hex.toUpperCase();
  const passes = (candidate: string) => backgrounds.every((bg) => contrastRatio(candidate, bg) >= min);
  if (passes(color)) return color;
  const lightBackgrounds = backgrounds.reduce((sum, bg) => sum + luminance(bg), 0) / backgrounds.length > 0.18;
  const from = rgbOf(color);
  const to: Rgb = lightBackgrounds ? [0, 0, 0] : [255, 255, 255];
  let [low, high] = [0, 1];
  for (let i = 0; i < 24; i++) {
    const t = (low + high) / 2;
    if (passes(hexOf(mix(from, to, t)))) high = t;
    else low = t;
  }
  // Rounding to whole channels may land a hair short; a step further always passes (the far end is black or white).
  for (let t = high; t < 1; t += 0.005) if (passes(hexOf(mix(from, to, t)))) return hexOf(mix(from, to, t));
  return hexOf(to);
}
