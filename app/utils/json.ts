/**
 * A list of strings stored as JSON text (brand tags, internal links, topic keywords, publishing times): the
 * strings that pass `keep`, or none when the text is missing or not such a list. Stored lists are written by
 * the app, so a damaged one reads as empty rather than failing the page.
 */
export function parseStringList(raw: string | null | undefined, keep: (value: string) => boolean = () => true): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && keep(v)) : [];
  } catch {
    return [];
  }
}

/** For parseStringList: a string with more than white space. */
export const nonBlank = (value: string) => value.trim() !== "";
