import type { FontPairingId } from "#app/modules/settings/brand-look";

/**
 * The hosted blog's typefaces: system font stacks only, never a web font file, so a post's text shows at first paint
 * on a phone (docs/decisions/077-blog-themes.md). Each stack names the faces that ship with macOS and iOS, Windows,
 * Android and common Linux desktops, then its generic family. All are listed on the operators' font debug page.
 */

export const BLOG_FONT_STACKS = {
  "System sans": `system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif`,
  "Transitional serif": `Charter,"Bitstream Charter","Sitka Text",Cambria,Georgia,serif`,
  "Old-style serif": `"Iowan Old Style","Palatino Linotype","URW Palladio L",P052,Palatino,Georgia,serif`,
  "Humanist sans": `Seravek,"Gill Sans Nova",Ubuntu,Calibri,"DejaVu Sans",sans-serif`,
  Monospace: `ui-monospace,"Cascadia Code","Source Code Pro",Menlo,Consolas,"DejaVu Sans Mono",monospace`,
} as const;

const {
  "System sans": SANS,
  "Transitional serif": SERIF,
  "Old-style serif": OLD_STYLE,
  "Humanist sans": HUMANIST,
  Monospace: MONO,
} = BLOG_FONT_STACKS;

/** Each pairing's stacks: headings, running text, and the small print (dates, labels, the contents' title). */
export const FONT_STACKS: Record<FontPairingId, { heading: string; body: string; ui: string }> = {
  modern: { heading: SANS, body: SANS, ui: SANS },
  classic: { heading: SERIF, body: SERIF, ui: SERIF },
  humanist: { heading: HUMANIST, body: HUMANIST, ui: HUMANIST },
  editorial: { heading: OLD_STYLE, body: SANS, ui: SANS },
  mono: { heading: SANS, body: SANS, ui: MONO },
};

/** Code in a post, whatever the pairing. */
export const CODE_FONT_STACK = MONO;
