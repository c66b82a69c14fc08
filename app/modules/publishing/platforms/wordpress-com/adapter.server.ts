import { describeResponse, errorFromResponse, platformRequest, type PlatformRequest, type PlatformResponse } from "../../http.server";
import { PublishError } from "../../types";
import type { AdapterContext, DoctorCheck, PostInput, PublishingAdapter, RemotePost, UploadedMedia } from "../../types";
import { wordpressComAppCredentials, wordpressComUrl } from "./oauth.server";
import { pickExisting, uploadFilename } from "../wordpress/posts.server";
import { plainMessage } from "../wordpress/errors.server";
import { check, failedCheck } from "../doctor";

/**
 * Sites hosted on WordPress.com through its v1.1 REST API (integrations.md §2),
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

const NAME = "WordPress.com";
const API = "/rest/v1.1";
const UPLOAD_TIMEOUT_MS = 120_000;
const FIND_STATUSES = "publish,future,draft,pending,private";
const POST_FIELDS = "ID,URL,status,slug,title,author,metadata,date";
const JETPACK_SEO = { title: "jetpack_seo_html_title", description: "advanced_seo_description" } as const;
const YOAST_SEO = { title: "_yoast_wpseo_title", description: "_yoast_wpseo_metadesc" } as const;

export type WordPressComConfig = {
  blogId: string;
  blogUrl: string;
  userId: number | null;
  userLogin: string;
  /** simple: hosted; atomic: hosted with plugins; jetpack: a self-hosted site connected through Jetpack. */
  hosting: "simple" | "atomic" | "jetpack";
  /** The plan has WordPress.com's SEO tools (feature `advanced-seo`). */
  seoTools: boolean;
  category: string | null;
};

const RECONNECT = "Reconnect WordPress.com in Settings → Integrations and choose this site when WordPress.com asks.";
const ROLE_FIX =
  "Ask the site's owner to make your WordPress.com account an Author, Editor or Administrator of this site, then Check again.";

/** v1.1 answers `{error, message}`; the token endpoints `{error, error_description}`. */
export function wordpressComError(response: PlatformResponse, context = "the request"): PublishError {
  let code = "";
  let said = "";
  try {
    const body = response.json<{ error?: unknown; message?: unknown }>();
    if (body && typeof body === "object") {
      code = typeof body.error === "string" ? body.error : "";
      said = plainMessage(body.message);
    }
  } catch {
    // An HTML error page: the generic reading below applies.
  }
  const detail = `${context}: ${describeResponse(response)}`;
  const err = (kind: ConstructorParameters<typeof PublishError>[0], message: string, fix: string | null = null) =>
    new PublishError(kind, message, { detail, fix });
  if (response.status === 429 || response.status >= 500) return errorFromResponse(NAME, response);
  if (code === "invalid_token" || code === "authorization_required" || response.status === 401) {
    return err(
      "auth",
      "WordPress.com no longer accepts Inkpilot's access to this site (it was revoked or expired). Reconnect it in Settings → Integrations.",
      RECONNECT,
    );
  }
  if (response.status === 403) {
    // A single-blog token used for another site is refused with 403: only reconnecting fixes it.
    if (/token|blog/i.test(said))
      return err("auth", `WordPress.com refused ${context}: this connection is not for this site.${said ? ` (${said})` : ""}`, RECONNECT);
    return err(
      "config",
      `WordPress.com refused ${context}: your account is not allowed to do this on this site.${said ? ` It said: “${said}”` : ""}`,
      ROLE_FIX,
    );
  }
  if (code === "unknown_post") return err("not_found", "The post no longer exists on WordPress.com (it was deleted there).");
  if (code === "unknown_blog")
    return err("config", "WordPress.com does not know this site any more (deleted, moved or made private).", RECONNECT);
  if (code === "invalid_input" || code === "upload_error")
    return err("invalid", `WordPress.com refused ${context}${said ? `: ${said}` : "."}`);
  return errorFromResponse(NAME, response, said ? `WordPress.com refused ${context}: ${said}` : undefined);
}

