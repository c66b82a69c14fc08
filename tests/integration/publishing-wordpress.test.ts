import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { wordpressAdapter } from "#app/modules/publishing/platforms/wordpress/adapter.server";
import { PublishError, type AdapterContext, type MediaFile, type PostInput, type RemotePost } from "#app/modules/publishing/types";
import { startWordPressFake, type WordPressFake } from "#tests/fakes/wordpress";

/**
 * The WordPress adapter against the local fake WordPress: discovery in both
 * permalink modes, the connection doctor with each failure it explains, a post
 * with a table, two images and links arriving as a draft with its media and
 * SEO fields, the same post updated, no duplicate after a lost create answer,
 * and every kind of refusal mapped to what the engine does next.
 */

let fake: WordPressFake;
const logs: Array<{ level: string; stage: string; detail: string }> = [];

beforeAll(async () => {
  fake = await startWordPressFake();
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
});
afterAll(async () => {
  await fake.close();
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});
beforeEach(async () => {
  await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
  logs.length = 0;
});

function baseCtx(signal: AbortSignal = new AbortController().signal) {
  return {
    connectionId: "conn-1",
    siteId: "site-1",
    siteUrl: "http://localhost:3000",
    correlationId: "abcd1234",
    signal,
    async log(level: "info" | "warn" | "error", stage: string, detail: string) {
      logs.push({ level, stage, detail });
    },
  };
}

async function connect(options: Record<string, string> = {}, secret = fake.credentials): Promise<AdapterContext> {
  const result = await wordpressAdapter.connect({ siteUrl: fake.url, secret, options }, baseCtx());
  return { ...baseCtx(), config: result.config, credentials: result.credentials, saveCredentials: async () => {} };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PublishError);
    return error as PublishError;
  }
  throw new Error("expected a PublishError");
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

function image(name: string, alt: string, mimeType = "image/png"): MediaFile {
  return {
    localPath: `/uploads/articles/a1/${name}`,
    publicUrl: `http://localhost:3000/uploads/articles/a1/${name}`,
    filename: name,
    mimeType,
    bytes: PNG,
    alt,
    width: 1,
    height: 1,
  };
}

function article(overrides: Partial<PostInput> = {}): PostInput {
  const cover = image("cover.png", "A desk with a laptop");
  const chart = image("chart.png", "Bar chart of results");
  return {
    articleId: "a1",
    title: "Ten Ways to Brew Better Coffee",
    slug: "ten-ways-to-brew-better-coffee",
    html: `<p>Intro with <a href="https://example.org/beans">a link</a> and <a href="/b/site/grinders">another</a>.</p>
<img src="${cover.localPath}" alt="${cover.alt}">
<table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>French press</td><td>4 min</td></tr></tbody></table>
<img src="${chart.localPath}" alt="${chart.alt}">`,
    markdown: "",
    excerpt: "How to brew better coffee at home.",
    metaTitle: "Brew Better Coffee: 10 Ways",
    metaDescription: "Ten tested ways to brew better coffee at home.",
    keyword: "brew coffee",
    tags: ["Coffee", "Brewing Tips"],
    featuredImage: cover,
    images: [cover, chart],
    mode: "draft",
    scheduleAt: null,
    canonicalUrl: null,
    publicationId: "pub-1",
    correlationId: "abcd1234",
    brandName: "Bean Co",
    ...overrides,
  };
}

/** What the engine does: upload every image, rewrite the HTML, then create or update. */
async function publish(ctx: AdapterContext, post: PostInput, remoteId?: string): Promise<RemotePost> {
  let html = post.html;
  let featured = null;
  for (const file of post.images) {
    const uploaded = await wordpressAdapter.uploadMedia(ctx, file);
    html = html.split(file.localPath).join(uploaded.url);
    if (file.localPath === post.featuredImage?.localPath) featured = uploaded;
  }
  const ready = { ...post, html };
  return remoteId
    ? wordpressAdapter.update(ctx, { remoteId, version: null }, ready, featured)
    : wordpressAdapter.create(ctx, ready, featured);
}

