import { createAdminApiClient } from "@shopify/admin-api-client";
import { getEnv } from "#app/env.server";
import { describeResponse, guardedFetchApi, parseLenientJson, retryAfterMs } from "../../http.server";
import { missingShopifyScopes, normalizeShopDomain, refreshShopifyToken, rewriteShopifyUrl, SHOP_DOMAIN_MESSAGE } from "./oauth.server";
import {
  PublishError,
  type AdapterContext,
  type ConnectionConfig,
  type Credentials,
  type DoctorCheck,
  type PostInput,
  type PublishingAdapter,
  type RemotePost,
  type UploadedMedia,
} from "../../types";
import { check } from "../doctor";

/**
 * Shopify blog articles through the Admin GraphQL API (integrations.md §3),
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

/** Waiting for the leaky bucket inside one call is fine up to this; longer, the engine retries later. */
const MAX_INLINE_THROTTLE_WAIT_MS = 10_000;
const MAX_THROTTLE_RETRIES = 3;
/** Renew an access token this long before it expires (a call can take a while). */
const REFRESH_MARGIN_MS = 5 * 60_000;

const ARTICLE_FIELDS = "id handle title isPublished publishedAt blog { id handle }";
const Q = {
  shop: "query InkpilotShop { shop { name myshopifyDomain primaryDomain { url } } }",
  scopes: "query InkpilotScopes { currentAppInstallation { accessScopes { handle } } }",
  blogs:
    "query InkpilotBlogs($after: String) { blogs(first: 50, after: $after) { nodes { id title handle } pageInfo { hasNextPage endCursor } } }",
  create: `mutation InkpilotArticleCreate($article: ArticleCreateInput!) { articleCreate(article: $article) { article { ${ARTICLE_FIELDS} } userErrors { code field message } } }`,
  update: `mutation InkpilotArticleUpdate($id: ID!, $article: ArticleUpdateInput!) { articleUpdate(id: $id, article: $article) { article { ${ARTICLE_FIELDS} } userErrors { code field message } } }`,
  read: `query InkpilotArticle($id: ID!) { article(id: $id) { ${ARTICLE_FIELDS} } }`,
  find: `query InkpilotFindArticle($query: String!) { articles(first: 10, query: $query) { nodes { ${ARTICLE_FIELDS} } } }`,
};

type ShopifyArticle = {
  id: string;
  handle: string;
  title: string;
  isPublished: boolean;
  publishedAt: string | null;
  blog: { id: string; handle: string } | null;
};
type UserError = { code: string | null; field: string[] | null; message: string };
type Blog = { id: string; title: string; handle: string };
type Cost = {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
};

/** Who is calling: a saved connection (can store refreshed tokens) or connect() with fresh tokens. */
type Session = {
  shop: string;
  credentials: Credentials;
  connectionId: string;
  correlationId: string;
  signal: AbortSignal;
  save: ((credentials: Credentials) => Promise<void>) | null;
  log: AdapterContext["log"];
};

type GqlAnswer<T> = { data: T; apiVersion: string | null; deprecated: string | null };

function sessionFrom(ctx: AdapterContext): Session {
  const shop = normalizeShopDomain(ctx.config.shop);
  if (!shop)
    throw new PublishError("config", "This Shopify connection has no valid store address. Reconnect Shopify.", {
      detail: "config.shop missing",
    });
  return {
    shop,
    credentials: ctx.credentials,
    connectionId: ctx.connectionId,
    correlationId: ctx.correlationId,
    signal: ctx.signal,
    save: ctx.saveCredentials.bind(ctx),
    log: ctx.log.bind(ctx),
  };
}

