import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { ghostAdapter } from "#app/modules/publishing/platforms/ghost/adapter.server";
import { PublishError, type AdapterContext, type MediaFile, type PostInput } from "#app/modules/publishing/types";
import { startGhostFake, type GhostFake } from "#tests/fakes/ghost";
import { listen } from "#tests/fakes/http-fake";

// A 1×1 PNG: the fake checks the type, not the pixels.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let fake: GhostFake;
let subdir: GhostFake;
/** The public site's domain, which Ghost redirects to its admin domain for /ghost/ (adminSSLAndHostRedirect). */
let siteDomain: Awaited<ReturnType<typeof listen>>;
let logs: string[];

beforeAll(async () => {
  fake = await startGhostFake();
  subdir = await startGhostFake({ basePath: "/blog", version: "5.96" });
  siteDomain = await listen(
    http.createServer((req, res) => {
      res.writeHead(301, { Location: `${fake.url}${req.url}` });
      res.end();
    }),
  );
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port},127.0.0.1:${subdir.port},127.0.0.1:${siteDomain.port}`;
  resetEnvForTests();
});

afterAll(async () => {
  await fake.close();
  await subdir.close();
  await siteDomain.close();
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});

beforeEach(async () => {
  logs = [];
  await control("/__fake/reset");
});

async function control(path: string, body: unknown = {}, target = fake) {
  const response = await fetch(`${target.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return response.json();
}

async function fakeState(target = fake) {
  return (await (await fetch(`${target.url}/__fake/posts`)).json()) as {
    posts: Array<
      Record<string, unknown> & { id: string; media: string[]; sourceHtml: string | null; html: string; tags: Array<{ name: string }> }
    >;
    media: Array<{ url: string; ref: string | null; contentType: string }>;
  };
}

function context(overrides: Partial<AdapterContext> = {}): AdapterContext {
  return {
    connectionId: "conn-1",
    siteId: "site-1",
    siteUrl: fake.adminUrl,
    config: { acceptVersion: "v6.0" },
    credentials: { adminApiKey: fake.adminApiKey },
    correlationId: "c0ffee01",
    signal: new AbortController().signal,
    saveCredentials: async () => {},
    log: async (level, stage, detail) => {
      logs.push(`${level} ${stage} ${detail}`);
    },
    ...overrides,
  };
}

function media(name: string, alt: string): MediaFile {
  return {
    localPath: `/uploads/articles/a1/${name}`,
    publicUrl: `http://localhost:3000/uploads/articles/a1/${name}`,
    filename: name,
    mimeType: "image/png",
    bytes: PNG,
    alt,
    width: 1,
    height: 1,
  };
}

function article(overrides: Partial<PostInput> = {}): PostInput {
  const cover = media("cover.png", "A lighthouse at dawn");
  const chart = media("chart.png", "Tide chart");
  return {
    articleId: "a1",
    title: "How lighthouses work",
    slug: "how-lighthouses-work",
    html: [
      `<figure><img src="${cover.localPath}" alt="${cover.alt}"></figure>`,
      `<h2>The lamp</h2><p>See <a href="https://example.com/lamps">lamps</a> and <a href="/b/site/other">our other post</a>.</p>`,
      `<table><thead><tr><th>Part</th><th>Use</th></tr></thead><tbody><tr><td>Lens</td><td>Focus</td></tr></tbody></table>`,
      `<figure><img src="${chart.localPath}" alt="${chart.alt}"><figcaption>Tides</figcaption></figure>`,
    ].join(""),
    markdown: "",
    excerpt: "Why the light turns and how far it reaches.",
    metaTitle: "How lighthouses work | Sea Blog",
    metaDescription: "Lamps, lenses and rotation: what keeps ships safe at night.",
    keyword: "lighthouses",
    tags: ["Sea", "Engineering"],
    featuredImage: cover,
    images: [cover, chart],
    mode: "draft",
    scheduleAt: null,
    canonicalUrl: null,
    publicationId: "pub-1",
    correlationId: "c0ffee01",
    brandName: "Sea Blog",
    ...overrides,
  };
}

/** What the engine does: upload every image, rewrite the HTML, then create. */
async function publish(ctx: AdapterContext, post: PostInput) {
  let html = post.html;
  let featured = null;
  for (const image of post.images) {
    const uploaded = await ghostAdapter.uploadMedia(ctx, image);
    html = html.split(image.localPath).join(uploaded.url);
    if (image.localPath === post.featuredImage?.localPath) featured = uploaded;
  }
  return { post: { ...post, html }, featured };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PublishError);
    return error as PublishError;
  }
  throw new Error("expected a PublishError");
}

