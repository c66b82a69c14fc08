import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { blogThemeFor } from "#app/modules/hosted-blog/appearance.server";
import { blogProxyOf, type BlogProxyView } from "#app/modules/hosted-blog/blog-proxy.server";
import { blogDomainOf } from "#app/modules/hosted-blog/custom-domain.server";
import { proxyRecipes } from "#app/modules/hosted-blog/proxy-recipes";
import { hostedBlogPath } from "#app/modules/hosted-blog/urls";
import { accentCheck, DEFAULT_ACCENT } from "#app/modules/settings/brand-look";
import { getBrandSettings } from "#app/modules/settings/brand.server";
import { formatDateTime } from "#app/utils/time";

/**
 * The Blog tab's loader data: whether the site's hosted blog is on (the domain serves it), its theme with where
 * each theme is previewed and the accent its sketches wear (decision 077), its domain with the last check's
 * findings and time in the site's zone, and whether the URL opens the release confirmation (?release=1,
 * docs/decisions/028); or its address on the customer's own site with the proxy recipes (?release-proxy=1).
 */

/** The site's hosted blog path (/b/<blog>), or null when it has no address or its hosted connection is off. */
export async function hostedBlogPathOf(db: DB, siteId: string) {
  const row = await db
    .selectFrom("sites as s")
    .innerJoin("cms_connections as c", (join) =>
      join.onRef("c.site_id", "=", "s.id").on("c.platform", "=", "hosted").on("c.status", "!=", "disconnected"),
    )
    .select("s.blog_slug")
    .where("s.id", "=", siteId)
    .executeTakeFirst();
  return row?.blog_slug ? hostedBlogPath(row.blog_slug) : null;
}

/** The address on the customer's site with the recipes to copy, filled in with this blog's values (decision 078). */
function proxyView(proxy: BlogProxyView, blogUrl: string, timeZone: string) {
  const prefix = new URL(proxy.publicUrl).pathname;
  return {
    ...proxy,
    blogUrl,
    checkedAtText: proxy.checkedAt ? formatDateTime(proxy.checkedAt, timeZone) : null,
    recipes: proxyRecipes({ blogUrl, token: proxy.token, prefix }),
  };
}

export async function blogTabData(db: DB, auth: AuthState, url: URL) {
  const [blogPath, domain, theme, brand, proxy] = await Promise.all([
    hostedBlogPathOf(db, auth.site.id),
    blogDomainOf(db, auth.site.id),
    blogThemeFor(db, auth.site.id),
    getBrandSettings(db, auth.site.id),
    blogProxyOf(db, auth.site.id),
  ]);
  return {
    /** The blog's address on Inkpilot, or null when the site has no hosted blog to serve. */
    blogUrl: blogPath ? `${getEnv().appUrl}${blogPath}/` : null,
    theme: {
      current: theme,
      /** The blog's path here; ?theme=<id> shows its index in that theme (a blog on its own domain answers there). */
      previewPath: blogPath,
      accent: accentCheck(brand.accentColor ?? DEFAULT_ACCENT).used,
    },
    domain: domain && {
      ...domain,
      checkedAtText: domain.checkedAt ? formatDateTime(domain.checkedAt, auth.site.timeZone) : null,
    },
    release: domain !== null && url.searchParams.get("release") === "1",
    proxy: proxy && blogPath ? proxyView(proxy, `${getEnv().appUrl}${blogPath}`, auth.site.timeZone) : null,
    releaseProxy: proxy !== null && url.searchParams.get("release-proxy") === "1",
  };
}
export type BlogTabData = Awaited<ReturnType<typeof blogTabData>>;
