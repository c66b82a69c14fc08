import { getEnv } from "#app/env.server";
import { PublishError, type Credentials, type DoctorCheck, type PublishingAdapter } from "../../types";
import { check } from "../doctor";
import { missingShopifyScopes, normalizeShopDomain, SHOP_DOMAIN_MESSAGE } from "./oauth.server";
import {
  type GqlAnswer,
  Q,
  type Session,
  type ShopifyArticle,
  type UserError,
  gql,
  listBlogs,
  reconnect,
  sessionFrom,
} from "./client.server";
import { articleInput, blogIdOf, toRemotePost, userErrorToPublishError } from "./articles.server";

/**
 * Shopify blog articles through the Admin GraphQL API (docs/decisions/033),
 * with Shopify's official Admin API client over our guarded fetch. The API
 * version is pinned once (SHOPIFY_API_VERSION). Credentials are an expiring
 * offline token and its refresh token from the OAuth install
 * (shopify/oauth.server.ts); the access token is renewed before it expires and
 * once more on a 401, and both new tokens are saved before anything else runs.
 *
 * Images: Shopify downloads the featured image from the URL we give
 * (`image.url`), so uploadMedia hands back our public URL; body images stay at
 * Inkpilot's public URLs (Shopify's staged uploads into Files would need two
 * more calls per image and a polling step; not done yet).
 */

