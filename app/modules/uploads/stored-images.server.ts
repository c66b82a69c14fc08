import type { DB } from "#app/db/client.server";
import type { StoredImageKind } from "#app/db/schema";
import { isoNow } from "#app/utils/time";
import { storedPathOf } from "./images.server";

/**
 * The registry of the image store's files (images.server.ts; table
 * stored_images, docs/decisions/019): who owns each file, so a site's article images can be counted against
 * a cap and a deleted workspace, article or user takes its files along. Files
 * are removed only after the rows that point at them are gone (a crash in
 * between leaves an orphan file, never a row pointing at nothing).
 */

/** Generated (and later uploaded) article images a site may keep: about twenty a week for a year. */
export const MAX_ARTICLE_IMAGES_PER_SITE = 1000;
export const IMAGE_LIMIT = {
  title: "Image limit reached",
  message: `This site already stores ${MAX_ARTICLE_IMAGES_PER_SITE.toLocaleString("en-US")} images, the most it can keep. Delete articles you no longer need to make room.`,
} as const;

export class ImageLimitError extends Error {
  readonly title = IMAGE_LIMIT.title;
  readonly status = 403;
  constructor() {
    super(IMAGE_LIMIT.message);
    this.name = "ImageLimitError";
  }
}

export type StoredImageOwner = { kind: StoredImageKind; siteId?: string | null; articleId?: string | null; userId?: string | null };

export async function recordStoredImage(db: DB, pathOrUrl: string, owner: StoredImageOwner, bytes: number) {
  const stored = storedPathOf(pathOrUrl);
  if (!stored) throw new Error(`Not a stored image path: ${pathOrUrl}`);
  await db
    .insertInto("stored_images")
    .values({
      path: stored,
      kind: owner.kind,
      site_id: owner.siteId ?? null,
      article_id: owner.articleId ?? null,
      user_id: owner.userId ?? null,
      bytes,
      created_at: isoNow(),
    })
    .onConflict((oc) => oc.column("path").doNothing())
    .execute();
}

/** Drops the rows of these files (call before removing them). */
export async function forgetStoredImages(db: DB, paths: Array<string | null | undefined>) {
  const stored = paths.map(storedPathOf).filter((p): p is string => p !== null);
  if (stored.length) await db.deleteFrom("stored_images").where("path", "in", stored).execute();
}

async function countArticleImages(db: DB, siteId: string) {
  const row = await db
    .selectFrom("stored_images")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("site_id", "=", siteId)
    .where("kind", "=", "article")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** True when the site may store `count` more article images. */
export async function hasImageRoom(db: DB, siteId: string, count = 1) {
  return (await countArticleImages(db, siteId)) + count <= MAX_ARTICLE_IMAGES_PER_SITE;
}

/** Throws ImageLimitError when the site is at its cap; call before paying for an image. */
export async function assertImageRoom(db: DB, siteId: string, count = 1) {
  if (!(await hasImageRoom(db, siteId, count))) throw new ImageLimitError();
}

/**
 * Every file owned by these workspaces (their sites' article images, logos and
 * generator images), read before the workspaces are deleted.
 */
export async function filesOfWorkspaces(db: DB, workspaceIds: string[]) {
  if (!workspaceIds.length) return [];
  const sites = await db.selectFrom("sites").select("id").where("workspace_id", "in", workspaceIds).execute();
  return filesOfSites(
    db,
    sites.map((s) => s.id),
  );
}

/**
 * Every file owned by these sites, read before they are deleted. Besides the
 * registry it reads the columns that point at files, for files stored before
 * the registry existed.
 */
async function filesOfSites(db: DB, siteIds: string[]) {
  if (!siteIds.length) return [];
  const [registered, articleImages, logos] = await Promise.all([
    db.selectFrom("stored_images").select("path").where("site_id", "in", siteIds).execute(),
    db
      .selectFrom("article_images as i")
      .innerJoin("articles as a", "a.id", "i.article_id")
      .select("i.path")
      .where("a.site_id", "in", siteIds)
      .execute(),
    db.selectFrom("brand_settings").select("logo_path as path").where("site_id", "in", siteIds).execute(),
  ]);
  return [...registered, ...articleImages, ...logos].map((r) => r.path).filter((p): p is string => Boolean(p));
}

/**
 * The files of a site that no article of another site of its workspace shows
 * (an image address copied into another site's article keeps its file). Read before the site is deleted.
 */
export async function unsharedFilesOfSite(db: DB, workspaceId: string, siteId: string) {
  const otherSites = db.selectFrom("sites").select("id").where("workspace_id", "=", workspaceId).where("id", "!=", siteId);
  const unshared: string[] = [];
  for (const file of new Set(await filesOfSites(db, [siteId]))) {
    const stored = storedPathOf(file);
    if (!stored) continue;
    const url = `/${stored}`;
    const other = await db
      .selectFrom("articles")
      .select("id")
      .where("site_id", "in", otherSites)
      .where((eb) => eb.or([eb("featured_image", "=", url), eb("content_html", "like", `%${url}%`)]))
      .executeTakeFirst();
    if (!other) unshared.push(file);
  }
  return unshared;
}

/** The files a user owns personally (their avatar), read before the user is deleted. */
export async function filesOfUser(db: DB, userId: string) {
  const [registered, user] = await Promise.all([
    db.selectFrom("stored_images").select("path").where("user_id", "=", userId).execute(),
    db.selectFrom("users").select("avatar_path").where("id", "=", userId).executeTakeFirst(),
  ]);
  return [...registered.map((r) => r.path), user?.avatar_path].filter((p): p is string => Boolean(p));
}

/**
 * The generated images of an article that no other article of its workspace
 * shows (a user may have copied an image's address into another article, and
 * that article must not lose it). Read before the article is deleted.
 */
export async function unsharedImagesOfArticle(db: DB, siteId: string, articleId: string) {
  const [registered, articleImages] = await Promise.all([
    db.selectFrom("stored_images").select("path").where("article_id", "=", articleId).where("site_id", "=", siteId).execute(),
    db.selectFrom("article_images").select("path").where("article_id", "=", articleId).execute(),
  ]);
  const candidates = [
    ...new Set([...registered, ...articleImages].map((r) => storedPathOf(r.path)).filter((p): p is string => p !== null)),
  ];
  const workspaceSites = db
    .selectFrom("sites")
    .select("id")
    .where("workspace_id", "=", db.selectFrom("sites").select("workspace_id").where("id", "=", siteId));
  const unshared: string[] = [];
  for (const stored of candidates) {
    const url = `/${stored}`;
    const other = await db
      .selectFrom("articles")
      .select("id")
      .where("site_id", "in", workspaceSites)
      .where("id", "!=", articleId)
      .where((eb) => eb.or([eb("featured_image", "=", url), eb("content_html", "like", `%${url}%`)]))
      .executeTakeFirst();
    if (!other) unshared.push(stored);
  }
  return unshared;
}
