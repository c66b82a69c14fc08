import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import { htmlToText } from "#app/utils/text";
import { DEFAULT_LANGUAGE, isLanguageTag } from "#app/modules/settings/languages";
import { safeTimeZone } from "#app/utils/time";
import { getEnv } from "#app/env.server";
import { DEFAULT_ACCENT, fontPairingOf, type FontPairingId } from "#app/modules/settings/brand-look";
import { rankRelated } from "./related";
import { blogThemeOf, DEFAULT_BLOG_THEME, type BlogThemeId } from "./themes";
import { blogAddress, type BlogAddress } from "./urls";

/**
 * What the hosted blog shows (docs/decisions/033): a site's articles
 * that have a publication on the site's hosted connection with status
 * 'published' in live mode, while that connection is not disconnected. A
 * publication in draft mode is kept for review and never shown. Every query
 * takes the site id, so one blog slug can never reach another site's article.
 * A post shows the revision its publication sent (publications.revision_id),
 * never the article's working copy: an autosave changes nothing public.
 * Publications sent before revisions existed name none and show the article.
 */

export const POSTS_PER_PAGE = 10;
const EXCERPT_CHARS = 200;

export type HostedBlog = {
  siteId: string;
  blogSlug: string;
  /** Where the blog answers: its own domain once active, else /b/<blog slug> here. */
  address: BlogAddress;
  /** The active custom domain's hostname, or null. */
  domain: string | null;
  /** The customer's proxy serving the blog under a path of their site (pending until a check found it), or null. */
  proxy: { publicUrl: string; token: string; active: boolean } | null;
  connectionId: string;
  /** The brand name, or the site's name when no brand name was set. */
  name: string;
  description: string;
  /** Our own URL of the logo (/uploads/logos/…), or null. */
  logoPath: string | null;
  /** A BCP 47 tag for <html lang>. */
  language: string;
  timeZone: string;
  /** The look (docs/decisions/077): the blog's theme, the brand's accent (#RRGGBB, as chosen) and font pairing. */
  theme: BlogThemeId;
  accent: string;
  fontPairing: FontPairingId;
};

type HostedImage = { src: string; alt: string };

export type HostedPostSummary = {
  articleId: string;
  slug: string;
  title: string;
  excerpt: string;
  cover: HostedImage | null;
  /** The name of the article's topic, or null. */
  topic: string | null;
  /** ISO instants. */
  publishedAt: string;
  modifiedAt: string;
};

export type HostedPost = HostedPostSummary & {
  /** Sanitized article HTML (articles.content_html). */
  html: string;
  metaDescription: string;
  keyword: string;
  topicId: string | null;
};

/** The blog at /b/:blogSlug, or null when no site has that slug or its hosted blog was disconnected. */
export async function getHostedBlog(db: DB, blogSlug: string): Promise<HostedBlog | null> {
  const row = await db
    .selectFrom("sites as s")
    .innerJoin("cms_connections as c", (join) =>
      join.onRef("c.site_id", "=", "s.id").on("c.platform", "=", "hosted").on("c.status", "!=", "disconnected"),
    )
    .leftJoin("brand_settings as b", "b.site_id", "s.id")
    .leftJoin("blog_domains as d", (join) => join.onRef("d.site_id", "=", "s.id").on("d.status", "=", "active"))
    .leftJoin("blog_appearance as ap", "ap.site_id", "s.id")
    .leftJoin("blog_proxies as x", "x.site_id", "s.id")
    .select([
      "d.hostname as domain",
      "x.public_url as proxyUrl",
      "x.token as proxyToken",
      "x.status as proxyStatus",
      "s.id as siteId",
      "s.blog_slug as blogSlug",
      "s.name as siteName",
      "s.language as siteLanguage",
      "s.timezone as timeZone",
      "c.id as connectionId",
      "b.brand_name as brandName",
      "b.description as description",
      "b.logo_path as logoPath",
      "b.language as brandLanguage",
      "b.accent_color as accent",
      "b.font_pairing as fontPairing",
      "ap.theme as theme",
    ])
    .where("s.blog_slug", "=", blogSlug)
    .executeTakeFirst();
  if (!row || !row.blogSlug) return null;
  const language = [row.brandLanguage, row.siteLanguage].find((tag): tag is string => Boolean(tag && isLanguageTag(tag)));
  return {
    siteId: row.siteId,
    blogSlug: row.blogSlug,
    address: blogAddress(getEnv().appUrl, row.blogSlug, row.domain, row.proxyStatus === "active" ? row.proxyUrl : null),
    domain: row.domain ?? null,
    proxy: row.proxyUrl && row.proxyToken ? { publicUrl: row.proxyUrl, token: row.proxyToken, active: row.proxyStatus === "active" } : null,
    connectionId: row.connectionId,
    name: row.brandName?.trim() || row.siteName,
    description: row.description?.trim() ?? "",
    logoPath: row.logoPath ?? null,
    language: language ?? DEFAULT_LANGUAGE,
    timeZone: safeTimeZone(row.timeZone),
    theme: blogThemeOf(row.theme) ?? DEFAULT_BLOG_THEME,
    accent: row.accent ?? DEFAULT_ACCENT,
    fontPairing: fontPairingOf(row.fontPairing),
  };
}

