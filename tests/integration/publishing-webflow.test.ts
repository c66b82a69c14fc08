import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { webflowAdapter } from "#app/modules/publishing/platforms/webflow/adapter.server";
import { describeWebflowMapping, remapWebflowFields } from "#app/modules/publishing/platforms/webflow/mapping.server";
import { type WebflowConfig } from "#app/modules/publishing/platforms/webflow/client.server";
import { PublishError, type AdapterContext, type ConnectResult, type MediaFile, type PostInput } from "#app/modules/publishing/types";
import { listen } from "#tests/fakes/http-fake";
import { startWebflowFake, type WebflowFake } from "#tests/fakes/webflow";

let fake: WebflowFake;
let images: { url: string; close: () => Promise<void> };
let connection: ConnectResult;
const logs: string[] = [];

type FakePost = {
  id: string;
  name: string;
  slug: string;
  isDraft: boolean;
  status: string;
  lastPublished: string | null;
  fieldData: Record<string, unknown>;
  live: Record<string, unknown> | null;
  media: Array<{ sourceUrl: string; url: string; alt: string | null; bytes: number; fetched: boolean }>;
};

async function control(path: string, body?: unknown) {
  const response = await fetch(`${fake.url}/__fake/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  return response.json() as Promise<unknown>;
}
const posts = () => control("posts") as Promise<FakePost[]>;
const requests = () => control("requests") as Promise<Array<{ method: string; path: string; headers: Record<string, string> }>>;
const failNext = (failure: Record<string, unknown>) => control("fail-next", failure);
const configure = (config: Record<string, unknown>) => control("configure", config);

function baseCtx(signal = AbortSignal.timeout(15_000)) {
  return {
    connectionId: "conn_1",
    siteId: "site_1",
    siteUrl: "https://www.brew.example",
    correlationId: "abcd1234",
    signal,
    async log(level: "info" | "warn" | "error", stage: string, detail: string) {
      logs.push(`${level} ${stage} ${detail}`);
    },
  };
}

function ctx(overrides: Partial<AdapterContext> = {}): AdapterContext {
  return { ...baseCtx(), config: connection.config, credentials: connection.credentials, async saveCredentials() {}, ...overrides };
}

function image(name: string, size = 64): MediaFile {
  return {
    localPath: `/uploads/articles/${name}`,
    publicUrl: `${images.url}/uploads/articles/${name}`,
    filename: name,
    mimeType: "image/png",
    bytes: Buffer.alloc(size, 1),
    alt: `Alt ${name}`,
    width: 800,
    height: 600,
  };
}

function post(overrides: Partial<PostInput> = {}): PostInput {
  return {
    articleId: "art_1",
    title: "How to brew coffee",
    slug: "how-to-brew-coffee",
    html:
      '<h2>Beans</h2><p>Read <a href="https://example.com/beans">about beans</a> and <strong>grind</strong> them.</p>' +
      `<img src="${images.url}/uploads/articles/a.png" alt="A">` +
      "<table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>Pour over</td><td>3 min</td></tr></tbody></table>" +
      `<figure><img src="${images.url}/uploads/articles/b.png" alt="B"><figcaption>Cup</figcaption></figure>` +
      '<pre><code>brew --strong\n  --cups 2</code></pre><p>See <a href="https://example.org/more">more</a>.</p>',
    markdown: "",
    excerpt: "Brewing basics.",
    metaTitle: "Brew coffee | Blog",
    metaDescription: "A short guide to brewing coffee at home.",
    keyword: "brew coffee",
    tags: ["coffee"],
    featuredImage: image("a.png"),
    images: [image("a.png"), image("b.png")],
    mode: "draft",
    scheduleAt: null,
    canonicalUrl: null,
    publicationId: "pub_123",
    correlationId: "abcd1234",
    brandName: "Brew Co",
    ...overrides,
  };
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

const connect = (siteUrl: string, secret = fake.token, options: Record<string, string> = {}) =>
  webflowAdapter.connect({ siteUrl, secret, options }, baseCtx());

beforeAll(async () => {
  fake = await startWebflowFake();
  // This app's public image address, as Webflow would fetch it (the fake downloads from loopback).
  images = await listen(
    http.createServer((req, res) => {
      const size = req.url?.includes("big") ? 5 * 1024 * 1024 : 128;
      res.writeHead(200, { "Content-Type": "image/png" });
      res.end(Buffer.alloc(size, 7));
    }),
  );
  process.env.WEBFLOW_API_URL = fake.url;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
});

afterAll(async () => {
  await fake.close();
  await images.close();
  delete process.env.WEBFLOW_API_URL;
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});

beforeEach(async () => {
  await control("reset", {});
  logs.length = 0;
  connection = await connect("https://www.brew.example");
});

describe("connect", () => {
  it("finds the site by its domain, picks the blog collection and maps fields by type and name", async () => {
    expect(connection.credentials).toEqual({ token: fake.token });
    expect(connection.name).toBe("Brew Co · Blog Posts");
    expect(connection.siteUrl).toBe("https://www.brew.example");
    const config = connection.config as WebflowConfig;
    expect(config).toMatchObject({
      siteId: fake.siteId,
      collectionId: fake.collectionId,
      collectionSlug: "blog",
      siteDomain: "www.brew.example",
    });
    expect(Object.fromEntries(Object.entries(config.mapping).map(([k, v]) => [k, v?.slug ?? null]))).toEqual({
      title: "name",
      slug: "slug",
      body: "post-body",
      summary: "post-summary",
      cover: "main-image",
      date: "published-on",
      seoTitle: "seo-title",
      metaDescription: "meta-description",
    });
    const sent = await requests();
    expect(sent.every((r) => r.headers.authorization === "Bearer …")).toBe(true);
    expect(JSON.stringify(sent)).not.toContain(fake.token);

    const byShortName = await connect("brew-co.webflow.io");
    expect(byShortName.siteUrl).toBe("https://brew-co.webflow.io");
    const onlySite = await connect("");
    expect((onlySite.config as WebflowConfig).siteId).toBe(fake.siteId);
  });

  it("refuses an empty or wrong token, another site's address, and a token without CMS write access", async () => {
    expect((await expectPublishError(connect("https://www.brew.example", " "), "config")).message).toBe("Please enter an access token.");
    expect((await expectPublishError(connect("https://www.brew.example", "wrong"), "auth")).message).toMatch(/did not accept this token/);
    const other = await expectPublishError(connect("https://elsewhere.example"), "config");
    expect(other.message).toContain("www.brew.example");
    await configure({ scopes: ["cms:read", "sites:read"] });
    expect((await expectPublishError(connect("https://www.brew.example"), "config")).message).toMatch(/cms:write/);
  });

  it("with an OAuth token of the workspace, asks which site and explains a site without collections", async () => {
    const redirect = "https://app.inkpilot.example/integrations/webflow/callback";
    const authorize = await fetch(
      `${fake.url}/oauth/authorize?response_type=code&client_id=${fake.oauth.clientId}&redirect_uri=${encodeURIComponent(redirect)}&state=s1&scope=cms:read`,
      { redirect: "manual" },
    );
    const code = new URL(authorize.headers.get("location")!).searchParams.get("code")!;
    const exchange = await fetch(`${fake.url}/oauth/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: fake.oauth.clientId,
        client_secret: fake.oauth.clientSecret,
        code,
        grant_type: "authorization_code",
        redirect_uri: redirect,
      }),
    });
    const { access_token: oauthToken } = (await exchange.json()) as { access_token: string };
    expect((await expectPublishError(connect("", oauthToken), "config")).message).toMatch(/Brew Co.*Portfolio/);
    const empty = await expectPublishError(connect("https://portfolio-3f2a.webflow.io", oauthToken), "config");
    expect(empty.message).toMatch(/no CMS collections/);
    expect(empty.fix).toMatch(/Rich text/);
    expect((await connect("www.brew.example", oauthToken)).name).toBe("Brew Co · Blog Posts");
  });

  it("describes the mapping and lets the customer change it, refusing a field of the wrong type", async () => {
    const described = describeWebflowMapping(connection.config);
    expect(described.collection).toBe("Blog Posts");
    expect(described.rows.find((r) => r.key === "body")).toMatchObject({ field: "Post Body (Rich text)", required: true });
    const changed = await remapWebflowFields(ctx(), { cover: "thumbnail-image", seoTitle: null });
    expect(changed.mapping.cover?.slug).toBe("thumbnail-image");
    expect(changed.mapping.seoTitle).toBeNull();
    expect((await expectPublishError(remapWebflowFields(ctx(), { body: "post-summary" }), "config")).message).toMatch(/needs a Rich text/);
    await expectPublishError(remapWebflowFields(ctx(), { summary: "meta-description" }), "config");
    const moved = await remapWebflowFields(ctx(), { collectionId: fake.authorsCollectionId });
    expect(moved.collectionName).toBe("Authors");
    expect(moved.mapping.body).toBeNull();
  });
});

