import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size";

/** Width and height from each format's header, for the <img> the editor inserts. */

function png(width: number, height: number) {
  const b = Buffer.alloc(33);
  Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").copy(b, 0);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return new Uint8Array(b);
}

function jpeg(width: number, height: number) {
  const app0 = Buffer.from("ffe000104a46494600010100000100010000", "hex");
  const sof = Buffer.alloc(19);
  Buffer.from("ffc00011", "hex").copy(sof, 0);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]));
}

function webpLossy(width: number, height: number) {
  const b = Buffer.alloc(30);
  b.write("RIFF", 0, "latin1");
  b.write("WEBPVP8 ", 8, "latin1");
  b.writeUInt16LE(width, 26);
  b.writeUInt16LE(height, 28);
  return new Uint8Array(b);
}

describe("imageSize", () => {
  it("reads PNG, JPEG, WebP and GIF headers", () => {
    expect(imageSize(png(1600, 900), "png")).toEqual({ width: 1600, height: 900 });
    expect(imageSize(jpeg(1200, 800), "jpg")).toEqual({ width: 1200, height: 800 });
    expect(imageSize(webpLossy(640, 480), "webp")).toEqual({ width: 640, height: 480 });
    expect(imageSize(new Uint8Array(Buffer.from("GIF89a\x20\x03\x58\x02", "latin1")), "gif")).toEqual({ width: 800, height: 600 });
  });

  it("answers null for a header it cannot read", () => {
    expect(imageSize(new Uint8Array(4), "png")).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]), "jpg")).toBeNull();
    expect(imageSize(png(0, 10), "png")).toBeNull();
  });
});
