import { z } from "zod";

/**
 * Parsing of the list fields typed as text (docs/product.md "Settings", Brand): tags are split
 * by commas; internal links by commas or lines (the label says one per line, the
 * original sketch split by commas: both work). Items are trimmed, empties dropped and
 * exact repeats kept once.
 */

function clean(parts: string[]) {
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

export function parseTags(text: string) {
  return clean(text.split(","));
}

export function parseLinks(text: string) {
  return clean(text.split(/[,\r\n]+/));
}

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A list typed as text (tags, links): `list` parses and checks it, and every
 * problem is reported on the field itself, where the form shows it, rather than
 * on an item the form has no place for.
 */
export function listField<Out>(list: z.ZodType<Out, string>) {
  return z
    .string()
    .default("")
    .transform((raw, ctx) => {
      const parsed = list.safeParse(raw);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}
