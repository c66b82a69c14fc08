import { describeResponse } from "../../http.server";
import { PublishError, type AdapterContext, type PostInput, type RemotePost, type UploadedMedia } from "../../types";
import { plainMessage, wordpressError } from "./errors.server";
import { SEO_KEYS, type WordPressConfig, call, objectBody, ok, readConfig } from "./client.server";

/**
 * Posts, media and terms on WordPress: an article as a post body (terms resolved,
 * SEO meta where it sticks), and what WordPress answers as a RemotePost.
 */

/** Every status our own posts can have; trash is deliberately left out (a trashed post is "gone"). */
export const FIND_STATUSES = "publish,future,draft,pending,private";
export const UPLOAD_TIMEOUT_MS = 120_000;

/** WordPress's date format for *_gmt fields: UTC, no offset. */
export function wpGmt(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** sanitize_title, close enough for looking terms up by slug. */
export function wpSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export type WpPost = {
  id: number;
  slug: string;
  status: string;
  link?: string;
  author?: number;
  title?: { raw?: string; rendered?: string } | string;
  meta?: Record<string, unknown>;
};

const titleText = (title: WpPost["title"]) =>
  plainMessage(typeof title === "string" ? title : (title?.raw ?? title?.rendered ?? "")).toLowerCase();

/**
 * Which remote post is the one we may already have made for this article.
 * - Our slug, or our slug + "-2" (WordPress suffixes a slug another post already
 *   holds), by the connected user AND with our title: a slug alone may belong to
 *   a post the customer wrote by hand, which an update would overwrite.
 * Anything else (-3…, another author) is left alone: updating a stranger's post
 * is worse than one duplicate the customer can delete.
 */
export function pickExisting(candidates: WpPost[], slug: string, title: string, userId: number | null): WpPost | null {
  const wanted = plainMessage(title).toLowerCase();
  const ours = candidates.filter(
    (p) => (userId === null || p.author === undefined || p.author === userId) && titleText(p.title) === wanted,
  );
  return ours.find((p) => p.slug === slug) ?? ours.find((p) => p.slug === `${slug}-2`) ?? null;
}

/** A safe ASCII file name for Content-Disposition, with an extension matching the type. */
export function uploadFilename(filename: string, mimeType: string): string {
  const ext = { "image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp", "image/gif": ".gif", "image/avif": ".avif" }[mimeType];
  let name = filename
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-+\./g, ".")
    .replace(/^[-.]+|-+$/g, "");
  if (!name) name = "image";
  if (ext && !/\.[A-Za-z0-9]+$/.test(name)) name += ext;
  return name;
}

type WpTerm = { id: number; name: string; slug: string };

/**
 * The ids of categories or tags by name, in order (null for one we may not
 * create): every name's exact slug in ONE request (`?slug=a,b`: WordPress
 * takes a comma list there), then, for a name not found that way, a search
 * compared by name, then created. term_exists (a race, or a name whose slug
 * differs) gives the existing id. An Author may not create categories: null,
 * and the post goes without it (noted in the log).
 */
async function resolveTerms(
  ctx: AdapterContext,
  root: string,
  taxonomy: "categories" | "tags",
  names: string[],
): Promise<(number | null)[]> {
  const what = taxonomy === "categories" ? "categories" : "tags";
  const slugs = [...new Set(names.map(wpSlug).filter(Boolean))];
  const bySlug = new Map<string, number>();
  if (slugs.length) {
    const response = await call(ctx, root, ctx.credentials, "GET", `wp/v2/${taxonomy}`, {
      query: { slug: slugs.join(","), per_page: 100, _fields: "id,name,slug" },
    });
    if (!ok(response)) throw wordpressError(response, `looking up the ${what} ${names.map((n) => `“${n}”`).join(", ")}`);
    const found = response.json<WpTerm[]>();
    if (Array.isArray(found)) for (const term of found) if (!bySlug.has(term.slug)) bySlug.set(term.slug, term.id);
  }
  return Promise.all(names.map((name) => bySlug.get(wpSlug(name)) ?? findOrCreateTerm(ctx, root, taxonomy, name)));
}

/** A term its slug did not find: a search compared by name, then created. */
async function findOrCreateTerm(ctx: AdapterContext, root: string, taxonomy: "categories" | "tags", name: string): Promise<number | null> {
  const slug = wpSlug(name);
  const what = taxonomy === "categories" ? "category" : "tag";
  const search = await call(ctx, root, ctx.credentials, "GET", `wp/v2/${taxonomy}`, {
    query: { search: name, per_page: 100, _fields: "id,name,slug" },
  });
  if (!ok(search)) throw wordpressError(search, `looking up the ${what} “${name}”`);
  const matches = search.json<WpTerm[]>();
  const wanted = name.trim().toLowerCase();
  const match = Array.isArray(matches) ? matches.find((t) => plainMessage(t.name).toLowerCase() === wanted) : undefined;
  if (match) return match.id;

  const created = await call(ctx, root, ctx.credentials, "POST", `wp/v2/${taxonomy}`, { json: { name, ...(slug ? { slug } : {}) } });
  if (ok(created)) return objectBody<WpTerm>(created, `creating the ${what}`).id;
  const body = (() => {
    try {
      return created.json<{ code?: string; data?: { term_id?: number } }>();
    } catch {
      return null;
    }
  })();
  if (body?.code === "term_exists" && typeof body.data?.term_id === "number") return body.data.term_id;
  if (created.status === 403 && body?.code === "rest_cannot_create") {
    await ctx.log("warn", "wordpress.terms", `The WordPress user may not create the ${what} “${name}”; the post was saved without it.`);
    return null;
  }
  throw wordpressError(created, `creating the ${what} “${name}”`);
}

