import type { DB } from "#app/db/client.server";
import { detectImageType, IMAGE_TYPES, imageStore, MAX_IMAGE_BYTES, storedImageUrl, type ImageExt } from "#app/modules/uploads/images.server";
import { forgetStoredImages, recordStoredImage } from "#app/modules/uploads/stored-images.server";
import { isoNow } from "#app/utils/time";

/**
 * Profile pictures: files under <dataDir>/uploads/avatars (see the shared image
 * store). users.avatar_path holds "uploads/avatars/<file>", also the public URL path.
 */

export const MAX_AVATAR_BYTES = MAX_IMAGE_BYTES;
export const AVATAR_TYPES = IMAGE_TYPES;
export type AvatarExt = ImageExt;
export { detectImageType };

export const avatarStore = imageStore("avatars");

export function avatarUrl(avatarPath: string | null) {
  return storedImageUrl(avatarPath);
}

/** The absolute file for a served name, or null when the name is not one of ours. */
export function avatarFileFor(name: string) {
  return avatarStore.fileFor(name);
}

/** Removes a stored avatar given its avatar_path; a missing file is fine. */
export async function removeAvatarFile(avatarPath: string | null) {
  await avatarStore.remove(avatarPath);
}

export type AvatarResult = { ok: true; avatarPath: string } | { ok: false; error: string };

/** Checks, stores and records a new profile picture for this user, then drops the old file. */
export async function saveAvatar(db: DB, userId: string, upload: File | null): Promise<AvatarResult> {
  const stored = await avatarStore.save(userId, upload);
  if (!stored.ok) return stored;
  const previous = await db.selectFrom("users").select("avatar_path").where("id", "=", userId).executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ avatar_path: stored.storedPath, updated_at: isoNow() }).where("id", "=", userId).execute();
    await recordStoredImage(trx, stored.storedPath, { kind: "avatar", userId }, stored.bytes);
    await forgetStoredImages(trx, [previous?.avatar_path]);
  });
  await removeAvatarFile(previous?.avatar_path ?? null);
  return { ok: true, avatarPath: stored.storedPath };
}