describe("doctor", () => {
  it("passes a connected blog collection", async () => {
    const checks = await webflowAdapter.doctor(ctx());
    const states = Object.fromEntries(checks.map((c) => [c.id, c.state]));
    expect(states).toMatchObject({
      token: "pass",
      scopes: "pass",
      site: "pass",
      collection: "pass",
      fields: "pass",
      seo: "pass",
      published: "pass",
    });
    expect(checks.some((c) => c.state === "fail")).toBe(false);
  });

  it("fails without a Rich text field, and for a collection chosen without one", async () => {
    await configure({ omitFields: ["post-body"] });
    const fields = (await webflowAdapter.doctor(ctx())).find((c) => c.id === "fields")!;
    expect(fields.state).toBe("fail");
    expect(fields.fix).toBe("Add a Rich text field to the collection or choose it.");
    await configure({ omitFields: [] });
    const authors = await connect("https://www.brew.example", fake.token, { collectionId: fake.authorsCollectionId });
    const checks = await webflowAdapter.doctor(ctx({ config: authors.config }));
    expect(checks.find((c) => c.id === "fields")).toMatchObject({
      state: "fail",
      fix: "Add a Rich text field to the collection or choose it.",
    });
    await expectPublishError(webflowAdapter.create(ctx({ config: authors.config }), post(), null), "config");
  });

  it("warns without SEO fields and for a site never published", async () => {
    await configure({ omitFields: ["seo-title", "meta-description"], published: false });
    const checks = await webflowAdapter.doctor(ctx());
    const seo = checks.find((c) => c.id === "seo")!;
    expect(seo.state).toBe("warn");
    expect(seo.fix).toMatch(/^No SEO fields: Webflow has no built-in SEO fields for CMS items/);
    expect(checks.find((c) => c.id === "published")).toMatchObject({ state: "warn" });
    expect(checks.some((c) => c.state === "fail")).toBe(false);
  });

  it("fails a revoked token and missing scopes; warns when only sites:write is missing", async () => {
    const revoked = await webflowAdapter.doctor(ctx({ credentials: { token: "revoked" } }));
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ id: "token", state: "fail" });
    await configure({ scopes: ["cms:read", "sites:read", "sites:write"] });
    expect((await webflowAdapter.doctor(ctx())).find((c) => c.id === "scopes")).toMatchObject({ state: "fail" });
    await configure({ scopes: ["cms:read", "cms:write", "sites:read"] });
    expect((await webflowAdapter.doctor(ctx())).find((c) => c.id === "scopes")).toMatchObject({ state: "warn" });
  });
});

