import type { DB } from "#app/db/client.server";
import type { GeneratedImage } from "#app/modules/ai/types";
import { removeStoredFiles, saveImage, storedImageUrl } from "#app/modules/uploads/images.server";
import { forgetStoredImages, recordStoredImage } from "#app/modules/uploads/stored-images.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import type { StoredImage } from "./steps";

/**
 * Generated article images: the image store's "article" kind
 * (uploads/images.server.ts), named after the article when there is one, else
 * the site (the generator's single images). Every file is recorded in
 * stored_images under its site (and article), which counts it against the
 * site's image cap and deletes it with its owner.
 */

/** Writes a generated image for a site (and article, when it is one's) and records it; returns its URL. */
export async function saveGeneratedImage(db: DB, owner: { siteId: string; articleId?: string | null }, image: GeneratedImage) {
  const stored = await saveImage("article", owner.articleId ?? owner.siteId, image.bytes);
  await recordStoredImage(
    db,
    stored.storedPath,
    { kind: "article", siteId: owner.siteId, articleId: owner.articleId ?? null },
    stored.bytes,
  );
  return storedImageUrl(stored.storedPath)!;
}

/**
 * Forgets and deletes the generated images of an article's replaced version by URL, except those a revision still
 * shows (in its body or as its featured image): the published revision on the hosted blog, the history's older
 * versions and a restore keep their pictures. Those go with the article (docs/decisions/019).
 */
export async function removeGeneratedImages(db: DB, articleId: string, urls: string[]) {
  const unreferenced: string[] = [];
  for (const url of urls) {
    const shown = await db
      .selectFrom("article_revisions")
      .select("id")
      .where("article_id", "=", articleId)
      .where((eb) => eb.or([eb("featured_image", "=", url), eb(eb.fn("instr", ["content_html", eb.val(url)]), ">", 0)]))
      .executeTakeFirst();
    // A version waiting for review (proposals.server.ts) shows its pictures too.
    const proposed = await db
      .selectFrom("article_proposals")
      .select("article_id")
      .where("article_id", "=", articleId)
      .where((eb) =>
        eb.or([
          eb("featured_image", "=", url),
          eb(eb.fn("instr", ["content_html", eb.val(url)]), ">", 0),
          eb(eb.fn("instr", ["images", eb.val(JSON.stringify(url))]), ">", 0),
        ]),
      )
      .executeTakeFirst();
    if (!shown && !proposed) unreferenced.push(url);
  }
  await forgetStoredImages(db, unreferenced);
  await removeStoredFiles(unreferenced);
}

/**
 * Makes `images` the article's list of generated images (call inside the transaction that writes the version showing
 * them); returns the URLs of the replaced ones it no longer lists, for removeGeneratedImages once committed.
 */
export async function replaceArticleImages(db: DB, articleId: string, images: StoredImage[]) {
  const old = await db.selectFrom("article_images").select("path").where("article_id", "=", articleId).execute();
  await db.deleteFrom("article_images").where("article_id", "=", articleId).execute();
  for (const image of images) {
    await addArticleImage(db, {
      articleId,
      path: image.url,
      alt: image.alt,
      prompt: image.prompt,
      position: image.position,
      createdAt: isoNow(),
    });
  }
  const keep = new Set(images.map((i) => i.url));
  return old.map((o) => o.path).filter((p) => !keep.has(p));
}

/** Lists an image with its article (the demo's title cards; the pipeline replaces an article's whole list). */
export async function addArticleImage(
  db: DB,
  image: { articleId: string; path: string; alt: string; prompt: string; position: number; createdAt: string },
) {
  await db
    .insertInto("article_images")
    .values({
      id: newId(),
      article_id: image.articleId,
      path: image.path,
      alt: image.alt,
      prompt: image.prompt,
      position: image.position,
      created_at: image.createdAt,
    })
    .execute();
}