describe("connect", () => {
  test("with the Admin API URL and key: reads the site and picks the API version", async () => {
    const result = await ghostAdapter.connect(
      { siteUrl: `${fake.adminUrl}/ghost/#/settings/integrations`, secret: ` ${fake.adminApiKey} `, options: {} },
      context(),
    );
    expect(result.siteUrl).toBe(fake.adminUrl);
    expect(result.name).toBe("Fake Ghost Blog");
    expect(result.credentials).toEqual({ adminApiKey: fake.adminApiKey });
    expect(result.config).toMatchObject({ acceptVersion: "v6.0", ghostVersion: "6.3" });
    const requests = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as Array<{
      path: string;
      headers: Record<string, string>;
    }>;
    const browse = requests.find((r) => r.path.startsWith("/ghost/api/admin/posts/"))!;
    expect(browse.headers["accept-version"]).toBe("v6.0");
    expect(browse.headers.authorization).toBe("Ghost <redacted>");
  });

  test("a subdirectory install on Ghost 5", async () => {
    const result = await ghostAdapter.connect({ siteUrl: `${subdir.adminUrl}/`, secret: subdir.adminApiKey, options: {} }, context());
    expect(result.siteUrl).toBe(`${subdir.url}/blog`);
    expect(result.config).toMatchObject({ acceptVersion: "v5.0", publicUrl: `${subdir.url}/blog/` });
  });

  test("the public site's address: keeps the admin address Ghost redirects to, since writes cannot follow redirects", async () => {
    const result = await ghostAdapter.connect({ siteUrl: siteDomain.url, secret: fake.adminApiKey, options: {} }, context());
    expect(result.siteUrl).toBe(fake.adminUrl);
    const checks = await ghostAdapter.doctor(context({ siteUrl: siteDomain.url }));
    expect(checks).toEqual([
      expect.objectContaining({ id: "reachable", state: "fail", fix: `Reconnect Ghost with the Admin API URL ${fake.adminUrl}.` }),
    ]);
  });

  test("wrong keys get plain words", async () => {
    const shape = await failure(ghostAdapter.connect({ siteUrl: fake.adminUrl, secret: "not-a-key", options: {} }, context()));
    expect(shape.kind).toBe("config");
    expect(shape.message).toContain("Settings → Integrations → Add custom integration");

    const content = await failure(ghostAdapter.connect({ siteUrl: fake.adminUrl, secret: fake.contentApiKey, options: {} }, context()));
    expect(content.message).toContain("Content API key");

    const unknown = await failure(
      ghostAdapter.connect({ siteUrl: fake.adminUrl, secret: fake.unknownAdminApiKey, options: {} }, context()),
    );
    expect(unknown.kind).toBe("auth");
    expect(unknown.detail).toContain("UNKNOWN_ADMIN_API_KEY");

    const contentRow = await failure(
      ghostAdapter.connect({ siteUrl: fake.adminUrl, secret: fake.contentKeyAsAdmin, options: {} }, context()),
    );
    expect(contentRow.kind).toBe("auth");
    expect(contentRow.detail).toContain("INVALID_API_KEY_TYPE");

    const secret = fake.adminApiKey.split(":")[0]!;
    const wrongSecret = await failure(
      ghostAdapter.connect({ siteUrl: fake.adminUrl, secret: `${secret}:${"ab".repeat(32)}`, options: {} }, context()),
    );
    expect(wrongSecret.kind).toBe("auth");
    expect(wrongSecret.detail).toContain("INVALID_JWT");
  });

  test("an address that is not Ghost", async () => {
    const error = await failure(
      ghostAdapter.connect({ siteUrl: `${fake.url}/not-ghost`, secret: fake.adminApiKey, options: {} }, context()),
    );
    expect(error.kind).toBe("config");
    expect(error.message).toMatch(/no Ghost Admin API at this address|not as a Ghost site/);
  });
});

