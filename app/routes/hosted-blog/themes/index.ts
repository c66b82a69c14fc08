import { CODE_FONT_STACK, FONT_STACKS } from "#app/modules/hosted-blog/fonts";
import type { HostedBlog } from "#app/modules/hosted-blog/queries.server";
import type { BlogThemeId } from "#app/modules/hosted-blog/themes";
import { accessibleShade, mixColors } from "#app/utils/contrast";
import { BASE_CSS } from "./base";
import { JOURNAL } from "./journal";
import { LONGREAD } from "./longread";
import { MAGAZINE } from "./magazine";
import { scaleProperties } from "./scale";
import type { Palette, ThemeStyle } from "./theme";

/**
 * A blog page's one inline stylesheet (docs/decisions/077-blog-themes.md): the theme's colours with the brand's
 * accent made readable on each of its backgrounds, in light and dark, the brand's fonts, the type scale, then the
 * shared rules and the theme's own. No file is fetched: the page paints from its first response.
 */

export const THEME_STYLES: Record<BlogThemeId, ThemeStyle> = { magazine: MAGAZINE, longread: LONGREAD, journal: JOURNAL };

/** The colour custom properties of one scheme. Text on the accent (a button) is white in light, the page's bg in dark. */
export function paletteProperties(palette: Palette, accent: string, tintWeight: number, onAccent: string) {
  const tint = mixColors(accent, palette.bg, tintWeight);
  const readable = accessibleShade(accent, [palette.bg, palette.surface, tint]);
  return [
    `--bg:${palette.bg}`,
    `--surface:${palette.surface}`,
    `--fg:${palette.fg}`,
    `--heading:${palette.heading}`,
    `--muted:${palette.muted}`,
    `--border:${palette.border}`,
    `--code-bg:${palette.codeBg}`,
    `--tint:${tint}`,
    `--accent:${readable}`,
    `--on-accent:${onAccent}`,
  ].join(";");
}

export function themeStylesheet(blog: Pick<HostedBlog, "theme" | "accent" | "fontPairing">) {
  const style = THEME_STYLES[blog.theme];
  const fonts = FONT_STACKS[blog.fontPairing];
  const root = [
    "color-scheme:light dark",
    paletteProperties(style.light, blog.accent, style.tint, "#FFFFFF"),
    `--font-heading:${fonts.heading}`,
    `--font-body:${fonts.body}`,
    `--font-ui:${fonts.ui}`,
    `--font-code:${CODE_FONT_STACK}`,
    scaleProperties(style.scale),
    `--leading:${style.leading}`,
    `--measure:${style.measure}`,
    `--wide:${style.wide}`,
  ].join(";");
  const dark = paletteProperties(style.dark, blog.accent, style.tint * 1.5, style.dark.bg);
  return `:root{${root}}\n@media (prefers-color-scheme:dark){:root{${dark}}}${BASE_CSS}${style.css}`;
}
