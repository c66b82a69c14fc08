import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { blogAddress, blogUrl, type BlogAddress } from "./urls";

/**
 * A site's blog address from the database: /b/<blog slug> on this server, or its own domain's root once that
 * domain's certificate is issued (docs/decisions/076-blog-custom-domains.md). `live` asks only for a blog that
 * is switched on (a hosted connection that is not disconnected): what search engines can reach.
 */
export async function blogAddressOf(db: DB, siteId: string, { live = false } = {}): Promise<BlogAddress | null> {
  let query = db
    .selectFrom("sites as s")
    .leftJoin("blog_domains as d", (join) => join.onRef("d.site_id", "=", "s.id").on("d.status", "=", "active"))
    .leftJoin("blog_proxies as x", (join) => join.onRef("x.site_id", "=", "s.id").on("x.status", "=", "active"))
    .select(["s.blog_slug", "d.hostname", "x.public_url"])
    .where("s.id", "=", siteId);
  if (live) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("cms_connections as c")
          .select("c.id")
          .whereRef("c.site_id", "=", "s.id")
          .where("c.platform", "=", "hosted")
          .where("c.status", "!=", "disconnected"),
      ),
    );
  }
  const row = await query.executeTakeFirst();
  return row?.blog_slug ? blogAddress(getEnv().appUrl, row.blog_slug, row.hostname, row.public_url) : null;
}

/**
 * Every address a post of the blog has had or has: here at /b/<slug>, and on the blog's domain (or its proxied
 * address) once active. The
 * results import maps a search engine's rows of either to the article, while search engines move to the new one.
 */
export async function postUrlsOf(db: DB, siteId: string, articleSlugs: string[]) {
  const site = await db
    .selectFrom("sites as s")
    .leftJoin("blog_domains as d", (join) => join.onRef("d.site_id", "=", "s.id").on("d.status", "=", "active"))
    .leftJoin("blog_proxies as x", (join) => join.onRef("x.site_id", "=", "s.id").on("x.status", "=", "active"))
    .select(["s.blog_slug", "d.hostname", "x.public_url"])
    .where("s.id", "=", siteId)
    .executeTakeFirst();
  if (!site?.blog_slug) return new Map<string, string[]>();
  const here = blogAddress(getEnv().appUrl, site.blog_slug);
  const own = site.hostname || site.public_url ? blogAddress(getEnv().appUrl, site.blog_slug, site.hostname, site.public_url) : null;
  return new Map(articleSlugs.map((slug) => [slug, [blogUrl(here, slug), ...(own ? [blogUrl(own, slug)] : [])]]));
}
