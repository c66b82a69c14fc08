import { PublishError } from "../../types";
import { type V11Post, type WordPressComConfig, call, readConfig, token } from "./client.server";
import type { AdapterContext, PostInput, RemotePost, UploadedMedia } from "../../types";

/**
 * An article as a WordPress.com post (SEO fields in Jetpack's or Yoast's
 * metadata, whichever the site has) and a post read back as a RemotePost.
 */

export const POST_FIELDS = "ID,URL,status,slug,title,author,metadata,date";
const JETPACK_SEO = { title: "jetpack_seo_html_title", description: "advanced_seo_description" } as const;
const YOAST_SEO = { title: "_yoast_wpseo_title", description: "_yoast_wpseo_metadesc" } as const;

export function toRemote(post: V11Post): RemotePost {
  return {
    remoteId: String(post.ID),
    url: post.URL ?? null,
    status: post.status ?? "draft",
    live: post.status === "publish",
    version: null,
  };
}

export function savedPost(body: Record<string, unknown>, what: string): V11Post {
  if (typeof body.ID !== "number")
    throw new PublishError("transient", `WordPress.com sent an answer without ${what}.`, { detail: JSON.stringify(body).slice(0, 200) });
  return body as V11Post;
}

function metadataValue(post: V11Post, key: string): string | undefined {
  if (!Array.isArray(post.metadata)) return undefined;
  const item = (post.metadata as Array<{ key?: string; value?: unknown }>).find((m) => m.key === key);
  return item === undefined ? undefined : String(item.value);
}

function seoMetadata(config: WordPressComConfig, post: PostInput) {
  const pairs: Array<{ key: string; value: string }> = [];
  const add = (keys: { title: string; description: string }) => {
    if (post.metaTitle) pairs.push({ key: keys.title, value: post.metaTitle });
    if (post.metaDescription) pairs.push({ key: keys.description, value: post.metaDescription });
  };
  if (config.seoTools) add(JETPACK_SEO);
  if (config.hosting !== "simple") add(YOAST_SEO);
  return pairs.map((pair) => ({ ...pair, operation: "update" }));
}

export async function savePost(ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null, remoteId: string | null) {
  const config = readConfig(ctx.config);
  let current: V11Post | null = null;
  if (remoteId) {
    current = await readPost(ctx, config, remoteId);
    if (!current) throw new PublishError("not_found", "The post no longer exists on WordPress.com (it was deleted there).");
  }
  const now = Date.now();
  const scheduled = post.mode === "live" && post.scheduleAt && post.scheduleAt.getTime() > now + 60_000 ? post.scheduleAt : null;
  const status = post.mode !== "live" ? "draft" : scheduled ? "future" : "publish";
  // A draft carries no date (it is dated when it goes live); a post already live keeps its own.
  const keepDate = status === "draft" || (current?.status === "publish" && status === "publish");
  const metadata = seoMetadata(config, post);
  const body = {
    title: post.title,
    content: post.html,
    excerpt: post.excerpt,
    slug: post.slug,
    status,
    ...(keepDate ? {} : { date: (scheduled ?? new Date(now)).toISOString() }),
    tags: [...new Set(post.tags.map((t) => t.trim()).filter(Boolean))],
    ...(config.category ? { categories: [config.category] } : {}),
    // An empty string removes a featured image the article no longer has (updates only).
    ...(featured ? { featured_image: featured.remoteId } : remoteId ? { featured_image: "" } : {}),
    // v1.1 shares new posts to the customer's social accounts unless told not to.
    publicize: false,
    ...(metadata.length ? { metadata } : {}),
  };
  const path = remoteId ? `/sites/${config.blogId}/posts/${encodeURIComponent(remoteId)}` : `/sites/${config.blogId}/posts/new`;
  const saved = savedPost(
    await call(ctx, token(ctx), "POST", path, remoteId ? "updating the post" : "creating the post", {
      json: body,
      query: { context: "edit" },
    }),
    "the saved post",
  );
  await ctx.log("info", remoteId ? "wordpress_com.update" : "wordpress_com.create", `post ${saved.ID} ${saved.status}`);
  if (status !== "draft" && saved.status === "pending") {
    await ctx.log("warn", "wordpress_com.status", `post ${saved.ID} is waiting for review: this account may not publish on the site`);
  }
  if (metadata.length && metadataValue(saved, metadata[0]!.key) === undefined && post.metaTitle) {
    await ctx.log(
      "warn",
      "wordpress_com.seo",
      `SEO title/description did not stick on post ${saved.ID} (no SEO plugin or tools active); the excerpt is set`,
    );
  }
  return toRemote(saved);
}

export async function readPost(ctx: AdapterContext, config: WordPressComConfig, remoteId: string): Promise<V11Post | null> {
  try {
    const post = savedPost(
      await call(ctx, token(ctx), "GET", `/sites/${config.blogId}/posts/${encodeURIComponent(remoteId)}`, "reading the post", {
        query: { context: "edit", fields: POST_FIELDS },
      }),
      "the post",
    );
    return post.status === "trash" ? null : post;
  } catch (error) {
    if (error instanceof PublishError && error.kind === "not_found") return null;
    throw error;
  }
}
