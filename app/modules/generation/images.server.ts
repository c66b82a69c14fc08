import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { randomToken } from "#app/utils/crypto.server";
import type { GeneratedImage } from "#app/modules/ai/types";
import { forgetStoredImages, recordStoredImage, removeStoredFiles } from "#app/modules/uploads/stored-images.server";

/**
 * Generated article images under <dataDir>/uploads/articles, named
 * <ownerId>-<random>.<ext>; the stored path is also the public URL path
 * (served by routes/resources/article-image.ts). SVG is allowed here because
 * only the offline writer produces it; it is served with a CSP that forbids scripts.
 * Every file is recorded in stored_images under its site (and article), which
 * counts it against the site's image cap and deletes it with its owner.
 */

const PREFIX = "uploads/articles";
const TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", svg: "image/svg+xml" } as const;
const FILE_NAME = /^[A-Za-z0-9_-]{1,120}\.(png|jpg|webp|svg)$/;

function dir() {
  return path.join(getEnv().dataDir, PREFIX);
}

/** Writes a generated image for a site (and article, when it is one's) and records it; returns its URL. */
export async function saveGeneratedImage(db: DB, owner: { siteId: string; articleId?: string | null }, image: GeneratedImage) {
  // Named after the article when there is one, else the site (the generator's single images).
  const name = `${owner.articleId ?? owner.siteId}-${randomToken(9)}.${image.ext}`;
  await fs.mkdir(dir(), { recursive: true });
  await fs.writeFile(path.join(dir(), name), image.bytes, { flag: "wx" });
  const url = `/${PREFIX}/${name}`;
  await recordStoredImage(db, url, { kind: "article", siteId: owner.siteId, articleId: owner.articleId ?? null }, image.bytes.byteLength);
  return url;
}

/** Forgets and deletes generated images by URL (after the rows that show them are gone). */
export async function removeGeneratedImages(db: DB, urls: string[]) {
  await forgetStoredImages(db, urls);
  await removeStoredFiles(urls);
}

export async function serveGeneratedImage(name: string | undefined) {
  if (!name || !FILE_NAME.test(name)) throw new Response("Not found", { status: 404 });
  const ext = name.slice(name.lastIndexOf(".") + 1) as keyof typeof TYPES;
  let body: Buffer;
  try {
    body = await fs.readFile(path.join(dir(), name));
  } catch {
    throw new Response("Not found", { status: 404 });
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": TYPES[ext],
      "Content-Length": String(body.byteLength),
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
