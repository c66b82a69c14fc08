import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { webhookAdapter } from "#app/modules/publishing/platforms/webhook/adapter.server";
import { sendTestDelivery, WEBHOOK_USER_AGENT } from "#app/modules/publishing/platforms/webhook/delivery.server";
import { webhookSecretForDisplay } from "#app/modules/publishing/webhook-endpoint.server";
import { PublishError, type AdapterContext, type Credentials, type MediaFile, type PostInput } from "#app/modules/publishing/types";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";

/**
 * The webhook adapter against a local receiver that verifies signatures with the
 * official `standardwebhooks` library: connect, doctor, signed deliveries with
 * image links, one webhook-id per delivery across retries, and every failure the
 * receiver can give mapped to the right PublishError kind.
 */

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
let receiver: Receiver;
const logs: string[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${receiver.port}`;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await receiver.close();
});

beforeEach(() => {
  receiver.reset();
  logs.length = 0;
});

const baseCtx = {
  connectionId: "conn_1",
  siteId: "site_1",
  siteUrl: "http://127.0.0.1",
  correlationId: "abcd1234",
  signal: new AbortController().signal,
  async log(level: string, stage: string, detail: string) {
    logs.push(`${level} ${stage} ${detail}`);
  },
};

async function connected(secret = "") {
  const result = await webhookAdapter.connect({ siteUrl: receiver.endpoint, secret, options: {} }, baseCtx);
  // As a customer would: paste the secret shown once into the receiver.
  receiver.setSecret(webhookSecretForDisplay(result.credentials)!);
  return { result, ctx: contextFor(result.credentials) };
}

function contextFor(credentials: Credentials, overrides: Partial<AdapterContext> = {}): AdapterContext {
  return { ...baseCtx, config: {}, credentials, saveCredentials: async () => {}, ...overrides };
}

function image(name: string, alt: string): MediaFile {
  return {
    localPath: `/uploads/articles/a1/${name}`,
    publicUrl: `https://app.inkpilot.test/uploads/articles/a1/${name}`,
    filename: name,
    mimeType: "image/png",
    bytes: Buffer.from("png"),
    alt,
    width: 800,
    height: 600,
  };
}

function article(overrides: Partial<PostInput> = {}): PostInput {
  const cover = image("cover.png", "A cup of coffee");
  const chart = image("chart.png", "Brew ratio chart");
  return {
    articleId: "art_1",
    title: "Brewing guide",
    slug: "brewing-guide",
    html:
      `<p>Start with <a href="https://example.com/beans">good beans</a>.</p><img src="${cover.localPath}" alt="${cover.alt}">` +
      `<table><thead><tr><th>Method</th><th>Ratio</th></tr></thead><tbody><tr><td>V60</td><td>1:16</td></tr></tbody></table>` +
      `<img src="${chart.localPath}" alt="${chart.alt}"><p>See <a href="/b/northwind/grinders">grinders</a>.</p>`,
    markdown: `Start with [good beans](https://example.com/beans).\n\n![${cover.alt}](${cover.localPath})\n\n| Method | Ratio |\n|---|---|\n| V60 | 1:16 |\n\n![${chart.alt}](${chart.localPath})`,
    excerpt: "How to brew.",
    metaTitle: "Brewing guide | Northwind",
    metaDescription: "Everything about brewing coffee at home.",
    keyword: "brewing coffee",
    tags: ["coffee", "guides"],
    featuredImage: cover,
    images: [cover, chart],
    mode: "draft",
    scheduleAt: null,
    canonicalUrl: null,
    publicationId: "pub_1",
    correlationId: "abcd1234",
    brandName: "Northwind",
    ...overrides,
  };
}

