import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { shopifyAdapter } from "#app/modules/publishing/platforms/shopify/adapter.server";
import { createOAuthState, consumeOAuthState } from "#app/modules/auth/oauth-states.server";
import {
  completeShopifyInstall,
  exchangeShopifyCode,
  refreshShopifyToken,
  SHOP_DOMAIN_MESSAGE,
  ShopifyOAuthError,
  startShopifyInstall,
} from "#app/modules/publishing/platforms/shopify/oauth.server";
import {
  PublishError,
  type AdapterContext,
  type ConnectResult,
  type Credentials,
  type MediaFile,
  type PostInput,
} from "#app/modules/publishing/types";
import { purgeExpired } from "#app/worker/maintenance.server";
import { action as shopifyWebhookAction } from "#app/routes/resources/webhooks.shopify";
import { newId } from "#app/utils/crypto.server";
import { listen, readBody } from "#tests/fakes/http-fake";
import { sendShopifyWebhook, startShopifyFake, type ShopifyFake } from "#tests/fakes/shopify";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, ORIGIN } from "#tests/setup/route-harness";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let fake: ShopifyFake;
let images: Awaited<ReturnType<typeof listen>>;
let db: DB;
let user: TestUser;
const appUrl = "https://app.inkpilot.test";

beforeAll(async () => {
  fake = await startShopifyFake();
  // Our public image URLs, which Shopify (the fake) downloads.
  images = await listen(
    http.createServer((req, res) => {
      if (!req.url?.startsWith("/uploads/")) return res.writeHead(404).end();
      res.writeHead(200, { "Content-Type": "image/png" }).end(PNG);
    }),
  );
  Object.assign(process.env, fake.env, { SHOPIFY_PREVIOUS_CLIENT_SECRET: "old-secret" });
  resetEnvForTests();
  db = await testDb();
  user = await makeUser(db);
});

afterAll(async () => {
  await fake.close();
  await images.close();
});

beforeEach(() => fake.reset());

/** The browser's trip: our install URL → Shopify's authorize (auto-approved) → the callback query. */
async function authorize(shop = fake.shop) {
  const { url } = await startShopifyInstall(db, { siteId: user.siteId, userId: user.userId, shop, appUrl });
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(`${appUrl}/shopify/callback`);
  return location.searchParams;
}

async function install() {
  return completeShopifyInstall(db, await authorize(), { expectedSiteId: user.siteId });
}

function baseCtx() {
  return {
    connectionId: `conn-${newId()}`,
    siteId: user.siteId,
    siteUrl: "",
    correlationId: "abcd1234",
    signal: AbortSignal.timeout(15_000),
    log: async () => {},
  };
}

async function connected(options: Record<string, string> = {}) {
  const result = await install();
  const connection = await shopifyAdapter.connect(
    { siteUrl: `https://${result.shop}`, secret: "", options: { ...result.options, ...options } },
    baseCtx(),
  );
  return { connection, ...contextFor(connection) };
}

function contextFor(connection: ConnectResult, overrides: Partial<AdapterContext> = {}) {
  const saved: Credentials[] = [];
  const logs: string[] = [];
  const ctx: AdapterContext = {
    ...baseCtx(),
    siteUrl: connection.siteUrl,
    config: connection.config,
    credentials: { ...connection.credentials },
    saveCredentials: async (c) => {
      saved.push({ ...c });
    },
    log: async (level, stage, detail) => {
      logs.push(`${level} ${stage} ${detail}`);
    },
    ...overrides,
  };
  return { ctx, saved, logs };
}

function media(name: string, alt: string): MediaFile {
  return {
    localPath: `/uploads/articles/${name}`,
    publicUrl: `${images.url}/uploads/articles/${name}`,
    filename: name,
    mimeType: "image/png",
    bytes: PNG,
    alt,
    width: 1,
    height: 1,
  };
}

