import { describe, expect, it } from "vitest";
import { AA_TEXT_CONTRAST, accessibleShade, contrastRatio } from "./contrast";

describe("contrastRatio", () => {
  it("measures WCAG 2 contrast, in either order", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // Tailwind's blue-700 on white, as WCAG tools report it.
    expect(contrastRatio("#1D4ED8", "#FFFFFF")).toBeCloseTo(6.7, 1);
    expect(contrastRatio("#FFFFFF", "#1D4ED8")).toBe(contrastRatio("#1D4ED8", "#FFFFFF"));
  });
});

describe("accessibleShade", () => {
  it("keeps a colour that already reaches AA against the backgrounds, in upper case", () => {
    expect(accessibleShade("#1d4ed8", ["#FFFFFF"])).toBe("#1D4ED8");
  });

  it("darkens a light accent on white just enough to reach 4.5:1, keeping its hue", () => {
    const shade = accessibleShade("#F4A261", ["#FFFFFF"]);
    expect(contrastRatio("#F4A261", "#FFFFFF")).toBeLessThan(AA_TEXT_CONTRAST);
    expect(contrastRatio(shade, "#FFFFFF")).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // The least change: barely past the threshold, not black.
    expect(contrastRatio(shade, "#FFFFFF")).toBeLessThan(4.8);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(shade.slice(i, i + 2), 16));
    expect(r! > g! && g! > b!).toBe(true);
  });

  it("lightens on dark backgrounds, and satisfies every background given", () => {
    const dark = accessibleShade("#1D4ED8", ["#111418", "#1B1F24"]);
    for (const bg of ["#111418", "#1B1F24"]) expect(contrastRatio(dark, bg)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(dark, "#FFFFFF")).toBeLessThan(contrastRatio("#1D4ED8", "#FFFFFF"));

    const warm = accessibleShade("#E9C46A", ["#FFFFFF", "#FBF6EE"]);
    for (const bg of ["#FFFFFF", "#FBF6EE"]) expect(contrastRatio(warm, bg)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it("reaches a higher goal when asked, and white or black at worst", () => {
    expect(contrastRatio(accessibleShade("#777777", ["#FFFFFF"], 7), "#FFFFFF")).toBeGreaterThanOrEqual(7);
    expect(accessibleShade("#FFFFFF", ["#FFFFFF"], 21)).toBe("#000000");
  });
});