export const shopifyAdapter: PublishingAdapter = {
  facts: {
    platform: "shopify",
    name: "Shopify",
    description:
      "Publish to your Shopify store's blog as an app: articles with featured image, tags, summary and SEO title and description.",
    connectKind: "oauth",
    supportsDraft: true,
    supportsSchedule: true,
    limitations: [
      "Shopify articles have no canonical URL field: Inkpilot adds none, so the Shopify article is the original.",
      "Shopify fetches the featured image from Inkpilot's public address, and images inside the article stay on Inkpilot's address.",
      "The author is shown as a name (your brand name), not a Shopify staff account.",
    ],
  },

  async connect(input, ctx) {
    const shop = normalizeShopDomain(input.options.shop ?? input.siteUrl.replace(/^https?:\/\//i, "").replace(/\/.*$/, ""));
    if (!shop) throw new PublishError("config", SHOP_DOMAIN_MESSAGE);
    if (!input.options.accessToken) {
      throw new PublishError(
        "config",
        "Connect Shopify with the Connect button: Inkpilot is installed in your store as an app, no token to paste.",
        {
          detail: "connect without OAuth result",
        },
      );
    }
    const credentials: Credentials = {};
    for (const key of ["accessToken", "refreshToken", "accessTokenExpiresAt", "refreshTokenExpiresAt", "scope"]) {
      if (input.options[key]) credentials[key] = input.options[key];
    }
    const session: Session = {
      shop,
      credentials,
      connectionId: "",
      correlationId: ctx.correlationId,
      signal: ctx.signal,
      save: null,
      log: ctx.log,
    };
    const { data: shopData, apiVersion } = await gql<{
      shop: { name: string; myshopifyDomain: string; primaryDomain: { url: string } | null };
    }>(session, Q.shop);
    const { data: scopeData } = await gql<{ currentAppInstallation: { accessScopes: Array<{ handle: string }> } }>(session, Q.scopes);
    const granted = scopeData.currentAppInstallation.accessScopes.map((s) => s.handle);
    if (missingShopifyScopes(granted).length) {
      throw new PublishError("config", "Shopify did not grant Inkpilot the permission to write blog articles.", {
        detail: `scopes=${granted.join(",")}`.slice(0, 200),
        fix: "Connect again and approve every permission asked.",
      });
    }
    const blogs = await listBlogs(session);
    const wanted = input.options.blogId;
    // Without a choice the first blog (Shopify's default "News") is used; the customer can pick another later.
    const blog = wanted ? blogs.find((b) => b.id === wanted) : blogs[0];
    if (!blog) {
      throw new PublishError(
        "config",
        wanted ? "The chosen blog does not exist in your Shopify store." : "Your Shopify store has no blog yet.",
        { fix: "Create a blog in Shopify admin → Online Store → Blog posts → Manage blogs, then connect again." },
      );
    }
    return {
      siteUrl: `https://${shop}`,
      name: shopData.shop.name || shop,
      credentials: session.credentials,
      config: {
        shop,
        shopName: shopData.shop.name,
        storeUrl: shopData.shop.primaryDomain?.url ?? `https://${shop}`,
        blogId: blog.id,
        blogTitle: blog.title,
        blogHandle: blog.handle,
        blogCount: blogs.length,
        apiVersion: apiVersion ?? getEnv().SHOPIFY_API_VERSION,
      },
    };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    const pinned = getEnv().SHOPIFY_API_VERSION;
    let session: Session;
    try {
      session = sessionFrom(ctx);
    } catch (error) {
      return [check("token", "Access to the store", "fail", (error as Error).message, reconnect)];
    }
    let answered: GqlAnswer<{ shop: { name: string } }>;
    try {
      answered = await gql(session, Q.shop);
      checks.push(check("token", "Access to the store", "pass", `Connected to ${answered.data.shop.name} (${session.shop}).`));
    } catch (error) {
      const e = error as PublishError;
      checks.push(
        check(
          "token",
          "Access to the store",
          "fail",
          e.message,
          e.fix ?? (e.kind === "transient" || e.kind === "rate_limit" ? "Check again in a minute." : reconnect),
        ),
      );
      return checks;
    }
    try {
      const { data } = await gql<{ currentAppInstallation: { accessScopes: Array<{ handle: string }> } }>(session, Q.scopes);
      const granted = data.currentAppInstallation.accessScopes.map((s) => s.handle);
      checks.push(
        missingShopifyScopes(granted).length
          ? check(
              "scopes",
              "Permission to write blog articles",
              "fail",
              `Shopify granted ${granted.join(", ") || "no permissions"}, without write_content.`,
              "Connect again and approve every permission asked.",
            )
          : check("scopes", "Permission to write blog articles", "pass", "Inkpilot may create and update blog articles."),
      );
    } catch (error) {
      checks.push(
        check("scopes", "Permission to write blog articles", "fail", (error as Error).message, (error as PublishError).fix ?? undefined),
      );
    }
    try {
      const blogId = typeof ctx.config.blogId === "string" ? ctx.config.blogId : "";
      const blogs = await listBlogs(session);
      const blog = blogs.find((b) => b.id === blogId);
      if (!blogId) checks.push(check("blog", "Blog", "fail", "No blog is chosen for this connection.", "Choose the blog articles go to."));
      else if (!blog)
        checks.push(
          check(
            "blog",
            "Blog",
            "fail",
            `The blog "${String(ctx.config.blogTitle ?? blogId)}" no longer exists in your store.`,
            blogs.length
              ? "Choose another blog for this connection."
              : "Create a blog in Shopify admin → Online Store → Blog posts, then choose it.",
          ),
        );
      else checks.push(check("blog", "Blog", "pass", `Articles go to the blog "${blog.title}".`));
    } catch (error) {
      checks.push(check("blog", "Blog", "fail", (error as Error).message, (error as PublishError).fix ?? undefined));
    }
    if (answered.deprecated) {
      checks.push(
        check(
          "api_version",
          "Shopify API version",
          "warn",
          `Shopify flags a field Inkpilot uses as deprecated: ${answered.deprecated.slice(0, 150)}`,
          "Nothing to do now; Inkpilot will move to a newer API version.",
        ),
      );
    } else if (answered.apiVersion && answered.apiVersion !== pinned) {
      checks.push(
        check(
          "api_version",
          "Shopify API version",
          "warn",
          `Shopify answered with API version ${answered.apiVersion} instead of ${pinned} (the pinned version may be retired).`,
          "Nothing to do for you; Inkpilot's operators move to the newer API version.",
        ),
      );
    } else {
      checks.push(
        check("api_version", "Shopify API version", "pass", `Shopify answers with API version ${answered.apiVersion ?? pinned}.`),
      );
    }
    return checks;
  },

  async findExisting(ctx, post) {
    const blogId = blogIdOf(ctx);
    const { data } = await gql<{ articles: { nodes: ShopifyArticle[] } }>(sessionFrom(ctx), Q.find, { query: `handle:${post.slug}` });
    const match = data.articles.nodes.find((a) => a.handle === post.slug && (!a.blog || a.blog.id === blogId));
    return match ? toRemotePost(ctx, match) : null;
  },

  async uploadMedia(_ctx, file) {
    // Shopify downloads images from a URL itself (articleCreate image.url); the public URL is the "upload".
    return { remoteId: file.publicUrl, url: file.publicUrl };
  },

  async create(ctx, post, featured) {
    const article = { blogId: blogIdOf(ctx), ...articleInput(ctx, post, featured) };
    const { data } = await gql<{ articleCreate: { article: ShopifyArticle | null; userErrors: UserError[] } }>(sessionFrom(ctx), Q.create, {
      article,
    });
    const result = data.articleCreate;
    if (result.userErrors.length) throw userErrorToPublishError(result.userErrors, post);
    if (!result.article)
      throw new PublishError("transient", "Shopify did not return the created article.", { detail: "articleCreate without article" });
    return toRemotePost(ctx, result.article);
  },

  async update(ctx, remote, post, featured) {
    const article = { blogId: blogIdOf(ctx), ...articleInput(ctx, post, featured), redirectNewHandle: true };
    const { data } = await gql<{ articleUpdate: { article: ShopifyArticle | null; userErrors: UserError[] } }>(sessionFrom(ctx), Q.update, {
      id: remote.remoteId,
      article,
    });
    const result = data.articleUpdate;
    if (result.userErrors.length) throw userErrorToPublishError(result.userErrors, post);
    if (!result.article)
      throw new PublishError("not_found", "The article no longer exists in Shopify.", { detail: "articleUpdate without article" });
    return toRemotePost(ctx, result.article);
  },

  async read(ctx, remoteId) {
    const { data } = await gql<{ article: ShopifyArticle | null }>(sessionFrom(ctx), Q.read, { id: remoteId });
    return data.article ? toRemotePost(ctx, data.article) : null;
  },
};