async function settings(change: Parameters<WordPressFake["configure"]>[0]) {
  await fetch(`${fake.url}/__fake/settings`, { method: "POST", body: JSON.stringify(change) });
}

async function arm(failureSpec: Record<string, unknown>) {
  await fetch(`${fake.url}/__fake/fail-next`, { method: "POST", body: JSON.stringify(failureSpec) });
}

const doctorById = async (ctx: AdapterContext) => Object.fromEntries((await wordpressAdapter.doctor(ctx)).map((c) => [c.id, c]));

describe("connect", () => {
  it("discovers the /wp-json/ root from the Link header, signs in and reads the SEO fields", async () => {
    const result = await wordpressAdapter.connect(
      { siteUrl: `${fake.url}/wp-admin/`, secret: ` ${fake.credentials} `, options: { category: "Guides" } },
      baseCtx(),
    );
    expect(result.config).toMatchObject({
      restRoot: `${fake.url}/wp-json/`,
      permalinks: "pretty",
      discoveredBy: "link_header",
      seo: ["yoast"],
      userId: 1,
      userLogin: "editor",
      roles: ["administrator"],
      appPasswordUuid: fake.appPasswordUuid(),
      category: "Guides",
    });
    expect(result.credentials).toEqual({ username: "editor", applicationPassword: "abcdEFGH1234ijklMNOP5678" });
    expect(result.name).toBe("Fake WordPress");
  });

  it("uses the ?rest_route= root on plain permalinks and builds every route in that form", async () => {
    await settings({ plainPermalinks: true });
    const ctx = await connect();
    expect(ctx.config).toMatchObject({ restRoot: `${fake.url}/?rest_route=/`, permalinks: "plain" });
    const created = await publish(ctx, article());
    expect(created.url).toBe(`${fake.url}/?p=${created.remoteId}`);
    const restCalls = fake.requests.filter((r) => r.route?.startsWith("/wp/v2"));
    expect(restCalls.length).toBeGreaterThan(3);
    expect(restCalls.every((r) => r.path.startsWith("/?rest_route=/wp/v2/"))).toBe(true);
    expect(fake.requests.some((r) => r.path.startsWith("/wp-json"))).toBe(false);
    expect(fake.requests.find((r) => r.route === "/wp/v2/tags" && r.method === "GET")?.path).toBe(
      "/?rest_route=/wp/v2/tags&slug=coffee%2Cbrewing-tips&per_page=100&_fields=id%2Cname%2Cslug",
    );
    expect(await wordpressAdapter.findExisting(ctx, article())).toMatchObject({ remoteId: created.remoteId });
    expect(await wordpressAdapter.read(ctx, created.remoteId)).toMatchObject({ status: "draft" });
  });

  it("falls back to the <link> tag, then /wp-json/, then ?rest_route=/", async () => {
    await settings({ linkHeader: false });
    expect((await connect()).config).toMatchObject({ discoveredBy: "link_tag", restRoot: `${fake.url}/wp-json/` });
    await settings({ linkTag: false });
    expect((await connect()).config).toMatchObject({ discoveredBy: "wp_json", restRoot: `${fake.url}/wp-json/` });
    await settings({ plainPermalinks: true });
    expect((await connect()).config).toMatchObject({ discoveredBy: "rest_route", restRoot: `${fake.url}/?rest_route=/` });
  });

  it("refuses a missing key, a wrong password, an unknown user, an old WordPress and a site without REST", async () => {
    expect((await failure(connect({}, "only-a-password"))).message).toBe("Enter WordPress credentials: username:application_password");
    const wrong = await failure(connect({}, "editor:wrong pass word"));
    expect(wrong.kind).toBe("auth");
    expect(wrong.message).toMatch(/rejected the username or application password/);
    expect(wrong.message).not.toMatch(/<strong>/);
    expect(wrong.fix).toMatch(/login name/);
    expect((await failure(connect({}, `nobody:${fake.applicationPassword}`))).kind).toBe("auth");
    await settings({ tooOld: true });
    const old = await failure(connect());
    expect(old.kind).toBe("config");
    expect(old.message).toMatch(/WordPress too old/);
    await settings({ tooOld: false, restDisabled: true });
    expect((await failure(connect())).kind).toBe("config");
  });
});

