/**
 * The pixel size of a PNG, JPEG, GIF, WebP or SVG from its own bytes (the header, a JPEG's first
 * start-of-frame, an SVG's width and height or viewBox), so that what goes out carries width and height.
 * Null when the bytes say nothing usable.
 */

export type ImageSize = { width: number; height: number };

function valid(width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 ? { width, height } : null;
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Padding and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // SOF0–SOF15 carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return valid(view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  try {
    if (bytes.length >= 24 && bytes[0] === 0x89 && ascii(1, 4) === "PNG") return valid(view.getUint32(16), view.getUint32(20));
    if (bytes.length >= 10 && ascii(0, 3) === "GIF") return valid(view.getUint16(6, true), view.getUint16(8, true));
    if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
    if (bytes.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") {
      const chunk = ascii(12, 16);
      if (chunk === "VP8 ") return valid(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
      if (chunk === "VP8L") {
        const bits = view.getUint32(21, true);
        return valid((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
      }
      if (chunk === "VP8X") {
        const w = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
        const h = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
        return valid(w + 1, h + 1);
      }
    }
    const head = ascii(0, Math.min(bytes.length, 1024));
    const svg = /<svg\b[^>]*>/i.exec(head)?.[0];
    if (svg) {
      const number = (name: string) => Number(new RegExp(`\\s${name}="\\s*([\\d.]+)(px)?\\s*"`).exec(svg)?.[1] ?? NaN);
      const box = /\sviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
      const width = number("width") || Number(box?.[1]);
      const height = number("height") || Number(box?.[2]);
      return Number.isFinite(width) && Number.isFinite(height) ? valid(Math.round(width), Math.round(height)) : null;
    }
  } catch {
    // A header cut short: nothing usable.
  }
  return null;
}
