import { describe, expect, it } from "vitest";
import { BLOG_THEME_IDS } from "#app/modules/hosted-blog/themes";
import { FONT_PAIRINGS } from "#app/modules/settings/brand-look";
import { AA_TEXT_CONTRAST, contrastRatio } from "#app/utils/contrast";
import { paletteProperties, THEME_STYLES, themeStylesheet } from "./index";

/** Every theme keeps its text readable in light and dark, whatever accent a brand brings. */

const ACCENTS = ["#1D4ED8", "#F4A261", "#FFD60A", "#0A1F44", "#22C55E", "#E11D48", "#FFFFFF", "#000000"];

function properties(css: string) {
  return Object.fromEntries(css.split(";").map((pair) => pair.split(":") as [string, string]));
}

describe.each(BLOG_THEME_IDS)("the %s theme", (id) => {
  const style = THEME_STYLES[id];

  it.each(["light", "dark"] as const)("has %s text colours that reach AA on its backgrounds", (scheme) => {
    const palette = style[scheme];
    for (const text of [palette.fg, palette.heading, palette.muted])
      for (const bg of [palette.bg, palette.surface, palette.codeBg])
        expect(contrastRatio(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it.each(ACCENTS)("makes the accent %s readable as links and under button text, in both schemes", (accent) => {
    for (const [palette, tint, onAccent] of [
      [style.light, style.tint, "#FFFFFF"],
      [style.dark, style.tint * 1.5, style.dark.bg],
    ] as const) {
      const p = properties(paletteProperties(palette, accent, tint, onAccent));
      for (const bg of [p["--bg"]!, p["--surface"]!, p["--tint"]!])
        expect(contrastRatio(p["--accent"]!, bg), `${p["--accent"]} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(p["--on-accent"]!, p["--accent"]!)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      // Headings sit on the tinted header and boxes too.
      expect(contrastRatio(palette.heading, p["--tint"]!)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it("sets every font pairing's stacks and a fluid type scale, with no font file", () => {
    for (const pairing of FONT_PAIRINGS) {
      const css = themeStylesheet({ theme: id, accent: "#1D4ED8", fontPairing: pairing.id });
      expect(css).toMatch(/--font-heading:[^;]+;--font-body:[^;]+;--font-ui:[^;]+/);
      expect(css).toMatch(/--s4:clamp\([\d.]+rem,[\d.-]+rem \+ [\d.]+vw,[\d.]+rem\)/);
      expect(css).not.toMatch(/@font-face|url\(/);
    }
  });
});
