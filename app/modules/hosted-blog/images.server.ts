import * as cheerio from "cheerio/slim";
import { logger } from "#app/utils/logger.server";
import { placeImages, type PlacedImage } from "#app/modules/publishing/figures";
import { imageSize, type ImageSize } from "#app/modules/uploads/image-size";
import { readStoredImage, storedPathOf } from "#app/modules/uploads/images.server";

/**
 * The hosted blog's images as every other destination gets them (app/modules/publishing/figures.ts): figures
 * with width, height, alt and caption, held to the column. The image store keeps one size of each image, so
 * there is no srcset. Sizes are read from the files' headers once: stored files never change (each upload gets
 * a new name), so a bounded map of them is never stale.
 */

const HEADER_BYTES = 64 * 1024;
const KNOWN_LIMIT = 5000;
const known = new Map<string, ImageSize | null>();

async function sizeOf(stored: string) {
  if (known.has(stored)) return known.get(stored)!;
  let size: ImageSize | null = null;
  try {
    // Gone from the store: shown as it is (a publish refuses such an article; an older post may still hold one).
    const header = await readStoredImage(stored, { start: 0, end: HEADER_BYTES - 1 });
    size = header ? imageSize(header) : null;
  } catch (error) {
    // The store did not answer: the page goes out without this image's size, which is not remembered.
    logger.warn({ err: error, path: stored }, "could not read a stored image's size");
    return null;
  }
  if (known.size >= KNOWN_LIMIT) known.clear();
  known.set(stored, size);
  return size;
}

/** The pixel size of one of our stored images (/uploads/…), or null for another URL or a file it cannot read. */
export async function storedImageSize(src: string) {
  const stored = storedPathOf(src);
  return stored ? sizeOf(stored) : null;
}

export async function hostedFigures(html: string) {
  if (!/<img\b/i.test(html)) return html;
  const $ = cheerio.load(html, null, false);
  const placed = new Map<string, PlacedImage>();
  for (const src of new Set(
    $("img")
      .map((_, img) => $(img).attr("src") ?? "")
      .get(),
  )) {
    const stored = storedPathOf(src);
    if (!stored) continue;
    const size = await sizeOf(stored);
    placed.set(src, { url: src, remoteId: null, width: size?.width ?? null, height: size?.height ?? null, variants: [] });
  }
  return placeImages(html, placed, "html");
}