type Ctx = { correlationId: string; signal: AbortSignal };
const ok = (response: PlatformResponse) => response.status >= 200 && response.status < 300;

async function call(
  ctx: Ctx,
  token: string,
  method: NonNullable<PlatformRequest["method"]>,
  path: string,
  context: string,
  request: Omit<PlatformRequest, "method"> & { query?: Record<string, string> } = {},
) {
  const { query, ...rest } = request;
  const url = wordpressComUrl(`${API}${path}${query ? `?${new URLSearchParams(query)}` : ""}`);
  const response = await platformRequest(ctx, url, { ...rest, method, headers: { ...rest.headers, Authorization: `Bearer ${token}` } });
  if (!ok(response)) throw wordpressComError(response, context);
  const body = response.json<unknown>();
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new PublishError("transient", `WordPress.com sent an answer we could not read for ${context}.`, {
      detail: describeResponse(response),
    });
  }
  return body as Record<string, unknown>;
}

function readConfig(config: AdapterContext["config"]): WordPressComConfig {
  const blogId = typeof config.blogId === "string" ? config.blogId : "";
  if (!/^\d+$/.test(blogId)) throw new PublishError("config", "This WordPress.com connection does not name its site.", { fix: RECONNECT });
  const hosting = config.hosting === "atomic" || config.hosting === "jetpack" ? config.hosting : "simple";
  return {
    blogId,
    blogUrl: typeof config.blogUrl === "string" ? config.blogUrl : "",
    userId: typeof config.userId === "number" ? config.userId : null,
    userLogin: typeof config.userLogin === "string" ? config.userLogin : "",
    hosting,
    seoTools: config.seoTools === true,
    category: typeof config.category === "string" && config.category.trim() ? config.category.trim() : null,
  };
}

const token = (ctx: Pick<AdapterContext, "credentials">) => ctx.credentials.accessToken ?? "";

type V11Site = {
  ID?: number;
  name?: string;
  URL?: string;
  jetpack?: boolean;
  is_wpcom_atomic?: boolean;
  capabilities?: Record<string, boolean>;
  plan?: { product_slug?: string; features?: { active?: string[] } };
  options?: { is_automated_transfer?: boolean };
};
type V11Post = { ID?: number; URL?: string; status?: string; slug?: string; title?: string; author?: { ID?: number }; metadata?: unknown };

function siteFacts(site: V11Site) {
  const atomic = site.is_wpcom_atomic === true || site.options?.is_automated_transfer === true;
  return {
    hosting: (atomic ? "atomic" : site.jetpack ? "jetpack" : "simple") as WordPressComConfig["hosting"],
    seoTools: (site.plan?.features?.active ?? []).includes("advanced-seo"),
  };
}

function toRemote(post: V11Post): RemotePost {
  return {
    remoteId: String(post.ID),
    url: post.URL ?? null,
    status: post.status ?? "draft",
    live: post.status === "publish",
    version: null,
  };
}

function savedPost(body: Record<string, unknown>, what: string): V11Post {
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

async function savePost(ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null, remoteId: string | null) {
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

async function readPost(ctx: AdapterContext, config: WordPressComConfig, remoteId: string): Promise<V11Post | null> {
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

export const wordpressComAdapter: PublishingAdapter = {
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
    const item = Array.isArray(body.media) ? (body.media[0] as { ID?: number; URL?: string } | undefined) : undefined;
    if (!item || typeof item.ID !== "number" || !item.URL) {
      const reason = Array.isArray(body.errors) ? plainMessage((body.errors[0] as { message?: unknown } | undefined)?.message) : "";
      throw new PublishError("invalid", `WordPress.com did not store the image ${filename}${reason ? `: ${reason}` : "."}`, {
        detail: JSON.stringify(body).slice(0, 200),
      });
    }
    return { remoteId: String(item.ID), url: item.URL };
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