/** Waits, or fails as transient when the job is cancelled or its time is up meanwhile. */
function sleep(ms: number, signal: AbortSignal) {
  const aborted = () =>
    new PublishError("transient", "Publishing stopped while waiting for Shopify's query budget.", {
      detail: `aborted during ${ms} ms wait`,
    });
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const reconnect = "Reconnect Shopify in Settings → Integrations.";

function authError(detail: string) {
  return new PublishError("auth", `Shopify no longer accepts Inkpilot's access to this store. ${reconnect}`, {
    detail,
    fix: `${reconnect} If the Inkpilot app was uninstalled from the store, connecting installs it again.`,
  });
}

/** One refresh per connection at a time in this process: two jobs must not spend the same refresh token twice. */
const refreshing = new Map<string, Promise<Credentials>>();

async function refreshSession(session: Session) {
  const refreshToken = session.credentials.refreshToken;
  if (!refreshToken) throw authError("access token expired and no refresh token stored");
  const refreshExpiry = Date.parse(session.credentials.refreshTokenExpiresAt ?? "");
  if (Number.isFinite(refreshExpiry) && refreshExpiry <= Date.now()) throw authError("refresh token expired");
  const key = session.connectionId || session.shop;
  let pending = refreshing.get(key);
  if (!pending) {
    pending = (async () => {
      const next = await refreshShopifyToken(session, session.shop, refreshToken);
      next.refreshToken ??= refreshToken;
      if (!next.refreshTokenExpiresAt && session.credentials.refreshTokenExpiresAt)
        next.refreshTokenExpiresAt = session.credentials.refreshTokenExpiresAt;
      // Saved at once: the old refresh token stops working once the new one is used.
      if (session.save) await session.save(next);
      return next;
    })().finally(() => refreshing.delete(key));
    refreshing.set(key, pending);
  }
  const next = await pending;
  for (const k of Object.keys(session.credentials)) delete session.credentials[k];
  Object.assign(session.credentials, next);
  await session.log("info", "token_refresh", "Shopify access token renewed");
}

function needsRefresh(credentials: Credentials) {
  const expiresAt = Date.parse(credentials.accessTokenExpiresAt ?? "");
  return Boolean(credentials.refreshToken) && Number.isFinite(expiresAt) && expiresAt - Date.now() < REFRESH_MARGIN_MS;
}

function header(response: Response, name: string) {
  return response.headers.get(name);
}

/** One GraphQL operation: token renewal, 401 → refresh once, THROTTLED → wait for the bucket, every failure a PublishError. */
async function gql<T>(session: Session, query: string, variables: Record<string, unknown> = {}): Promise<GqlAnswer<T>> {
  let refreshed = false;
  let throttled = 0;
  for (;;) {
    if (needsRefresh(session.credentials) && !refreshed) {
      await refreshSession(session);
      refreshed = true;
    }
    if (!session.credentials.accessToken) throw authError("no access token stored");
    let thrown: unknown = null;
    const base = guardedFetchApi(session);
    const client = createAdminApiClient({
      storeDomain: session.shop,
      apiVersion: getEnv().SHOPIFY_API_VERSION,
      accessToken: session.credentials.accessToken,
      // The client would warn on console about versions it does not know yet; the doctor checks the answered version instead.
      logger: () => {},
      customFetchApi: async (url, init) => {
        try {
          return await base(rewriteShopifyUrl(url), init as RequestInit);
        } catch (error) {
          thrown = error;
          throw error;
        }
      },
    });
    let response: Response;
    try {
      response = await client.fetch(query, { variables });
    } catch (error) {
      // The client wraps what our fetch threw (a PublishError for timeouts and refusals); keep ours.
      if (thrown instanceof PublishError) throw thrown;
      throw new PublishError("transient", "We could not reach Shopify.", { detail: String(thrown ?? error).slice(0, 200), cause: error });
    }
    const text = await response.text();
    const detail = describeResponse({ status: response.status, text });
    if (response.status === 401) {
      if (!refreshed && session.credentials.refreshToken) {
        await refreshSession(session);
        refreshed = true;
        continue;
      }
      throw authError(detail);
    }
    if (response.status === 429) {
      throw new PublishError("rate_limit", "Shopify asked us to slow down; publishing will retry shortly.", {
        detail,
        retryAfterMs: retryAfterMs(Object.fromEntries(response.headers)) ?? 2000,
      });
    }
    if (response.status >= 500)
      throw new PublishError("transient", `Shopify had a temporary problem (HTTP ${response.status}).`, { detail });
    if (response.status === 402)
      throw new PublishError("config", "This Shopify store is frozen (unpaid Shopify bill), so it cannot take new articles.", {
        detail,
        fix: "Settle the store's Shopify bill, then publish again.",
      });
    if (response.status === 423)
      throw new PublishError("config", "This Shopify store is locked by Shopify.", {
        detail,
        fix: "Contact Shopify support about the store.",
      });
    if (response.status === 404)
      throw new PublishError("config", "Shopify could not find this store. It may have been closed or renamed.", {
        detail,
        fix: reconnect,
      });
    if (response.status === 403)
      throw new PublishError("config", "Shopify refused Inkpilot's request (HTTP 403).", { detail, fix: reconnect });
    if (response.status !== 200) throw new PublishError("invalid", `Shopify refused the request (HTTP ${response.status}).`, { detail });

    let body: { data?: T | null; errors?: unknown; extensions?: { cost?: Cost } };
    try {
      body = parseLenientJson(text) as typeof body;
    } catch (cause) {
      throw new PublishError("transient", "Shopify sent an answer we could not read.", { detail, cause });
    }
    if (!body || typeof body !== "object") throw new PublishError("transient", "Shopify sent an answer we could not read.", { detail });
    const errors = Array.isArray(body.errors) ? (body.errors as Array<{ message?: string; extensions?: { code?: string } }>) : [];
    const codes = errors.map((e) => e.extensions?.code ?? "");
    if (codes.includes("THROTTLED")) {
      const cost = body.extensions?.cost;
      const status = cost?.throttleStatus;
      const waitMs = status
        ? Math.max(
            50,
            Math.ceil(((cost.requestedQueryCost - status.currentlyAvailable) / (status.restoreRate > 0 ? status.restoreRate : 1)) * 1000),
          )
        : 1000;
      if (throttled < MAX_THROTTLE_RETRIES && waitMs <= MAX_INLINE_THROTTLE_WAIT_MS) {
        throttled++;
        await session.log("info", "throttled", `waiting ${waitMs} ms for Shopify's query budget`);
        await sleep(waitMs, session.signal);
        continue;
      }
      throw new PublishError("rate_limit", "Shopify asked us to slow down; publishing will retry shortly.", {
        detail,
        retryAfterMs: waitMs,
      });
    }
    if (codes.includes("ACCESS_DENIED")) {
      throw new PublishError("config", "Inkpilot is missing the Shopify permission to write blog articles (write_content).", {
        detail,
        fix: "Reconnect Shopify and approve every permission asked.",
      });
    }
    if (codes.includes("INTERNAL_SERVER_ERROR")) throw new PublishError("transient", "Shopify had a temporary problem.", { detail });
    if (errors.length || body.errors) {
      const message =
        errors
          .map((e) => e.message)
          .filter(Boolean)
          .join("; ") || "unknown error";
      throw new PublishError("invalid", `Shopify refused the request: ${message.slice(0, 200)}`, { detail });
    }
    if (!body.data) throw new PublishError("transient", "Shopify sent an answer without data.", { detail });
    return {
      data: body.data,
      apiVersion: header(response, "x-shopify-api-version"),
      deprecated: header(response, "x-shopify-api-deprecated-reason"),
    };
  }
}

async function listBlogs(session: Session): Promise<Blog[]> {
  const blogs: Blog[] = [];
  let after: string | null = null;
  // 250 pages of 50 is far beyond any store; the bound guards against a looping cursor.
  for (let page = 0; page < 250; page++) {
    const { data }: GqlAnswer<{ blogs: { nodes: Blog[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }> = await gql(
      session,
      Q.blogs,
      {
        after,
      },
    );
    blogs.push(...data.blogs.nodes);
    if (!data.blogs.pageInfo.hasNextPage || !data.blogs.pageInfo.endCursor) break;
    after = data.blogs.pageInfo.endCursor;
  }
  return blogs;
}

/** The store's blogs, for the customer to choose where articles go. */
export async function listShopifyBlogs(ctx: AdapterContext): Promise<Blog[]> {
  return listBlogs(sessionFrom(ctx));
}

/** The config after the customer chose another blog (it must exist in the store). */
export async function chooseShopifyBlog(ctx: AdapterContext, blogId: string): Promise<ConnectionConfig> {
  const blog = (await listShopifyBlogs(ctx)).find((b) => b.id === blogId);
  if (!blog) throw new PublishError("config", "That blog no longer exists in your Shopify store.", { detail: `blogId=${blogId}` });
  return { ...ctx.config, blogId: blog.id, blogTitle: blog.title, blogHandle: blog.handle };
}

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function articleInput(ctx: AdapterContext, post: PostInput, featured: UploadedMedia | null) {
  const input: Record<string, unknown> = {
    title: post.title,
    body: post.html,
    summary: post.excerpt ? `<p>${escapeHtml(post.excerpt)}</p>` : null,
    author: { name: post.brandName.trim() || String(ctx.config.shopName ?? "") || "Inkpilot" },
    tags: post.tags.slice(0, 250),
    handle: post.slug,
    metafields: [
      { namespace: "global", key: "title_tag", type: "single_line_text_field", value: post.metaTitle || post.title },
      { namespace: "global", key: "description_tag", type: "single_line_text_field", value: post.metaDescription || post.excerpt },
    ].filter((m) => m.value),
  };
  input.image = featured ? { url: featured.url, altText: post.featuredImage?.alt || post.title } : null;
  if (post.mode === "draft") input.isPublished = false;
  else if (post.scheduleAt && post.scheduleAt.getTime() > Date.now()) input.publishDate = post.scheduleAt.toISOString();
  else input.isPublished = true;
  return input;
}

function userErrorToPublishError(errors: UserError[], post: PostInput): PublishError {
  const detail = errors
    .map((e) => `${e.code ?? ""} ${(e.field ?? []).join(".")}: ${e.message}`)
    .join("; ")
    .slice(0, 200);
  const first = errors[0]!;
  const field = (first.field ?? []).join(".");
  switch (first.code) {
    case "TAKEN":
      return new PublishError("invalid", `Another article in this Shopify blog already uses the address "${post.slug}".`, {
        detail,
        fix: "Change the article's slug in Inkpilot, or delete or rename the other article in Shopify.",
      });
    case "AUTHOR_FIELD_REQUIRED":
    case "AUTHOR_MUST_EXIST":
    case "AMBIGUOUS_AUTHOR":
      return new PublishError("invalid", "Shopify needs an author name for the article.", {
        detail,
        fix: "Set your brand name in Settings → Brand.",
      });
    case "INVALID_PUBLISH_DATE":
      return new PublishError("invalid", `Shopify refused the publishing date: ${first.message}`, {
        detail,
        fix: "Choose a date in the future, or publish now.",
      });
    case "UPLOAD_FAILED":
      return new PublishError("invalid", "Shopify could not download the featured image from Inkpilot.", {
        detail,
        fix: "Shopify fetches images from Inkpilot's public address: check that it is reachable from the internet, then publish again.",
      });
    case "NOT_FOUND":
      if (field.toLowerCase().includes("blog"))
        return new PublishError("config", "The chosen Shopify blog no longer exists.", {
          detail,
          fix: "Choose another blog for this connection.",
        });
      return new PublishError("not_found", "The article no longer exists in Shopify.", { detail });
    default:
      return new PublishError("invalid", `Shopify refused the article: ${errors.map((e) => e.message).join("; ")}`.slice(0, 300), {
        detail,
      });
  }
}

function numericId(gid: string) {
  return gid.split("/").pop() ?? gid;
}

function toRemotePost(ctx: AdapterContext, article: ShopifyArticle): RemotePost {
  const publishedAt = article.publishedAt ? Date.parse(article.publishedAt) : NaN;
  const live = article.isPublished && (!Number.isFinite(publishedAt) || publishedAt <= Date.now());
  const scheduled = !live && Number.isFinite(publishedAt) && publishedAt > Date.now();
  const shop = String(ctx.config.shop ?? "");
  const storeUrl = String(ctx.config.storeUrl || `https://${shop}`).replace(/\/$/, "");
  const blogHandle = article.blog?.handle ?? String(ctx.config.blogHandle ?? "news");
  const url = live
    ? `${storeUrl}/blogs/${blogHandle}/${article.handle}`
    : `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}/content/articles/${numericId(article.id)}`;
  return { remoteId: article.id, url, status: live ? "published" : scheduled ? "scheduled" : "draft", live };
}

function blogIdOf(ctx: AdapterContext) {
  const blogId = typeof ctx.config.blogId === "string" ? ctx.config.blogId : "";
  if (!blogId)
    throw new PublishError("config", "No Shopify blog is chosen for this connection.", {
      fix: "Choose a blog for this connection in Settings → Integrations.",
    });
  return blogId;
}

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