describe("doctor", () => {
  test("passes every check and leaves no test draft behind", async () => {
    const checks = await ghostAdapter.doctor(context());
    expect(checks.map((c) => [c.id, c.state])).toEqual([
      ["reachable", "pass"],
      ["version", "pass"],
      ["key", "pass"],
      ["create", "pass"],
    ]);
    expect((await fakeState()).posts).toHaveLength(0);
  });

  test("Ghost older than 5", async () => {
    await control("/__fake/settings", { version: "4.48" });
    const checks = await ghostAdapter.doctor(context());
    expect(checks.at(-1)).toMatchObject({ id: "version", state: "fail" });
    expect(checks.at(-1)?.detail).toContain("Ghost 4.48");
  });

  test("a key Ghost does not know", async () => {
    const checks = await ghostAdapter.doctor(context({ credentials: { adminApiKey: fake.unknownAdminApiKey } }));
    expect(checks.at(-1)).toMatchObject({ id: "key", state: "fail" });
    expect(checks.at(-1)?.fix).toContain("Settings → Integrations");
  });

  test("a valid key refused because Ghost's clock is off: says so", async () => {
    await control("/__fake/settings", { clockSkewMs: 10 * 60_000 });
    const checks = await ghostAdapter.doctor(context());
    const key = checks.find((c) => c.id === "key")!;
    expect(key.state).toBe("fail");
    expect(key.detail).toContain("10 minutes ahead");
  });

  test("an integration that may not create posts", async () => {
    await control("/__fake/settings", { canCreatePosts: false });
    const checks = await ghostAdapter.doctor(context());
    expect(checks.at(-1)).toMatchObject({ id: "create", state: "fail" });
    expect(checks.at(-1)?.detail).toContain("permission");
  });

  test("a site that does not answer", async () => {
    const gone = await startGhostFake();
    await gone.close();
    process.env.TEST_ALLOW_PRIVATE_HOSTS = `${process.env.TEST_ALLOW_PRIVATE_HOSTS},127.0.0.1:${gone.port}`;
    resetEnvForTests();
    const checks = await ghostAdapter.doctor(context({ siteUrl: gone.adminUrl }));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ id: "reachable", state: "fail" });
  });
});

describe("publishing", () => {
  test("create: a draft with the table, both images in Ghost's media, links, tags and SEO fields", async () => {
    const ctx = context();
    const { post, featured } = await publish(ctx, article());
    const remote = await ghostAdapter.create(ctx, post, featured);
    expect(remote).toMatchObject({ status: "draft", live: false });
    expect(remote.url).toMatch(/\/p\/[0-9a-f-]+\/$/);
    expect(remote.version).toEqual(expect.any(String));

    const state = await fakeState();
    expect(state.posts).toHaveLength(1);
    const created = state.posts[0]!;
    expect(created).toMatchObject({
      id: remote.remoteId,
      status: "draft",
      slug: "how-lighthouses-work",
      meta_title: "How lighthouses work | Sea Blog",
      meta_description: "Lamps, lenses and rotation: what keeps ships safe at night.",
      custom_excerpt: "Why the light turns and how far it reaches.",
      feature_image: featured!.url,
      feature_image_alt: "A lighthouse at dawn",
    });
    expect(created.tags.map((t) => t.name)).toEqual(["Sea", "Engineering"]);
    expect(state.media.map((m) => m.ref)).toEqual(["/uploads/articles/a1/cover.png", "/uploads/articles/a1/chart.png"]);
    expect(created.media).toHaveLength(2);
    // The cover is the feature image, so it is not repeated at the top of the body.
    expect(created.sourceHtml).not.toContain(featured!.url);
    expect(created.sourceHtml).toContain(state.media[1]!.url);
    expect(created.sourceHtml).toContain('href="https://example.com/lamps"');
    expect(created.html).toContain("<!--kg-card-begin: html-->\n<table>");
    // Ghost serves the uploaded file from its own origin.
    const image = await fetch(state.media[1]!.url);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    const requests = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as Array<{ method: string; path: string }>;
    expect(requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/ghost/api/admin/images/upload/",
      "/ghost/api/admin/images/upload/",
      "/ghost/api/admin/posts/?source=html",
    ]);
  });

  test("update: the same remote post, with updated_at sent and returned; a stale one is a conflict", async () => {
    const ctx = context();
    const { post, featured } = await publish(ctx, article());
    const first = await ghostAdapter.create(ctx, post, featured);
    const second = await ghostAdapter.update(
      ctx,
      { remoteId: first.remoteId, version: first.version ?? null },
      { ...post, title: "How lighthouses really work" },
      featured,
    );
    expect(second.remoteId).toBe(first.remoteId);
    expect(second.version).not.toBe(first.version);
    const state = await fakeState();
    expect(state.posts).toHaveLength(1);
    expect(state.posts[0]).toMatchObject({ title: "How lighthouses really work", slug: "how-lighthouses-work", status: "draft" });
    expect(state.posts[0]!.html).toContain("<table>");

    const stale = await failure(ghostAdapter.update(ctx, { remoteId: first.remoteId, version: first.version ?? null }, post, featured));
    expect(stale.kind).toBe("conflict");

    // Without a stored version the adapter reads the post first.
    const third = await ghostAdapter.update(ctx, { remoteId: first.remoteId, version: null }, { ...post, mode: "live" }, featured);
    expect(third).toMatchObject({ status: "published", live: true, url: `${fake.url}/how-lighthouses-work/` });
  });

  test("live now, and scheduled for later", async () => {
    const ctx = context();
    const live = await ghostAdapter.create(ctx, article({ mode: "live", images: [], featuredImage: null }), null);
    expect(live).toMatchObject({ status: "published", live: true });
    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await ghostAdapter.create(
      ctx,
      article({ slug: "later", mode: "live", scheduleAt: later, images: [], featuredImage: null, publicationId: "pub-2" }),
      null,
    );
    expect(scheduled).toMatchObject({ status: "scheduled", live: false });
    expect((await fakeState()).posts[1]).toMatchObject({ published_at: later.toISOString() });
  });

  test("read: status and URL; a deleted post is null", async () => {
    const ctx = context();
    const created = await ghostAdapter.create(ctx, article({ images: [], featuredImage: null }), null);
    expect(await ghostAdapter.read(ctx, created.remoteId)).toMatchObject({ remoteId: created.remoteId, status: "draft" });
    expect(await ghostAdapter.read(ctx, "0123456789abcdef01234567")).toBeNull();
  });

  test("findExisting after a create whose answer was lost: exactly one remote post", async () => {
    const ctx = context();
    const post = article({ images: [], featuredImage: null });
    await control("/__fake/fail-next", { status: "lose-response", path: "/posts/" });
    const lost = await failure(ghostAdapter.create(ctx, post, null));
    expect(lost.kind).toBe("transient");
    const found = await ghostAdapter.findExisting(ctx, post);
    expect(found).toMatchObject({ status: "draft" });
    const state = await fakeState();
    expect(state.posts).toHaveLength(1);
    expect(found!.remoteId).toBe(state.posts[0]!.id);
  });

  test("findExisting never takes a customer's own post with our slug", async () => {
    const ctx = context();
    const post = article({ images: [], featuredImage: null });
    // The customer's own post already holds the slug; ours becomes …-2.
    await ghostAdapter.create(ctx, { ...post, publicationId: "someone-else" }, null);
    expect(await ghostAdapter.findExisting(ctx, post)).toBeNull();
    const ours = await ghostAdapter.create(ctx, post, null);
    expect(ours.url).toBeTruthy();
    const found = await ghostAdapter.findExisting(ctx, post);
    expect(found?.remoteId).toBe(ours.remoteId);
  });

  test("publishing with a deleted integration's key: auth, says so", async () => {
    const error = await failure(
      ghostAdapter.create(
        context({ credentials: { adminApiKey: fake.unknownAdminApiKey } }),
        article({ images: [], featuredImage: null }),
        null,
      ),
    );
    expect(error.kind).toBe("auth");
    expect(error.message).toContain("deleted");
  });
});

