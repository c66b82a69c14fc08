/**
 * Removes metadata from uploaded images without decoding them: EXIF (camera,
 * GPS position, dates), XMP, IPTC and comments, which a logo or profile picture
 * would otherwise publish to every visitor. Works on the container format only
 * (JPEG segments, PNG chunks, WebP RIFF chunks, GIF extension blocks), so pixels
 * are copied byte for byte and the result decodes exactly like the input.
 *
 * Kept: everything needed to show the image, and its ICC colour profile. The
 * EXIF orientation of a JPEG is kept as a minimal EXIF block holding only that
 * tag, so a phone photo does not turn sideways (decision 019).
 *
 * A file whose structure does not parse is refused (null): storing bytes we
 * could not clean is exactly what this is for.
 */

export type StrippableType = "png" | "jpg" | "gif" | "webp";

export function stripImageMetadata(bytes: Uint8Array, type: StrippableType): Uint8Array | null {
  try {
    switch (type) {
      case "jpg":
        return stripJpeg(bytes);
      case "png":
        return stripPng(bytes);
      case "webp":
        return stripWebp(bytes);
      case "gif":
        return stripGif(bytes);
    }
  } catch {
    return null;
  }
}

class Malformed extends Error {}

function need(condition: boolean): asserts condition {
  if (!condition) throw new Malformed("malformed image");
}

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ---------------------------------------------------------------- JPEG

const SOS = 0xda;
const EOI = 0xd9;

/** Which marker segments stay: all but metadata APPn (EXIF/XMP, IPTC, ...) and comments. */
function keepJpegSegment(marker: number, body: Uint8Array) {
  if (marker === 0xfe) return false; // COM
  if (marker < 0xe0 || marker > 0xef) return true; // not APPn: tables, frame and scan headers
  if (marker === 0xe0) return true; // JFIF / JFXX
  if (marker === 0xe2) return ascii(body, 0, 12) === "ICC_PROFILE\0"; // colour profile (not FlashPix)
  if (marker === 0xee) return ascii(body, 0, 5) === "Adobe"; // colour transform of CMYK/YCCK files
  return false;
}

/** The EXIF orientation (1-8) in an APP1 Exif body, or null. */
function exifOrientation(body: Uint8Array): number | null {
  if (ascii(body, 0, 6) !== "Exif\0\0") return null;
  const tiff = body.subarray(6);
  if (tiff.length < 8) return null;
  const little = ascii(tiff, 0, 2) === "II";
  if (!little && ascii(tiff, 0, 2) !== "MM") return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding an EXIF block with the orientation tag only. */
function orientationSegment(orientation: number) {
  const tiff = [
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ];
  const body = [...Array.from("Exif\0\0", (c) => c.charCodeAt(0)), ...tiff];
  const length = body.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

function stripJpeg(bytes: Uint8Array) {
  need(bytes[0] === 0xff && bytes[1] === 0xd8);
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let insertAt = 1; // after SOI, or after JFIF when it comes first
  let at = 2;
  let inScan = false;
  for (;;) {
    if (inScan) {
      // Entropy-coded data: runs until a marker other than stuffing (FF00) or a restart (FFD0-D7).
      const start = at;
      while (
        at < bytes.length - 1 &&
        !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7) && bytes[at + 1] !== 0xff)
      )
        at++;
      need(at < bytes.length - 1);
      parts.push(bytes.subarray(start, at));
      inScan = false;
    }
    need(at + 1 < bytes.length && bytes[at] === 0xff);
    let marker = bytes[at + 1]!;
    while (marker === 0xff) {
      at++; // fill bytes
      need(at + 1 < bytes.length);
      marker = bytes[at + 1]!;
    }
    if (marker === EOI) {
      parts.push(Uint8Array.of(0xff, EOI));
      break; // anything after the image is dropped too
    }
    need(marker !== 0x00 && marker !== 0xd8 && !(marker >= 0xd0 && marker <= 0xd7) && marker !== 0x01);
    need(at + 4 <= bytes.length);
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    need(length >= 2 && at + 2 + length <= bytes.length);
    const segment = bytes.subarray(at, at + 2 + length);
    const body = segment.subarray(4);
    if (marker === 0xe1) orientation ??= exifOrientation(body);
    if (keepJpegSegment(marker, body)) {
      parts.push(segment);
      if (marker === 0xe0 && parts.length === 2) insertAt = 2;
    }
    at += 2 + length;
    if (marker === SOS) inScan = true;
  }
  if (orientation && orientation !== 1) parts.splice(insertAt, 0, orientationSegment(orientation));
  return concat(parts);
}

// ---------------------------------------------------------------- PNG

/** Text, EXIF and time chunks; everything else (including iCCP, the colour profile) stays. */
const PNG_METADATA = new Set(["tEXt", "iTXt", "zTXt", "eXIf", "tIME"]);

function stripPng(bytes: Uint8Array) {
  need(bytes.length >= 8);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  for (;;) {
    need(at + 12 <= bytes.length);
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    need(/^[A-Za-z]{4}$/.test(type) && at + 12 + length <= bytes.length);
    const chunk = bytes.subarray(at, at + 12 + length);
    if (!PNG_METADATA.has(type)) parts.push(chunk);
    at += 12 + length;
    if (type === "IEND") break; // bytes appended after the image are dropped
  }
  return concat(parts);
}

// ---------------------------------------------------------------- WebP

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Uint8Array) {
  need(bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = Math.min(bytes.length, 8 + view.getUint32(4, true));
  const chunks: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= end) {
    const fourcc = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const padded = size + (size & 1);
    need(at + 8 + size <= end);
    const chunk = bytes.slice(at, Math.min(end, at + 8 + padded));
    if (fourcc === "VP8X") {
      need(size >= 10);
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
    }
    if (fourcc !== "EXIF" && fourcc !== "XMP ") chunks.push(chunk);
    at += 8 + padded;
  }
  need(chunks.length > 0);
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

// ---------------------------------------------------------------- GIF

function stripGif(bytes: Uint8Array) {
  need(bytes.length >= 13);
  const tableSize = (flags: number) => (flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0);
  let at = 13 + tableSize(bytes[10]!);
  need(at <= bytes.length);
  const parts: Uint8Array[] = [bytes.subarray(0, at)];
  /** Index just past a run of data sub-blocks (ending with the 0 terminator). */
  const skipSubBlocks = (from: number) => {
    let i = from;
    for (;;) {
      need(i < bytes.length);
      const size = bytes[i]!;
      i += 1 + size;
      if (size === 0) return i;
    }
  };
  for (;;) {
    need(at < bytes.length);
    const introducer = bytes[at]!;
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(at, at + 1));
      break;
    }
    if (introducer === 0x21) {
      need(at + 2 < bytes.length);
      const label = bytes[at + 1]!;
      const next = skipSubBlocks(at + 2);
      // Comments go, and application blocks other than the looping ones (XMP lives in one).
      const app = label === 0xff ? ascii(bytes, at + 3, 11) : "";
      const keep = label !== 0xfe && (label !== 0xff || app === "NETSCAPE2.0" || app === "ANIMEXTS1.0");
      if (keep) parts.push(bytes.subarray(at, next));
      at = next;
      continue;
    }
    need(introducer === 0x2c && at + 10 <= bytes.length);
    const start = at;
    at += 10 + tableSize(bytes[at + 9]!);
    at = skipSubBlocks(at + 1); // LZW minimum code size, then the image data
    parts.push(bytes.subarray(start, at));
  }
  return concat(parts);
}
