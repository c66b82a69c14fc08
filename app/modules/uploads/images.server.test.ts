import { describe, expect, it } from "vitest";
import { detectImageType, saveImage, saveUpload, serveImage, storedPathOf } from "./images.server";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');

async function status(promise: Promise<Response>) {
  try {
    return (await promise).status;
  } catch (thrown) {
    return (thrown as Response).status;
  }
}

describe("the image store", () => {
  it("tells the type by the bytes only", () => {
    expect(detectImageType(PNG)).toBe("png");
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(detectImageType(Buffer.from("GIF89a", "latin1"))).toBe("gif");
    expect(detectImageType(Buffer.from("RIFF\x04\0\0\0WEBP", "latin1"))).toBe("webp");
    expect(detectImageType(SVG)).toBe("svg");
    expect(detectImageType(new TextEncoder().encode('<?xml version="1.0"?>\n<svg viewBox="0 0 1 1"/>'))).toBe("svg");
    expect(detectImageType(new TextEncoder().encode("<html><svg></svg></html>"))).toBeNull();
    expect(detectImageType(Buffer.from("not an image"))).toBeNull();
  });

  it("keeps each kind to its types: SVG only as a generated article image, never uploaded", async () => {
    const svgUpload = await saveUpload("avatar", "u1", new File([SVG], "me.png", { type: "image/png" }));
    expect(svgUpload).toEqual({ ok: false, error: "Only PNG, JPEG, GIF or WebP images are accepted." });
    await expect(saveImage("logo", "s1", SVG)).rejects.toThrow("Not an image this store keeps as logo: svg");
    const article = await saveImage("article", "a1", SVG);
    expect(article.storedPath).toMatch(/^uploads\/articles\/a1-[A-Za-z0-9_-]+\.svg$/);
  });

  it("serves each kind from its own folder with its CSP and an hour's cache, and nothing else", async () => {
    const avatar = await saveUpload("avatar", "u1", new File([PNG], "me.png", { type: "image/png" }));
    if (!avatar.ok) throw new Error(avatar.error);
    const name = avatar.storedPath.split("/").pop()!;
    const response = await serveImage("avatar", name);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'");
    expect(await status(serveImage("logo", name))).toBe(404);
    expect(await status(serveImage("avatar", "../inkpilot.sqlite"))).toBe(404);

    const article = await saveImage("article", "a1", SVG);
    const served = await serveImage("article", article.storedPath.split("/").pop());
    expect(served.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it("recognises only paths of its own layout", () => {
    expect(storedPathOf("/uploads/avatars/u1-abc.png")).toBe("uploads/avatars/u1-abc.png");
    expect(storedPathOf("uploads/articles/a-b.svg")).toBe("uploads/articles/a-b.svg");
    expect(storedPathOf("/uploads/other/u1-abc.png")).toBeNull();
    expect(storedPathOf("/uploads/avatars/../x.png")).toBeNull();
    expect(storedPathOf("/uploads/avatars/u1.exe")).toBeNull();
    expect(storedPathOf("https://example.com/uploads/avatars/u1.png")).toBeNull();
  });
});
