import zlib from "node:zlib";
// jpeg-js (pure JavaScript, here through Lighthouse) encodes the test JPEG and proves the result still decodes.
import fs from "node:fs";
import path from "node:path";
import * as jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { getEnv } from "#app/env.server";
import { saveUpload } from "./images.server";
import { stripImageMetadata } from "./strip-metadata";

/** Real small files built here, with the metadata a phone or an editor writes, then stripped. */

const bytesOf = (text: string) => Buffer.from(text, "latin1");
const has = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).includes(bytesOf(needle));

function u16be(n: number) {
  return Buffer.from([n >> 8, n & 0xff]);
}

function segment(marker: number, body: Buffer) {
  return Buffer.concat([Buffer.from([0xff, marker]), u16be(body.length + 2), body]);
}

/** A little-endian TIFF with IFD0 (orientation, GPS pointer) and a GPS IFD holding a position and a note. */
function exifWithGps(orientation: number) {
  const entry = (tag: number, type: number, count: number, value: number) => {
    const b = Buffer.alloc(12);
    b.writeUInt16LE(tag, 0);
    b.writeUInt16LE(type, 2);
    b.writeUInt32LE(count, 4);
    if (type === 3) b.writeUInt16LE(value, 8);
    else b.writeUInt32LE(value, 8);
    return b;
  };
  const ifd = (entries: Buffer[]) => {
    const count = Buffer.alloc(2);
    count.writeUInt16LE(entries.length);
    return Buffer.concat([count, ...entries, Buffer.alloc(4)]);
  };
  const note = bytesOf("GPS 48.858370N 2.294481E secret-home\0");
  const ifd0At = 8;
  const ifd0Size = 2 + 2 * 12 + 4;
  const gpsAt = ifd0At + ifd0Size;
  const gpsSize = 2 + 2 * 12 + 4;
  const noteAt = gpsAt + gpsSize;
  const tiff = Buffer.concat([
    bytesOf("II*\0"),
    Buffer.from([8, 0, 0, 0]),
    ifd([entry(0x0112, 3, 1, orientation), entry(0x8825, 4, 1, gpsAt)]),
    ifd([entry(0x0001, 2, 2, 0x4e), entry(0x001b, 7, note.length, noteAt)]),
    note,
  ]);
  return Buffer.concat([bytesOf("Exif\0\0"), tiff]);
}

function photo() {
  const width = 8;
  const height = 4;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([i * 7, 255 - i * 5, (i * 13) % 256, 255], i * 4);
  return Buffer.from(jpeg.encode({ width, height, data, comments: ["secret-comment shot at home"] }, 90).data);
}

/** The JPEG with camera metadata inserted after its JFIF header, as a phone would write it. */
function phoneJpeg(orientation = 6) {
  const plain = photo();
  const jfifEnd = 4 + plain.readUInt16BE(4);
  return Buffer.concat([
    plain.subarray(0, jfifEnd),
    segment(0xe1, exifWithGps(orientation)),
    segment(0xe1, bytesOf("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>secret-xmp-creator</x:xmpmeta>")),
    segment(0xe2, bytesOf("ICC_PROFILE\0\x01\x01fake-srgb-profile")),
    segment(0xed, bytesOf("Photoshop 3.0\x008BIM secret-iptc-byline")),
    plain.subarray(jfifEnd),
  ]);
}

