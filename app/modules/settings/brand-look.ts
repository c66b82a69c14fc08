import { z } from "zod";
import { AA_TEXT_CONTRAST, accessibleShade, contrastRatio } from "#app/utils/contrast";

/**
 * The brand's look on its hosted blog (docs/decisions/077-blog-themes.md): an accent colour and a font pairing, both
 * brand settings, so every theme wears them. The pairings are system font stacks only (the blog downloads no font,
 * which keeps it fast on a phone); their stacks are the hosted blog's (hosted-blog/fonts.ts). Client-safe.
 */

/** Today's link blue: the accent of a brand that chose none. */
export const DEFAULT_ACCENT = "#1D4ED8";

export const FONT_PAIRINGS = [
  { id: "modern", label: "Modern sans", description: "The device's own interface font: clean and neutral." },
  { id: "classic", label: "Classic serif", description: "A bookish serif for headings and text." },
  { id: "humanist", label: "Humanist", description: "A warm, open sans with a handwritten rhythm." },
  { id: "editorial", label: "Editorial", description: "Serif headings over a sans-serif text, as newspapers set them." },
  { id: "mono", label: "Mono accents", description: "A sans text with dates, labels and code in a monospace." },
] as const;

export type FontPairingId = (typeof FONT_PAIRINGS)[number]["id"];
export const DEFAULT_FONT_PAIRING: FontPairingId = "modern";
const PAIRING_IDS = FONT_PAIRINGS.map((p) => p.id) as [FontPairingId, ...FontPairingId[]];

export function fontPairingOf(value: string | null | undefined): FontPairingId {
  return PAIRING_IDS.find((id) => id === value) ?? DEFAULT_FONT_PAIRING;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The Brand tab's 'Blog colours and fonts' form. */
export const BrandLookFormSchema = z.object({
  accentColor: z
    .string({ error: "Enter a colour as #RRGGBB, e.g. #1D4ED8" })
    .trim()
    .regex(HEX_COLOR, "Enter a colour as #RRGGBB, e.g. #1D4ED8")
    .transform((v) => v.toUpperCase()),
  fontPairing: z.enum(PAIRING_IDS, { error: "Choose one of the font pairings" }),
});

/**
 * What the blog does with an accent on white, where links and buttons need AA's 4.5:1: the colour as it is, or the
 * darker shade the blog uses in its place (each theme derives its own the same way against its own backgrounds).
 */
export function accentCheck(accent: string) {
  const ratio = contrastRatio(accent, "#FFFFFF");
  const used = accessibleShade(accent, ["#FFFFFF"]);
  return { ratio: Math.floor(ratio * 10) / 10, passes: ratio >= AA_TEXT_CONTRAST, used };
}
