import * as cheerio from "cheerio/slim";

/**
 * A post's body as the blog's pages show it (docs/decisions/077-blog-themes.md): an h1 in the body becomes an h2
 * (the title is the page's one h1), every h2 gets an id its contents list and any shared link can point at, and
 * each table scrolls inside its own box, so a wide one never widens a phone's page. Ids come from the heading's
 * words (the sanitizer strips authors' ids, so a heading keeps its id while its words stay), unique in the page
 * and never one of the page's own (`reserved`). Body images load lazily (publishing/figures.ts), but for the
 * `lead` image, the cover when the article starts with it: it is the page's largest paint, so it loads at once.
 * Pure; the body is already sanitized.
 */

/** A post with at least this many sections gets a contents list. */
export const CONTENTS_MIN_HEADINGS = 4;

const ID_MAX = 60;

/** "Grind size & brew time" → "grind-size-brew-time": letters of every script kept, accents dropped. */
export function headingSlug(text: string) {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .slice(0, ID_MAX)
    .replace(/^-+|-+$/g, "");
  return slug || "section";
}

export type Heading = { id: string; text: string };

export function postBody(html: string, { reserved = [], lead = null }: { reserved?: string[]; lead?: string | null } = {}) {
  // Written back as UTF-8: entities for every accented letter would only make the page bigger.
  const $ = cheerio.load(html, { xml: { xmlMode: false, encodeEntities: "utf8" } }, false);
  if (lead)
    $("img")
      .filter((_, img) => $(img).attr("src") === lead)
      .first()
      .removeAttr("loading")
      .attr("fetchpriority", "high");
  $("h1").each((_, el) => {
    el.tagName = "h2";
  });
  const taken = new Set([...reserved, ...$("[id]").map((_, el) => $(el).attr("id") ?? "")]);
  const headings: Heading[] = [];
  $("h2").each((_, el) => {
    const heading = $(el);
    const text = heading.text().replace(/\s+/g, " ").trim();
    let id = heading.attr("id");
    if (!id || reserved.includes(id)) {
      const base = headingSlug(text);
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
      heading.attr("id", id);
    }
    if (text) headings.push({ id, text });
  });
  $("table").each((_, el) => {
    const table = $(el);
    const caption = table.children("caption").first().text().replace(/\s+/g, " ").trim();
    // Focusable, so a keyboard can scroll it too; named, as every region must be.
    table.wrap($("<div>").attr({ class: "table-scroll", role: "region", tabindex: "0", "aria-label": caption || "Table" }));
  });
  return { html: $.html(), headings };
}
