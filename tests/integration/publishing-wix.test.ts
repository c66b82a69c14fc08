import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { wixAdapter } from "#app/modules/publishing/platforms/wix/adapter.server";
import { saveConnection } from "#app/modules/publishing/connections.server";
import { placeImages, type PlacedImage } from "#app/modules/publishing/figures";
import {
  PublishError,
  type AdapterContext,
  type ConnectResult,
  type MediaFile,
  type PostInput,
  type UploadedMedia,
} from "#app/modules/publishing/types";
import {
  clearWixTokenCache,
  completeWixInstall,
  startWixInstall,
  WixInstallError,
  workspaceOwnerEmail,
} from "#app/modules/publishing/platforms/wix/install.server";
import { newId } from "#app/utils/crypto.server";
import { listen } from "#tests/fakes/http-fake";
import { startWixFake, type WixFake } from "#tests/fakes/wix";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";

// A 3x2 PNG, so sizes read from the bytes are checkable.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEklEQVR4nGP4z8DAwMDAxMAAAA4QAQHZ/8CGAAAAAElFTkSuQmCC", "base64");

let fake: WixFake;
let images: Awaited<ReturnType<typeof listen>>;
let db: DB;
let user: TestUser;
const appUrl = "https://app.inkpilot.test";

beforeAll(async () => {
  fake = await startWixFake();
  images = await listen(
    http.createServer((req, res) => {
      if (!req.url?.startsWith("/uploads/")) return res.writeHead(404).end();
      res.writeHead(200, { "Content-Type": "image/png" }).end(PNG);
    }),
  );
  Object.assign(process.env, fake.env, { TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${fake.port},127.0.0.1:${images.port}` });
  resetEnvForTests();
  db = await testDb();
  user = await makeUser(db);
});

afterAll(async () => {
  await fake.close();
  await images.close();
});

beforeEach(() => {
  fake.reset();
  clearWixTokenCache();
});

/** The browser's trip: our installer URL → Wix's installer (auto-approved) → the callback query. */
async function installerTrip(options: { popup?: boolean } = {}) {
  const { url } = await startWixInstall(db, { siteId: user.siteId, userId: user.userId, appUrl, ...options });
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(`${appUrl}/integrations/wix/callback`);
  return location.searchParams;
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

function contextFor(connection: ConnectResult, overrides: Partial<AdapterContext> = {}) {
  const logs: string[] = [];
  const ctx: AdapterContext = {
    ...baseCtx(),
    siteUrl: connection.siteUrl,
    config: connection.config,
    credentials: { ...connection.credentials },
    saveCredentials: async () => {},
    log: async (level, stage, detail) => {
      logs.push(`${level} ${stage} ${detail}`);
    },
    ...overrides,
  };
  return { ctx, logs };
}

async function connected(options: Record<string, string> = {}) {
  const install = await completeWixInstall(db, await installerTrip(), { expectedSiteId: user.siteId });
  const connection = await wixAdapter.connect({ siteUrl: "", secret: "", options: { ...install.options, ...options } }, baseCtx());
  return { connection, ...contextFor(connection) };
}

function media(name: string, alt: string): MediaFile {
  return {
    localPath: `/uploads/articles/${name}`,
    publicUrl: `${images.url}/uploads/articles/${name}`,
    filename: name,
    mimeType: "image/png",
    bytes: PNG,
    alt,
    width: 3,
    height: 2,
  };
}

function post(overrides: Partial<PostInput> = {}): PostInput {
  const cover = media("cover.png", "A cup of coffee");
  const second = media("chart.png", "Brewing times chart");
  return {
    articleId: "art-1",
    title: "How to brew coffee",
    slug: "how-to-brew-coffee",
    html: `<h2>Steps</h2><p>Read <a href="https://example.com/guide">the guide</a> and <strong>grind fresh</strong>.</p><img src="${cover.localPath}" alt="${cover.alt}"><table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>Pour-over</td><td>3 min</td></tr></tbody></table><ul><li>Water<ul><li>94 °C</li></ul></li></ul><img src="${second.localPath}" alt="${second.alt}">`,
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

/** What the engine does before create/update: upload every image, rewrite the HTML to the uploaded URLs. */
async function prepared(ctx: AdapterContext, input: PostInput) {
  const uploaded = new Map<string, UploadedMedia>();
  for (const file of input.images) uploaded.set(file.localPath, await wixAdapter.uploadMedia(ctx, file));
  const placed = new Map<string, PlacedImage>(
    input.images.map((f) => [f.localPath, { ...uploaded.get(f.localPath)!, width: f.width, height: f.height, variants: [] }]),
  );
  const html = placeImages(input.html, placed, wixAdapter.figures ?? "html");
  const featured = input.featuredImage ? (uploaded.get(input.featuredImage.localPath) ?? null) : null;
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

describe("install flow", () => {
  test("installer URL carries the app id, our callback and a fresh state; the callback records the install", async () => {
    const { url, state } = await startWixInstall(db, { siteId: user.siteId, userId: user.userId, appUrl });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`${fake.url}/installer/install`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      appId: fake.appId,
      redirectUrl: `${appUrl}/integrations/wix/callback`,
      state,
    });

    const result = await completeWixInstall(db, await installerTrip({ popup: true }), { expectedSiteId: user.siteId });
    expect(result).toMatchObject({ siteId: user.siteId, userId: user.userId, instanceId: fake.instanceId(), popup: true });
    expect(result.options).toEqual({ instanceId: fake.instanceId() });
    const install = await db.selectFrom("cms_installs").selectAll().where("external_id", "=", fake.instanceId()!).executeTakeFirst();
    expect(install).toMatchObject({ provider: "wix", site_id: user.siteId });
  });

  test("a state is single use, expires after 10 minutes, and belongs to its site", async () => {
    const query = await installerTrip();
    await completeWixInstall(db, query, { expectedSiteId: user.siteId });
    const reused = await completeWixInstall(db, query, { expectedSiteId: user.siteId }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(WixInstallError);
    expect((reused as WixInstallError).code).toBe("state");

    const late = await installerTrip();
    const expired = await completeWixInstall(db, late, { now: new Date(Date.now() + 11 * 60_000) }).catch((e: unknown) => e);
    expect((expired as WixInstallError).code).toBe("state");

    const other = await installerTrip();
    const wrongSite = await completeWixInstall(db, other, { expectedSiteId: "another-site" }).catch((e: unknown) => e);
    expect((wrongSite as WixInstallError).message).toContain("another site");
  });

  test("a denied install, a missing or forged instance id are refused with plain words", async () => {
    fake.settings({ denyInstall: true });
    const denied = await completeWixInstall(db, await installerTrip({ popup: true }), { expectedSiteId: user.siteId }).catch(
      (e: unknown) => e,
    );
    expect(denied).toBeInstanceOf(WixInstallError);
    expect(denied).toMatchObject({ code: "denied", popup: true });
    expect((denied as Error).message).toContain("was not installed");

    fake.settings({ denyInstall: false });
    const query = await installerTrip();
    query.set("instanceId", "not-a-guid");
    expect(await completeWixInstall(db, query).catch((e: unknown) => (e as WixInstallError).code)).toBe("instance");
    const forged = await installerTrip();
    forged.set("instanceId", "6f1c2b9e-0000-4000-8000-000000000000");
    expect(await completeWixInstall(db, forged).catch((e: unknown) => (e as WixInstallError).code)).toBe("token");
  });

  test("an instance already connected to another Inkpilot site is refused", async () => {
    const other = await makeUser(db);
    const instanceId = fake.install();
    await saveConnection(db, {
      siteId: other.siteId,
      userId: other.userId,
      platform: "wix",
      result: { siteUrl: "https://other.example", name: "Other", credentials: { instanceId }, config: { instanceId } },
      doctor: [],
    });
    const taken = await completeWixInstall(db, await installerTrip(), { expectedSiteId: user.siteId }).catch((e: unknown) => e);
    expect((taken as WixInstallError).code).toBe("taken");
    await db.deleteFrom("cms_connections").where("site_id", "=", other.siteId).execute();
  });

  test("the workspace owner's email is found for a site", async () => {
    expect(await workspaceOwnerEmail(db, user.siteId)).toBe(user.email);
  });
});

describe("connect and doctor", () => {
  test("connect reads the site and its member; the doctor passes every check", async () => {
    const { connection, ctx } = await connected();
    expect(connection).toMatchObject({
      siteUrl: `${fake.url}/site`,
      name: "Fake Wix Site",
      credentials: { instanceId: fake.instanceId() },
      config: { instanceId: fake.instanceId(), wixSiteId: fake.siteId, memberId: fake.members()[0]!.id, memberCreated: false },
    });
    const checks = await wixAdapter.doctor(ctx);
    expect(checks.map((c) => [c.id, c.state])).toEqual([
      ["token", "pass"],
      ["blog", "pass"],
      ["member", "pass"],
      ["media", "pass"],
    ]);
  });

  test("a site with no member: connect creates one with the owner's email", async () => {
    fake.settings({ members: 0 });
    const { connection, ctx } = await connected({ ownerEmail: user.email });
    expect(fake.members()).toHaveLength(1);
    expect(fake.members()[0]!.loginEmail).toBe(user.email);
    expect(connection.config).toMatchObject({ memberId: fake.members()[0]!.id, memberCreated: true });
    const member = (await wixAdapter.doctor(ctx)).find((c) => c.id === "member");
    expect(member).toMatchObject({ state: "pass" });
    expect(member!.detail).toContain("Inkpilot created");
  });

  test("no member and none may be created: connect keeps the connection, the doctor fails with the fix", async () => {
    fake.settings({ members: 0, canManageMembers: false });
    const { connection, ctx } = await connected({ ownerEmail: user.email });
    expect(connection.config.memberId).toBeNull();
    const member = (await wixAdapter.doctor(ctx)).find((c) => c.id === "member");
    expect(member).toMatchObject({ state: "fail" });
    expect(member!.fix).toContain("Create a site member");
    // Creating a post then says what is missing in plain words.
    const error = await expectPublishError(
      wixAdapter.create(ctx, post({ featuredImage: null, images: [], html: "<p>Hi</p>" }), null),
      "config",
    );
    expect(error.message).toContain("site member");
  });

  test("doctor: Wix Blog not installed fails with the App Market fix; Media Manager refused fails; access revoked fails first", async () => {
    const { ctx } = await connected();
    fake.settings({ blogInstalled: false, mediaPermission: false });
    const checks = await wixAdapter.doctor(ctx);
    expect(checks.find((c) => c.id === "blog")).toMatchObject({ state: "fail", fix: expect.stringContaining("Wix App Market") });
    expect(checks.find((c) => c.id === "media")).toMatchObject({ state: "fail" });

    await fetch(`${fake.url}/__fake/uninstall`, { method: "POST" });
    clearWixTokenCache();
    const revoked = await wixAdapter.doctor(ctx);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ id: "token", state: "fail" });
    expect(revoked[0]!.fix).toContain("Reconnect Wix");
  });

  test("connect without an instance id, or for an instance that is gone, fails in plain words", async () => {
    await expectPublishError(wixAdapter.connect({ siteUrl: "", secret: "", options: {} }, baseCtx()), "config");
    const gone = await expectPublishError(
      wixAdapter.connect({ siteUrl: "", secret: "", options: { instanceId: "6f1c2b9e-0000-4000-8000-000000000000" } }, baseCtx()),
      "auth",
    );
    expect(gone.message).toContain("removed");
  });
});

describe("publishing", () => {
  test("create: a draft with Ricos (table, list, links), images in the Media Manager by file id, cover, tags and SEO; update keeps the same post", async () => {
    const { ctx } = await connected();
    const { post: input, featured } = await prepared(ctx, post());
    expect(fake.files().map((f) => [f.source, f.width, f.height])).toEqual([
      ["upload", 3, 2],
      ["upload", 3, 2],
    ]);
    const created = await wixAdapter.create(ctx, input, featured);
    expect(created).toMatchObject({ status: "unpublished", live: false, url: `${fake.url}/site/post/how-to-brew-coffee` });

    const [draft, ...others] = fake.drafts();
    expect(others).toHaveLength(0);
    expect(draft).toMatchObject({
      id: created.remoteId,
      title: "How to brew coffee",
      seoSlug: "how-to-brew-coffee",
      status: "UNPUBLISHED",
      memberId: fake.members()[0]!.id,
      excerpt: "Brewing coffee at home, step by step.",
      media: { wixMedia: { image: { id: fake.files()[0]!.id } }, displayed: true, custom: true },
      seoData: {
        tags: [
          { type: "title", children: "Brew coffee at home | Beans & Co", custom: true, disabled: false },
          {
            type: "meta",
            props: { name: "description", content: "A step-by-step guide to brewing coffee at home." },
            custom: true,
            disabled: false,
          },
        ],
      },
    });
    expect(draft!.tagIds).toHaveLength(2);
    const types = draft!.richContent.nodes.map((n) => (n as { type: string }).type);
    expect(types).toEqual(["HEADING", "PARAGRAPH", "IMAGE", "TABLE", "BULLETED_LIST", "IMAGE"]);
    const text = JSON.stringify(draft!.richContent);
    expect(text).toContain('"url":"https://example.com/guide"');
    for (const file of fake.files()) expect(text).toContain(`"id":"${file.id}"`);
    expect(text).toContain('"width":3,"height":2');
    expect(text).not.toContain(images.url);

    const again = await prepared(ctx, post({ title: "How to brew better coffee", metaDescription: "Better coffee, step by step." }));
    const updated = await wixAdapter.update(ctx, { remoteId: created.remoteId, version: null }, again.post, again.featured);
    expect(updated.remoteId).toBe(created.remoteId);
    expect(fake.drafts()).toHaveLength(1);
    expect(fake.drafts()[0]).toMatchObject({
      title: "How to brew better coffee",
      seoSlug: "how-to-brew-coffee",
      status: "UNPUBLISHED",
      publishCount: 0,
    });
    // The update answer omits seoData: the adapter read the draft back.
    const paths = fake.requests().map((r) => `${r.method} ${r.path.split("?")[0]}`);
    expect(paths.slice(-2)).toEqual([`PATCH /blog/v3/draft-posts/${created.remoteId}`, `GET /blog/v3/draft-posts/${created.remoteId}`]);
    expect(await wixAdapter.read(ctx, created.remoteId)).toMatchObject({ remoteId: created.remoteId, live: false });
  });

  test("live: created published in one call; an update of a live post publishes again; a deleted post reads as null", async () => {
    const { ctx } = await connected();
    const live = await wixAdapter.create(ctx, post({ mode: "live", featuredImage: null, images: [], html: "<p>Live</p>" }), null);
    expect(live).toMatchObject({ status: "published", live: true });
    const updated = await wixAdapter.update(
      ctx,
      { remoteId: live.remoteId, version: null },
      post({ mode: "draft", featuredImage: null, images: [], html: "<p>Live, edited</p>" }),
      null,
    );
    expect(updated).toMatchObject({ remoteId: live.remoteId, live: true });
    expect(fake.drafts()[0]).toMatchObject({ publishCount: 2, hasUnpublishedChanges: false });
    expect(await wixAdapter.read(ctx, "00000000-0000-4000-8000-000000000000")).toBeNull();
    await expectPublishError(
      wixAdapter.update(
        ctx,
        { remoteId: "00000000-0000-4000-8000-000000000000", version: null },
        post({ images: [], featuredImage: null }),
        null,
      ),
      "not_found",
    );
  });

  test("images fall back to import by public URL when the byte upload fails", async () => {
    const { ctx } = await connected();
    fake.fail({ status: 500, path: "generate-upload-url" });
    const uploaded = await wixAdapter.uploadMedia(ctx, media("cover.png", "Cover"));
    expect(fake.files()).toHaveLength(1);
    expect(fake.files()[0]).toMatchObject({ source: "import", id: uploaded.remoteId, width: 3, height: 2 });
    expect(uploaded.url).toBe(`${fake.url}/media/${uploaded.remoteId}`);
  });

  test("after a create whose answer was lost, findExisting finds the one draft by title and slug", async () => {
    const { ctx } = await connected();
    const input = post({ featuredImage: null, images: [], html: "<p>Body</p>" });
    expect(await wixAdapter.findExisting(ctx, input)).toBeNull();
    fake.fail({ status: "lose-response", path: "/blog/v3/draft-posts" });
    await expectPublishError(wixAdapter.create(ctx, input, null), "transient");
    expect(fake.drafts()).toHaveLength(1);
    const found = await wixAdapter.findExisting(ctx, input);
    expect(found).toMatchObject({ remoteId: fake.drafts()[0]!.id, live: false });
    // Another article with the same title but another slug is not taken for ours.
    expect(await wixAdapter.findExisting(ctx, { ...input, slug: "another" })).toBeNull();
  });

  test("a live post whose title changed is still found by its slug", async () => {
    const { ctx } = await connected();
    const live = await wixAdapter.create(ctx, post({ mode: "live", featuredImage: null, images: [], html: "<p>x</p>" }), null);
    expect(await wixAdapter.findExisting(ctx, post({ title: "A new title" }))).toMatchObject({ remoteId: live.remoteId, live: true });
  });

  test("a post over 400 KB is refused before sending", async () => {
    const { ctx } = await connected();
    const huge = `<p>${"word ".repeat(90_000)}</p>`;
    const error = await expectPublishError(wixAdapter.create(ctx, post({ html: huge, images: [], featuredImage: null }), null), "invalid");
    expect(error.message).toContain("400 KB");
  });
});

describe("failures map to the right kinds", () => {
  test("an expired token is minted again once on 401", async () => {
    const { ctx, logs } = await connected();
    fake.expireTokens();
    expect(await wixAdapter.read(ctx, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(logs.some((l) => l.includes("token_remint"))).toBe(true);
    // One token at install (reused by connect), one after the 401.
    expect(fake.requests().filter((r) => r.path === "/oauth2/token")).toHaveLength(2);
    expect(fake.requests().every((r) => !JSON.stringify(r).includes("OauthNG"))).toBe(true);
  });

  test("401 twice is auth; 403 config; 429 rate_limit with Retry-After; 5xx, timeout and malformed are transient; 400 invalid", async () => {
    const { ctx } = await connected();
    const id = "00000000-0000-4000-8000-000000000000";
    fake.fail({ status: 401, path: "/blog/", count: 2 });
    expect((await expectPublishError(wixAdapter.read(ctx, id), "auth")).message).toContain("Reconnect Wix");
    fake.fail({ status: 403, path: "/blog/" });
    await expectPublishError(wixAdapter.read(ctx, id), "config");
    fake.fail({ status: 429, headers: { "Retry-After": "7" }, path: "/blog/" });
    expect((await expectPublishError(wixAdapter.read(ctx, id), "rate_limit")).retryAfterMs).toBe(7000);
    fake.fail({ status: 503, path: "/blog/" });
    await expectPublishError(wixAdapter.read(ctx, id), "transient");
    fake.fail({ status: "malformed", path: "/blog/" });
    await expectPublishError(wixAdapter.read(ctx, id), "transient");
    fake.fail({ status: "timeout", path: "/blog/" });
    await expectPublishError(wixAdapter.read({ ...ctx, signal: AbortSignal.timeout(500) }, id), "transient");
    fake.fail({
      status: 400,
      path: "/blog/v3/draft-posts",
      body: { message: "Title too long", details: { applicationError: { code: "X", description: "Title too long" } } },
    });
    expect(
      (await expectPublishError(wixAdapter.create(ctx, post({ images: [], featuredImage: null, html: "<p>x</p>" }), null), "invalid"))
        .message,
    ).toContain("Title too long");
  });

  test("the fake's budget of 200 requests a minute answers 429 with Retry-After", async () => {
    const { ctx } = await connected();
    // Connecting already spent 2 of this minute's requests.
    fake.settings({ rateLimitPerMinute: 4 });
    const id = "00000000-0000-4000-8000-000000000000";
    await wixAdapter.read(ctx, id);
    await wixAdapter.read(ctx, id);
    const error = await expectPublishError(wixAdapter.read(ctx, id), "rate_limit");
    expect(error.retryAfterMs).toBeGreaterThan(0);
  });
});
