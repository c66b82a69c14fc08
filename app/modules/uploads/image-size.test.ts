import { describe, expect, it } from "vitest";
import { pngOf } from "#tests/fakes/test-images";
import { imageSize } from "./image-size";

describe("imageSize", () => {
  it("reads a PNG's size from its header", () => {
    expect(imageSize(pngOf(1200, 630))).toEqual({ width: 1200, height: 630 });
  });

  it("reads GIF, JPEG (first start-of-frame) and WebP headers", () => {
    const gif = Buffer.from([...Buffer.from("GIF89a"), 0x20, 0x03, 0x58, 0x02, 0, 0]);
    expect(imageSize(gif)).toEqual({ width: 800, height: 600 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 480 and width 640.
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...new Array(14).fill(0),
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x01,
      0xe0,
      0x02,
      0x80,
      0x03,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 640, height: 480 });
    const vp8x = Buffer.alloc(30);
    vp8x.write("RIFF", 0);
    vp8x.write("WEBP", 8);
    vp8x.write("VP8X", 12);
    vp8x.writeUIntLE(1023, 24, 3);
    vp8x.writeUIntLE(511, 27, 3);
    expect(imageSize(vp8x)).toEqual({ width: 1024, height: 512 });
  });

  it("reads an SVG's width and height, else its viewBox", () => {
    expect(imageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect/></svg>'))).toEqual({
      width: 1200,
      height: 630,
    });
    expect(imageSize(Buffer.from('<?xml version="1.0"?>\n<svg viewBox="0 0 800 450" xmlns="http://www.w3.org/2000/svg"></svg>'))).toEqual({
      width: 800,
      height: 450,
    });
    expect(imageSize(Buffer.from('<svg width="100%" xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
  });

  it("says nothing for bytes that are not an image or are cut short", () => {
    expect(imageSize(Buffer.from("not an image at all"))).toBeNull();
    expect(imageSize(pngOf(10, 10).subarray(0, 20))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
  });
});