function post(overrides: Partial<PostInput> = {}): PostInput {
  const cover = media("cover.png", "A cup of coffee");
  const second = media("chart.png", "Brewing times chart");
  return {
    articleId: "art-1",
    title: "How to brew coffee",
    slug: "how-to-brew-coffee",
    html: `<h2>Steps</h2><p>Read <a href="https://example.com/guide">the guide</a>.</p><img src="${cover.localPath}" alt="${cover.alt}"><table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>Pour-over</td><td>3 min</td></tr></tbody></table><img src="${second.localPath}" alt="${second.alt}">`,
    markdown: "",
    excerpt: "Brewing coffee at home, step by step.",
    metaTitle: "Brew coffee at home | Beans & Co",
    metaDescription: "A step-by-step guide to brewing coffee at home.",
    keyword: "brew coffee",
    tags: ["coffee", "guides"],
    featuredImage: cover,
    images: [cover, second],
    mode: "draft",
    scheduleAt: null,
    canonicalUrl: null,
    publicationId: "pub-1",
    correlationId: "abcd1234",
    brandName: "Beans & Co",
    ...overrides,
  };
}

/** What the engine does before create/update: upload each image, rewrite the body to the uploaded URLs. */
async function prepared(ctx: AdapterContext, input: PostInput) {
  let html = input.html;
  for (const image of input.images) {
    const uploaded = await shopifyAdapter.uploadMedia(ctx, image);
    html = html.replaceAll(image.localPath, uploaded.url);
  }
  const featured = input.featuredImage ? await shopifyAdapter.uploadMedia(ctx, input.featuredImage) : null;
  return { post: { ...input, html }, featured };
}

async function expectPublishError(promise: Promise<unknown>, kind: PublishError["kind"]) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublishError);
  expect((error as PublishError).kind).toBe(kind);
  return error as PublishError;
}

async function expectOAuthError(promise: Promise<unknown>, code: ShopifyOAuthError["code"]) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ShopifyOAuthError);
  expect((error as ShopifyOAuthError).code).toBe(code);
  return error as ShopifyOAuthError;
}

describe("OAuth install", () => {
  test("install URL asks for write_content and an offline token, with a fresh state", async () => {
    const { url, state } = await startShopifyInstall(db, {
      siteId: user.siteId,
      userId: user.userId,
      shop: "  Beans-Co.MyShopify.com ",
      appUrl,
    });
    const parsed = new URL(url);
    expect(parsed.pathname).toBe("/beans-co.myshopify.com/admin/oauth/authorize");
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      client_id: fake.clientId,
      scope: "write_content",
      redirect_uri: `${appUrl}/shopify/callback`,
      state,
    });
  });

  test.each(["beans-co", "beans-co.com", "https://beans-co.myshopify.com", "beans_co.myshopify.com", "beans.myshopify.com.evil.io"])(
    "refuses the shop %j with the dialog's message",
    async (shop) => {
      const error = await expectOAuthError(startShopifyInstall(db, { siteId: user.siteId, userId: user.userId, shop, appUrl }), "shop");
      expect(error.message).toBe(SHOP_DOMAIN_MESSAGE);
    },
  );

  test("a verified callback gives expiring offline tokens and records the install", async () => {
    const result = await install();
    expect(result.shop).toBe(fake.shop);
    expect(result.userId).toBe(user.userId);
    expect(result.credentials).toMatchObject({
      accessToken: expect.stringMatching(/^shpat_/),
      refreshToken: expect.stringMatching(/^shprt_/),
      scope: "write_content",
    });
    expect(Date.parse(result.credentials.accessTokenExpiresAt!)).toBeGreaterThan(Date.now() + 3_000_000);
    const exchange = fake.requests().find((r) => r.path === "/admin/oauth/access_token");
    expect(exchange?.headers["content-type"]).toContain("application/json");
    const installRow = await db.selectFrom("cms_installs").selectAll().where("external_id", "=", fake.shop).executeTakeFirstOrThrow();
    expect(installRow).toMatchObject({ provider: "shopify", site_id: user.siteId, scope: "write_content" });
  });

  test("a corrupted HMAC is refused before the state is used", async () => {
    fake.configure({ corruptHmac: true });
    const query = await authorize();
    await expectOAuthError(completeShopifyInstall(db, query, { expectedSiteId: user.siteId }), "hmac");
    expect(await db.selectFrom("oauth_states").select("state").where("state", "=", query.get("state")).executeTakeFirst()).toBeTruthy();
    const log = await db.selectFrom("diag_logs").select(["stage", "level"]).where("stage", "=", "oauth_callback_hmac").executeTakeFirst();
    expect(log).toEqual({ stage: "oauth_callback_hmac", level: "error" });
  });

  test("a state is single use: the same callback twice fails the second time", async () => {
    const query = await authorize();
    await completeShopifyInstall(db, query, { expectedSiteId: user.siteId });
    await expectOAuthError(completeShopifyInstall(db, query, { expectedSiteId: user.siteId }), "state");
  });

  test("an expired state is refused", async () => {
    const query = await authorize();
    await db
      .updateTable("oauth_states")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("state", "=", query.get("state")!)
      .execute();
    await expectOAuthError(completeShopifyInstall(db, query, { expectedSiteId: user.siteId }), "state");
  });

  test("a state started for another site is refused", async () => {
    const other = await makeUser(db);
    await expectOAuthError(completeShopifyInstall(db, await authorize(), { expectedSiteId: other.siteId }), "state");
  });

  test("a callback older than 90 seconds is refused", async () => {
    await expectOAuthError(completeShopifyInstall(db, await authorize(), { now: new Date(Date.now() + 120_000) }), "timestamp");
  });

  test("fewer scopes granted than asked is refused with what is missing", async () => {
    fake.configure({ grantScopes: "read_content" });
    const error = await expectOAuthError(completeShopifyInstall(db, await authorize(), { expectedSiteId: user.siteId }), "scope");
    expect(error.message).toContain("write_content");
  });

  test("authorization codes are single use", async () => {
    const query = await authorize();
    const ctx = { correlationId: "x", signal: AbortSignal.timeout(5000) };
    await exchangeShopifyCode(ctx, fake.shop, query.get("code")!);
    await expectOAuthError(exchangeShopifyCode(ctx, fake.shop, query.get("code")!), "exchange");
  });

  test("oauth states: created with a payload, consumed once, refused for another provider or once expired", async () => {
    const { state } = await createOAuthState(db, { provider: "wix", siteId: user.siteId, payload: { a: 1 } });
    expect(await consumeOAuthState(db, state, "shopify")).toBeNull();
    const fresh = await createOAuthState(db, { provider: "wix", siteId: user.siteId, payload: { a: 1 } });
    expect(await consumeOAuthState(db, fresh.state, "wix")).toMatchObject({ siteId: user.siteId, payload: { a: 1 } });
    expect(await consumeOAuthState(db, fresh.state, "wix")).toBeNull();
    const short = await createOAuthState(db, { provider: "wix", siteId: null, ttlMs: 1000 });
    expect(await consumeOAuthState(db, short.state, "wix", new Date(Date.now() + 2000))).toBeNull();
  });
});

