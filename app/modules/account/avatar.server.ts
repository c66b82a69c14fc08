import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { randomToken } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";

/**
 * Profile pictures are files under <dataDir>/uploads/avatars, named
 * <userId>-<random>.<ext>. users.avatar_path holds the path relative to the
 * data directory ("uploads/avatars/<file>"), which is also the public URL path.
 */

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
const AVATAR_DIR = "uploads/avatars";

export const AVATAR_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type AvatarExt = keyof typeof AVATAR_TYPES;

/** A served file name: our own pattern only, so no path can escape the folder. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,120}\.(png|jpg|gif|webp)$/;

export function avatarUrl(avatarPath: string | null) {
  return avatarPath ? `/${avatarPath}` : null;
}

/** The image type from the file's first bytes; the browser's claimed type is not trusted. */
export function detectImageType(bytes: Uint8Array): AvatarExt | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

function avatarDir() {
  return path.join(getEnv().dataDir, AVATAR_DIR);
}

/** The absolute file for a served name, or null when the name is not one of ours. */
export function avatarFileFor(name: string) {
  if (!FILE_NAME.test(name)) return null;
  const ext = name.slice(name.lastIndexOf(".") + 1) as AvatarExt;
  return { file: path.join(avatarDir(), name), contentType: AVATAR_TYPES[ext] };
}

/** Removes a stored avatar given its avatar_path; a missing file is fine. */
export async function removeAvatarFile(avatarPath: string | null) {
  if (!avatarPath?.startsWith(`${AVATAR_DIR}/`)) return;
  const target = avatarFileFor(avatarPath.slice(AVATAR_DIR.length + 1));
  if (target) await fs.rm(target.file, { force: true });
}

export type AvatarResult = { ok: true; avatarPath: string } | { ok: false; error: string };

/** Checks, stores and records a new profile picture for this user, then drops the old file. */
export async function saveAvatar(db: DB, userId: string, upload: File | null): Promise<AvatarResult> {
  if (!upload || upload.size === 0) return { ok: false, error: "Please choose an image file." };
  if (upload.size > MAX_AVATAR_BYTES) return { ok: false, error: "The image must be 2 MB or smaller." };
  const bytes = new Uint8Array(await upload.arrayBuffer());
  const ext = detectImageType(bytes);
  if (!ext) return { ok: false, error: "Only PNG, JPEG, GIF or WebP images are accepted." };

  const name = `${userId}-${randomToken(9)}.${ext}`;
  await fs.mkdir(avatarDir(), { recursive: true });
  await fs.writeFile(path.join(avatarDir(), name), bytes, { flag: "wx" });
  const avatarPath = `${AVATAR_DIR}/${name}`;

  const previous = await db.selectFrom("users").select("avatar_path").where("id", "=", userId).executeTakeFirst();
  await db.updateTable("users").set({ avatar_path: avatarPath, updated_at: isoNow() }).where("id", "=", userId).execute();
  await removeAvatarFile(previous?.avatar_path ?? null);
  return { ok: true, avatarPath };
}