describe("doctor", () => {
  it("passes on a healthy site with Yoast", async () => {
    const ctx = await connect();
    const checks = await wordpressAdapter.doctor(ctx);
    expect(checks.map((c) => [c.id, c.state])).toEqual([
      ["rest", "pass"],
      ["credentials", "pass"],
      ["publish", "pass"],
      ["upload", "pass"],
      ["categories", "pass"],
      ["seo", "pass"],
      ["permalinks", "pass"],
    ]);
    expect(checks.find((c) => c.id === "seo")?.detail).toMatch(/Yoast/);
  });

  it("tells a stripped Authorization header from a wrong password, disabled application passwords and a security plugin", async () => {
    const ctx = await connect();
    await settings({ stripAuthorization: true });
    let checks = await doctorById(ctx);
    expect(checks.credentials).toMatchObject({ state: "fail" });
    expect(checks.credentials!.fix).toMatch(/SetEnvIf Authorization/);
    expect(checks.credentials!.fix).toMatch(/fastcgi_pass_header Authorization/);
    expect(checks.publish).toBeUndefined();

    await settings({ stripAuthorization: false, rejectPassword: true });
    checks = await doctorById(ctx);
    expect(checks.credentials).toMatchObject({ state: "fail" });
    expect(checks.credentials!.fix).toMatch(/create a new one.*login name.*not the name you gave/s);

    await settings({ rejectPassword: false, applicationPasswordsDisabled: true });
    checks = await doctorById(ctx);
    expect(checks.credentials!.detail).toMatch(/Application Passwords are turned off/);
    expect(checks.credentials!.fix).toMatch(/https/);

    for (const mode of ["html", "json"] as const) {
      await settings({ applicationPasswordsDisabled: false, securityPlugin: mode });
      checks = await doctorById(ctx);
      expect(checks.rest!.state).toBe("pass");
      expect(checks.credentials).toMatchObject({ state: "fail" });
      expect(checks.credentials!.detail).toMatch(/security plugin or firewall/);
      expect(checks.credentials!.fix).toMatch(/Wordfence/);
    }
  });

  it("fails when the REST API is gone and reports roles, SEO plugins and permalinks", async () => {
    const ctx = await connect();
    await settings({ restDisabled: true });
    let checks = await doctorById(ctx);
    expect(checks.rest).toMatchObject({ state: "fail" });
    expect(checks.rest!.fix).toMatch(/REST API/);

    await settings({ restDisabled: false, role: "contributor" });
    checks = await doctorById(ctx);
    expect(checks.publish).toMatchObject({ state: "fail" });
    expect(checks.upload).toMatchObject({ state: "fail" });
    expect(checks.categories).toMatchObject({ state: "warn" });

    await settings({ role: "author" });
    checks = await doctorById(ctx);
    expect([checks.publish!.state, checks.upload!.state, checks.categories!.state]).toEqual(["pass", "pass", "warn"]);

    await settings({ yoast: false, rankMath: true });
    checks = await doctorById(ctx);
    expect(checks.seo).toMatchObject({ state: "warn" });
    expect(checks.seo!.detail).toMatch(/Rank Math is installed/);
    await settings({ rankMathRestHelper: true });
    expect((await doctorById(ctx)).seo).toMatchObject({ state: "pass" });
    await settings({ rankMath: false });
    checks = await doctorById(ctx);
    expect(checks.seo!.detail).toMatch(/No SEO plugin/);

    await settings({ plainPermalinks: true });
    const plain = await connect();
    checks = await doctorById(plain);
    expect(checks.permalinks).toMatchObject({ state: "warn" });
    expect(checks.permalinks!.detail).toMatch(/\?p=123/);
  });
});