describe("connect and doctor", () => {
  test("connect reads the shop and picks its blog; credentials stay out of config", async () => {
    const { connection } = await connected();
    expect(connection.siteUrl).toBe(`https://${fake.shop}`);
    expect(connection.name).toBe("inkpilot-test store");
    expect(connection.config).toMatchObject({
      shop: fake.shop,
      blogId: "gid://shopify/Blog/1001",
      blogTitle: "News",
      blogHandle: "news",
      apiVersion: "2026-10",
    });
    expect(JSON.stringify(connection.config)).not.toContain("shpat_");
    expect(connection.credentials.refreshToken).toMatch(/^shprt_/);
    const graphql = fake.requests().filter((r) => r.path.endsWith("/graphql.json"));
    expect(graphql[0]?.path).toBe("/admin/api/2026-10/graphql.json");
  });

  test("connect with a chosen blog, a missing blog, no token, or a revoked token", async () => {
    fake.setBlogs([
      { id: "gid://shopify/Blog/1", title: "News", handle: "news" },
      { id: "gid://shopify/Blog/2", title: "Recipes", handle: "recipes" },
    ]);
    const { connection } = await connected({ blogId: "gid://shopify/Blog/2" });
    expect(connection.config).toMatchObject({ blogTitle: "Recipes", blogCount: 2 });
    await expectPublishError(connected({ blogId: "gid://shopify/Blog/9" }), "config");
    const noToken = await expectPublishError(
      shopifyAdapter.connect({ siteUrl: `https://${fake.shop}`, secret: "shpat_pasted", options: {} }, baseCtx()),
      "config",
    );
    expect(noToken.message).toContain("Connect button");
    const result = await install();
    fake.revokeAll();
    await expectPublishError(shopifyAdapter.connect({ siteUrl: "", secret: "", options: result.options }, baseCtx()), "auth");
  });

  test("doctor passes every check on a healthy connection", async () => {
    const { ctx } = await connected();
    const checks = await shopifyAdapter.doctor(ctx);
    expect(checks.map((c) => [c.id, c.state])).toEqual([
      ["token", "pass"],
      ["scopes", "pass"],
      ["blog", "pass"],
      ["api_version", "pass"],
    ]);
  });

  test("doctor: revoked access fails the token check with the fix", async () => {
    const { ctx } = await connected();
    fake.revokeAll();
    const checks = await shopifyAdapter.doctor(ctx);
    expect(checks).toEqual([expect.objectContaining({ id: "token", state: "fail", fix: expect.stringContaining("Reconnect") })]);
  });

  test("doctor: a token without write_content fails the scope check", async () => {
    const { connection } = await connected();
    fake.configure({ grantScopes: "read_content" });
    const query = await authorize();
    const readOnly = await exchangeShopifyCode({ correlationId: "x", signal: AbortSignal.timeout(5000) }, fake.shop, query.get("code")!);
    const { ctx } = contextFor({ ...connection, credentials: readOnly });
    const checks = await shopifyAdapter.doctor(ctx);
    expect(checks.find((c) => c.id === "scopes")).toMatchObject({
      state: "fail",
      detail: expect.stringContaining("without write_content"),
    });
  });

  test("doctor: the chosen blog deleted, or none chosen", async () => {
    const { connection, ctx } = await connected();
    fake.setBlogs([{ id: "gid://shopify/Blog/77", title: "Other", handle: "other" }]);
    expect((await shopifyAdapter.doctor(ctx)).find((c) => c.id === "blog")).toMatchObject({
      state: "fail",
      detail: expect.stringContaining("no longer exists"),
    });
    const none = contextFor({ ...connection, config: { ...connection.config, blogId: undefined } });
    expect((await shopifyAdapter.doctor(none.ctx)).find((c) => c.id === "blog")).toMatchObject({
      state: "fail",
      detail: "No blog is chosen for this connection.",
    });
  });

  test("doctor warns when Shopify answers with another API version or flags a deprecation", async () => {
    const { ctx } = await connected();
    fake.configure({ answerVersion: "2027-01" });
    expect((await shopifyAdapter.doctor(ctx)).find((c) => c.id === "api_version")).toMatchObject({
      state: "warn",
      detail: expect.stringContaining("2027-01"),
    });
    fake.configure({ answerVersion: null, deprecatedReason: "Article.author is deprecated" });
    expect((await shopifyAdapter.doctor(ctx)).find((c) => c.id === "api_version")).toMatchObject({
      state: "warn",
      detail: expect.stringContaining("deprecated"),
    });
  });
});

