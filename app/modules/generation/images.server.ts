import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "#app/env.server";
import { randomToken } from "#app/utils/crypto.server";
import type { GeneratedImage } from "#app/modules/ai/writer";

/**
 * Generated article images under <dataDir>/uploads/articles, named
 * <ownerId>-<random>.<ext>; the stored path is also the public URL path
 * (served by routes/resources/article-image.ts). SVG is allowed here because
 * only the offline writer produces it; it is served with a CSP that forbids scripts.
 */

const PREFIX = "uploads/articles";
const TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", svg: "image/svg+xml" } as const;
const FILE_NAME = /^[A-Za-z0-9_-]{1,120}\.(png|jpg|webp|svg)$/;

function dir() {
  return path.join(getEnv().dataDir, PREFIX);
}

export async function saveGeneratedImage(ownerId: string, image: GeneratedImage) {
  const name = `${ownerId}-${randomToken(9)}.${image.ext}`;
  await fs.mkdir(dir(), { recursive: true });
  await fs.writeFile(path.join(dir(), name), image.bytes, { flag: "wx" });
  return `/${PREFIX}/${name}`;
}

export async function removeGeneratedImage(url: string) {
  const name = url.startsWith(`/${PREFIX}/`) ? url.slice(PREFIX.length + 2) : "";
  if (FILE_NAME.test(name)) await fs.rm(path.join(dir(), name), { force: true });
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
