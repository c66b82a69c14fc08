/**
 * A declared language as a BCP 47 tag with a region ("en" → "en-US",
 * "pt_br" → "pt-BR"); "" when absent or not a language tag.
 */
export function normalizeLanguage(raw: string | null | undefined): string {
  const cleaned =
    (raw ?? "")
      .trim()
      .replace(/_/g, "-")
      .split(/[,;\s]/)[0] ?? "";
  if (!cleaned) return "";
  try {
    const locale = new Intl.Locale(cleaned);
    const region = locale.region ?? locale.maximize().region;
    return region ? `${locale.language}-${region}` : locale.language;
  } catch {
    return "";
  }
}