describe("publishing", () => {
  test("create: a draft with table, links, images downloaded by Shopify, tags, summary, author and SEO metafields; update changes the same article", async () => {
    const { ctx } = await connected();
    const { post: input, featured } = await prepared(ctx, post());
    const created = await shopifyAdapter.create(ctx, input, featured);
    expect(created).toMatchObject({ remoteId: expect.stringMatching(/^gid:\/\/shopify\/Article\//), status: "draft", live: false });
    expect(created.url).toMatch(/^https:\/\/admin\.shopify\.com\/store\/inkpilot-test\/content\/articles\/\d+$/);

    const [article, ...others] = fake.articles();
    expect(others).toHaveLength(0);
    expect(article).toMatchObject({
      title: "How to brew coffee",
      handle: "how-to-brew-coffee",
      blogId: "gid://shopify/Blog/1001",
      isPublished: false,
      tags: ["coffee", "guides"],
      author: { name: "Beans & Co" },
      summary: "<p>Brewing coffee at home, step by step.</p>",
      image: {
        altText: "A cup of coffee",
        contentType: "image/png",
        byteLength: PNG.length,
        sourceUrl: `${images.url}/uploads/articles/cover.png`,
      },
    });
    expect(article!.body).toContain("<table>");
    expect(article!.body).toContain('href="https://example.com/guide"');
    expect(article!.body).toContain(`${images.url}/uploads/articles/chart.png`);
    expect(article!.body).not.toContain('src="/uploads/');
    expect(article!.metafields).toEqual([
      { namespace: "global", key: "title_tag", type: "single_line_text_field", value: "Brew coffee at home | Beans & Co" },
      {
        namespace: "global",
        key: "description_tag",
        type: "single_line_text_field",
        value: "A step-by-step guide to brewing coffee at home.",
      },
    ]);

    const again = await prepared(ctx, post({ title: "How to brew better coffee", metaDescription: "Better coffee, step by step." }));
    const updated = await shopifyAdapter.update(ctx, { remoteId: created.remoteId, version: null }, again.post, again.featured);
    expect(updated.remoteId).toBe(created.remoteId);
    expect(fake.articles()).toHaveLength(1);
    expect(fake.articles()[0]).toMatchObject({ title: "How to brew better coffee", handle: "how-to-brew-coffee" });
    expect(fake.articles()[0]!.metafields.find((m) => m.key === "description_tag")?.value).toBe("Better coffee, step by step.");
    expect(await shopifyAdapter.read(ctx, created.remoteId)).toMatchObject({ remoteId: created.remoteId, status: "draft", live: false });
  });

  test("live now is published at the store's URL; a future time is scheduled; a deleted article reads as null", async () => {
    const { ctx } = await connected();
    const live = await shopifyAdapter.create(ctx, post({ mode: "live", featuredImage: null }), null);
    expect(live).toMatchObject({ status: "published", live: true, url: `https://${fake.shop}/blogs/news/how-to-brew-coffee` });
    const at = new Date(Date.now() + 86_400_000);
    const scheduled = await shopifyAdapter.create(ctx, post({ slug: "later", mode: "live", scheduleAt: at, featuredImage: null }), null);
    expect(scheduled).toMatchObject({ status: "scheduled", live: false });
    expect(fake.articles()[1]).toMatchObject({ isPublished: false, publishedAt: at.toISOString() });
    expect(await shopifyAdapter.read(ctx, "gid://shopify/Article/1")).toBeNull();
  });

  test("after a create whose answer was lost, findExisting finds the one article by handle", async () => {
    const { ctx } = await connected();
    expect(await shopifyAdapter.findExisting(ctx, post())).toBeNull();
    fake.arm({ kind: "lose-response", operation: "articleCreate" });
    await expectPublishError(shopifyAdapter.create(ctx, post(), null), "transient");
    const found = await shopifyAdapter.findExisting(ctx, post());
    expect(found).toMatchObject({ remoteId: fake.articles()[0]!.id, status: "draft" });
    expect(fake.articles()).toHaveLength(1);
  });

  test("userErrors become plain messages: taken handle, author required, publish date, image not downloadable", async () => {
    const { ctx } = await connected();
    await shopifyAdapter.create(ctx, post({ featuredImage: null }), null);
    const taken = await expectPublishError(shopifyAdapter.create(ctx, post({ featuredImage: null }), null), "invalid");
    expect(taken.message).toContain("already uses the address");
    fake.arm({ kind: "user-error", code: "AUTHOR_FIELD_REQUIRED", operation: "articleCreate" });
    expect((await expectPublishError(shopifyAdapter.create(ctx, post({ slug: "b" }), null), "invalid")).message).toBe(
      "Shopify needs an author name for the article.",
    );
    fake.arm({ kind: "user-error", code: "INVALID_PUBLISH_DATE", operation: "articleCreate" });
    expect((await expectPublishError(shopifyAdapter.create(ctx, post({ slug: "c" }), null), "invalid")).message).toContain(
      "publishing date",
    );
    const unreachable = { remoteId: "x", url: "http://127.0.0.1:9/uploads/nothing.png" };
    expect((await expectPublishError(shopifyAdapter.create(ctx, post({ slug: "d" }), unreachable), "invalid")).message).toContain(
      "featured image",
    );
    await expectPublishError(
      shopifyAdapter.update(ctx, { remoteId: "gid://shopify/Article/404", version: null }, post(), null),
      "not_found",
    );
  });
});

describe("failures map to the right kinds", () => {
  test("401 without a usable refresh token is auth; 403 config; 429 rate_limit with Retry-After; 5xx, timeout and malformed are transient", async () => {
    const { ctx } = await connected();
    fake.arm({ status: 403, body: { errors: "Forbidden" }, path: "graphql" });
    await expectPublishError(shopifyAdapter.read(ctx, "gid://shopify/Article/1"), "config");
    fake.arm({ status: 429, headers: { "Retry-After": "7" }, body: { errors: "Exceeded 2 calls per second" }, path: "graphql" });
    expect((await expectPublishError(shopifyAdapter.read(ctx, "gid://shopify/Article/1"), "rate_limit")).retryAfterMs).toBe(7000);
    fake.arm({ status: 502, body: "<html>Bad gateway</html>", path: "graphql" });
    await expectPublishError(shopifyAdapter.read(ctx, "gid://shopify/Article/1"), "transient");
    fake.arm({ kind: "malformed", path: "graphql" });
    await expectPublishError(shopifyAdapter.read(ctx, "gid://shopify/Article/1"), "transient");
    fake.arm({ kind: "timeout", path: "graphql" });
    const short = { ...ctx, signal: AbortSignal.timeout(500) };
    await expectPublishError(shopifyAdapter.read(short, "gid://shopify/Article/1"), "transient");
    fake.arm({ kind: "access-denied", path: "graphql" });
    expect((await expectPublishError(shopifyAdapter.read(ctx, "gid://shopify/Article/1"), "config")).message).toContain("write_content");
    fake.revokeAll();
    const auth = await expectPublishError(shopifyAdapter.read(ctx, "gid://shopify/Article/1"), "auth");
    expect(auth.message).toContain("Reconnect Shopify");
    expect(auth.detail).not.toContain("shpat_");
  });

  test("THROTTLED waits for the bucket and retries inside the call; a long wait becomes rate_limit", async () => {
    const { ctx, logs } = await connected();
    fake.arm({ kind: "throttled", path: "graphql" });
    fake.configure({ restoreRate: 1000 });
    expect(await shopifyAdapter.read(ctx, "gid://shopify/Article/1")).toBeNull();
    expect(logs.some((l) => l.includes("throttled"))).toBe(true);
    // A mutation costs 10; with 5 points available at 0.2 a second the wait (25 s) is too long to spend inside the call.
    fake.configure({ maximumAvailable: 5, restoreRate: 0.2 });
    const error = await expectPublishError(shopifyAdapter.create(ctx, post(), null), "rate_limit");
    expect(error.retryAfterMs).toBe(25_000);
    expect(fake.articles()).toHaveLength(0);
  });
});

describe("token refresh", () => {
  test("an expired access token is refreshed once on 401, both new tokens saved, and the call succeeds", async () => {
    const { ctx, saved } = await connected();
    const before = { ...ctx.credentials };
    fake.expireAccessTokens();
    expect(await shopifyAdapter.read(ctx, "gid://shopify/Article/1")).toBeNull();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.accessToken).not.toBe(before.accessToken);
    expect(saved[0]!.refreshToken).not.toBe(before.refreshToken);
    expect(ctx.credentials.accessToken).toBe(saved[0]!.accessToken);
    expect(fake.requests().filter((r) => r.path === "/admin/oauth/access_token")).toHaveLength(2);
  });

  test("a token near its expiry is renewed before the call", async () => {
    const { ctx, saved } = await connected();
    ctx.credentials.accessTokenExpiresAt = new Date(Date.now() + 1000).toISOString();
    await shopifyAdapter.read(ctx, "gid://shopify/Article/1");
    expect(saved).toHaveLength(1);
    expect(fake.requests().filter((r) => r.path.endsWith("graphql.json") && r.headers["content-type"])).toHaveLength(4);
  });

  test("a revoked refresh token means reconnect (auth), and is not retried in a loop", async () => {
    const { ctx, saved } = await connected();
    fake.revokeAll();
    await expectPublishError(shopifyAdapter.read(ctx, "gid://shopify/Article/1"), "auth");
    expect(saved).toHaveLength(0);
    expect(fake.requests().filter((r) => r.path === "/admin/oauth/access_token")).toHaveLength(2);
  });

  test("rotation: the previous refresh token works until the new one is used", async () => {
    const result = await install();
    const ctx = { correlationId: "x", signal: AbortSignal.timeout(5000) };
    const first = await refreshShopifyToken(ctx, fake.shop, result.credentials.refreshToken!);
    const retry = await refreshShopifyToken(ctx, fake.shop, result.credentials.refreshToken!);
    expect(retry.accessToken).not.toBe(first.accessToken);
    await refreshShopifyToken(ctx, fake.shop, first.refreshToken!);
    await expectPublishError(refreshShopifyToken(ctx, fake.shop, result.credentials.refreshToken!), "auth");
  });
});

describe("webhooks", () => {
  let app: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    // Shopify's delivery, as it reaches the route's action (headers and raw body as sent).
    app = await listen(
      http.createServer(async (req, res) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
        const request = new Request(`${ORIGIN}/resources/webhooks/shopify`, { method: "POST", headers, body: await readBody(req) });
        const result = await callRoute({ request, handler: shopifyWebhookAction });
        res.writeHead(result.status).end();
      }),
    );
  });
  afterAll(() => app.close());

  async function shopifyConnection(shop: string) {
    const id = newId();
    const now = new Date().toISOString();
    await db
      .insertInto("cms_connections")
      .values({
        id,
        site_id: user.siteId,
        platform: "shopify",
        site_url: `https://${shop}`,
        credentials_encrypted: "sealed",
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  test("a bad HMAC gets 401 and changes nothing", async () => {
    const id = await shopifyConnection("bad-hmac.myshopify.com");
    const result = await sendShopifyWebhook(`${app.url}/webhooks/shopify`, "app/uninstalled", { id: 1 }, fake.clientSecret, {
      badHmac: true,
      shop: "bad-hmac.myshopify.com",
    });
    expect(result.status).toBe(401);
    expect(
      await db.selectFrom("cms_connections").select(["status", "credentials_encrypted"]).where("id", "=", id).executeTakeFirst(),
    ).toEqual({
      status: "connected",
      credentials_encrypted: "sealed",
    });
  });

  test("app/uninstalled forgets the tokens and marks the connection disconnected (the previous secret still verifies)", async () => {
    const shop = "uninstalled.myshopify.com";
    const id = await shopifyConnection(shop);
    await db
      .insertInto("cms_installs")
      .values({ id: newId(), provider: "shopify", external_id: shop, site_id: user.siteId, created_at: "2026-01-01" })
      .execute();
    const result = await sendShopifyWebhook(
      `${app.url}/webhooks/shopify`,
      "app/uninstalled",
      { id: 1, myshopify_domain: shop },
      "old-secret",
      { shop },
    );
    expect(result.status).toBe(200);
    expect(
      await db.selectFrom("cms_connections").select(["status", "credentials_encrypted"]).where("id", "=", id).executeTakeFirst(),
    ).toEqual({
      status: "disconnected",
      credentials_encrypted: null,
    });
    expect(await db.selectFrom("cms_installs").select("id").where("external_id", "=", shop).executeTakeFirst()).toBeUndefined();
  });

  const connectionState = (id: string) =>
    db.selectFrom("cms_connections").select(["status", "credentials_encrypted"]).where("id", "=", id).executeTakeFirstOrThrow();

  // The HMAC covers the body, not X-Shopify-Shop-Domain: a signed delivery about store A, sent again with
  // store B's domain in the header, must not touch B (decision 052).
  test.each([
    ["app/uninstalled", { id: 1, myshopify_domain: "store-a.myshopify.com", domain: "store-a.myshopify.com" }],
    ["shop/redact", { shop_id: 1, shop_domain: "store-a.myshopify.com" }],
    ["app/uninstalled", { id: 1 }],
  ] as const)("%s whose signed body names another shop than the header is refused and changes nothing", async (topic, payload) => {
    const victim = `victim-${newId().slice(0, 8).toLowerCase()}.myshopify.com`;
    const id = await shopifyConnection(victim);
    await db
      .insertInto("cms_installs")
      .values({ id: newId(), provider: "shopify", external_id: victim, site_id: user.siteId, created_at: "2026-01-01" })
      .execute();
    const result = await sendShopifyWebhook(`${app.url}/webhooks/shopify`, topic, payload, fake.clientSecret, { shop: victim });
    expect(result.status).toBe(400);
    expect(await connectionState(id)).toEqual({ status: "connected", credentials_encrypted: "sealed" });
    expect(await db.selectFrom("cms_installs").select("id").where("external_id", "=", victim).executeTakeFirst()).toBeDefined();
    const log = await db
      .selectFrom("diag_logs")
      .select(["level", "detail"])
      .where("stage", "=", "webhook_shop_mismatch")
      .where("detail", "like", `%header=${victim}%`)
      .executeTakeFirst();
    expect(log?.level).toBe("warn");
  });

  test("the header's shop is matched without regard to case", async () => {
    const shop = "mixed-case.myshopify.com";
    const id = await shopifyConnection(shop);
    const result = await sendShopifyWebhook(
      `${app.url}/webhooks/shopify`,
      "app/uninstalled",
      { id: 1, myshopify_domain: "Mixed-Case.myshopify.com" },
      fake.clientSecret,
      { shop: "MIXED-case.myshopify.com" },
    );
    expect(result.status).toBe(200);
    expect(await connectionState(id)).toEqual({ status: "disconnected", credentials_encrypted: null });
  });

  test("a repeated delivery (the same signed body, whatever webhook id it claims) answers 200 and does nothing", async () => {
    const shop = "replayed.myshopify.com";
    const id = await shopifyConnection(shop);
    const send = (body: Record<string, unknown>, options: { webhookId?: string | null; eventId?: string }) =>
      sendShopifyWebhook(`${app.url}/webhooks/shopify`, "app/uninstalled", { myshopify_domain: shop, ...body }, fake.clientSecret, {
        shop,
        ...options,
      });
    const reconnect = () =>
      db.updateTable("cms_connections").set({ status: "connected", credentials_encrypted: "sealed-again" }).where("id", "=", id).execute();
    expect((await send({ id: 1 }, { webhookId: "wh-first" })).status).toBe(200);
    expect(await connectionState(id)).toEqual({ status: "disconnected", credentials_encrypted: null });

    // The store reconnects; the captured delivery comes again, under its own id and under new ones.
    await reconnect();
    for (const options of [{ webhookId: "wh-first" }, { webhookId: "wh-made-up" }, { webhookId: null, eventId: "ev-made-up" }]) {
      expect((await send({ id: 1 }, options)).status).toBe(200);
      expect(await connectionState(id)).toEqual({ status: "connected", credentials_encrypted: "sealed-again" });
    }
    // A new delivery (another signed body) is obeyed.
    expect((await send({ id: 1, updated_at: "2026-11-28T10:00:00Z" }, { webhookId: "wh-second" })).status).toBe(200);
    expect(await connectionState(id)).toEqual({ status: "disconnected", credentials_encrypted: null });
    const ids = await db.selectFrom("shopify_webhook_ids").select(["id", "topic"]).where("shop", "=", shop).execute();
    expect(ids).toHaveLength(2);
    expect(ids.every((row) => /^sha256:[0-9a-f]{64}$/.test(row.id) && row.topic === "app/uninstalled")).toBe(true);
  });

  test("a webhook id used up by one shop's delivery does not silence another shop's delivery with the same id", async () => {
    const mine = "sender-own.myshopify.com";
    const victim = "victim-later.myshopify.com";
    const id = await shopifyConnection(victim);
    const deliver = (shop: string) =>
      sendShopifyWebhook(`${app.url}/webhooks/shopify`, "app/uninstalled", { id: 1, myshopify_domain: shop }, fake.clientSecret, {
        shop,
        webhookId: "wh-guessed",
      });
    expect((await deliver(mine)).status).toBe(200);
    expect((await deliver(victim)).status).toBe(200);
    expect(await connectionState(id)).toEqual({ status: "disconnected", credentials_encrypted: null });
  });

  test("housekeeping forgets webhook ids after 30 days", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 31 * 86_400_000).toISOString();
    const recent = new Date(now.getTime() - 29 * 86_400_000).toISOString();
    await db
      .insertInto("shopify_webhook_ids")
      .values([
        { id: "wh-old", topic: "app/uninstalled", shop: "old.myshopify.com", received_at: old },
        { id: "wh-recent", topic: "app/uninstalled", shop: "old.myshopify.com", received_at: recent },
      ])
      .execute();
    await purgeExpired(db, now);
    const left = await db.selectFrom("shopify_webhook_ids").select("id").where("shop", "=", "old.myshopify.com").execute();
    expect(left).toEqual([{ id: "wh-recent" }]);
  });

  test.each(["customers/data_request", "customers/redact", "shop/redact"])("%s is answered 200 and logged", async (topic) => {
    const result = await sendShopifyWebhook(
      `${app.url}/webhooks/shopify`,
      topic,
      { shop_id: 1, shop_domain: fake.shop },
      fake.clientSecret,
      {
        webhookId: `wh-${topic}`,
      },
    );
    expect(result.status).toBe(200);
    const log = await db
      .selectFrom("diag_logs")
      .select(["detail"])
      .where("stage", "=", `webhook_${topic.replace("/", "_")}`)
      .executeTakeFirst();
    expect(log?.detail).toContain(`wh-${topic}`);
  });
});