describe("publishing", () => {
  it("creates a staged draft with rich text, images by URL and SEO fields, then publishes the same item live", async () => {
    const featured = await webflowAdapter.uploadMedia(ctx(), image("a.png"));
    expect(featured.url).toBe(`${images.url}/uploads/articles/a.png`);
    const created = await webflowAdapter.create(ctx(), post(), featured);
    expect(created).toMatchObject({ status: "draft", live: false, url: null });

    let [item, ...others] = await posts();
    expect(others).toHaveLength(0);
    expect(item).toMatchObject({
      id: created.remoteId,
      isDraft: true,
      status: "draft",
      slug: "how-to-brew-coffee",
      name: "How to brew coffee",
    });
    expect(item!.fieldData).toMatchObject({
      "post-summary": "Brewing basics.",
      "seo-title": "Brew coffee | Blog",
      "meta-description": "A short guide to brewing coffee at home.",
      "main-image": { alt: "Alt a.png" },
    });
    const body = String(item!.fieldData["post-body"]);
    expect(body).toContain('<a href="https://example.com/beans">about beans</a>');
    expect(body).toContain("<li><strong>Method:</strong> Pour over; <strong>Time:</strong> 3 min</li>");
    expect(body).toContain("<blockquote>brew --strong<br />");
    expect(body).not.toContain("<pre");
    expect(body).toContain("<figcaption>Cup</figcaption>");
    // The cover and both body images were imported into Webflow's asset store; the body points at them.
    expect(item!.media.map((m) => [m.sourceUrl.replace(images.url, ""), m.fetched])).toEqual([
      ["/uploads/articles/a.png", true],
      ["/uploads/articles/b.png", true],
      ["/uploads/articles/a.png", true],
    ]);
    expect(body).toContain(`${fake.url}/__fake/assets/`);
    expect(body).not.toContain(images.url);
    expect(logs.some((l) => l.includes("webflow.convert") && l.includes("code block"))).toBe(true);

    const updated = await webflowAdapter.update(
      ctx(),
      { remoteId: created.remoteId, version: null },
      post({ title: "How to brew better coffee", mode: "live" }),
      featured,
    );
    expect(updated).toMatchObject({
      remoteId: created.remoteId,
      live: true,
      status: "published",
      url: "https://www.brew.example/blog/how-to-brew-coffee",
    });
    [item, ...others] = await posts();
    expect(others).toHaveLength(0);
    expect(item).toMatchObject({ isDraft: false, status: "published", name: "How to brew better coffee" });
    expect(item!.live).toMatchObject({ name: "How to brew better coffee" });
    expect(await webflowAdapter.read(ctx(), created.remoteId)).toMatchObject({ live: true, status: "published" });
    const sent = await requests();
    expect(sent.filter((r) => r.path.endsWith("/items/publish"))).toHaveLength(1);
    expect(sent.some((r) => r.path.endsWith("/publish") && r.path.includes("/sites/"))).toBe(false);
  });

  it("publishes a new live article as a staged item plus an item publish", async () => {
    const created = await webflowAdapter.create(ctx(), post({ mode: "live" }), null);
    expect(created).toMatchObject({ live: true, status: "published", url: "https://www.brew.example/blog/how-to-brew-coffee" });
    const [item] = await posts();
    expect(item).toMatchObject({ isDraft: false, status: "published" });
    expect(item!.fieldData["main-image"]).toBeUndefined();
  });

  it("explains a live publish on a site never published; the staged item is found again", async () => {
    await configure({ published: false });
    const error = await expectPublishError(webflowAdapter.create(ctx(), post({ mode: "live" }), null), "config");
    expect(error.fix).toMatch(/Publish the site once/);
    const found = await webflowAdapter.findExisting(ctx(), post({ mode: "live" }));
    expect(found).toMatchObject({ live: false, status: "queued to publish" });
  });

  it("after a lost create answer, finds the one item it made", async () => {
    await failNext({ mode: "lose-response", path: `/v2/collections/${fake.collectionId}/items`, method: "POST" });
    await expectPublishError(webflowAdapter.create(ctx(), post(), null), "transient");
    const found = await webflowAdapter.findExisting(ctx(), post());
    expect(found).not.toBeNull();
    expect(await posts()).toHaveLength(1);
    expect(found!.remoteId).toBe((await posts())[0]!.id);
    await webflowAdapter.update(ctx(), { remoteId: found!.remoteId, version: null }, post(), null);
    expect(await posts()).toHaveLength(1);
    expect(await webflowAdapter.findExisting(ctx(), post({ slug: "something-else" }))).toBeNull();
  });

  it("fits a long title into the name field's 256 characters and still finds the item by it", async () => {
    const long = post({ title: "Coffee ".repeat(50).trim() });
    const created = await webflowAdapter.create(ctx(), long, null);
    const [item] = await posts();
    expect(item!.name).toHaveLength(256);
    expect(item!.name.endsWith("…")).toBe(true);
    expect((await webflowAdapter.findExisting(ctx(), long))?.remoteId).toBe(created.remoteId);
  });

  it("gives a clashing slug a suffix once and tells the customer's own item apart", async () => {
    await webflowAdapter.create(ctx(), post({ title: "The customer's own post" }), null);
    const ours = await webflowAdapter.create(ctx(), post(), null);
    const all = await posts();
    expect(all.map((p) => p.slug)).toEqual(["how-to-brew-coffee", "how-to-brew-coffee-2"]);
    expect((await webflowAdapter.findExisting(ctx(), post()))?.remoteId).toBe(ours.remoteId);
    expect(logs.some((l) => l.includes("is taken"))).toBe(true);
  });

  it("checks Webflow's 4 MB image limit and reads a deleted item as gone", async () => {
    await expectPublishError(webflowAdapter.uploadMedia(ctx(), image("huge.png", 5 * 1024 * 1024)), "invalid");
    // An image Webflow cannot import (over 4 MB at its URL) is skipped, as skipInvalidFiles asks.
    const created = await webflowAdapter.create(ctx(), post(), { remoteId: "big", url: `${images.url}/big.png` });
    expect((await posts())[0]!.fieldData["main-image"]).toBeUndefined();
    await fetch(`${fake.url}/v2/collections/${fake.collectionId}/items/${created.remoteId}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${fake.token}` },
    });
    expect(await webflowAdapter.read(ctx(), created.remoteId)).toBeNull();
    await expectPublishError(webflowAdapter.update(ctx(), { remoteId: created.remoteId, version: null }, post(), null), "not_found");
  });
});