/** The site's articles that are public on its hosted blog (the publication and article rows joined). */
function publicArticles(db: DB, siteId: string) {
  return db
    .selectFrom("articles as a")
    .innerJoin("publications as p", "p.article_id", "a.id")
    .innerJoin("cms_connections as c", "c.id", "p.connection_id")
    .leftJoin("article_revisions as r", "r.id", "p.revision_id")
    .where("a.site_id", "=", siteId)
    .where("c.site_id", "=", siteId)
    .where("c.platform", "=", "hosted")
    .where("c.status", "!=", "disconnected")
    .where("p.status", "=", "published")
    .where("p.mode", "=", "live");
}

const publishedAt = sql<string>`coalesce(p.published_at, a.published_at, p.updated_at)`;
/** The sent revision's field, or the article's for a publication that names none. */
const sent = <T>(column: "title" | "slug" | "content_html" | "meta_description" | "target_keyword" | "featured_image") =>
  sql<T>`coalesce(r.${sql.ref(column)}, a.${sql.ref(column)})`;
const sentAt = sql<string>`coalesce(r.saved_at, a.updated_at)`;

type Row = {
  articleId: string;
  slug: string;
  title: string;
  html: string;
  metaDescription: string;
  keyword: string;
  featuredImage: string | null;
  featuredAlt: string | null;
  topicId: string | null;
  topic: string | null;
  publishedAt: string;
  updatedAt: string;
};

function selectPost(db: DB, siteId: string) {
  return publicArticles(db, siteId)
    .leftJoin("topics as t", "t.id", "a.topic_id")
    .select((eb) => [
      "a.id as articleId",
      "a.topic_id as topicId",
      "t.name as topic",
      sent<string>("slug").as("slug"),
      sent<string>("title").as("title"),
      sent<string>("content_html").as("html"),
      sent<string>("meta_description").as("metaDescription"),
      sent<string>("target_keyword").as("keyword"),
      sent<string | null>("featured_image").as("featuredImage"),
      sentAt.as("updatedAt"),
      publishedAt.as("publishedAt"),
      eb
        .selectFrom("article_images as i")
        .select("i.alt")
        .whereRef("i.article_id", "=", "a.id")
        .where("i.path", "=", sent<string | null>("featured_image"))
        .limit(1)
        .as("featuredAlt"),
    ])
    .orderBy(publishedAt, "desc")
    .orderBy("a.id", "desc");
}

/** Plain text for listings and meta: the meta description, else the start of the body cut at a word. */
export function excerptOf(metaDescription: string, html: string, max = EXCERPT_CHARS) {
  const given = metaDescription.trim();
  if (given) return given;
  const text = htmlToText(html).replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

function toSummary(row: Row): HostedPostSummary {
  const publishedIso = new Date(row.publishedAt).toISOString();
  const updatedIso = new Date(row.updatedAt).toISOString();
  return {
    articleId: row.articleId,
    slug: row.slug,
    title: row.title,
    excerpt: excerptOf(row.metaDescription, row.html),
    cover: row.featuredImage ? { src: row.featuredImage, alt: row.featuredAlt?.trim() || row.title } : null,
    topic: row.topic?.trim() || null,
    publishedAt: publishedIso,
    // An article edited before its publication still says it was modified when it went out.
    modifiedAt: updatedIso > publishedIso ? updatedIso : publishedIso,
  };
}

export type HostedPostPage = { posts: HostedPostSummary[]; page: number; totalPages: number; total: number };

/** One page of the blog's posts, newest first; a page past the end comes back empty (the route answers 404). */
export async function listHostedPosts(db: DB, siteId: string, { page = 1 }: { page?: number } = {}): Promise<HostedPostPage> {
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const counted = await publicArticles(db, siteId)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  const rows = await selectPost(db, siteId)
    .limit(POSTS_PER_PAGE)
    .offset((current - 1) * POSTS_PER_PAGE)
    .execute();
  return { posts: rows.map(toSummary), page: current, totalPages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)), total };
}

