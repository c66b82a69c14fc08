import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";
import type { ImageVariant, PlacedImage } from "./figures";
import type { AdapterContext, PostInput, PublishingAdapter, UploadedMedia } from "./types";

/** A publication's images in the destination's media library, each uploaded once per connection (docs/decisions/033). */

function parseVariants(json: string | null): ImageVariant[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((v): v is ImageVariant => typeof v?.url === "string" && Number.isFinite(v?.width) && Number.isFinite(v?.height))
      : [];
  } catch {
    return [];
  }
}

/** Uploads each image once per connection (publication_media); a retry or an update reuses what is already in the media library. */
export async function uploadImages(db: DB, adapter: PublishingAdapter, ctx: AdapterContext, post: PostInput) {
  const files = [...post.images];
  if (post.featuredImage && !files.some((f) => f.localPath === post.featuredImage!.localPath)) files.push(post.featuredImage);
  const uploaded = new Map<string, UploadedMedia>();
  const placed = new Map<string, PlacedImage>();
  for (const file of files) {
    const known = await db
      .selectFrom("publication_media")
      .select(["remote_id", "remote_url", "variants"])
      .where("connection_id", "=", ctx.connectionId)
      .where("local_path", "=", file.localPath)
      .executeTakeFirst();
    let media: UploadedMedia;
    if (known) {
      media = { remoteId: known.remote_id, url: known.remote_url, variants: parseVariants(known.variants) };
    } else {
      media = await adapter.uploadMedia(ctx, file);
      const variants = media.variants?.length ? JSON.stringify(media.variants) : null;
      await db
        .insertInto("publication_media")
        .values({
          connection_id: ctx.connectionId,
          local_path: file.localPath,
          remote_id: media.remoteId,
          remote_url: media.url,
          variants,
          created_at: isoNow(),
        })
        .onConflict((oc) =>
          oc.columns(["connection_id", "local_path"]).doUpdateSet({ remote_id: media.remoteId, remote_url: media.url, variants }),
        )
        .execute();
    }
    uploaded.set(file.localPath, media);
    placed.set(file.localPath, {
      url: media.url,
      remoteId: media.remoteId,
      width: file.width,
      height: file.height,
      variants: media.variants ?? [],
    });
  }
  return { uploaded, placed };
}
