/** Font stack helpers shared by the font debug page's loader and its in-browser probe. Client-safe. */

export type FontStack = { use: string; variable: string | null; stack: string; families: string[] };

const GENERIC = new Set([
  "serif",
  "sans-serif",
  "monospace",
  "cursive",
  "fantasy",
  "system-ui",
  "ui-sans-serif",
  "ui-serif",
  "ui-monospace",
  "ui-rounded",
  "-apple-system",
  "emoji",
  "math",
]);

export function isGenericFamily(family: string) {
  return GENERIC.has(family.toLowerCase());
}

export function familiesOf(stack: string) {
  return stack
    .split(",")
    .map((f) => f.trim().replace(/^["']|["']$/g, ""))
    .filter(Boolean);
}
