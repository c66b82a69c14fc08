import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { wordpressComAdapter } from "#app/modules/publishing/platforms/wordpress-com/adapter.server";
import { listConnections } from "#app/modules/publishing/connections.server";
import { PublishError, type AdapterContext, type ConnectResult, type MediaFile, type PostInput } from "#app/modules/publishing/types";
import {
  completeWordPressComConnect,
  startWordPressComConnect,
  WordPressComOAuthError,
} from "#app/modules/publishing/platforms/wordpress-com/oauth.server";
import { loader as callbackLoader } from "#app/routes/integrations/wordpress-com-callback";
import { loader as startLoader } from "#app/routes/integrations/wordpress-com-start";
import { startWordPressComFake, type WordPressComFake } from "#tests/fakes/wordpress-com";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, ORIGIN } from "#tests/setup/route-harness";

/**
 * WordPress.com end to end against the local fake: the OAuth code flow (state
 * nonce single use and expiring, a declined request, wrong app credentials, a
 * token for another app or blog), the v1.1 adapter (doctor, draft with a table,
 * two images and links, update, lost create answers, every refusal mapped) and
 * the start/callback routes in both the same-tab and the popup variant.
 */

let fake: WordPressComFake;
let db: DB;
let owner: TestUser;

const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

function useAppCredentials(secret = fake.clientSecret) {
  process.env.WORDPRESS_COM_API_URL = fake.url;
  process.env.WORDPRESS_COM_CLIENT_ID = fake.clientId;
  process.env.WORDPRESS_COM_CLIENT_SECRET = secret;
  resetEnvForTests();
}

beforeAll(async () => {
  fake = await startWordPressComFake();
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  useAppCredentials();
  const { testDb } = await import("#tests/setup/db");
  db = await testDb();
  owner = await makeUser(db);
});

afterAll(async () => {
  await fake.close();
  for (const name of ["TEST_ALLOW_PRIVATE_HOSTS", "WORDPRESS_COM_API_URL", "WORDPRESS_COM_CLIENT_ID", "WORDPRESS_COM_CLIENT_SECRET"])
    delete process.env[name];
  resetEnvForTests();
});

beforeEach(async () => {
  await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
  useAppCredentials();
});

const settings = (change: Record<string, unknown>) =>
  fetch(`${fake.url}/__fake/settings`, { method: "POST", body: JSON.stringify(change) });
const failNext = (failure: Record<string, unknown>) =>
  fetch(`${fake.url}/__fake/fail-next`, { method: "POST", body: JSON.stringify(failure) });

/** The browser's trip to WordPress.com and back: the callback's query string. */
async function approve(authorizeUrl: string) {
  const answer = await fetch(authorizeUrl, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location")!);
  expect(back.origin + back.pathname).toBe(`${ORIGIN}/integrations/wordpress_com/callback`);
  return back.searchParams;
}

async function oauthResult() {
  const { url } = await startWordPressComConnect(db, { siteId: owner.siteId, userId: owner.userId, appUrl: ORIGIN });
  return completeWordPressComConnect(db, await approve(url), { expectedSiteId: owner.siteId });
}

/** The error a promise rejects with, checked to be of the expected class. */
async function rejection<E>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(kind);
  return error as E;
}
const oauthFailure = (promise: Promise<unknown>) => rejection(promise, WordPressComOAuthError);
const refusal = (promise: Promise<unknown>) => rejection(promise, PublishError);

type Recorded = { logs: string[] };

function adapterContext(result: ConnectResult, recorded: Recorded = { logs: [] }, signal = AbortSignal.timeout(15_000)): AdapterContext {
  return {
    connectionId: "wpcom-conn",
    siteId: owner.siteId,
    siteUrl: result.siteUrl,
    correlationId: "c0ffee42",
    signal,
    config: result.config,
    credentials: result.credentials,
    saveCredentials: async () => {},
    log: async (level, stage, detail) => {
      recorded.logs.push(`${level} ${stage} ${detail}`);
    },
  };
}

