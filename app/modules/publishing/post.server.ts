import path from "node:path";
import * as cheerio from "cheerio/slim";
import { runOnCpuWorker } from "#app/modules/cpu/pool.server";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import type { PostedFields } from "#app/modules/articles/content-hash.server";
import { disclosureLine, withDisclosure } from "#app/modules/articles/disclosure.server";
import { htmlToMarkdown } from "#app/modules/articles/markdown.server";
import { publishedSources, withSources } from "#app/modules/research/published-sources.server";
import { htmlToText } from "#app/utils/text";
import { imageSize } from "#app/modules/uploads/image-size";
import { detectImageType, IMAGE_TYPES, readStoredImage, storedPathOf } from "#app/modules/uploads/images.server";
import { PublishError, type MediaFile, type PostInput } from "./types";

/**
 * An article as every destination receives it (docs/decisions/033): sanitized
 * HTML, Markdown, plain excerpt, tags, and each image of ours read from the
 * image store with its alt text. SVG (what the offline writer draws) becomes
 * PNG here, because media libraries refuse SVG uploads (WordPress answers
 * rest_upload_sideload_error) and most themes do not show it as a cover.
 * An image that cannot go out as it should (ours but missing or unreadable,
 * or a relative address no platform can load) stops the publication with the
 * image named: a post is never sent with a broken image link.
 */

const EXCERPT_CHARS = 300;

/** An article as it is posted: the fields that go out (and make its content hash), and which article it is. */
export type ArticleForPost = PostedFields & { id: string; site_id: string };

/** Why an image cannot be sent, in the words the article's failed publication shows. */
function unusableImage(src: string, why: string) {
  const name = src.length > 120 ? `${src.slice(0, 117)}…` : src;
  return new PublishError("invalid", `The image “${name}” ${why}. Replace or remove it in the editor, then publish again.`, {
    detail: `image ${name}: ${why}`,
  });
}

async function readImage(localPath: string, alt: string): Promise<MediaFile> {
  const stored = storedPathOf(localPath);
  if (!stored) throw unusableImage(localPath, "is not in the image store");
  let found: Uint8Array | null;
  try {
    found = await readStoredImage(stored);
  } catch (error) {
    // The store did not answer (docs/decisions/079): the image is not known to be gone, so the attempt is retried.
    throw new PublishError("transient", "Our image store could not be reached; the publication will be retried.", {
      detail: `image ${stored}: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (!found) throw unusableImage(localPath, "is missing from the image store");
  let bytes = Buffer.from(found.buffer, found.byteOffset, found.byteLength);
  let ext = detectImageType(bytes);
  if (!ext) throw unusableImage(localPath, "cannot be read as an image");
  let width: number | null = null;
  let height: number | null = null;
  let filename = path.basename(stored);
  if (ext === "svg") {
    // On a CPU worker: rendering and encoding a 1200 px PNG takes tens of milliseconds, and publishing runs in the
    // web server's process (docs/decisions/054).
    const rendered = await runOnCpuWorker({ kind: "render-svg", svg: bytes, width: 1200 });
    bytes = Buffer.from(rendered.png);
    width = rendered.width;
    height = rendered.height;
    ext = "png";
    filename = filename.replace(/\.svg$/, ".png");
  } else {
    const size = imageSize(bytes);
    if (!size) throw unusableImage(localPath, "cannot be read as an image");
    ({ width, height } = size);
  }
  return {
    localPath,
    publicUrl: `${getEnv().appUrl}/${stored}`,
    filename,
    mimeType: IMAGE_TYPES[ext],
    bytes,
    alt,
    width,
    height,
  };
}

/** A web address every platform can load by itself (or inline data): nothing to read or upload. */
function isWebAddress(src: string) {
  return /^(https?:\/\/|data:image\/)/i.test(src);
}

/** The plain-text summary: the meta description, else the first paragraph, cut at a word. */
function excerptOf(metaDescription: string, html: string) {
  const source = metaDescription.trim() || htmlToText(cheerio.load(html)("p").first().html() ?? "");
  if (source.length <= EXCERPT_CHARS) return source;
  return `${source.slice(0, EXCERPT_CHARS - 1).replace(/\s+\S*$/, "")}…`;
}

export async function buildPost(
  db: DB,
  article: ArticleForPost,
  options: { publicationId: string; correlationId: string; mode: "draft" | "live"; scheduleAt: Date | null },
): Promise<PostInput> {
  const [brand, topic] = await Promise.all([
    db.selectFrom("brand_settings").select(["brand_name"]).where("site_id", "=", article.site_id).executeTakeFirst(),
    article.topic_id
      ? db
          .selectFrom("topics")
          .select(["name"])
          .where("id", "=", article.topic_id)
          .where("site_id", "=", article.site_id)
          .executeTakeFirst()
      : undefined,
  ]);
  const $ = cheerio.load(article.content_html, null, false);
  const seen = new Map<string, MediaFile>();
  for (const element of $("img").toArray()) {
    const src = ($(element).attr("src") ?? "").trim();
    if (seen.has(src) || isWebAddress(src)) continue;
    if (!src) throw unusableImage("(no address)", "has no address");
    // Ours (read and uploaded), or a relative address that would be a broken link on any other site.
    seen.set(src, await readImage(src, $(element).attr("alt") ?? ""));
  }
  let featuredImage: MediaFile | null = null;
  // A cover at a web address of its own is left to the platform's theme; one of ours must be readable.
  if (article.featured_image && storedPathOf(article.featured_image)) {
    featuredImage = seen.get(article.featured_image) ?? (await readImage(article.featured_image, article.title));
  }
  const tags = [topic?.name, article.target_keyword].map((t) => t?.trim()).filter((t): t is string => !!t);
  const sources = await publishedSources(db, article.site_id, article.id);
  const html = withDisclosure(withSources(article.content_html, sources), await disclosureLine(db, article.site_id, article.id));
  return {
    articleId: article.id,
    title: article.title,
    slug: article.slug,
    html,
    markdown: htmlToMarkdown(html),
    excerpt: excerptOf(article.meta_description, article.content_html),
    metaTitle: article.title,
    metaDescription: article.meta_description,
    keyword: article.target_keyword,
    tags: [...new Set(tags)],
    featuredImage,
    images: [...seen.values()],
    mode: options.mode,
    scheduleAt: options.scheduleAt,
    canonicalUrl: null,
    publicationId: options.publicationId,
    correlationId: options.correlationId,
    brandName: brand?.brand_name?.trim() || "",
  };
}
