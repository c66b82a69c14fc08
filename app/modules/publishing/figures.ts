import * as cheerio from "cheerio/slim";
import type { Element } from "domhandler";

/**
 * Every image of an article as the destination shows one (docs/decisions/033): a `<figure>` with the
 * image's width, height and alt text, its caption as `<figcaption>`, a srcset where the platform makes
 * sizes, and never wider than the content column. One walk, three dialects:
 * - wordpress: the block editor's own markup (`wp-block-image size-full`, `wp-image-{id}`), so themes style it
 *   as theirs and WordPress's content filter knows the attachment; srcset from the media library's sizes.
 * - ghost: Ghost's image card (`kg-card kg-image-card`, `kg-image`), which Ghost's HTML import turns into an
 *   image card with its width and height; srcset from Ghost's /size/wNNN/ variants.
 * - html: plain HTML for everyone else (hosted blog, Shopify, webhook, and the converters of Notion, Wix and
 *   Webflow, which read figure and figcaption into their own image blocks).
 * WordPress and plain HTML also carry style="max-width:100%;height:auto", so no theme lets a 1200 px image
 * overflow a narrower column. An image inside running text stays where it is, sized the same way.
 */

export type FigureMarkup = "wordpress" | "ghost" | "html";

/** One size the platform made of an image, for srcset. */
export type ImageVariant = { url: string; width: number; height: number };

/** Where an image of the article now lives, and what is known of its size. */
export type PlacedImage = {
  url: string;
  /** The media library's id, where the platform has one (WordPress's attachment id). */
  remoteId: string | null;
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
};

const FIT = "max-width:100%;height:auto";

/** A srcset of the variants and the original, narrowest first, one entry per width. */
export function srcsetOf(image: PlacedImage) {
  const all = [...image.variants];
  if (image.width && image.height) all.push({ url: image.url, width: image.width, height: image.height });
  const byWidth = new Map<number, ImageVariant>();
  for (const v of all) if (v.width > 0 && !byWidth.has(v.width)) byWidth.set(v.width, v);
  const sorted = [...byWidth.values()].sort((a, b) => a.width - b.width);
  return sorted.length > 1 ? sorted.map((v) => `${v.url} ${v.width}w`).join(", ") : "";
}

/** The sizes attribute: the whole viewport on narrow screens, never more than the image itself. */
function sizesOf(width: number, markup: FigureMarkup) {
  // Ghost's editor says the content column is 720 px wide at most.
  if (markup === "ghost") return width > 720 ? "(min-width: 720px) 720px" : `(min-width: ${width}px) ${width}px`;
  return `(max-width: ${width}px) 100vw, ${width}px`;
}

/** The img's attributes in the platform's dialect. */
function imageAttributes(img: Element, image: PlacedImage | null, markup: FigureMarkup) {
  const alt = img.attribs.alt ?? "";
  const width = image?.width ?? (Number(img.attribs.width) || null);
  const height = image?.height ?? (Number(img.attribs.height) || null);
  const attrs: Record<string, string> = { src: image?.url ?? img.attribs.src ?? "", alt };
  if (img.attribs.title) attrs.title = img.attribs.title;
  if (width && height) {
    attrs.width = String(width);
    attrs.height = String(height);
  }
  const srcset = image ? srcsetOf(image) : "";
  if (srcset && width) {
    attrs.srcset = srcset;
    attrs.sizes = sizesOf(width, markup);
  }
  if (markup === "wordpress" && image?.remoteId && /^\d+$/.test(image.remoteId)) attrs.class = `wp-image-${image.remoteId}`;
  if (markup === "ghost") attrs.class = "kg-image";
  attrs.loading = "lazy";
  attrs.decoding = "async";
  if (markup !== "ghost") attrs.style = FIT;
  return attrs;
}

function figureClass(markup: FigureMarkup, captioned: boolean) {
  if (markup === "wordpress") return "wp-block-image size-full";
  if (markup === "ghost") return `kg-card kg-image-card${captioned ? " kg-card-hascaption" : ""}`;
  return null;
}