async function connectResult(): Promise<ConnectResult> {
  const result = await oauthResult();
  return wordpressComAdapter.connect(
    { siteUrl: result.options.blogUrl, secret: result.credentials.accessToken, options: result.options },
    {
      connectionId: "",
      siteId: owner.siteId,
      siteUrl: "",
      correlationId: "c0ffee42",
      signal: AbortSignal.timeout(15_000),
      log: async () => {},
    },
  );
}

function picture(filename: string, alt: string): MediaFile {
  const localPath = `/uploads/articles/wpc/${filename}`;
  return { localPath, publicUrl: ORIGIN + localPath, filename, mimeType: "image/png", bytes: TINY_PNG, alt, width: 1, height: 1 };
}

function postInput(change: Partial<PostInput> = {}): PostInput {
  const cover = picture("cover.png", "Coffee on a desk");
  const chart = picture("chart.png", "Chart of weekly sales");
  const html = [
    '<p>Read <a href="https://example.com/beans">our guide</a>.</p>',
    `<img src="${cover.localPath}" alt="${cover.alt}">`,
    "<table><tr><th>Bean</th><th>Score</th></tr><tr><td>Arabica</td><td>9</td></tr></table>",
    `<img src="${chart.localPath}" alt="${chart.alt}">`,
  ].join("");
  const ids = { articleId: "art-wpc", publicationId: "pub-wpc", correlationId: "c0ffee42", brandName: "Inkpilot" };
  const text = {
    title: "Brewing better coffee at home",
    slug: "brewing-better-coffee-at-home",
    markdown: "Read our guide.",
    keyword: "coffee at home",
  };
  const seo = { metaTitle: "Better coffee at home | Inkpilot", metaDescription: "How to brew better coffee at home, step by step." };
  const publishing = { mode: "draft" as const, scheduleAt: null, canonicalUrl: null, tags: ["Coffee", "Brewing"] };
  return {
    ...ids,
    ...text,
    ...seo,
    ...publishing,
    html,
    excerpt: "How to brew better coffee at home.",
    featuredImage: cover,
    images: [cover, chart],
    ...change,
  };
}

/** What the engine does: upload every image, rewrite the HTML, then create. */
async function publishDraft(ctx: AdapterContext, input = postInput()) {
  const uploads = await Promise.all(
    input.images.map(async (file) => ({ file, uploaded: await wordpressComAdapter.uploadMedia(ctx, file) })),
  );
  const html = uploads.reduce((text, { file, uploaded }) => text.replaceAll(file.localPath, uploaded.url), input.html);
  const featured = uploads.find(({ file }) => file.localPath === input.featuredImage?.localPath)?.uploaded ?? null;
  const rewritten = { ...input, html };
  return { remote: await wordpressComAdapter.create(ctx, rewritten, featured), input: rewritten, featured };
}

type FakePost = {
  ID: number;
  status: string;
  title: string;
  content: string;
  excerpt: string;
  publicize: boolean;
  tagNames: string[];
  meta: Record<string, string>;
  featured_image: string;
  media: Array<{ alt: string }>;
  date: string;
};
const remotePosts = async () => (await (await fetch(`${fake.url}/__fake/posts`)).json()) as FakePost[];