/** The marker segments of a JPEG up to the first scan. */
function markers(bytes: Uint8Array) {
  const found: Array<{ marker: number; body: Buffer }> = [];
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    found.push({ marker, body: Buffer.from(bytes.subarray(at + 4, at + 2 + length)) });
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return found;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([bytesOf(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 2x2 RGB PNG with text, EXIF and time chunks and a colour profile. */
function taggedPng() {
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const raw = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 9, 9, 9]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("iCCP", Buffer.concat([bytesOf("sRGB\0\0"), zlib.deflateSync(bytesOf("fake-profile"))])),
    pngChunk("tEXt", bytesOf("Author\0secret-author-name")),
    pngChunk("iTXt", bytesOf("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>secret-xmp</x:xmpmeta>")),
    pngChunk("zTXt", Buffer.concat([bytesOf("Comment\0\0"), zlib.deflateSync(bytesOf("secret-ztxt"))])),
    pngChunk("eXIf", exifWithGps(1).subarray(6)),
    pngChunk("tIME", Buffer.from([0x07, 0xe9, 1, 2, 3, 4, 5])),
    pngChunk("IDAT", zlib.deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
    bytesOf("trailing-secret"),
  ]);
}

function pngChunks(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Array<{ type: string; data: Buffer }> = [];
  let at = 8;
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    expect(buf.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(zlib.crc32(buf.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

function riffChunk(fourcc: string, data: Buffer) {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  return Buffer.concat([bytesOf(fourcc), size, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** An extended WebP (VP8X with the EXIF and XMP flags) around a 1x1 lossless image. */
function taggedWebp() {
  const vp8l = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64").subarray(12);
  const vp8x = Buffer.from([0x20 | 0x08 | 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([
    riffChunk("VP8X", vp8x),
    riffChunk("ICCP", bytesOf("fake-profile")),
    vp8l,
    riffChunk("EXIF", exifWithGps(1).subarray(6)),
    riffChunk("XMP ", bytesOf("<x:xmpmeta>secret-xmp</x:xmpmeta>")),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length + 4);
  return Buffer.concat([bytesOf("RIFF"), size, bytesOf("WEBP"), body]);
}

/** A 1x1 GIF89a with a comment and an XMP application block beside the looping block. */
function taggedGif() {
  const subBlocks = (data: Buffer) => Buffer.concat([Buffer.from([data.length]), data, Buffer.from([0])]);
  return Buffer.concat([
    bytesOf("GIF89a"),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0]),
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.concat([Buffer.from([0x21, 0xff, 11]), bytesOf("NETSCAPE2.0"), Buffer.from([3, 1, 0, 0, 0])]),
    Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks(bytesOf("secret-gif-comment"))]),
    Buffer.concat([Buffer.from([0x21, 0xff, 11]), bytesOf("XMP DataXMP"), subBlocks(bytesOf("<x:xmpmeta>secret-xmp</x:xmpmeta>"))]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([2, 2, 0x44, 0x01, 0]),
    Buffer.from([0x3b]),
  ]);
}

describe("stripImageMetadata", () => {
  it("JPEG: drops EXIF with its GPS position, XMP, IPTC and comments; keeps the colour profile, the orientation and every pixel", () => {
    const input = phoneJpeg(6);
    for (const secret of ["secret-home", "48.858370N", "secret-xmp", "secret-iptc", "secret-comment"])
      expect(has(input, secret)).toBe(true);
    const output = stripImageMetadata(input, "jpg")!;
    expect(output).not.toBeNull();
    for (const secret of ["secret-home", "48.858370N", "secret-xmp", "secret-iptc", "secret-comment", "Photoshop"])
      expect(has(output, secret), secret).toBe(false);

    const kept = markers(output);
    expect(kept[0]!.marker).toBe(0xe0);
    expect(kept.some((m) => m.marker === 0xe2 && m.body.toString("latin1").startsWith("ICC_PROFILE\0"))).toBe(true);
    expect(kept.filter((m) => m.marker === 0xfe || m.marker === 0xed)).toEqual([]);
    // A minimal EXIF block with the orientation only, so the photo stays upright.
    const exif = kept.filter((m) => m.marker === 0xe1);
    expect(exif).toHaveLength(1);
    expect(exif[0]!.body.length).toBeLessThan(40);
    expect(exif[0]!.body.subarray(0, 6).toString("latin1")).toBe("Exif\0\0");
    expect(exif[0]!.body.readUInt16BE(6 + 8 + 2)).toBe(0x0112);
    expect(exif[0]!.body.readUInt16BE(6 + 8 + 2 + 8)).toBe(6);

    const before = jpeg.decode(input, { useTArray: true });
    const after = jpeg.decode(output, { useTArray: true });
    expect([after.width, after.height]).toEqual([8, 4]);
    expect(Buffer.from(after.data)).toEqual(Buffer.from(before.data));
    expect(Buffer.from(output.subarray(-2))).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it("JPEG: an upright photo gets no EXIF block at all, and a file without metadata comes back unchanged", () => {
    const upright = stripImageMetadata(phoneJpeg(1), "jpg")!;
    expect(markers(upright).filter((m) => m.marker === 0xe1)).toEqual([]);
    const clean = Buffer.from(jpeg.encode({ width: 2, height: 2, data: Buffer.alloc(16, 200) }, 80).data);
    expect(Buffer.from(stripImageMetadata(clean, "jpg")!)).toEqual(clean);
  });

  it("PNG: drops tEXt, iTXt, zTXt, eXIf, tIME and trailing bytes; keeps iCCP and valid chunks that still inflate", () => {
    const input = taggedPng();
    const output = stripImageMetadata(input, "png")!;
    for (const secret of ["secret-author", "secret-xmp", "secret-home", "trailing-secret"]) expect(has(output, secret), secret).toBe(false);
    const chunks = pngChunks(output);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "iCCP", "IDAT", "IEND"]);
    expect(zlib.inflateSync(chunks.find((c) => c.type === "IDAT")!.data)).toHaveLength(14);
  });

  it("WebP: drops the EXIF and XMP chunks, clears their flags and fixes the RIFF size", () => {
    const output = Buffer.from(stripImageMetadata(taggedWebp(), "webp")!);
    for (const secret of ["secret-home", "secret-xmp", "EXIF", "XMP "]) expect(has(output, secret), secret).toBe(false);
    expect(output.toString("latin1", 0, 4)).toBe("RIFF");
    expect(output.readUInt32LE(4)).toBe(output.length - 8);
    expect(output.toString("latin1", 8, 16)).toBe("WEBPVP8X");
    expect(output[20]! & 0x0c).toBe(0);
    expect(output[20]! & 0x20).toBe(0x20);
    expect(has(output, "ICCP")).toBe(true);
    expect(has(output, "VP8L")).toBe(true);
  });

  it("GIF: drops comments and XMP, keeps the looping block and the image", () => {
    const input = taggedGif();
    const output = Buffer.from(stripImageMetadata(input, "gif")!);
    expect(has(output, "secret-gif-comment")).toBe(false);
    expect(has(output, "secret-xmp")).toBe(false);
    expect(has(output, "NETSCAPE2.0")).toBe(true);
    expect(output.at(-1)).toBe(0x3b);
    expect(output.subarray(-6)).toEqual(Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]));
  });

  it("refuses files whose structure does not parse", () => {
    expect(stripImageMetadata(phoneJpeg().subarray(0, 40), "jpg")).toBeNull();
    expect(stripImageMetadata(taggedPng().subarray(0, 30), "png")).toBeNull();
    expect(stripImageMetadata(Buffer.from("RIFF\x04\0\0\0WEBP", "latin1"), "webp")).toBeNull();
    expect(stripImageMetadata(Buffer.from("GIF89a", "latin1"), "gif")).toBeNull();
  });
});

describe("uploads", () => {
  it("stores an uploaded photo without its metadata, and refuses one that does not parse", async () => {
    const saved = await saveUpload("avatar", "user-1", new File([phoneJpeg(6)], "me.jpg", { type: "image/jpeg" }));
    if (!saved.ok) throw new Error(saved.error);
    const stored = fs.readFileSync(path.join(getEnv().dataDir, saved.storedPath));
    expect(has(stored, "secret-home")).toBe(false);
    expect(has(stored, "secret-comment")).toBe(false);
    expect(saved.bytes).toBe(stored.length);
    expect(jpeg.decode(stored).width).toBe(8);

    const png = await saveUpload("avatar", "user-1", new File([taggedPng()], "me.png", { type: "image/png" }));
    if (!png.ok) throw new Error(png.error);
    expect(has(fs.readFileSync(path.join(getEnv().dataDir, png.storedPath)), "secret-author")).toBe(false);

    const broken = await saveUpload("avatar", "user-1", new File([phoneJpeg().subarray(0, 60)], "broken.jpg", { type: "image/jpeg" }));
    expect(broken).toEqual({ ok: false, error: "This image could not be read. Please try another file." });
  });
});
