import { inTransaction, type DB } from "#app/db/client.server";
import { setAvatarPath } from "#app/modules/auth/users.server";
import { removeStoredFiles, saveUpload, storedImageUrl } from "#app/modules/uploads/images.server";
import { forgetStoredImages, recordStoredImage } from "#app/modules/uploads/stored-images.server";

/**
 * Profile pictures: the image store's "avatar" kind (uploads/images.server.ts).
 * users.avatar_path holds "uploads/avatars/<file>", also the public URL path.
 */

export function avatarUrl(avatarPath: string | null) {
  return storedImageUrl(avatarPath);
}

export type AvatarResult = { ok: true; avatarPath: string } | { ok: false; error: string };

/** Checks, stores and records a new profile picture for this user, then drops the old file. */
export async function saveAvatar(db: DB, userId: string, upload: File | null): Promise<AvatarResult> {
  const stored = await saveUpload("avatar", userId, upload);
  if (!stored.ok) return stored;
  const previous = await db.selectFrom("users").select("avatar_path").where("id", "=", userId).executeTakeFirst();
  await inTransaction(db, async (trx) => {
    await setAvatarPath(trx, userId, stored.storedPath);
    await recordStoredImage(trx, stored.storedPath, { kind: "avatar", userId }, stored.bytes);
    await forgetStoredImages(trx, [previous?.avatar_path]);
  });
  await removeStoredFiles([previous?.avatar_path]);
  return { ok: true, avatarPath: stored.storedPath };
}