describe("OAuth", () => {
  test("authorize URL, callback, code exchange and token-info give the token and the chosen blog", async () => {
    const { url, expiresAt } = await startWordPressComConnect(db, { siteId: owner.siteId, userId: owner.userId, appUrl: ORIGIN });
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/oauth2/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe(fake.clientId);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/integrations/wordpress_com/callback`);
    expect(authorize.searchParams.get("response_type")).toBe("code");
    // No scope: WordPress.com's single-blog grant.
    expect(authorize.searchParams.has("scope")).toBe(false);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const query = await approve(url);
    const result = await completeWordPressComConnect(db, query, { expectedSiteId: owner.siteId });
    expect(result.options).toEqual({ blogId: fake.blog.id, blogUrl: fake.blog.url });
    expect(result.credentials.accessToken).toMatch(/\S{20,}/);
    expect(result.popup).toBe(false);
    const exchange = fake.requests.find((r) => r.path === "/oauth2/token");
    expect(exchange?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(fake.requests.some((r) => r.path === "/oauth2/token-info")).toBe(true);

    // The state is single use: the same callback again is refused.
    const replay = await oauthFailure(completeWordPressComConnect(db, query, { expectedSiteId: owner.siteId }));
    expect(replay.code).toBe("state");
  });

  test("an expired state, another site's state and a declined request are refused", async () => {
    const first = await startWordPressComConnect(db, { siteId: owner.siteId, userId: owner.userId, appUrl: ORIGIN });
    const late = await oauthFailure(
      completeWordPressComConnect(db, await approve(first.url), { expectedSiteId: owner.siteId, now: new Date(Date.now() + 11 * 60_000) }),
    );
    expect(late.code).toBe("state");
    expect(late.message).toMatch(/expired or was already used/);

    const second = await startWordPressComConnect(db, { siteId: owner.siteId, userId: owner.userId, appUrl: ORIGIN, popup: true });
    const foreign = await oauthFailure(completeWordPressComConnect(db, await approve(second.url), { expectedSiteId: "another-site" }));
    expect(foreign.code).toBe("state");
    expect(foreign.popup).toBe(true);

    await settings({ deny: true });
    const third = await startWordPressComConnect(db, { siteId: owner.siteId, userId: owner.userId, appUrl: ORIGIN });
    const query = await approve(third.url);
    expect(query.get("error")).toBe("access_denied");
    const denied = await oauthFailure(completeWordPressComConnect(db, query, { expectedSiteId: owner.siteId }));
    expect(denied.code).toBe("denied");
    expect(denied.message).toMatch(/declined/);
    // The declined attempt used its state up.
    expect((await oauthFailure(completeWordPressComConnect(db, query))).code).toBe("state");
  });

  test("wrong app credentials, a token of another app or blog, and no app configured", async () => {
    const { url } = await startWordPressComConnect(db, { siteId: owner.siteId, userId: owner.userId, appUrl: ORIGIN });
    useAppCredentials("not-the-secret");
    const wrong = await oauthFailure(completeWordPressComConnect(db, await approve(url)));
    expect(wrong.code).toBe("exchange");
    expect(wrong.message).toMatch(/does not recognise Inkpilot's app credentials/);
    expect(wrong.detail).not.toContain("not-the-secret");
    useAppCredentials();

    await failNext({
      status: 200,
      path: "/oauth2/token-info",
      body: { client_id: "99999", user_id: "501", blog_id: fake.blog.id, scope: "" },
    });
    const otherApp = await oauthFailure(oauthResult());
    expect(otherApp.code).toBe("token");

    await failNext({
      status: 200,
      path: "/oauth2/token-info",
      body: { client_id: fake.clientId, user_id: "501", blog_id: fake.otherBlog.id, scope: "" },
    });
    expect((await oauthFailure(oauthResult())).code).toBe("token");

    delete process.env.WORDPRESS_COM_CLIENT_ID;
    resetEnvForTests();
    const off = await oauthFailure(startWordPressComConnect(db, { siteId: owner.siteId, userId: owner.userId, appUrl: ORIGIN }));
    expect(off.code).toBe("not_configured");
  });
});

describe("adapter", () => {
  test("connect reads the account and site; without an OAuth result it points to the Connect button", async () => {
    const result = await connectResult();
    expect(result).toMatchObject({
      siteUrl: fake.blog.url,
      name: "Inkpilot Demo Blog",
      credentials: { accessToken: expect.any(String) },
      config: { blogId: fake.blog.id, userId: 501, userLogin: "inkpilotwriter", hosting: "simple", seoTools: false },
    });
    const missing = await refusal(
      wordpressComAdapter.connect(
        { siteUrl: "", secret: "", options: {} },
        { connectionId: "", siteId: owner.siteId, siteUrl: "", correlationId: "x", signal: AbortSignal.timeout(5000), log: async () => {} },
      ),
    );
    expect(missing.kind).toBe("config");
    expect(missing.message).toMatch(/Connect button/);
  });

  test("doctor: passes, and explains a Contributor, Jetpack hosting, no SEO tools, a revoked token and another blog's token", async () => {
    await settings({ seoTools: true });
    const result = await connectResult();
    const ctx = adapterContext(result);
    const passing = await wordpressComAdapter.doctor(ctx);
    expect(passing.map((c) => `${c.id}:${c.state}`).join(" ")).toBe("token:pass site:pass publish:pass upload:pass hosting:pass seo:pass");

    await settings({ role: "contributor", hosting: "jetpack", seoTools: false });
    const problems = Object.fromEntries((await wordpressComAdapter.doctor(ctx)).map((c) => [c.id, c]));
    expect(problems.publish?.state).toBe("fail");
    expect(problems.upload?.state).toBe("fail");
    expect(problems.hosting).toMatchObject({ state: "warn", fix: expect.stringMatching(/Application Password/) });
    expect(problems.seo).toMatchObject({ state: "warn", detail: expect.stringMatching(/Yoast/) });

    await settings({ hosting: "simple" });
    expect((await wordpressComAdapter.doctor(ctx)).find((c) => c.id === "seo")?.detail).toMatch(/no SEO tools/);

    const otherBlog = adapterContext({ ...result, credentials: { accessToken: fake.issueToken({ blog: Number(fake.otherBlog.id) }) } });
    const wrongBlog = await wordpressComAdapter.doctor(otherBlog);
    expect(wrongBlog).toHaveLength(1);
    expect(wrongBlog[0]).toMatchObject({ id: "token", state: "fail", fix: expect.stringMatching(/Reconnect/) });

    await fetch(`${fake.url}/__fake/revoke-tokens`, { method: "POST" });
    const revoked = await wordpressComAdapter.doctor(ctx);
    expect(revoked[0]).toMatchObject({ id: "token", state: "fail" });
  });

  test("a draft with a table, two images and links, SEO fields, no social sharing; then the same post updated", async () => {
    await settings({ seoTools: true });
    const recorded: Recorded = { logs: [] };
    const ctx = adapterContext(await connectResult(), recorded);
    const { remote, input, featured } = await publishDraft(ctx);
    expect(remote).toMatchObject({ status: "draft", live: false, url: expect.stringContaining(`?p=${remote.remoteId}`) });

    const [stored] = await remotePosts();
    expect(stored).toMatchObject({
      ID: Number(remote.remoteId),
      status: "draft",
      publicize: false,
      excerpt: input.excerpt,
      tagNames: ["Coffee", "Brewing"],
      meta: { jetpack_seo_html_title: input.metaTitle, advanced_seo_description: input.metaDescription },
    });
    expect(stored!.content).toContain("<table>");
    expect(stored!.content).toContain('href="https://example.com/beans"');
    expect(stored!.content).not.toContain("/uploads/articles/");
    expect(stored!.media.map((m) => m.alt).sort()).toEqual(["Chart of weekly sales", "Coffee on a desk"]);
    expect(stored!.featured_image).toBe(featured!.url);
    const creates = fake.requests.filter((r) => r.path.includes("/posts/new"));
    expect(creates).toHaveLength(1);

    const updated = await wordpressComAdapter.update(
      ctx,
      { remoteId: remote.remoteId, version: null },
      { ...input, title: "Brewing even better coffee" },
      featured,
    );
    expect(updated.remoteId).toBe(remote.remoteId);
    const after = await remotePosts();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ title: "Brewing even better coffee", status: "draft" });
    expect(recorded.logs.some((l) => l.startsWith("warn"))).toBe(false);
  });

  test("live and scheduled posts carry an explicit status; read follows the post and its deletion", async () => {
    const ctx = adapterContext(await connectResult());
    const live = await wordpressComAdapter.create(
      ctx,
      postInput({ mode: "live", images: [], featuredImage: null, html: "<p>Live</p>" }),
      null,
    );
    expect(live).toMatchObject({ status: "publish", live: true, url: `${fake.blog.url}/brewing-better-coffee-at-home/` });
    const when = new Date(Date.now() + 3 * 86_400_000);
    const later = await wordpressComAdapter.create(
      ctx,
      postInput({ slug: "later", title: "Later", mode: "live", scheduleAt: when, images: [], featuredImage: null }),
      null,
    );
    expect(later.status).toBe("future");
    expect(Date.parse((await remotePosts()).find((p) => p.ID === Number(later.remoteId))!.date)).toBe(
      Math.floor(when.getTime() / 1000) * 1000,
    );

    expect(await wordpressComAdapter.read(ctx, live.remoteId)).toMatchObject({ status: "publish", live: true });
    await fetch(`${fake.url}/rest/v1.1/sites/${fake.blog.id}/posts/${live.remoteId}/delete`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ctx.credentials.accessToken}` },
    });
    expect(await wordpressComAdapter.read(ctx, live.remoteId)).toBeNull();
    expect(await wordpressComAdapter.read(ctx, "987654")).toBeNull();
  });

  test("a lost create answer: the draft is found by title search (slug lookup sees published posts only), one remote post", async () => {
    const ctx = adapterContext(await connectResult());
    const input = postInput({ images: [], featuredImage: null, html: "<p>Once</p>" });
    expect(await wordpressComAdapter.findExisting(ctx, input)).toBeNull();
    await failNext({ status: "lose-response", path: "/sites/", method: "POST" });
    expect((await refusal(wordpressComAdapter.create(ctx, input, null))).kind).toBe("transient");
    const found = await wordpressComAdapter.findExisting(ctx, input);
    expect(found).toMatchObject({ status: "draft" });
    await wordpressComAdapter.update(ctx, { remoteId: found!.remoteId, version: null }, input, null);
    expect(await remotePosts()).toHaveLength(1);
    // Another post with our slug but another title is not ours.
    expect(await wordpressComAdapter.findExisting(ctx, { ...input, title: "Something else" })).toBeNull();
  });

  test("refusals map to what the engine does next", async () => {
    const result = await connectResult();
    const ctx = adapterContext(result);
    const input = postInput({ images: [], featuredImage: null });

    await failNext({ status: 429, headers: { "Retry-After": "7" }, path: "/sites/" });
    const slow = await refusal(wordpressComAdapter.create(ctx, input, null));
    expect(slow).toMatchObject({ kind: "rate_limit", retryAfterMs: 7000 });

    await failNext({ status: 503, path: "/sites/" });
    expect((await refusal(wordpressComAdapter.create(ctx, input, null))).kind).toBe("transient");

    await failNext({ status: "malformed", path: "/sites/" });
    expect((await refusal(wordpressComAdapter.create(ctx, input, null))).kind).toBe("transient");

    await failNext({ status: "timeout", path: "/sites/" });
    expect(
      (await refusal(wordpressComAdapter.create(adapterContext(result, { logs: [] }, AbortSignal.timeout(400)), input, null))).kind,
    ).toBe("transient");

    await failNext({
      status: 401,
      path: "/sites/",
      body: { error: "authorization_required", message: "An active access token must be used." },
    });
    expect((await refusal(wordpressComAdapter.create(ctx, input, null))).kind).toBe("auth");

    // A token bound to another blog: WordPress.com answers 403.
    const elsewhere = adapterContext({ ...result, credentials: { accessToken: fake.issueToken({ blog: Number(fake.otherBlog.id) }) } });
    const bound = await refusal(wordpressComAdapter.create(elsewhere, input, null));
    expect(bound.kind).toBe("auth");
    expect(bound.detail).toMatch(/^creating the post: HTTP 403/);

    await fetch(`${fake.url}/__fake/revoke-tokens`, { method: "POST" });
    const revoked = await refusal(wordpressComAdapter.create(ctx, input, null));
    expect(revoked.kind).toBe("auth");
    expect(revoked.detail).not.toContain(String(ctx.credentials.accessToken));
  });

  test("a Contributor cannot upload (config) and a live post waits for review", async () => {
    const recorded: Recorded = { logs: [] };
    const ctx = adapterContext(await connectResult(), recorded);
    await settings({ role: "contributor" });
    const upload = await refusal(wordpressComAdapter.uploadMedia(ctx, picture("a.png", "A")));
    expect(upload.kind).toBe("config");
    const pending = await wordpressComAdapter.create(ctx, postInput({ mode: "live", images: [], featuredImage: null }), null);
    expect(pending).toMatchObject({ status: "pending", live: false });
    expect(recorded.logs.some((l) => l.includes("waiting for review"))).toBe(true);
  });

  test("disconnect says the token can only be revoked on WordPress.com", async () => {
    const recorded: Recorded = { logs: [] };
    await wordpressComAdapter.disconnect!(adapterContext(await connectResult(), recorded));
    expect(recorded.logs.join("\n")).toMatch(/Connected applications/);
    expect(wordpressComAdapter.facts.limitations.join(" ")).toMatch(/Security → Connected applications/);
  });
});