describe("failures are mapped to what the engine does next", () => {
  const post = () => article({ images: [], featuredImage: null });

  test("401 from Ghost: auth", async () => {
    await control("/__fake/fail-next", { status: 401, path: "/posts/" });
    expect((await failure(ghostAdapter.create(context(), post(), null))).kind).toBe("auth");
  });

  test("403 from a firewall in front of Ghost: config, says firewall", async () => {
    await control("/__fake/fail-next", { status: 403, body: "<html>Access denied by firewall</html>", path: "/posts/" });
    const error = await failure(ghostAdapter.create(context(), post(), null));
    expect(error.kind).toBe("config");
    expect(error.message).toContain("firewall");
    expect(error.detail).toContain("HTTP 403");
  });

  test("429 with Retry-After: rate_limit with the wait", async () => {
    await control("/__fake/fail-next", { status: 429, headers: { "Retry-After": "7" }, path: "/posts/" });
    const error = await failure(ghostAdapter.create(context(), post(), null));
    expect(error.kind).toBe("rate_limit");
    expect(error.retryAfterMs).toBe(7000);
  });

  test("5xx: transient", async () => {
    await control("/__fake/fail-next", { status: 503, path: "/posts/" });
    expect((await failure(ghostAdapter.create(context(), post(), null))).kind).toBe("transient");
  });

  test("a malformed answer: transient", async () => {
    await control("/__fake/fail-next", { status: "malformed", path: "/posts/" });
    expect((await failure(ghostAdapter.create(context(), post(), null))).kind).toBe("transient");
  });

  test("no answer at all: transient once our time is up", async () => {
    await control("/__fake/fail-next", { status: "timeout", path: "/posts/" });
    const error = await failure(ghostAdapter.create(context({ signal: AbortSignal.timeout(300) }), post(), null));
    expect(error.kind).toBe("transient");
  });

  test("a validation refusal from Ghost: invalid, with Ghost's words", async () => {
    await control("/__fake/fail-next", {
      status: 422,
      path: "/posts/",
      body: {
        errors: [
          { type: "ValidationError", message: "Validation error, cannot save post.", context: "Value in [posts.title] cannot be blank." },
        ],
      },
    });
    const error = await failure(ghostAdapter.create(context(), post(), null));
    expect(error.kind).toBe("invalid");
    expect(error.message).toContain("cannot be blank");
  });
});
