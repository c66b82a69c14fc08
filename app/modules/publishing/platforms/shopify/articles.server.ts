import { escapeHtml } from "#app/utils/html";
import { PublishError, type AdapterContext, type PostInput, type RemotePost, type UploadedMedia } from "../../types";
import { type ShopifyArticle, type UserError } from "./client.server";

/**
 * An article as a Shopify blog article (input, userErrors as PublishError kinds)
 * and Shopify's article read back as a RemotePost.
 */

export function articleInput(ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null) {
  const input: Record<string, unknown> = {
    title: post.title,
    body: post.html,
    summary: post.excerpt ? `<p>${escapeHtml(post.excerpt)}</p>` : null,
    author: { name: post.brandName.trim() || String(ctx.config.shopName ?? "") || "Inkpilot" },
    tags: post.tags.slice(0, 250),
    handle: post.slug,
    metafields: [
      { namespace: "global", key: "title_tag", type: "single_line_text_field", value: post.metaTitle || post.title },
      { namespace: "global", key: "description_tag", type: "single_line_text_field", value: post.metaDescription || post.excerpt },
    ].filter((m) => m.value),
  };
  input.image = featured ? { url: featured.url, altText: post.featuredImage?.alt || post.title } : null;
  if (post.mode === "draft") input.isPublished = false;
  else if (post.scheduleAt && post.scheduleAt.getTime() > Date.now()) input.publishDate = post.scheduleAt.toISOString();
  else input.isPublished = true;
  return input;
}

export function userErrorToPublishError(errors: UserError[], post: PostInput): PublishError {
  const detail = errors
    .map((e) => `${e.code ?? ""} ${(e.field ?? []).join(".")}: ${e.message}`)
    .join("; ")
    .slice(0, 200);
  const first = errors[0]!;
  const field = (first.field ?? []).join(".");
  switch (first.code) {
    case "TAKEN":
      return new PublishError("invalid", `Another article in this Shopify blog already uses the address "${post.slug}".`, {
        detail,
        fix: "Change the article's slug in Inkpilot, or delete or rename the other article in Shopify.",
      });
    case "AUTHOR_FIELD_REQUIRED":
    case "AUTHOR_MUST_EXIST":
    case "AMBIGUOUS_AUTHOR":
      return new PublishError("invalid", "Shopify needs an author name for the article.", {
        detail,
        fix: "Set your brand name in Settings → Brand.",
      });
    case "INVALID_PUBLISH_DATE":
      return new PublishError("invalid", `Shopify refused the publishing date: ${first.message}`, {
        detail,
        fix: "Choose a date in the future, or publish now.",
      });
    case "UPLOAD_FAILED":
      return new PublishError("invalid", "Shopify could not download the featured image from Inkpilot.", {
        detail,
        fix: "Shopify fetches images from Inkpilot's public address: check that it is reachable from the internet, then publish again.",
      });
    case "NOT_FOUND":
      if (field.toLowerCase().includes("blog"))
        return new PublishError("config", "The chosen Shopify blog no longer exists.", {
          detail,
          fix: "Choose another blog for this connection.",
        });
      return new PublishError("not_found", "The article no longer exists in Shopify.", { detail });
    default:
      return new PublishError("invalid", `Shopify refused the article: ${errors.map((e) => e.message).join("; ")}`.slice(0, 300), {
        detail,
      });
  }
}

function numericId(gid: string) {
  return gid.split("/").pop() ?? gid;
}

export function toRemotePost(ctx: AdapterContext, article: ShopifyArticle): RemotePost {
  const publishedAt = article.publishedAt ? Date.parse(article.publishedAt) : NaN;
  const live = article.isPublished && (!Number.isFinite(publishedAt) || publishedAt <= Date.now());
  const scheduled = !live && Number.isFinite(publishedAt) && publishedAt > Date.now();
  const shop = String(ctx.config.shop ?? "");
  const storeUrl = String(ctx.config.storeUrl || `https://${shop}`).replace(/\/$/, "");
  const blogHandle = article.blog?.handle ?? String(ctx.config.blogHandle ?? "news");
  const url = live
    ? `${storeUrl}/blogs/${blogHandle}/${article.handle}`
    : `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}/content/articles/${numericId(article.id)}`;
  return { remoteId: article.id, url, status: live ? "published" : scheduled ? "scheduled" : "draft", live };
}

export function blogIdOf(ctx: AdapterContext) {
  const blogId = typeof ctx.config.blogId === "string" ? ctx.config.blogId : "";
  if (!blogId)
    throw new PublishError("config", "No Shopify blog is chosen for this connection.", {
      fix: "Choose a blog for this connection in Settings → Integrations.",
    });
  return blogId;
}