describe("routes", () => {
  const route = (handler: typeof startLoader | typeof callbackLoader, path: string, cookie = owner.cookie) =>
    callRoute({ middleware: [requireAuth], handler, request: get(path, cookie) });

  test("same tab: start redirects to WordPress.com, the callback saves the connection and returns to the tab with the success toast", async () => {
    const start = await route(startLoader, "/integrations/wordpress_com/start");
    expect(start.status).toBe(302);
    const query = await approve(start.headers.get("location")!);
    const back = await route(callbackLoader, `/integrations/wordpress_com/callback?${query}`);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard/settings?tab=integrations");
    expect(back.headers.get("Set-Cookie")).toContain("__toast=");
    const saved = (await listConnections(db, owner.siteId)).filter((c) => c.platform === "wordpress_com");
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ siteUrl: fake.blog.url, name: "Inkpilot Demo Blog" });
    expect(JSON.stringify(saved[0])).not.toContain("accessToken");
  });

  test("popup: the callback page messages the opener; a declined request posts the error", async () => {
    const start = await route(startLoader, "/integrations/wordpress_com/start?popup=1");
    const back = await route(callbackLoader, `/integrations/wordpress_com/callback?${await approve(start.headers.get("location")!)}`);
    expect(back.status).toBe(200);
    const page = await back.response!.text();
    expect(page).toContain('"type":"wordpress_com_connected","success":true');
    expect(page).toContain("window.opener.postMessage");

    await settings({ deny: true });
    const again = await route(startLoader, "/integrations/wordpress_com/start?popup=1");
    const declined = await route(callbackLoader, `/integrations/wordpress_com/callback?${await approve(again.headers.get("location")!)}`);
    expect(await declined.response!.text()).toContain('"type":"wordpress_com_oauth_error"');
  });

  test("signed out goes to sign-in; a used state in the same tab returns with a toast", async () => {
    const signedOut = await route(startLoader, "/integrations/wordpress_com/start", "");
    expect(signedOut.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
    const stale = await route(callbackLoader, "/integrations/wordpress_com/callback?code=x&state=unknown");
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe("/dashboard/settings?tab=integrations");
  });
});
