import type { ImageExt } from "./images.server";

/**
 * An image's width and height in pixels, read from its header (PNG IHDR,
 * JPEG SOF, WebP VP8/VP8L/VP8X, GIF screen); null when the header cannot be
 * read. The article's <img> carries them so the page keeps its layout while it loads.
 */
export function imageSize(bytes: Uint8Array, ext: ImageExt): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ok = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  try {
    if (ext === "png") return bytes.length >= 24 ? ok(view.getUint32(16), view.getUint32(20)) : null;
    if (ext === "gif") return bytes.length >= 10 ? ok(view.getUint16(6, true), view.getUint16(8, true)) : null;
    if (ext === "webp") {
      const chunk = String.fromCharCode(...bytes.subarray(12, 16));
      if (chunk === "VP8 ") return ok(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
      if (chunk === "VP8L") {
        const bits = view.getUint32(21, true);
        return ok((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
      }
      if (chunk === "VP8X") return ok(1 + (view.getUint32(24, true) & 0xffffff), 1 + (view.getUint32(27, true) & 0xffffff));
      return null;
    }
    if (ext === "jpg") {
      let at = 2;
      while (at + 9 < bytes.length) {
        if (bytes[at] !== 0xff) return null;
        const marker = bytes[at + 1]!;
        // Start of frame (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
          return ok(view.getUint16(at + 7), view.getUint16(at + 5));
        at += 2 + view.getUint16(at + 2);
      }
    }
    return null;
  } catch {
    return null;
  }
}
