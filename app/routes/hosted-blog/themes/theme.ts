import type { Scale } from "./scale";

/** A theme's colours in one scheme: text colours reach AA on bg and surface (themes.test.ts holds them to it). */
export type Palette = {
  bg: string;
  /** Cards, boxes. */
  surface: string;
  fg: string;
  heading: string;
  /** Dates, captions, labels. */
  muted: string;
  /** Rules and outlines only, never text. */
  border: string;
  codeBg: string;
};

/** What a theme is made of: its palettes, its type scale and measures, and its own rules after the shared ones. */
export type ThemeStyle = {
  light: Palette;
  dark: Palette;
  scale: Scale;
  /** Line height of running text. */
  leading: number;
  /** The text column and the page's width. */
  measure: string;
  wide: string;
  /** How much of the accent tints the theme's accent panels (0–1). */
  tint: number;
  css: string;
};
