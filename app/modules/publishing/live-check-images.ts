import type * as cheerio from "cheerio/slim";

/**
 * The live check's look at how the article's images sit on the page (docs/product.md, Publishing), the pure part.
 * What a fetch of the page can tell, and what it cannot:
 * - it can tell an <img> without width and height (the page jumps as it loads, and the image shows at its own
 *   size wherever the theme sets none);
 * - it can tell an image wider than a content column (over 800 px) with nothing on the element itself holding it
 *   to the column: no max-width in its style and no class of a platform whose stylesheet does (WordPress's
 *   wp-block-image / wp-image-N, Ghost's kg-image, Webflow's rich text figures, Wix's and Notion's own blocks);
 * - it can tell an image that does not load: the server part fetches each one's address (imageStatus);
 * - it cannot apply the theme's stylesheet or lay the page out, so an image a theme's CSS holds to the column
 *   (or lets overflow) without a mark on the element is not judged, and the detail says so.
 */

/** Wider than this, an image is wider than any common content column (themes use 600–760 px). */
const COLUMN_PX = 800;
/** Classes whose platform stylesheet keeps an image inside the column. */
const HELD_BY_CLASS = /\b(wp-block-image|wp-image-\d+|kg-image|kg-image-card|w-richtext-figure-type-image|w-richtext-align-fullwidth)\b/;

export type PageImageLoad = { url: string; status: number | null };

export type ImageLayoutFinding = Pick<LaidOutImage, "url" | "alt" | "block"> & {
  problem: "no_size" | "may_overflow" | "not_loading";
  detail: string;
};

/**
 * The page's <img> elements that are the article's (matched by the caller), with what matters for layout. `block`:
 * the image carries the WordPress image-block marks Inkpilot sends (figures.ts), so it is as Inkpilot sent it.
 */
export type LaidOutImage = { url: string; alt: string; width: number | null; height: number | null; held: boolean; block: boolean };

export function laidOutImage($: cheerio.CheerioAPI, element: Parameters<cheerio.CheerioAPI>[0], url: string): LaidOutImage {
  const el = $(element);
  const width = Number(el.attr("width")) || null;
  const height = Number(el.attr("height")) || null;
  const style = `${el.attr("style") ?? ""};${el.parent().attr("style") ?? ""}`;
  const classes = [el.attr("class"), el.parent().attr("class"), el.closest("figure").attr("class")].filter(Boolean).join(" ");
  const held = /max-width\s*:\s*(100%|\d+(px)?)/i.test(style) || HELD_BY_CLASS.test(classes);
  const block = /\bwp-image-\d+\b/.test(el.attr("class") ?? "") || /\bwp-block-image\b/.test(el.closest("figure").attr("class") ?? "");
  return { url, alt: el.attr("alt") ?? "", width, height, held, block };
}

/** Each of the article's images on the page that is likely to show badly, with why. */
export function imageLayoutFindings(images: LaidOutImage[], loads: PageImageLoad[]): ImageLayoutFinding[] {
  const findings: ImageLayoutFinding[] = [];
  const statusOf = new Map(loads.map((l) => [l.url, l.status]));
  for (const image of images) {
    const status = statusOf.get(image.url);
    if (status !== undefined && (status === null || status < 200 || status >= 300)) {
      findings.push({ ...image, problem: "not_loading", detail: status === null ? "does not answer" : `answers ${status}` });
    } else if (!image.width || !image.height) {
      findings.push({ ...image, problem: "no_size", detail: "has no width and height" });
    } else if (image.width > COLUMN_PX && !image.held) {
      findings.push({ ...image, problem: "may_overflow", detail: `is ${image.width} px wide with nothing holding it to the column` });
    }
  }
  return findings;
}
