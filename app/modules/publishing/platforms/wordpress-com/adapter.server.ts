import { describeResponse, platformRequest } from "../../http.server";
import { PublishError } from "../../types";
import { scaledVariants } from "../../figures";
import { pickExisting, uploadFilename, FIND_STATUSES, UPLOAD_TIMEOUT_MS } from "../wordpress/posts.server";
import { plainMessage } from "../wordpress/errors.server";
import { check, failedCheck } from "../doctor";
import { wordpressComAppCredentials, wordpressComUrl } from "./oauth.server";
import {
  RECONNECT,
  ROLE_FIX,
  type V11Post,
  type V11Site,
  type WordPressComConfig,
  call,
  ok,
  readConfig,
  siteFacts,
  token,
  wordpressComError,
} from "./client.server";
import { POST_FIELDS, readPost, savePost, savedPost, toRemote } from "./posts.server";
import type { DoctorCheck, PublishingAdapter } from "../../types";

/**
 * Sites hosted on WordPress.com through its v1.1 REST API (docs/decisions/033),
 * with the single-blog OAuth token of wordpress-com/oauth.server.ts. v1.1 takes
 * category and tag names (created when missing), defaults to `publish` and to
 * sharing on the customer's social accounts (`publicize`), so every post sends
 * an explicit status and `publicize: false`.
 *
 * SEO fields, decided from WordPress.com's own API code: `metadata` writes only
 * public keys or keys the user may edit. WordPress.com's SEO tools
 * (`advanced_seo_description`, `jetpack_seo_html_title`) are refused with a 403
 * *after* the post was saved on plans without the `advanced-seo` feature, so
 * they are sent only when the site reports that feature. Yoast's keys exist only
 * on sites with plugins (Business plan, Jetpack); WordPress.com skips them
 * silently elsewhere, so they are sent there and read back. The excerpt always
 * carries the meta description.
 *
 * Finding a post after a lost answer: `posts/slug:` only finds published posts
 * (WordPress's get_posts default), so drafts are looked up by a search of our
 * title over every status, and both are matched by slug, title and author.
 */

function hostingCheck(config: WordPressComConfig): DoctorCheck {
  if (config.hosting === "jetpack") {
    return check(
      "hosting",
      "Site hosting",
      "warn",
      "This is a self-hosted WordPress site connected to WordPress.com through Jetpack: publishing depends on Jetpack's connection staying healthy.",
      "For a more reliable connection, connect it as WordPress (self-hosted) with an Application Password instead.",
    );
  }
  return check(
    "hosting",
    "Site hosting",
    "pass",
    config.hosting === "atomic" ? "Hosted on WordPress.com, with plugins (Business plan or higher)." : "Hosted on WordPress.com.",
  );
}

function seoCheck(config: WordPressComConfig): DoctorCheck {
  const label = "SEO title and description";
  if (config.seoTools) {
    return check(
      "seo",
      label,
      "pass",
      "The site's plan has WordPress.com's SEO tools: Inkpilot sets each post's SEO title and meta description.",
    );
  }
  if (config.hosting !== "simple") {
    return check(
      "seo",
      label,
      "warn",
      "Inkpilot sets the Yoast SEO title and description when Yoast SEO is active on this site (checked after each post); otherwise only the excerpt.",
      "Install and activate Yoast SEO on the site to have the SEO title and meta description set.",
    );
  }
  return check(
    "seo",
    label,
    "warn",
    "This site's plan has no SEO tools, so WordPress.com accepts no SEO title or meta description: Inkpilot sets the post excerpt (used by many themes) and the title.",
    "Upgrade the site to a WordPress.com plan with SEO tools, then Check again.",
  );
}

/** The widths WordPress.com's editor lists in srcset (thumbnail sizes aside). */
const WPCOM_WIDTHS = [300, 768, 1024];

function withWidth(url: string, width: number) {
  const u = new URL(url);
  u.searchParams.set("w", String(width));
  return u.href;
}

