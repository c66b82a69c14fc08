import * as cheerio from "cheerio/slim";
import type { DB } from "#app/db/client.server";
import type { CmsPlatform } from "#app/db/schema";
import { getEnv } from "#app/env.server";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";
import { platformName } from "./platforms";
import type { ExpectedImage } from "./live-check-page";
import type { PageImageLoad } from "./live-check-images";

/**
 * The publication a live check looks at: whether it can be checked at all (a
 * live post with a public address), its row, and the images the page should
 * show (what we uploaded, by their keys).
 */

// Platform words for a post that is not (yet) public.
const NOT_PUBLIC_STATUSES = new Set(["draft", "future", "scheduled", "pending", "private", "trash", "trashed", "auto-draft"]);

type PublicationRow = {
  id: string;
  site_id: string;
  article_id: string;
  connection_id: string;
  mode: "draft" | "live";
  status: string;
  remote_url: string | null;
  remote_status: string | null;
  correlation_id: string;
  updated_at: string;
  platform: CmsPlatform;
};

/** Why there is nothing public to check, or null when there is. */
export function whyNotCheckable(p: Pick<PublicationRow, "mode" | "status" | "remote_url" | "remote_status" | "platform">): string | null {
  if (p.status !== "published") return "The post is not published yet.";
  if (p.mode !== "live") return "Sent as a draft: there is no public page to check until it is published live.";
  if (!p.remote_url) {
    return p.platform === "webhook"
      ? "Your receiver did not answer with the post's address, so there is no page to check."
      : "The platform gave no public address for the post.";
  }
  if (p.remote_status && NOT_PUBLIC_STATUSES.has(p.remote_status.toLowerCase())) {
    return `${platformName(p.platform)} reports the post as ${p.remote_status}, not public yet.`;
  }
  // A Notion page is public only when shared to the web (a notion.site address); notion.so opens for members only.
  if (p.platform === "notion" && /(^|\.)notion\.so$/i.test(safeHost(p.remote_url))) {
    return "The Notion page is not shared to the web, so it has no public page to check.";
  }
  return null;
}

function safeHost(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

export async function publicationRow(db: DB, publicationId: string, siteId?: string) {
  let query = db
    .selectFrom("publications as p")
    .innerJoin("cms_connections as c", "c.id", "p.connection_id")
    .select([
      "p.id",
      "p.site_id",
      "p.article_id",
      "p.connection_id",
      "p.mode",
      "p.status",
      "p.remote_url",
      "p.remote_status",
      "p.correlation_id",
      "p.updated_at",
      "c.platform",
      "c.config",
    ])
    .where("p.id", "=", publicationId);
  if (siteId) query = query.where("p.site_id", "=", siteId);
  return query.executeTakeFirst();
}

export function parseConfig(config: string): Record<string, unknown> {
  try {
    const value = JSON.parse(config) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The article's images as they should appear on the platform: the media library's URL, or our own public one. */
export async function expectedImages(
  db: DB,
  connectionId: string,
  article: { title: string; content_html: string; featured_image: string | null },
) {
  const origin = getEnv().appUrl;
  const images = new Map<string, { alt: string; featured: boolean }>();
  const $ = cheerio.load(article.content_html, null, false);
  $("img").each((_, element) => {
    const src = ($(element).attr("src") ?? "").trim();
    if (src && !images.has(src)) images.set(src, { alt: $(element).attr("alt") ?? "", featured: false });
  });
  if (article.featured_image) {
    const known = images.get(article.featured_image);
    images.set(article.featured_image, { alt: known?.alt || article.title, featured: true });
  }
  if (!images.size) return [];
  const media = await db
    .selectFrom("publication_media")
    .select(["local_path", "remote_url"])
    .where("connection_id", "=", connectionId)
    .where("local_path", "in", [...images.keys()])
    .execute();
  const uploaded = new Map(media.map((m) => [m.local_path, m.remote_url]));
  return [...images].map(([src, { alt, featured }]): ExpectedImage => {
    const urls = [uploaded.get(src), safeAbsolute(src, origin)].filter((u): u is string => !!u);
    return { urls, alt, featured };
  });
}

function safeAbsolute(src: string, base: string) {
  try {
    return new URL(src, base).href;
  } catch {
    return null;
  }
}

/** At most this many of a page's images are fetched, a few at a time, each briefly. */
const MAX_IMAGE_LOADS = 12;
const IMAGE_LOAD_TIMEOUT_MS = 10_000;

/**
 * Whether each image address answers: HEAD, and a GET of its first bytes when HEAD is refused (some servers and
 * CDNs answer 405 or 403 to HEAD). null when nothing answered (timeout, refused connection, blocked address).
 */
export async function loadImages(urls: string[], options: { signal?: AbortSignal; correlationId?: string } = {}): Promise<PageImageLoad[]> {
  const load = async (url: string): Promise<PageImageLoad> => {
    const base = { timeoutMs: IMAGE_LOAD_TIMEOUT_MS, maxBytes: 1024, truncate: true, ...options };
    try {
      const head = await guardedFetch(url, { ...base, method: "HEAD" });
      if (head.status !== 405 && head.status !== 403 && head.status !== 501) return { url, status: head.status };
      return { url, status: (await guardedFetch(url, base)).status };
    } catch (error) {
      if (error instanceof OutboundRequestError) return { url, status: null };
      throw error;
    }
  };
  const wanted = urls.slice(0, MAX_IMAGE_LOADS);
  const loads: PageImageLoad[] = [];
  for (let i = 0; i < wanted.length; i += 4) loads.push(...(await Promise.all(wanted.slice(i, i + 4).map(load))));
  return loads;
}
