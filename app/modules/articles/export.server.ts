import { promisify } from "node:util";
import { zip, type AsyncZippable } from "fflate";
import matter from "gray-matter";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { htmlToMarkdown } from "./markdown.server";

/**
 * Every article of a site as Markdown files with YAML front matter, in one ZIP
 * (docs/decisions/046: articles stay readable and exportable on every plan
 * state, an ended Pro plan included). Image links are made absolute so the
 * files work outside Inkpilot; the image files themselves stay on the server.
 * Compressed on fflate's worker threads, so a large site never holds the event loop.
 */

const zipAsync = promisify(zip as (data: AsyncZippable, cb: (err: Error | null, data: Uint8Array) => void) => void);

/** The file name of one article: its slug, made unique within the archive. */
function fileNameOf(slug: string, id: string, taken: Set<string>) {
  const base =
    (slug || id)
      .replace(/[^a-z0-9-]+/gi, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || id;
  let name = `${base}.md`;
  for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}.md`;
  taken.add(name);
  return name;
}

/** Our own root-relative links and images (/uploads/…, /b/…) as absolute URLs. */
function absoluteLinks(html: string, origin: string) {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${origin}/`);
}

export async function exportSiteArticles(db: DB, siteId: string) {
  const articles = await db
    .selectFrom("articles")
    .select([
      "id",
      "title",
      "slug",
      "content_html",
      "meta_description",
      "target_keyword",
      "status",
      "source",
      "created_at",
      "updated_at",
      "published_at",
    ])
    .where("site_id", "=", siteId)
    .orderBy("created_at")
    .execute();
  const origin = getEnv().appUrl;
  const taken = new Set<string>();
  const files: AsyncZippable = {};
  for (const article of articles) {
    const front: Record<string, string> = {
      title: article.title,
      slug: article.slug,
      status: article.status,
      created: article.created_at,
      updated: article.updated_at,
      written_by: article.source === "manual" ? "hand" : "AI",
    };
    if (article.target_keyword) front.keyword = article.target_keyword;
    if (article.meta_description) front.description = article.meta_description;
    if (article.published_at) front.published = article.published_at;
    const body = htmlToMarkdown(absoluteLinks(article.content_html, origin));
    files[fileNameOf(article.slug, article.id, taken)] = new TextEncoder().encode(matter.stringify(body, front));
  }
  const bytes = await zipAsync(files);
  return { bytes, count: articles.length };
}