/** Every public post's address and dates, newest first (the sitemap; no bodies read). */
export async function listHostedSitemap(db: DB, siteId: string, limit = 50_000) {
  const rows = await publicArticles(db, siteId)
    .select([sent<string>("slug").as("slug"), sentAt.as("updatedAt"), publishedAt.as("publishedAt")])
    .orderBy(publishedAt, "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.slug) && Boolean(seen.add(row.slug)))
    .map((row) => {
      const published = new Date(row.publishedAt).toISOString();
      const updated = new Date(row.updatedAt).toISOString();
      return { slug: row.slug, modifiedAt: updated > published ? updated : published };
    });
}

/** The newest public posts with their bodies (the RSS feed). */
export async function listHostedFeed(db: DB, siteId: string, limit = 20): Promise<HostedPost[]> {
  const rows = await selectPost(db, siteId).limit(limit).execute();
  return rows.map(toPost);
}

function toPost(row: Row): HostedPost {
  return { ...toSummary(row), html: row.html, metaDescription: row.metaDescription, keyword: row.keyword, topicId: row.topicId };
}

/**
 * One public post by its slug. Slugs are not unique within a site, so when two
 * public articles share one the newest publication wins.
 */
export async function getHostedPost(db: DB, siteId: string, articleSlug: string): Promise<HostedPost | null> {
  // First by the article's slug (indexed: articles_site_slug), which a published article keeps unless it is set by
  // hand; the sent revision's slug must match too. A slug changed in the working copy since it was sent: the post
  // stays at the address it was sent with (a scan of the site's public posts, only when the first look missed).
  const row =
    (await selectPost(db, siteId)
      .where("a.slug", "=", articleSlug)
      .where(sent<string>("slug"), "=", articleSlug)
      .limit(1)
      .executeTakeFirst()) ?? (await selectPost(db, siteId).where("r.slug", "=", articleSlug).limit(1).executeTakeFirst());
  return row ? toPost(row) : null;
}

/** True once any post is public on the site's hosted blog (its address should then stay put). */
export async function hasPublicHostedPost(db: DB, siteId: string) {
  const row = await publicArticles(db, siteId).select("a.id").limit(1).executeTakeFirst();
  return Boolean(row);
}

/** How many of the newest public posts related posts are chosen from: the choice stays cheap on a blog of thousands. */
const RELATED_POOL = 500;

/**
 * Up to `limit` other public posts of the same blog for the end of a post: those of the same topic first, then those
 * sharing words of its keyword, then the newest (docs/decisions/077). Other sites' and unpublished articles never
 * appear: both reads start from this site's public articles.
 */
export async function listRelatedPosts(
  db: DB,
  siteId: string,
  post: HostedPost,
  { language, limit = 3 }: { language: string; limit?: number },
) {
  const pool = await publicArticles(db, siteId)
    .select(["a.id as articleId", "a.topic_id as topicId", sent<string>("slug").as("slug"), sent<string>("target_keyword").as("keyword")])
    .where("a.id", "!=", post.articleId)
    .orderBy(publishedAt, "desc")
    .orderBy("a.id", "desc")
    .limit(RELATED_POOL)
    .execute();
  const chosen = rankRelated(
    post,
    pool.filter((row) => row.slug !== post.slug),
    { language, limit },
  );
  if (!chosen.length) return [];
  const rows = await selectPost(db, siteId).where("a.id", "in", chosen).execute();
  const byId = new Map(rows.map((row) => [row.articleId, toSummary(row)]));
  return chosen.map((id) => byId.get(id)).filter((summary): summary is HostedPostSummary => Boolean(summary));
}