/** True for a paragraph (or div) that holds nothing but this image, a link around it and whitespace. */
function onlyHolds($: cheerio.CheerioAPI, parent: Element) {
  if (parent.name !== "p" && parent.name !== "div") return false;
  const $parent = $(parent);
  return $parent.text().trim() === "" && $parent.find("img").length === 1 && $parent.find("*").not("img, br, a").length === 0;
}

/**
 * The HTML with each image placed: its src the platform's URL (from `placed`, keyed by the src in the article;
 * an image not in it keeps its own address), sized and wrapped in the platform's figure.
 */
export function placeImages(html: string, placed: ReadonlyMap<string, PlacedImage>, markup: FigureMarkup) {
  if (!/<img\b/i.test(html)) return html;
  const $ = cheerio.load(html, null, false);
  for (const img of $("img").toArray()) {
    const image = placed.get(img.attribs.src ?? "") ?? null;
    const attrs = imageAttributes(img, image, markup);
    const $img = $("<img>").attr(attrs);
    // The block the image stands in: its figure, a paragraph holding only it, or the image itself at the top.
    let holder = $(img).closest("figure").get(0) as Element | undefined;
    // A figure of several images, or with more than an image and its caption, keeps its own layout: sized in place.
    if (holder && ($(holder).find("img").length > 1 || $(holder).children().not("img, a, figcaption").length > 0)) holder = undefined;
    const caption = holder ? $(holder).children("figcaption").first() : null;
    if (!holder && !$(img).closest("figure").length) {
      const parent = img.parent;
      const link = parent && parent.type === "tag" && (parent as Element).name === "a" ? (parent as Element) : null;
      const block = link ? link.parent : parent;
      if (!block || block.type === "root") holder = link ?? img;
      else if (block.type === "tag" && onlyHolds($, block as Element)) holder = block as Element;
    }
    if (!holder) {
      // Inside running text: sized in place, no figure.
      $(img).replaceWith($img);
      continue;
    }
    const link = $(img).parent("a").first();
    const content = link.length ? link.clone().empty().append($img) : $img;
    const captionHtml = caption?.length ? caption.html()?.trim() : "";
    const figure = $("<figure>");
    const cls = figureClass(markup, !!captionHtml);
    if (cls) figure.attr("class", cls);
    figure.append(content);
    if (captionHtml)
      figure.append(
        $("<figcaption>")
          .attr(markup === "wordpress" ? { class: "wp-element-caption" } : {})
          .html(captionHtml),
      );
    $(holder).replaceWith(figure);
  }
  return $.html();
}

/** Copies at the given widths below the original's, for platforms that resize by URL (Ghost's /size/wNNN/, ?w=). */
export function scaledVariants(width: number | null, height: number | null, widths: number[], urlFor: (width: number) => string) {
  if (!width || !height) return [];
  return widths.filter((w) => w < width).map((w) => ({ url: urlFor(w), width: w, height: Math.round((height * w) / width) }));
}

/**
 * WordPress's media sizes (media_details.sizes of the upload answer) fit for srcset: the ones with the image's own
 * proportions (not the square crops) and narrower than it, as WordPress's own wp_calculate_image_srcset picks them.
 */
export function wordpressVariants(details: unknown): ImageVariant[] {
  const d = details as {
    width?: unknown;
    height?: unknown;
    sizes?: Record<string, { source_url?: unknown; width?: unknown; height?: unknown }>;
  };
  const width = Number(d?.width);
  const height = Number(d?.height);
  if (!(width > 0 && height > 0) || typeof d.sizes !== "object" || !d.sizes) return [];
  const variants: ImageVariant[] = [];
  for (const size of Object.values(d.sizes)) {
    const w = Number(size?.width);
    const h = Number(size?.height);
    if (typeof size?.source_url !== "string" || !(w > 0 && h > 0) || w >= width) continue;
    // Same proportions within a pixel of rounding, as wp_image_matches_ratio allows.
    if (Math.abs(Math.round((height * w) / width) - h) > 1) continue;
    variants.push({ url: size.source_url, width: w, height: h });
  }
  return variants.sort((a, b) => a.width - b.width);
}