export const wordpressComAdapter: PublishingAdapter = {
  figures: "wordpress",
  facts: {
    platform: "wordpress_com",
    name: "WordPress.com",
    description: "A site hosted on WordPress.com, connected with your WordPress.com account.",
    connectKind: "oauth",
    supportsDraft: true,
    supportsSchedule: true,
    limitations: [
      "Inkpilot connects to one site of your WordPress.com account at a time (you pick it when WordPress.com asks); connect again for another site.",
      "SEO title and meta description are set only on plans with WordPress.com's SEO tools, or with Yoast SEO on sites with plugins; otherwise Inkpilot sets the excerpt and the connection check says so.",
      "Posts are never shared to your social accounts (Jetpack Social) by Inkpilot; share them from WordPress.com if you want to.",
      "WordPress.com has no canonical URL field over its API, so a canonical pointing elsewhere is not set.",
      "Disconnect forgets the token; revoke Inkpilot under WordPress.com → Security → Connected applications.",
    ],
  },

  async connect(input, ctx) {
    const accessToken = input.secret.trim() || input.options.accessToken?.trim() || "";
    const blogId = input.options.blogId?.trim() ?? "";
    if (!accessToken || !/^\d+$/.test(blogId)) {
      throw new PublishError(
        "config",
        "Connect WordPress.com with the Connect button: you sign in on WordPress.com and choose your site there.",
        {
          detail: "connect without OAuth result",
        },
      );
    }
    const me = await call(ctx, accessToken, "GET", "/me", "reading your WordPress.com account");
    const site = (await call(ctx, accessToken, "GET", `/sites/${blogId}`, "reading the site")) as V11Site;
    const facts = siteFacts(site);
    const config: WordPressComConfig = {
      blogId,
      blogUrl: site.URL ?? input.options.blogUrl ?? input.siteUrl,
      userId: typeof me.ID === "number" ? me.ID : null,
      userLogin: typeof me.username === "string" ? me.username : "",
      ...facts,
      category: input.options.category?.trim() || null,
    };
    await ctx.log("info", "wordpress_com.connect", `blog ${blogId} ${facts.hosting} seoTools=${facts.seoTools}`);
    return {
      siteUrl: config.blogUrl,
      name: plainMessage(site.name) || new URL(config.blogUrl).host,
      credentials: { accessToken },
      config,
    };
  },

  async doctor(ctx) {
    let config: WordPressComConfig;
    try {
      config = readConfig(ctx.config);
    } catch (error) {
      return [failedCheck("token", "Access to WordPress.com", error, "Click Check again in a minute.")];
    }
    const checks: DoctorCheck[] = [];
    try {
      const app = await wordpressComAppCredentials();
      if (app) {
        // token-info answers with an error for a revoked token or one issued to another app.
        const info = await platformRequest(
          ctx,
          wordpressComUrl(`/oauth2/token-info?${new URLSearchParams({ client_id: app.clientId, token: token(ctx) })}`),
        );
        if (info.status >= 500 || info.status === 429) throw wordpressComError(info, "checking the access token");
        const body = ok(info) ? info.json<{ blog_id?: unknown }>() : null;
        if (!body || String(body.blog_id) !== config.blogId) {
          throw new PublishError(
            "auth",
            "WordPress.com no longer accepts Inkpilot's access to this site (revoked, or given for another site).",
            {
              detail: describeResponse(info),
              fix: RECONNECT,
            },
          );
        }
      }
      const me = await call(ctx, token(ctx), "GET", "/me", "reading your WordPress.com account");
      checks.push(
        check(
          "token",
          "Access to WordPress.com",
          "pass",
          `Signed in as ${typeof me.username === "string" ? me.username : config.userLogin}.`,
        ),
      );
    } catch (error) {
      return [failedCheck("token", "Access to WordPress.com", error, "Click Check again in a minute.")];
    }
    let site: V11Site;
    try {
      site = (await call(ctx, token(ctx), "GET", `/sites/${config.blogId}`, "reading the site")) as V11Site;
      checks.push(
        check("site", "Site reachable", "pass", `${plainMessage(site.name) || "The site"} answers at ${site.URL ?? config.blogUrl}.`),
      );
    } catch (error) {
      checks.push(failedCheck("site", "Site reachable", error, "Click Check again in a minute."));
      return checks;
    }
    const caps = site.capabilities;
    if (caps) {
      checks.push(
        caps.publish_posts
          ? check("publish", "Can publish posts", "pass", "Your account can publish and schedule posts on this site.")
          : check(
              "publish",
              "Can publish posts",
              "fail",
              "Your account can only write drafts for review here: posts sent live wait as “pending”.",
              ROLE_FIX,
            ),
      );
      checks.push(
        caps.upload_files
          ? check("upload", "Can upload images", "pass", "Images can be uploaded to the site's media library.")
          : check(
              "upload",
              "Can upload images",
              "fail",
              "Your account cannot upload to this site's media library, so posts with images cannot be sent.",
              ROLE_FIX,
            ),
      );
    }
    const facts = siteFacts(site);
    const current = { ...config, ...facts };
    checks.push(hostingCheck(current), seoCheck(current));
    return checks;
  },

  async findExisting(ctx, post) {
    const config = readConfig(ctx.config);
    const candidates: V11Post[] = [];
    try {
      // Finds published posts only; drafts come from the search below.
      candidates.push(
        savedPost(
          await call(
            ctx,
            token(ctx),
            "GET",
            `/sites/${config.blogId}/posts/slug:${encodeURIComponent(post.slug)}`,
            "looking for the post",
            {
              query: { context: "edit", fields: POST_FIELDS },
            },
          ),
          "the post",
        ),
      );
    } catch (error) {
      if (!(error instanceof PublishError && error.kind === "not_found")) throw error;
    }
    const list = await call(ctx, token(ctx), "GET", `/sites/${config.blogId}/posts`, "looking for the post", {
      query: { status: FIND_STATUSES, search: post.title.slice(0, 100), number: "20", context: "edit", fields: POST_FIELDS },
    });
    if (!Array.isArray(list.posts)) {
      throw new PublishError("transient", "WordPress.com sent an answer we could not read while looking for the post.", {
        detail: JSON.stringify(list).slice(0, 200),
      });
    }
    candidates.push(...(list.posts as V11Post[]));
    const shaped = candidates.map((p) => ({
      id: p.ID ?? 0,
      slug: p.slug ?? "",
      status: p.status ?? "",
      author: p.author?.ID,
      title: p.title ?? "",
    }));
    const found = pickExisting(shaped, post.slug, post.title, config.userId);
    const match = found && candidates.find((p) => p.ID === found.id);
    return match ? toRemote(match) : null;
  },

  async uploadMedia(ctx, file) {
    const config = readConfig(ctx.config);
    const filename = uploadFilename(file.filename, file.mimeType);
    const form = new FormData();
    form.append("media[]", new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }), filename);
    form.append("attrs[0][alt]", file.alt);
    form.append("attrs[0][title]", file.alt || filename);
    const encoded = new Response(form);
    const body = await call(ctx, token(ctx), "POST", `/sites/${config.blogId}/media/new`, `uploading the image ${filename}`, {
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { "Content-Type": encoded.headers.get("content-type") ?? "multipart/form-data" },
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    const item = Array.isArray(body.media)
      ? (body.media[0] as { ID?: number; URL?: string; width?: number; height?: number } | undefined)
      : undefined;
    if (!item || typeof item.ID !== "number" || !item.URL) {
      const reason = Array.isArray(body.errors) ? plainMessage((body.errors[0] as { message?: unknown } | undefined)?.message) : "";
      throw new PublishError("invalid", `WordPress.com did not store the image ${filename}${reason ? `: ${reason}` : "."}`, {
        detail: JSON.stringify(body).slice(0, 200),
      });
    }
    // WordPress.com's image CDN resizes by ?w= (what its own editor puts in srcset).
    const variants = scaledVariants(Number(item.width) || file.width, Number(item.height) || file.height, WPCOM_WIDTHS, (w) =>
      withWidth(item.URL!, w),
    );
    return { remoteId: String(item.ID), url: item.URL, variants };
  },

  create: (ctx, post, featured) => savePost(ctx, post, featured, null),
  update: (ctx, remote, post, featured) => savePost(ctx, post, featured, remote.remoteId),
  read: async (ctx, remoteId) => {
    const found = await readPost(ctx, readConfig(ctx.config), remoteId);
    return found && toRemote(found);
  },

  async disconnect(ctx) {
    // WordPress.com documents no revoke endpoint for code-flow tokens: forgetting ours is all we can do.
    await ctx.log(
      "info",
      "wordpress_com.disconnect",
      "token forgotten; WordPress.com has no revoke API: the customer can revoke Inkpilot under Security → Connected applications",
    );
  },
};