export function toRemote(post: WpPost): RemotePost {
  return { remoteId: String(post.id), url: post.link ?? null, status: post.status, live: post.status === "publish", version: null };
}

async function postBody(
  ctx: AdapterContext,
  config: WordPressConfig,
  post: PostInput,
  featured: UploadedMedia | null,
  remoteStatus: string | null,
) {
  const now = Date.now();
  const scheduled = post.mode === "live" && post.scheduleAt && post.scheduleAt.getTime() > now + 60_000 ? post.scheduleAt : null;
  const status = post.mode !== "live" ? "draft" : scheduled ? "future" : "publish";
  // Every date we send is date_gmt (UTC, no offset): `date` is site-local and lands posts at the wrong hour.
  // An update of a post that is already live keeps its original date; anything else is dated now or at scheduleAt.
  const keepDate = remoteStatus === "publish" && status === "publish";
  const [tagIds, categoryId] = await Promise.all([
    resolveTerms(ctx, config.restRoot, "tags", [...new Set(post.tags.map((t) => t.trim()).filter(Boolean))]),
    config.category
      ? resolveTerms(ctx, config.restRoot, "categories", [config.category]).then(([id]) => id ?? null)
      : Promise.resolve(null),
  ]);
  const meta: Record<string, string> = {};
  for (const plugin of config.seo) {
    meta[SEO_KEYS[plugin].title] = post.metaTitle;
    meta[SEO_KEYS[plugin].description] = post.metaDescription;
  }
  return {
    title: post.title,
    content: post.html,
    excerpt: post.excerpt,
    slug: post.slug,
    status,
    ...(keepDate ? {} : { date_gmt: wpGmt(scheduled ?? new Date(now)) }),
    tags: [...new Set(tagIds.filter((id): id is number => id !== null))],
    ...(categoryId !== null ? { categories: [categoryId] } : {}),
    // 0 clears a featured image the article no longer has (updates only).
    ...(featured ? { featured_media: Number(featured.remoteId) } : remoteStatus !== null ? { featured_media: 0 } : {}),
    ...(config.seo.length ? { meta } : {}),
  };
}

/** WordPress drops meta keys it does not know without an error: check what came back. */
async function checkSeoReadBack(ctx: AdapterContext, config: WordPressConfig, post: PostInput, saved: WpPost) {
  for (const plugin of config.seo) {
    const keys = SEO_KEYS[plugin];
    if (saved.meta?.[keys.title] !== post.metaTitle || saved.meta?.[keys.description] !== post.metaDescription) {
      await ctx.log(
        "warn",
        "wordpress.seo",
        `The ${plugin === "yoast" ? "Yoast" : "Rank Math"} SEO title/description did not stick on post ${saved.id}; run the connection check.`,
      );
    }
  }
}

export async function savePost(
  ctx: AdapterContext,
  post: PostInput,
  featured: UploadedMedia | null,
  remoteId: string | null,
): Promise<RemotePost> {
  const config = readConfig(ctx.config);
  let remoteStatus: string | null = null;
  if (remoteId) {
    const current = await readPost(ctx, config, remoteId);
    if (!current) throw new PublishError("not_found", "The post no longer exists in WordPress (it was deleted there).");
    remoteStatus = current.status;
  }
  const body = await postBody(ctx, config, post, featured, remoteStatus);
  const route = remoteId ? `wp/v2/posts/${encodeURIComponent(remoteId)}` : "wp/v2/posts";
  const response = await call(ctx, config.restRoot, ctx.credentials, "POST", route, { json: body });
  if (!ok(response)) throw wordpressError(response, remoteId ? "updating the post" : "creating the post");
  const saved = objectBody<WpPost>(response, "the saved post");
  if (typeof saved.id !== "number") {
    throw new PublishError("transient", "WordPress sent an answer without the saved post.", { detail: describeResponse(response) });
  }
  await ctx.log("info", remoteId ? "wordpress.update" : "wordpress.create", `post ${saved.id} ${saved.status} (HTTP ${response.status})`);
  await checkSeoReadBack(ctx, config, post, saved);
  return toRemote(saved);
}

export async function readPost(ctx: AdapterContext, config: WordPressConfig, remoteId: string): Promise<WpPost | null> {
  const response = await call(ctx, config.restRoot, ctx.credentials, "GET", `wp/v2/posts/${encodeURIComponent(remoteId)}`, {
    query: { context: "edit", _fields: "id,slug,status,link,author,title,meta" },
  });
  if (response.status === 404 || response.status === 410) {
    const error = wordpressError(response, "reading the post");
    if (error.kind === "not_found") return null;
    throw error;
  }
  if (!ok(response)) throw wordpressError(response, "reading the post");
  const post = objectBody<WpPost>(response, "the post");
  return post.status === "trash" ? null : post;
}