describe("publishing", () => {
  it("creates a draft with a table, two images with alt text, links, terms and Yoast fields, then updates the same post", async () => {
    const ctx = await connect({ category: "Guides" });
    const created = await publish(ctx, article());
    expect(created).toMatchObject({ status: "draft", live: false });

    let [post] = fake.posts();
    expect(fake.posts()).toHaveLength(1);
    expect(post).toMatchObject({
      id: Number(created.remoteId),
      status: "draft",
      slug: "ten-ways-to-brew-better-coffee",
      excerpt: { raw: "How to brew better coffee at home." },
      meta: { _yoast_wpseo_title: "Brew Better Coffee: 10 Ways", _yoast_wpseo_metadesc: "Ten tested ways to brew better coffee at home." },
      categoryNames: ["Guides"],
      tagNames: ["Coffee", "Brewing Tips"],
    });
    expect(post!.content.raw).toContain("<table>");
    expect(post!.content.raw).toContain('href="https://example.org/beans"');
    expect(post!.content.raw).not.toContain("/uploads/articles/");
    expect(post!.media).toHaveLength(2);
    expect(post!.media.map((m) => m.alt_text).sort()).toEqual(["A desk with a laptop", "Bar chart of results"]);
    expect(post!.featured_media).toBe(post!.media.find((m) => m.alt_text === "A desk with a laptop")!.id);
    for (const item of post!.media) expect(post!.content.raw).toContain(item.source_url);

    const sent = fake.requests.find((r) => r.route === "/wp/v2/posts" && r.method === "POST");
    expect(sent?.headers["content-type"]).toBe("application/json");
    // One multipart request per image, its alt text in the same request: no second POST to /wp/v2/media/{id}.
    const uploads = fake.requests.filter((r) => r.route === "/wp/v2/media" && r.method === "POST");
    expect(uploads).toHaveLength(2);
    expect(uploads[0]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(post!.media.map((m) => m.file).sort()).toEqual([expect.stringMatching(/\/chart\.png$/), expect.stringMatching(/\/cover\.png$/)]);
    expect(fake.requests.filter((r) => r.route?.startsWith("/wp/v2/media/"))).toEqual([]);
    // Both tags looked up by slug in one request.
    const tagLookups = fake.requests.filter((r) => r.route === "/wp/v2/tags" && r.method === "GET");
    expect(tagLookups[0]!.path).toMatch(/slug=coffee%2Cbrewing-tips/);
    expect(JSON.stringify(fake.requests)).not.toContain("Basic ");

    const updated = await wordpressAdapter.update(
      ctx,
      { remoteId: created.remoteId, version: null },
      { ...article(), title: "Eleven Ways to Brew Better Coffee", html: "<p>Now eleven.</p>", images: [] },
      { remoteId: String(post!.featured_media), url: post!.media[0]!.source_url },
    );
    expect(updated.remoteId).toBe(created.remoteId);
    expect(fake.posts()).toHaveLength(1);
    [post] = fake.posts();
    expect(post).toMatchObject({ title: { raw: "Eleven Ways to Brew Better Coffee" }, content: { raw: "<p>Now eleven.</p>" } });
    expect(await wordpressAdapter.read(ctx, created.remoteId)).toMatchObject({ remoteId: created.remoteId, status: "draft", live: false });
  });

  it("sends date_gmt in UTC: publish now, or future at the scheduled time, and keeps a live post's date on update", async () => {
    const ctx = await connect();
    const live = await publish(ctx, article({ mode: "live", images: [], featuredImage: null }));
    expect(live).toMatchObject({ status: "publish", live: true, url: `${fake.url}/ten-ways-to-brew-better-coffee/` });
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCMilliseconds(0);
    const scheduled = await publish(ctx, article({ slug: "later", mode: "live", scheduleAt: at, images: [], featuredImage: null }));
    expect(scheduled).toMatchObject({ status: "future", live: false });
    const posts = fake.posts();
    expect(posts[1]!.date_gmt).toBe(at.toISOString().slice(0, 19));
    const firstDate = posts[0]!.date_gmt;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await wordpressAdapter.update(
      ctx,
      { remoteId: live.remoteId, version: null },
      article({ mode: "live", images: [], featuredImage: null }),
      null,
    );
    expect(fake.posts()[0]!.date_gmt).toBe(firstDate);
  });

  it("writes Rank Math fields when its REST helper is on, and nothing when no SEO plugin is there", async () => {
    await settings({ yoast: false, rankMath: true, rankMathRestHelper: true });
    let ctx = await connect();
    expect(ctx.config.seo).toEqual(["rank_math"]);
    await publish(ctx, article({ images: [], featuredImage: null }));
    expect(fake.posts()[0]!.meta).toEqual({
      rank_math_title: "Brew Better Coffee: 10 Ways",
      rank_math_description: "Ten tested ways to brew better coffee at home.",
    });

    await settings({ rankMath: false });
    ctx = await connect();
    expect(ctx.config.seo).toEqual([]);
    await publish(ctx, article({ slug: "other", images: [], featuredImage: null }));
    expect(fake.posts()[1]!.meta).toEqual({});
  });

  it("finds the post after a create whose answer was lost, so exactly one remote post exists", async () => {
    const ctx = await connect();
    await arm({ status: "lose-response", path: "/wp/v2/posts", method: "POST" });
    const lost = await failure(publish(ctx, article()));
    expect(lost.kind).toBe("transient");
    expect(fake.posts()).toHaveLength(1);
    const existing = await wordpressAdapter.findExisting(ctx, article());
    expect(existing).toMatchObject({ remoteId: String(fake.posts()[0]!.id), status: "draft" });
    await wordpressAdapter.update(ctx, { remoteId: existing!.remoteId, version: null }, article({ images: [], featuredImage: null }), null);
    expect(fake.posts()).toHaveLength(1);
    expect(await wordpressAdapter.findExisting(ctx, article({ slug: "never-made" }))).toBeNull();
  });

  it("finds our post by slug (or WordPress's -2) only when the title matches, never a hand-written post holding our slug", async () => {
    const ctx = await connect();
    await publish(ctx, article({ title: "Someone else's post", mode: "live", images: [], featuredImage: null }));
    const ours = await publish(ctx, article({ mode: "live", images: [], featuredImage: null }));
    expect(fake.posts()[1]!.slug).toBe("ten-ways-to-brew-better-coffee-2");
    // The exact slug belongs to a post with another title: never ours, so the suffixed one with our title is found.
    const found = await wordpressAdapter.findExisting(ctx, article());
    expect(found?.remoteId).toBe(ours.remoteId);
    // With the first one gone, the suffixed one is still found because its title matches.
    await fetch(`${fake.url}/wp-json/wp/v2/posts/${fake.posts()[0]!.id}?force=true`, {
      method: "DELETE",
      headers: { Authorization: `Basic ${Buffer.from(fake.credentials).toString("base64")}` },
    });
    expect((await wordpressAdapter.findExisting(ctx, article()))?.remoteId).toBe(ours.remoteId);
    expect(await wordpressAdapter.findExisting(ctx, article({ title: "A different title" }))).toBeNull();
  });

  it("skips a category an Author may not create, keeps the tags, and says so in the log", async () => {
    await settings({ role: "author" });
    const ctx = await connect({ category: "Brand New Category" });
    await publish(ctx, article({ images: [], featuredImage: null }));
    const [post] = fake.posts();
    expect(post!.categoryNames).toEqual(["Uncategorized"]);
    expect(post!.tagNames).toEqual(["Coffee", "Brewing Tips"]);
    expect(logs.some((l) => l.level === "warn" && l.detail.includes("Brand New Category"))).toBe(true);
  });

  it("uses existing terms and term_exists ids instead of creating duplicates", async () => {
    const ctx = await connect({ category: "Guides" });
    await publish(ctx, article({ images: [], featuredImage: null }));
    await publish(ctx, article({ slug: "second", tags: ["coffee", "Brewing tips"], images: [], featuredImage: null }));
    const terms = (await (await fetch(`${fake.url}/wp-json/wp/v2/tags?per_page=100`)).json()) as Array<{ name: string }>;
    expect(terms.map((t) => t.name).sort()).toEqual(["Brewing Tips", "Coffee"]);
    expect(fake.posts()[1]!.tagNames).toEqual(["Coffee", "Brewing Tips"]);
  });

  it("reads a deleted post as gone and an update of it as not_found", async () => {
    const ctx = await connect();
    const created = await publish(ctx, article({ images: [], featuredImage: null }));
    await fetch(`${fake.url}/wp-json/wp/v2/posts/${created.remoteId}?force=true`, {
      method: "DELETE",
      headers: { Authorization: `Basic ${Buffer.from(fake.credentials).toString("base64")}` },
    });
    expect(await wordpressAdapter.read(ctx, created.remoteId)).toBeNull();
    expect((await failure(wordpressAdapter.update(ctx, { remoteId: created.remoteId, version: null }, article(), null))).kind).toBe(
      "not_found",
    );
  });

  it("revokes the application password on disconnect", async () => {
    const ctx = await connect();
    expect(fake.appPasswordUuid()).not.toBeNull();
    await wordpressAdapter.disconnect!(ctx);
    expect(fake.appPasswordUuid()).toBeNull();
    expect((await failure(wordpressAdapter.read(ctx, "1"))).kind).toBe("auth");
  });

  it("keeps at most 4 requests in flight to the site", async () => {
    const ctx = await connect();
    await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
    await settings({ latencyMs: 50 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => wordpressAdapter.uploadMedia(ctx, image(`img-${i}.png`, ""))));
    const stats = (await (await fetch(`${fake.url}/__fake/stats`)).json()) as { maxConcurrentRequests: number; requests: number };
    expect(stats).toMatchObject({ maxConcurrentRequests: 4, requests: 12 });
  });
});

describe("refusals and broken answers", () => {
  let ctx: AdapterContext;
  beforeEach(async () => {
    ctx = await connect();
  });
  const draft = () => article({ images: [], featuredImage: null });

  it("maps 401, 403 from a security plugin, 429, 5xx, malformed bodies and timeouts", async () => {
    await arm({
      status: 401,
      path: "/wp/v2/posts",
      body: { code: "incorrect_password", message: "<strong>Error:</strong> bad", data: { status: 401 } },
    });
    const auth = await failure(wordpressAdapter.create(ctx, draft(), null));
    expect(auth.kind).toBe("auth");
    expect(auth.message).toContain("“Error: bad”");

    await arm({ status: 403, path: "/wp/v2/posts", body: "<html><body>Generated by Wordfence</body></html>" });
    const blocked = await failure(wordpressAdapter.create(ctx, draft(), null));
    expect(blocked.kind).toBe("config");
    expect(blocked.fix).toMatch(/Wordfence/);
    expect(blocked.detail).toContain("HTTP 403");

    await arm({
      status: 429,
      path: "/wp/v2/posts",
      headers: { "Retry-After": "7" },
      body: { code: "too_many", message: "Slow down", data: { status: 429 } },
    });
    const slow = await failure(wordpressAdapter.create(ctx, draft(), null));
    expect(slow).toMatchObject({ kind: "rate_limit", retryAfterMs: 7000 });

    await arm({ status: 503, path: "/wp/v2/posts", body: "<html>Service Unavailable</html>" });
    expect((await failure(wordpressAdapter.create(ctx, draft(), null))).kind).toBe("transient");

    await arm({ status: "malformed", path: "/wp/v2/posts", method: "POST" });
    expect((await failure(wordpressAdapter.create(ctx, draft(), null))).kind).toBe("transient");

    await arm({ status: "timeout", path: "/wp/v2/posts", method: "POST" });
    const timeout = await failure(wordpressAdapter.create({ ...ctx, signal: AbortSignal.timeout(400) }, draft(), null));
    expect(timeout.kind).toBe("transient");
  });

  it("reads JSON after PHP notices", async () => {
    await settings({ phpNotice: true });
    const created = await wordpressAdapter.create(ctx, draft(), null);
    expect(created.status).toBe("draft");
  });

  it("treats a redirect on POST as a configuration error", async () => {
    await settings({ redirectTo: "https://www.example.test" });
    const redirected = await failure(wordpressAdapter.create(ctx, { ...draft(), tags: [] }, null));
    expect(redirected.kind).toBe("config");
    expect(redirected.message).toMatch(/redirected/);
    expect(fake.posts()).toHaveLength(0);
  });

  it("refuses a Contributor going live, an SVG and a bad field with the right kinds", async () => {
    await settings({ role: "contributor" });
    const role = await failure(wordpressAdapter.create(ctx, article({ mode: "live", images: [], featuredImage: null }), null));
    expect(role.kind).toBe("config");
    expect(role.message).toMatch(/not publish/);
    const upload = await failure(wordpressAdapter.uploadMedia(ctx, image("a.png", "")));
    expect(upload.kind).toBe("config");

    await settings({ role: "administrator" });
    const svg = await failure(wordpressAdapter.uploadMedia(ctx, image("logo.svg", "", "image/svg+xml")));
    expect(svg.kind).toBe("invalid");
    expect(svg.message).toMatch(/refused the image/);

    await arm({
      status: 400,
      path: "/wp/v2/posts",
      body: {
        code: "rest_invalid_param",
        message: "Invalid parameter(s): date_gmt",
        data: { status: 400, params: { date_gmt: "Invalid date." } },
      },
    });
    const invalid = await failure(wordpressAdapter.create(ctx, draft(), null));
    expect(invalid).toMatchObject({ kind: "invalid", message: "WordPress refused the post: date_gmt: Invalid date." });
  });
});

describe("the fake itself", () => {
  const auth = () => `Basic ${Buffer.from(fake.credentials).toString("base64")}`;

  it("accepts multipart uploads, answers 400 for missing upload headers, and sends totals and Location", async () => {
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "photo.png");
    form.append("alt_text", "A photo");
    const multipart = await fetch(`${fake.url}/wp-json/wp/v2/media`, { method: "POST", headers: { Authorization: auth() }, body: form });
    expect(multipart.status).toBe(201);
    expect(multipart.headers.get("location")).toMatch(/\/wp-json\/wp\/v2\/media\/\d+$/);
    const item = (await multipart.json()) as { alt_text: string; source_url: string };
    expect(item.alt_text).toBe("A photo");
    expect((await fetch(item.source_url)).status).toBe(200);

    const noDisposition = await fetch(`${fake.url}/wp-json/wp/v2/media`, {
      method: "POST",
      headers: { Authorization: auth(), "Content-Type": "image/png" },
      body: PNG,
    });
    expect(await noDisposition.json()).toMatchObject({ code: "rest_upload_no_content_disposition", data: { status: 400 } });
    const noType = await fetch(`${fake.url}/wp-json/wp/v2/media`, {
      method: "POST",
      headers: { Authorization: auth(), "Content-Type": "", "Content-Disposition": 'attachment; filename="a.png"' },
      body: PNG,
    });
    expect(noType.status).toBe(400);

    const list = await fetch(`${fake.url}/wp-json/wp/v2/media?per_page=1`);
    expect([list.headers.get("x-wp-total"), list.headers.get("x-wp-totalpages")]).toEqual(["1", "1"]);
    expect((await fetch(`${fake.url}/wp-json/wp/v2/posts?per_page=101`)).status).toBe(400);
  });

  it("hands out credentials through authorize-application.php, or rejects when armed", async () => {
    const query = new URLSearchParams({ app_name: "Inkpilot", success_url: "https://app.test/ok", reject_url: "https://app.test/no" });
    const approved = await fetch(`${fake.url}/wp-admin/authorize-application.php?${query}`, { redirect: "manual" });
    const back = new URL(approved.headers.get("location")!);
    expect(Object.fromEntries(back.searchParams)).toEqual({ site_url: fake.url, user_login: "editor", password: fake.applicationPassword });
    await settings({ rejectAuthorization: true });
    const rejected = await fetch(`${fake.url}/wp-admin/authorize-application.php?${query}`, { redirect: "manual" });
    expect(rejected.headers.get("location")).toBe("https://app.test/no?success=false");
  });
});