/** The engine's part before create: upload each image, then rewrite the HTML to the uploaded URLs. */
async function prepared(ctx: AdapterContext, post: PostInput) {
  let html = post.html;
  for (const file of post.images) html = html.split(file.localPath).join((await webhookAdapter.uploadMedia(ctx, file)).url);
  const featured = post.featuredImage ? await webhookAdapter.uploadMedia(ctx, post.featuredImage) : null;
  return { post: { ...post, html }, featured };
}

async function publishError(work: Promise<unknown>): Promise<PublishError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe("connect", () => {
  it("generates a whsec_ secret kept in credentials only, shown once through webhookSecretForDisplay", async () => {
    const { result } = await connected();
    const secret = webhookSecretForDisplay(result.credentials)!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(result.credentials).toEqual({ url: receiver.endpoint, secret });
    expect(JSON.stringify(result.config)).not.toContain(secret);
    expect(result.config).toMatchObject({ secretSource: "generated", endpoint: `${receiver.url}/hooks/…` });
    // The full URL may carry the receiver's own token: only the origin is stored in the clear.
    // One connection per endpoint: two hooks on one host are two destinations.
    expect(result.siteUrl).toMatch(new RegExp(`^${receiver.url}#[0-9a-f]{8}$`));
    const again = await webhookAdapter.connect({ siteUrl: receiver.endpoint, secret: "", options: {} }, baseCtx);
    expect(again.credentials.secret).not.toBe(secret);
  });

  it("accepts the customer's own whsec_ secret and refuses ones a Standard Webhooks library could not use", async () => {
    const own = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const result = await webhookAdapter.connect({ siteUrl: receiver.endpoint, secret: ` ${own} `, options: {} }, baseCtx);
    expect(result.credentials.secret).toBe(own);
    expect(result.config.secretSource).toBe("customer");
    for (const bad of ["hunter2", `whsec_${Buffer.alloc(8).toString("base64")}`]) {
      const error = await publishError(webhookAdapter.connect({ siteUrl: receiver.endpoint, secret: bad, options: {} }, baseCtx));
      expect(error.kind).toBe("config");
      expect(error.message).toMatch(/Leave the field empty|leave the field empty/);
    }
  });

  it("refuses addresses that are not https, not URLs, or carry a password", async () => {
    const cases: Array<[string, RegExp]> = [
      ["not a url", /not a valid web address/],
      ["http://hooks.example.com/x", /must start with https/],
      ["https://user:pw@hooks.example.com/x", /user name or password/],
      ["https://hooks.example.com:8443/x", /port/],
    ];
    for (const [url, message] of cases) {
      const error = await publishError(webhookAdapter.connect({ siteUrl: url, secret: "", options: {} }, baseCtx));
      expect(error.kind).toBe("config");
      expect(error.message).toMatch(message);
    }
  });

  it("names a Zapier catch hook after Zapier without storing its token in the clear", async () => {
    const result = await webhookAdapter.connect(
      { siteUrl: "https://hooks.zapier.com/hooks/catch/123456/abcdef/", secret: "", options: {} },
      baseCtx,
    );
    expect(result.name).toBe("Zapier");
    expect(result.siteUrl).toMatch(/^https:\/\/hooks\.zapier\.com#[0-9a-f]{8}$/);
    expect(result.config.endpoint).toBe("https://hooks.zapier.com/hooks/…");
  });
});

describe("doctor and Send test", () => {
  it("passes with a signed test.ping the receiver verified (warning only about plain http on the test host)", async () => {
    const { ctx } = await connected();
    const checks = await webhookAdapter.doctor(ctx);
    expect(checks.map((c) => [c.id, c.state])).toEqual([
      ["url", "pass"],
      ["https", "warn"],
      ["secret", "pass"],
      ["reachable", "pass"],
      ["test", "pass"],
    ]);
    const [ping] = receiver.requests();
    expect(ping).toMatchObject({ verified: true, answered: 200 });
    expect(JSON.parse(ping!.body)).toMatchObject({ type: "test.ping", data: { site_id: "site_1", connection_id: "conn_1" } });
    expect(ping!.headers["user-agent"]).toBe(WEBHOOK_USER_AGENT);

    const sent = await sendTestDelivery(ctx);
    expect(sent).toMatchObject({ status: 200 });
    expect(receiver.posts().map((p) => p.webhookId)).toContain(sent.webhookId);
  });

  it("explains a receiver that rejects our signature, is gone, redirects, or cannot be reached", async () => {
    const { ctx } = await connected();
    receiver.setSecret(`whsec_${Buffer.alloc(32, 1).toString("base64")}`);
    let test = (await webhookAdapter.doctor(ctx)).find((c) => c.id === "test")!;
    expect(test.state).toBe("fail");
    expect(test.detail).toMatch(/HTTP 401/);
    expect(test.fix).toMatch(/secret/);
    expect(receiver.requests()[0]!.verified).toBe(false);

    receiver.setSecret(ctx.credentials.secret!);
    receiver.failNext({ status: 410 });
    test = (await webhookAdapter.doctor(ctx)).find((c) => c.id === "test")!;
    expect(test).toMatchObject({ state: "fail" });
    expect(test.detail).toMatch(/gone \(410\)/);

    receiver.failNext({ status: 301 });
    test = (await webhookAdapter.doctor(ctx)).find((c) => c.id === "test")!;
    expect(test.detail).toMatch(/redirects; use the final address/);
    await expect(sendTestDelivery(ctx)).resolves.toMatchObject({ status: 200 });

    // A port nobody listens on (allowlisted so the guard lets it through to fail).
    process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${receiver.port},127.0.0.1:1`;
    resetEnvForTests();
    const down = await webhookAdapter.doctor(contextFor({ ...ctx.credentials, url: "http://127.0.0.1:1/hook" }));
    expect(down.at(-1)).toMatchObject({ id: "reachable", state: "fail" });
    expect(down.at(-1)!.detail).toMatch(/could not connect/);

    const privateHost = await webhookAdapter.doctor(contextFor({ ...ctx.credentials, url: "https://10.0.0.7/hook" }));
    expect(privateHost.at(-1)).toMatchObject({ id: "reachable", state: "fail" });
    expect(privateHost.at(-1)!.detail).toMatch(/private or local network/);
    process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${receiver.port}`;
    resetEnvForTests();
  });

  it("fails the URL and secret checks of a broken connection without sending anything", async () => {
    const noUrl = await webhookAdapter.doctor(contextFor({ secret: `whsec_${Buffer.alloc(32).toString("base64")}` }));
    expect(noUrl).toEqual([expect.objectContaining({ id: "url", state: "fail" })]);
    const noSecret = await webhookAdapter.doctor(contextFor({ url: receiver.endpoint }));
    expect(noSecret.at(-1)).toMatchObject({ id: "secret", state: "fail" });
    expect(receiver.requests()).toHaveLength(0);
  });
});

describe("deliveries", () => {
  it("creates: a signed article.published with HTML, Markdown, meta, tags and absolute image URLs", async () => {
    const { ctx } = await connected();
    const { post, featured } = await prepared(ctx, article());
    expect(featured).toEqual({
      remoteId: "/uploads/articles/a1/cover.png",
      url: "https://app.inkpilot.test/uploads/articles/a1/cover.png",
    });
    const remote = await webhookAdapter.create(ctx, post, featured);
    expect(remote).toMatchObject({ status: "delivered", url: null, live: false });
    expect(remote.remoteId).toMatch(/^msg_[0-9a-f]{32}$/);

    const [request] = receiver.requests();
    expect(request).toMatchObject({ verified: true, webhookId: remote.remoteId, answered: 200 });
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["user-agent"]).toBe("Inkpilot-Webhooks/1.0");
    expect(Number(request!.headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -1);
    expect(request!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const [delivered] = receiver.posts();
    expect(delivered!.type).toBe("article.published");
    const data = delivered!.payload.data;
    expect(data).toMatchObject({
      article_id: "art_1",
      site_id: "site_1",
      publication_id: "pub_1",
      title: "Brewing guide",
      slug: "brewing-guide",
      url: null,
      status: "draft",
      meta_title: "Brewing guide | Northwind",
      meta_description: "Everything about brewing coffee at home.",
      keyword: "brewing coffee",
      tags: ["coffee", "guides"],
      excerpt: "How to brew.",
      featured_image: { url: "https://app.inkpilot.test/uploads/articles/a1/cover.png", alt: "A cup of coffee" },
      images: [
        { url: "https://app.inkpilot.test/uploads/articles/a1/cover.png", alt: "A cup of coffee" },
        { url: "https://app.inkpilot.test/uploads/articles/a1/chart.png", alt: "Brew ratio chart" },
      ],
    });
    expect(data.html).toContain("<table>");
    expect(data.html).toContain('href="https://example.com/beans"');
    for (const text of [data.html, data.markdown] as string[]) {
      expect(text).toContain("https://app.inkpilot.test/uploads/articles/a1/chart.png");
      expect(text).not.toMatch(/["(]\/uploads\//);
    }
    expect(logs.some((l) => l.startsWith("info article.published") && l.includes(remote.remoteId))).toBe(true);
  });

  it("takes the URL the receiver announces, and only an http(s) one", async () => {
    const { ctx } = await connected();
    receiver.answerWithUrl(true);
    const remote = await webhookAdapter.create(ctx, article({ mode: "live" }), null);
    expect(remote).toMatchObject({ url: `${receiver.url}/posts/brewing-guide`, live: true });
    expect(receiver.posts()[0]!.payload.data.status).toBe("published");

    receiver.failNext({ status: 200, body: { url: "javascript:alert(1)" } });
    expect((await webhookAdapter.create(ctx, article({ slug: "other" }), null)).url).toBeNull();
    receiver.failNext({ status: 202, body: "<<not json" });
    expect(await webhookAdapter.create(ctx, article({ slug: "third" }), null)).toMatchObject({ status: "delivered", url: null });
  });

  it("updates: article.updated with a new webhook-id; a repeated update after a lost answer reuses it", async () => {
    const { ctx } = await connected();
    const created = await webhookAdapter.create(ctx, article(), null);
    const changed = article({ title: "Brewing guide, revised" });
    const updated = await webhookAdapter.update(ctx, { remoteId: created.remoteId, version: null }, changed, null);
    expect(updated.remoteId).not.toBe(created.remoteId);
    const again = await webhookAdapter.update(ctx, { remoteId: created.remoteId, version: null }, changed, null);
    expect(again.remoteId).toBe(updated.remoteId);
    // Back to the first text: a new delivery, not a duplicate of the create.
    const reverted = await webhookAdapter.update(ctx, { remoteId: updated.remoteId, version: null }, article(), null);
    expect(new Set([created.remoteId, updated.remoteId, reverted.remoteId]).size).toBe(3);
    expect(receiver.posts().map((p) => [p.type, p.payload.data.title, p.attempts])).toEqual([
      ["article.published", "Brewing guide", 1],
      ["article.updated", "Brewing guide, revised", 2],
      ["article.updated", "Brewing guide", 1],
    ]);
    expect(receiver.requests().every((r) => r.verified)).toBe(true);
  });

  it("a create whose answer was lost is retried with the same webhook-id: the receiver keeps exactly one", async () => {
    const { ctx } = await connected();
    receiver.failNext({ status: "lose-response" });
    const lost = await publishError(webhookAdapter.create(ctx, article(), null));
    expect(lost.kind).toBe("transient");
    expect(await webhookAdapter.findExisting(ctx, article())).toBeNull();
    const retried = await webhookAdapter.create(ctx, article(), null);
    const requests = receiver.requests();
    expect(requests).toHaveLength(2);
    expect(requests[0]!.webhookId).toBe(retried.remoteId);
    expect(requests[1]).toMatchObject({ webhookId: retried.remoteId, duplicate: true, verified: true });
    expect(receiver.posts()).toHaveLength(1);
    expect(receiver.posts()[0]!.attempts).toBe(2);
  });

  it("reads back what it can: the delivery, never 'deleted'", async () => {
    const { ctx } = await connected();
    expect(await webhookAdapter.read(ctx, "msg_x")).toEqual({ remoteId: "msg_x", url: null, status: "delivered", live: false });
  });
});

describe("failures map to the right kinds", () => {
  it("410 turns the connection off (config), 301 asks for the final address", async () => {
    const { ctx } = await connected();
    receiver.failNext({ status: 410, body: { error: "zap turned off" } });
    const gone = await publishError(webhookAdapter.create(ctx, article(), null));
    expect(gone.kind).toBe("config");
    expect(gone.message).toMatch(/^The receiver said this endpoint is gone \(410\); it was turned off/);
    expect(gone.detail).toContain("HTTP 410");

    receiver.failNext({ status: 301 });
    const moved = await publishError(webhookAdapter.create(ctx, article(), null));
    expect(moved.kind).toBe("config");
    expect(moved.message).toMatch(/redirects; use the final address/);
    expect(moved.detail).toContain(`${receiver.url}/moved/…`);
    // Never followed: nothing reached the redirect target.
    expect(receiver.requests().map((r) => r.path)).toEqual(["/hooks/inkpilot", "/hooks/inkpilot"]);
  });

  it("429, 502 and 504 wait (Retry-After honoured); 500, 401 and 404 retry as transient with the status in the detail", async () => {
    const { ctx } = await connected();
    receiver.failNext({ status: 429, headers: { "Retry-After": "7" } });
    const slow = await publishError(webhookAdapter.create(ctx, article(), null));
    expect(slow).toMatchObject({ kind: "rate_limit", retryAfterMs: 7000 });
    for (const status of [502, 504]) {
      receiver.failNext({ status });
      expect(await publishError(webhookAdapter.create(ctx, article(), null))).toMatchObject({ kind: "rate_limit", retryAfterMs: null });
    }
    receiver.failNext({ status: 500, body: "x".repeat(500) });
    const broken = await publishError(webhookAdapter.create(ctx, article(), null));
    expect(broken.kind).toBe("transient");
    expect(broken.message).toMatch(/HTTP 500/);
    expect(broken.detail).toBe(`HTTP 500: ${"x".repeat(200)}`);
    receiver.failNext({ status: 401 });
    const refused = await publishError(webhookAdapter.create(ctx, article(), null));
    expect(refused).toMatchObject({ kind: "transient" });
    expect(refused.fix).toMatch(/secret/);
    receiver.failNext({ status: 404 });
    expect(await publishError(webhookAdapter.create(ctx, article(), null))).toMatchObject({ kind: "transient" });
    expect(logs.filter((l) => l.startsWith("warn article.published"))).toHaveLength(6);
  });

  it("a receiver that never answers is a transient timeout, and the URL stays out of the detail", async () => {
    const { result } = await connected();
    const secretUrl = `${receiver.url}/hooks/catch/123/s3cr3t-token`;
    const ctx = contextFor({ ...result.credentials, url: secretUrl }, { signal: AbortSignal.timeout(300) });
    receiver.failNext({ status: "timeout" });
    const error = await publishError(webhookAdapter.create(ctx, article(), null));
    expect(error.kind).toBe("transient");
    expect(error.message).toMatch(/did not answer within 15 seconds/);
    expect(error.detail).not.toContain("s3cr3t");
    expect(logs.some((l) => l.startsWith("warn article.published") && l.includes("timeout"))).toBe(true);
    expect(logs.join("\n")).not.toContain("s3cr3t");
    expect(receiver.requests()[0]).toMatchObject({ answered: "timeout", verified: true });
  });
});
