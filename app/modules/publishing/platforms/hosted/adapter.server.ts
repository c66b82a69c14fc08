import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { editUrl } from "#app/modules/articles/urls";
import { getHostedBlog } from "#app/modules/hosted-blog/queries.server";
import { blogAddressOf } from "#app/modules/hosted-blog/address.server";
import { blogUrl, type BlogAddress } from "#app/modules/hosted-blog/urls";
import { isPrivateUrl } from "../../http.server";
import { PublishError, type AdapterContext, type DoctorCheck, type PostInput, type PublishingAdapter, type RemotePost } from "../../types";
import { check } from "../doctor";

/**
 * The hosted blog (docs/product.md, Publishing): the destination every site starts with, served by
 * this app at /b/<blog slug> (app/routes/hosted-blog). There is no remote
 * system: the "remote post" is the article itself (remote id = article id), and
 * what the blog shows is decided by the publication the engine records, public
 * when it is published in live mode. So create and update only say where the
 * post is, media stay our own files, and a create can never make a duplicate.
 * The page serves the article's current content (there is no separate copy).
 */

function origin() {
  return getEnv().appUrl;
}

async function blogSlugOf(siteId: string) {
  const site = await getDb().selectFrom("sites").select("blog_slug").where("id", "=", siteId).executeTakeFirst();
  return site?.blog_slug ?? null;
}

async function articleOf(ctx: Pick<AdapterContext, "siteId">, articleId: string) {
  return getDb()
    .selectFrom("articles")
    .select(["id", "slug"])
    .where("id", "=", articleId)
    .where("site_id", "=", ctx.siteId)
    .executeTakeFirst();
}

async function publicationOf(ctx: Pick<AdapterContext, "connectionId">, articleId: string) {
  return getDb()
    .selectFrom("publications")
    .select(["mode", "status", "remote_id"])
    .where("article_id", "=", articleId)
    .where("connection_id", "=", ctx.connectionId)
    .executeTakeFirst();
}

/** Where the post is: its public address when live, the article in the editor when it is a draft (the blog does not show drafts). */
function remotePost(address: BlogAddress, article: { id: string; slug: string }, live: boolean): RemotePost {
  return {
    remoteId: article.id,
    url: live ? blogUrl(address, article.slug) : `${origin()}${editUrl(article.id)}`,
    status: live ? "published" : "draft",
    live,
  };
}

async function place(ctx: AdapterContext, post: PostInput): Promise<RemotePost> {
  const address = await blogAddressOf(getDb(), ctx.siteId);
  if (!address) {
    throw new PublishError("config", "This site has no hosted blog address yet.", {
      detail: `site ${ctx.siteId} has no blog_slug`,
      fix: "Contact support so we can give your blog its address.",
    });
  }
  const article = await articleOf(ctx, post.articleId);
  if (!article) throw new PublishError("invalid", "This article no longer exists.", { detail: `article ${post.articleId} not in site` });
  if (!article.slug) throw new PublishError("invalid", "This article has no URL slug. Add one in the editor's SEO panel.");
  return remotePost(address, article, post.mode === "live");
}

export const hostedAdapter: PublishingAdapter = {
  facts: {
    platform: "hosted",
    name: "Hosted blog",
    description:
      "A blog for your site on Inkpilot itself, ready without any account: published articles appear with your logo and brand name, SEO tags, a sitemap and an RSS feed.",
    connectKind: "builtin",
    supportsDraft: true,
    supportsSchedule: false,
    limitations: ["Lives on this server at /b/<your blog address> until you connect your own domain in Settings → Blog."],
  },

  // Built in: every site has its hosted connection from the start (createSiteSettings). Connecting again only revives that row.
  async connect() {
    return { siteUrl: "", name: "Hosted blog", credentials: {}, config: {} };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    const blogSlug = await blogSlugOf(ctx.siteId);
    if (!blogSlug) {
      checks.push(
        check(
          "address",
          "Blog address",
          "fail",
          "This site has no hosted blog address yet.",
          "Contact support so we can give your blog its address.",
        ),
      );
      return checks;
    }
    const url = blogUrl((await blogAddressOf(getDb(), ctx.siteId))!);
    checks.push(check("address", "Blog address", "pass", `Your blog is at ${url}.`));

    const blog = await getHostedBlog(getDb(), blogSlug);
    if (!blog || blog.siteId !== ctx.siteId) {
      checks.push(
        check(
          "serving",
          "Blog online",
          "fail",
          "The hosted blog is switched off for this site, so its pages answer 'not found'.",
          "Connect the hosted blog again on the Integrations tab.",
        ),
      );
    } else {
      checks.push(check("serving", "Blog online", "pass", "Published articles are shown on the blog."));
      const brand = await getDb()
        .selectFrom("brand_settings")
        .select(["brand_name", "logo_path"])
        .where("site_id", "=", ctx.siteId)
        .executeTakeFirst();
      const missing = [!brand?.brand_name?.trim() ? "brand name" : null, !brand?.logo_path ? "logo" : null].filter(Boolean);
      checks.push(
        missing.length
          ? check(
              "brand",
              "Brand",
              "warn",
              `The blog has no ${missing.join(" and no ")} yet, so its header shows ${brand?.logo_path ? "" : "no logo and "}the name "${blog.name}".`,
              "Add your brand name and logo in Settings → Brand.",
            )
          : check("brand", "Brand", "pass", `The blog shows your logo and the name "${blog.name}".`),
      );
    }

    // APP_URL decides every address the blog gives out (canonical links, sitemap, feed).
    const local = isPrivateUrl(origin());
    checks.push(
      local
        ? check(
            "public",
            "Public address",
            "warn",
            `The blog's address (${url}) only works on this machine or network, so search engines and readers elsewhere cannot reach it.`,
            "Nothing to do for you: the blog goes public once the server runs at its public address (operators: see the README's configuration).",
          )
        : check("public", "Public address", "pass", "Search engines and readers can reach the blog."),
    );
    return checks;
  },

  async findExisting(ctx, post) {
    // Nothing is ever created elsewhere: a post exists once the engine recorded its remote id.
    const publication = await publicationOf(ctx, post.articleId);
    if (!publication?.remote_id) return null;
    return hostedAdapter.read(ctx, publication.remote_id);
  },

  // Images stay our own files at our own URLs: the body needs no rewriting.
  async uploadMedia(_ctx, file) {
    return { remoteId: file.localPath, url: file.localPath };
  },

  async create(ctx, post) {
    return place(ctx, post);
  },

  async update(ctx, _remote, post) {
    return place(ctx, post);
  },

  async read(ctx, remoteId) {
    const article = await articleOf(ctx, remoteId);
    if (!article) return null;
    const address = await blogAddressOf(getDb(), ctx.siteId);
    if (!address) return null;
    const publication = await publicationOf(ctx, remoteId);
    const connection = await getDb().selectFrom("cms_connections").select("status").where("id", "=", ctx.connectionId).executeTakeFirst();
    // Live while the publication is (being) published in live mode on a connection still switched on: what the blog serves once recorded.
    const live =
      publication?.mode === "live" &&
      (publication.status === "published" || publication.status === "publishing") &&
      connection?.status !== "disconnected";
    return remotePost(address, article, Boolean(live));
  },
};