describe("failures", () => {
  it("maps 401, 403, 429, 5xx, timeouts and malformed answers", async () => {
    const items = `/v2/collections/${fake.collectionId}/items`;
    await failNext({ status: 401, path: items });
    expect((await expectPublishError(webflowAdapter.create(ctx(), post(), null), "auth")).message).toMatch(/Reconnect Webflow/);
    await failNext({ status: 403, path: items });
    expect((await expectPublishError(webflowAdapter.create(ctx(), post(), null), "config")).fix).toMatch(/API access/);
    await failNext({ status: 429, path: items, headers: { "Retry-After": "7" } });
    expect((await expectPublishError(webflowAdapter.create(ctx(), post(), null), "rate_limit")).retryAfterMs).toBe(7000);
    await failNext({ status: 502, path: items });
    await expectPublishError(webflowAdapter.create(ctx(), post(), null), "transient");
    await failNext({ mode: "malformed", path: items });
    await expectPublishError(webflowAdapter.create(ctx(), post(), null), "transient");
    await failNext({ mode: "timeout", path: items });
    await expectPublishError(webflowAdapter.create(ctx({ signal: AbortSignal.timeout(500) }), post(), null), "transient");
    expect(await posts()).toHaveLength(0);
  });

  it("answers 429 with Retry-After and X-RateLimit headers past the per-minute limit", async () => {
    await configure({ rateLimit: 2 });
    await webflowAdapter.read(ctx(), "nope").catch(() => null);
    const error = await expectPublishError(webflowAdapter.findExisting(ctx(), post()), "rate_limit");
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
    const raw = await fetch(`${fake.url}/v2/sites`, { headers: { Authorization: `Bearer ${fake.token}` } });
    expect(raw.status).toBe(429);
    expect(raw.headers.get("x-ratelimit-limit")).toBe("2");
    expect(raw.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(raw.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("the fake allows one site publish a minute and refuses items with unknown fields or without a name", async () => {
    const publish = () =>
      fetch(`${fake.url}/v2/sites/${fake.siteId}/publish`, {
        method: "POST",
        headers: { Authorization: `Bearer ${fake.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ publishToWebflowSubdomain: true }),
      });
    expect((await publish()).status).toBe(202);
    expect((await publish()).status).toBe(429);
    const create = (fieldData: unknown) =>
      fetch(`${fake.url}/v2/collections/${fake.collectionId}/items`, {
        method: "POST",
        headers: { Authorization: `Bearer ${fake.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ isDraft: true, fieldData }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: string; details: Array<{ description: string }> } }));
    expect(await create({ slug: "x" })).toMatchObject({ status: 400, body: { code: "validation_error" } });
    const unknown = await create({ name: "X", slug: "x", colour: "red" });
    expect(unknown.body.details[0]!.description).toMatch(/not described in schema/);
  });
});
