import crypto from "node:crypto";
import { type AdapterContext, type PostInput, type UploadedMedia } from "../../types";

/**
 * What a receiver gets (docs/webhooks.md): the article as data, and the
 * webhook-id derived from the publication, the event and the content, so a
 * retry carries the same id and a real update a new one.
 */

export type WebhookEventType = "article.published" | "article.updated" | "test.ping";

type WebhookImage = { url: string; alt: string };

/** The article as receivers get it; the schema of article.published and article.updated (docs/webhooks.md). */
export type WebhookArticleData = {
  article_id: string;
  site_id: string;
  publication_id: string;
  title: string;
  slug: string;
  url: string | null;
  status: "draft" | "published";
  html: string;
  markdown: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  keyword: string;
  tags: string[];
  featured_image: WebhookImage | null;
  images: WebhookImage[];
};

export type WebhookPayload =
  | { type: "article.published" | "article.updated"; timestamp: string; data: WebhookArticleData }
  | { type: "test.ping"; timestamp: string; data: { site_id: string; connection_id: string; message: string } };

function sha256Hex(value: string) {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** Every occurrence of our image paths replaced by their public URLs (the engine rewrites the HTML; Markdown is ours to fix). */
function withPublicImageUrls(text: string, post: PostInput) {
  let out = text;
  for (const image of post.images) {
    if (!image.localPath || !image.publicUrl || image.localPath === image.publicUrl) continue;
    // Only a path standing alone (after a quote, a parenthesis or a space): the engine's figures already carry
    // the public URL, which ends with the same path and must not get a second origin.
    const escaped = image.localPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out.replace(new RegExp(`(^|["'(\\s,])${escaped}`, "g"), (_m, before: string) => `${before}${image.publicUrl}`);
  }
  return out;
}

/** The article part of the payload; key order is fixed so its hash is stable. */
export function articleData(ctx: Pick<AdapterContext, "siteId">, post: PostInput, featured: UploadedMedia | null): WebhookArticleData {
  const featuredUrl = featured?.url ?? post.featuredImage?.publicUrl ?? null;
  return {
    article_id: post.articleId,
    site_id: ctx.siteId,
    publication_id: post.publicationId,
    title: post.title,
    slug: post.slug,
    // The engine passes the hosted blog's URL here when the article is live there.
    url: post.canonicalUrl ?? null,
    status: post.mode === "live" ? "published" : "draft",
    html: withPublicImageUrls(post.html, post),
    markdown: withPublicImageUrls(post.markdown, post),
    excerpt: post.excerpt,
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
    keyword: post.keyword,
    tags: post.tags,
    featured_image: featuredUrl ? { url: featuredUrl, alt: post.featuredImage?.alt ?? "" } : null,
    images: post.images.map((image) => ({ url: image.publicUrl, alt: image.alt })),
  };
}

/**
 * The `webhook-id` of an article delivery: the same on every retry of one delivery,
 * new for every real change. It hashes the publication, the event type, the content
 * (not the per-attempt timestamp) and, for updates, the delivery id being updated:
 * without that link, updating an article back to an earlier text within the
 * receivers' dedupe window would reuse an old id and be dropped as a duplicate.
 * A retry after a lost answer still matches, because the engine only records the
 * new id once the receiver's answer arrived. No "." (forbidden by the spec).
 */
export function webhookMessageId(input: {
  publicationId: string;
  type: WebhookEventType;
  data: WebhookArticleData;
  previousId?: string | null;
}) {
  const contentHash = sha256Hex(JSON.stringify(input.data));
  return `msg_${sha256Hex([input.publicationId, input.type, input.previousId ?? "", contentHash].join("\n")).slice(0, 32)}`;
}
