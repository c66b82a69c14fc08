import { Client } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { notionAdapter } from "#app/modules/publishing/platforms/notion/adapter.server";
import { type NotionMapping } from "#app/modules/publishing/platforms/notion/client.server";
import { PublishError, type AdapterContext, type ConnectResult, type MediaFile, type PostInput } from "#app/modules/publishing/types";
import { startNotionFake, type NotionFake } from "#tests/fakes/notion";

let fake: NotionFake;
let connection: ConnectResult;
const logs: string[] = [];

type FakePost = {
  id: string;
  inTrash: boolean;
  properties: Record<string, unknown>;
  blockCount: number;
  body: Array<{ type: string; depth: number; text: string; url?: string }>;
  media: string[];
};

async function control(path: string, body?: unknown) {
  const response = await fetch(`${fake.url}/__fake/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  return response.json() as Promise<unknown>;
}
const posts = () => control("posts") as Promise<FakePost[]>;
const requests = () => control("requests") as Promise<Array<{ method: string; path: string; headers: Record<string, string> }>>;
const failNext = (failure: Record<string, unknown>) => control("fail-next", failure);

function baseCtx(signal = AbortSignal.timeout(15_000)) {
  return {
    connectionId: "conn_1",
    siteId: "site_1",
    siteUrl: "https://www.notion.so",
    correlationId: "abcd1234",
    signal,
    async log(level: "info" | "warn" | "error", stage: string, detail: string) {
      logs.push(`${level} ${stage} ${detail}`);
    },
  };
}

function ctx(overrides: Partial<AdapterContext> = {}): AdapterContext {
  return {
    ...baseCtx(),
    config: connection.config,
    credentials: connection.credentials,
    async saveCredentials() {},
    ...overrides,
  };
}

function image(name: string): MediaFile {
  return {
    localPath: `/uploads/articles/${name}`,
    publicUrl: `https://app.inkpilot.example/uploads/articles/${name}`,
    filename: name,
    mimeType: "image/png",
    bytes: Buffer.from("png"),
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
      '<img src="https://app.inkpilot.example/uploads/articles/a.png" alt="A">' +
      "<table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>Pour over</td><td>3 min</td></tr></tbody></table>" +
      '<figure><img src="https://app.inkpilot.example/uploads/articles/b.png" alt="B"><figcaption>Cup</figcaption></figure>' +
      '<ul><li>One<ul><li>Nested</li></ul></li></ul><p>See <a href="https://example.org/more">more</a>.</p>',
    markdown: "",
    excerpt: "Brewing basics.",
    metaTitle: "Brew coffee | Blog",
    metaDescription: "A short guide to brewing coffee at home.",
    keyword: "brew coffee",
    tags: ["coffee", "how, to"],
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

beforeAll(async () => {
  fake = await startNotionFake();
  process.env.NOTION_API_URL = fake.url;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
});

afterAll(async () => {
  await fake.close();
  delete process.env.NOTION_API_URL;
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});

beforeEach(async () => {
  await control("reset", {});
  logs.length = 0;
  connection = await notionAdapter.connect({ siteUrl: "", secret: fake.token, options: { database: fake.databaseUrl } }, baseCtx());
});

describe("connect", () => {
  it("reads the data source and maps properties by type and name", async () => {
    expect(connection.credentials).toEqual({ token: fake.token });
    expect(connection.name).toBe("Blog posts");
    const config = connection.config as { databaseId: string; dataSourceId: string; mapping: NotionMapping; notionVersion: string };
    expect(config.databaseId).toBe(fake.databaseId);
    expect(config.dataSourceId).toBe(fake.dataSourceId);
    expect(config.notionVersion).toBe("2026-03-11");
    expect(config.mapping.title.name).toBe("Name");
    expect(config.mapping.summary?.name).toBe("Summary");
    expect(config.mapping.tags?.name).toBe("Tags");
    expect(config.mapping.date?.name).toBe("Published");
    expect(config.mapping.marker).toMatchObject({ name: "Inkpilot ID", type: "rich_text" });
    expect(config.mapping.status).toMatchObject({ name: "Status", type: "status", draft: "Draft", published: "Published" });
    const sent = await requests();
    expect(sent.every((r) => r.headers["notion-version"] === "2026-03-11")).toBe(true);
    expect(JSON.stringify(sent)).not.toContain(fake.token);
  });

  it("accepts a bare database id", async () => {
    const result = await notionAdapter.connect(
      { siteUrl: "", secret: fake.token, options: { database: fake.databaseId.replace(/-/g, "") } },
      baseCtx(),
    );
    expect((result.config as { dataSourceId: string }).dataSourceId).toBe(fake.dataSourceId);
  });

  it("asks for a token, refuses a wrong one, and explains a database not shared with the integration", async () => {
    const empty = await expectPublishError(
      notionAdapter.connect({ siteUrl: "", secret: " ", options: { database: fake.databaseUrl } }, baseCtx()),
      "config",
    );
    expect(empty.message).toBe("Please enter an access token.");
    const wrong = await expectPublishError(
      notionAdapter.connect({ siteUrl: "", secret: "ntn_wrong", options: { database: fake.databaseUrl } }, baseCtx()),
      "auth",
    );
    expect(wrong.message).toMatch(/did not accept this token/);
    const notShared = await expectPublishError(
      notionAdapter.connect(
        {
          siteUrl: "",
          secret: fake.token,
          options: { database: `https://www.notion.so/x/Other-${fake.unsharedDatabaseId.replace(/-/g, "")}` },
        },
        baseCtx(),
      ),
      "config",
    );
    expect(notShared.message).toMatch(/Connections/);
    await expectPublishError(
      notionAdapter.connect({ siteUrl: "", secret: fake.token, options: { database: "https://example.com/nothing" } }, baseCtx()),
      "config",
    );
    const noLink = await expectPublishError(notionAdapter.connect({ siteUrl: "", secret: fake.token, options: {} }, baseCtx()), "config");
    expect(noLink.message).toContain("Blog posts");
  });
});

describe("doctor", () => {
  it("passes on a shared database with marker and status", async () => {
    const checks = await notionAdapter.doctor(ctx());
    const states = Object.fromEntries(checks.map((c) => [c.id, c.state]));
    expect(states).toMatchObject({ token: "pass", shared: "pass", data_source: "pass", title: "pass", marker: "pass", status: "pass" });
    expect(checks.some((c) => c.state === "fail")).toBe(false);
  });

  it("fails a revoked token and a database no longer shared, with the fix", async () => {
    const revoked = await notionAdapter.doctor(ctx({ credentials: { token: "ntn_revoked" } }));
    expect(revoked.find((c) => c.id === "token")).toMatchObject({ state: "fail" });
    await control("configure", { shared: false });
    const unshared = await notionAdapter.doctor(ctx());
    const shared = unshared.find((c) => c.id === "shared")!;
    expect(shared.state).toBe("fail");
    expect(shared.fix).toMatch(/••• .*Connections/);
  });

  it("warns without a marker property or a status property", async () => {
    await control("configure", { marker: "none", status: "none" });
    const checks = await notionAdapter.doctor(ctx());
    expect(checks.find((c) => c.id === "marker")).toMatchObject({ state: "warn" });
    expect(checks.find((c) => c.id === "marker")!.detail).toMatch(/same title/);
    expect(checks.find((c) => c.id === "status")).toMatchObject({ state: "warn" });
  });
});

describe("publishing", () => {
  it("creates a draft page with properties, table, images and links, then updates the same page", async () => {
    const featured = await notionAdapter.uploadMedia(ctx(), image("a.png"));
    expect(featured.url).toBe("https://app.inkpilot.example/uploads/articles/a.png");
    const created = await notionAdapter.create(ctx(), post(), featured);
    expect(created.live).toBe(false);
    expect(created.status).toBe("Draft");
    expect(created.url).toMatch(/^https:\/\/www\.notion\.so\/how-to-brew-coffee-/);

    let [page, ...others] = await posts();
    expect(others).toHaveLength(0);
    expect(page!.properties).toMatchObject({
      Name: "How to brew coffee",
      Summary: "A short guide to brewing coffee at home.",
      Tags: ["coffee", "how to"],
      Status: "Draft",
      "Inkpilot ID": "pub_123",
      Published: null,
    });
    expect(page!.media).toEqual([
      "https://app.inkpilot.example/uploads/articles/a.png",
      "https://app.inkpilot.example/uploads/articles/b.png",
    ]);
    expect(page!.body.map((b) => b.type)).toEqual([
      "heading_2",
      "paragraph",
      "image",
      "table",
      "table_row",
      "table_row",
      "image",
      "bulleted_list_item",
      "bulleted_list_item",
      "paragraph",
    ]);
    expect(page!.body.find((b) => b.type === "table_row")?.text).toBe("Method | Time");

    // The links arrive as links: read the body back through the API.
    const client = new Client({ auth: fake.token, baseUrl: fake.url, notionVersion: "2026-03-11", retry: false });
    const blocks = await client.blocks.children.list({ block_id: created.remoteId });
    const paragraph = blocks.results.find((b) => "type" in b && b.type === "paragraph") as {
      paragraph: { rich_text: Array<{ href: string | null }> };
    };
    expect(paragraph.paragraph.rich_text.map((r) => r.href)).toContain("https://example.com/beans");

    const updated = await notionAdapter.update(
      ctx(),
      { remoteId: created.remoteId, version: null },
      post({ title: "How to brew better coffee", html: "<p>Shorter body.</p>", mode: "live" }),
      null,
    );
    expect(updated.remoteId).toBe(created.remoteId);
    expect(updated.status).toBe("Published");
    [page, ...others] = await posts();
    expect(others).toHaveLength(0);
    expect(page!.properties).toMatchObject({ Name: "How to brew better coffee", Status: "Published" });
    expect(page!.properties.Published).toEqual(expect.any(String));
    expect(page!.body).toEqual([{ type: "paragraph", depth: 0, text: "Shorter body." }]);

    const read = await notionAdapter.read(ctx(), created.remoteId);
    expect(read).toMatchObject({ remoteId: created.remoteId, status: "Published", live: false });
  });

  it("sends more than 100 blocks in batches and splits a paragraph over 2,000 characters", async () => {
    const long = "x".repeat(4500);
    const html = `<p>${long}</p>${Array.from({ length: 249 }, (_, i) => `<p>Paragraph ${i}</p>`).join("")}`;
    await notionAdapter.create(ctx(), post({ html }), null);
    const [page] = await posts();
    expect(page!.blockCount).toBe(250);
    expect(page!.body[0]!.text).toBe(long);
    expect(page!.body.at(-1)!.text).toBe("Paragraph 248");
    const sent = (await requests()).filter((r) => r.method !== "GET");
    expect(sent.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ":id")}`)).toEqual([
      "POST /v1/pages",
      "PATCH /v1/blocks/:id/children",
      "PATCH /v1/blocks/:id/children",
    ]);
  });

  it("replaces a long body on update", async () => {
    const html = Array.from({ length: 150 }, (_, i) => `<p>Old ${i}</p>`).join("");
    const created = await notionAdapter.create(ctx(), post({ html }), null);
    await notionAdapter.update(
      ctx(),
      { remoteId: created.remoteId, version: null },
      post({ html: Array.from({ length: 120 }, (_, i) => `<p>New ${i}</p>`).join("") }),
      null,
    );
    const [page] = await posts();
    expect(page!.blockCount).toBe(120);
    expect(page!.body.every((b) => b.text.startsWith("New"))).toBe(true);
  });

  it("finds the page after a create whose answer was lost: exactly one remote page", async () => {
    expect(await notionAdapter.findExisting(ctx(), post())).toBeNull();
    await failNext({ mode: "lose-response", path: "/v1/pages", method: "POST" });
    await expectPublishError(notionAdapter.create(ctx(), post(), null), "transient");
    const found = await notionAdapter.findExisting(ctx(), post());
    expect(found).not.toBeNull();
    const all = await posts();
    expect(all).toHaveLength(1);
    expect(found!.remoteId).toBe(all[0]!.id);
    // Another article's publication is not taken for this one.
    expect(await notionAdapter.findExisting(ctx(), post({ publicationId: "pub_other" }))).toBeNull();
  });

  it("finishes a page whose body append failed: the retry finds it and update writes the whole body", async () => {
    const html = Array.from({ length: 230 }, (_, i) => `<p>P ${i}</p>`).join("");
    await failNext({ status: 500, path: "/v1/blocks", method: "PATCH" });
    const error = await expectPublishError(notionAdapter.create(ctx(), post({ html }), null), "transient");
    expect(error.detail).toMatch(/incomplete \(batch 1\/2\)/);
    expect((await posts())[0]!.blockCount).toBe(100);
    const found = await notionAdapter.findExisting(ctx(), post({ html }));
    await notionAdapter.update(ctx(), { remoteId: found!.remoteId, version: null }, post({ html }), null);
    const all = await posts();
    expect(all).toHaveLength(1);
    expect(all[0]!.blockCount).toBe(230);
    expect(all[0]!.body.map((b) => b.text)).toEqual(Array.from({ length: 230 }, (_, i) => `P ${i}`));
  });

  it("waits out a short 429 inside a body write", async () => {
    const html = Array.from({ length: 120 }, (_, i) => `<p>P ${i}</p>`).join("");
    await failNext({ status: 429, path: "/v1/blocks", method: "PATCH", headers: { "Retry-After": "0" } });
    await notionAdapter.create(ctx(), post({ html }), null);
    expect((await posts())[0]!.blockCount).toBe(120);
  });

  it("falls back to a title match without a marker property, and says so", async () => {
    await control("configure", { marker: "none" });
    connection = await notionAdapter.connect({ siteUrl: "", secret: fake.token, options: { database: fake.databaseUrl } }, baseCtx());
    const created = await notionAdapter.create(ctx(), post(), null);
    const found = await notionAdapter.findExisting(ctx(), post());
    expect(found?.remoteId).toBe(created.remoteId);
    expect(logs.some((l) => l.includes("same title"))).toBe(true);
  });

  it("writes the marker to a URL property", async () => {
    await control("configure", { marker: "url", status: "select" });
    connection = await notionAdapter.connect({ siteUrl: "", secret: fake.token, options: { database: fake.databaseUrl } }, baseCtx());
    const created = await notionAdapter.create(ctx(), post(), null);
    expect(created.status).toBe("Draft");
    expect((await posts())[0]!.properties["Inkpilot ID"]).toBe("urn:inkpilot:publication:pub_123");
    expect((await notionAdapter.findExisting(ctx(), post()))?.remoteId).toBe(created.remoteId);
  });

  it("reads a trashed or deleted page as gone, and an update of it as not_found", async () => {
    const created = await notionAdapter.create(ctx(), post(), null);
    const client = new Client({ auth: fake.token, baseUrl: fake.url, notionVersion: "2026-03-11", retry: false });
    await client.pages.update({ page_id: created.remoteId, in_trash: true });
    expect(await notionAdapter.read(ctx(), created.remoteId)).toBeNull();
    await expectPublishError(notionAdapter.update(ctx(), { remoteId: created.remoteId, version: null }, post(), null), "not_found");
    expect(await notionAdapter.read(ctx(), "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("failures", () => {
  it("maps 401, 403, 429, 5xx, validation errors, timeouts and malformed answers", async () => {
    await failNext({ status: 401, path: "/v1/pages" });
    await expectPublishError(notionAdapter.create(ctx(), post(), null), "auth");
    await failNext({ status: 403, path: "/v1/pages" });
    await expectPublishError(notionAdapter.create(ctx(), post(), null), "config");
    await failNext({ status: 429, path: "/v1/pages", headers: { "Retry-After": "7" } });
    const limited = await expectPublishError(notionAdapter.create(ctx(), post(), null), "rate_limit");
    expect(limited.retryAfterMs).toBe(7000);
    await failNext({ status: 503, path: "/v1/pages" });
    await expectPublishError(notionAdapter.create(ctx(), post(), null), "transient");
    await failNext({
      status: 400,
      path: "/v1/pages",
      body: { object: "error", status: 400, code: "validation_error", message: "body failed validation." },
    });
    await expectPublishError(notionAdapter.create(ctx(), post(), null), "invalid");
    await failNext({ mode: "malformed", path: "/v1/pages" });
    await expectPublishError(notionAdapter.create(ctx(), post(), null), "transient");
    await failNext({ mode: "timeout", path: "/v1/pages" });
    await expectPublishError(notionAdapter.create(ctx({ signal: AbortSignal.timeout(800) }), post(), null), "transient");
    expect(await posts()).toHaveLength(0);
  });

  it("reports a property removed since connecting as a configuration problem", async () => {
    await control("configure", { status: "none" });
    const error = await expectPublishError(notionAdapter.create(ctx(), post(), null), "config");
    expect(error.fix).toMatch(/Check again|reconnect/);
  });
});

describe("the fake", () => {
  it("speaks Notion's protocol where the adapter does not go", async () => {
    const missing = await fetch(`${fake.url}/v1/users/me`, { headers: { Authorization: `Bearer ${fake.token}` } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ object: "error", code: "missing_version" });

    const headers = { Authorization: `Bearer ${fake.token}`, "Notion-Version": "2026-03-11", "Content-Type": "application/json" };
    const paragraph = { type: "paragraph", paragraph: { rich_text: [{ type: "text", text: { content: "a" } }] } };
    const create = (body: unknown) => fetch(`${fake.url}/v1/pages`, { method: "POST", headers, body: JSON.stringify(body) });
    const parent = { type: "data_source_id", data_source_id: fake.dataSourceId };
    const title = { Name: { title: [{ type: "text", text: { content: "T" } }] } };
    const tooMany = await create({ parent, properties: title, children: Array.from({ length: 101 }, () => paragraph) });
    expect(await tooMany.json()).toMatchObject({ status: 400, code: "validation_error" });
    const both = await create({ parent, properties: title, children: [paragraph], markdown: "# Hi" });
    expect(both.status).toBe(400);
    const longText = await create({
      parent,
      properties: title,
      children: [{ type: "paragraph", paragraph: { rich_text: [{ type: "text", text: { content: "y".repeat(2001) } }] } }],
    });
    expect(((await longText.json()) as { message: string }).message).toMatch(/2000/);
    const unknown = await create({ parent, properties: { ...title, Nope: { rich_text: [] } } });
    expect(((await unknown.json()) as { message: string }).message).toMatch(/Nope is not a property/);

    const search = await fetch(`${fake.url}/v1/search`, {
      method: "POST",
      headers,
      body: JSON.stringify({ filter: { property: "object", value: "data_source" } }),
    });
    expect(((await search.json()) as { results: Array<{ id: string }> }).results.map((r) => r.id)).toEqual([fake.dataSourceId]);

    // OAuth: authorize redirects back with a code, the token exchange wants Basic auth.
    const authorize = await fetch(
      `${fake.url}/v1/oauth/authorize?client_id=${fake.oauth.clientId}&response_type=code&owner=user&redirect_uri=${encodeURIComponent("http://app.test/cb")}&state=s1`,
      { redirect: "manual" },
    );
    const back = new URL(authorize.headers.get("location")!);
    expect(back.searchParams.get("state")).toBe("s1");
    const client = new Client({ baseUrl: fake.url, retry: false, logger: () => {} });
    await expect(
      client.oauth.token({
        client_id: fake.oauth.clientId,
        client_secret: "wrong",
        grant_type: "authorization_code",
        code: back.searchParams.get("code")!,
        redirect_uri: "http://app.test/cb",
      }),
    ).rejects.toMatchObject({ status: 401 });
    const granted = await client.oauth.token({
      client_id: fake.oauth.clientId,
      client_secret: fake.oauth.clientSecret,
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: "http://app.test/cb",
    });
    expect(granted).toMatchObject({ token_type: "bearer", bot_id: expect.any(String) });
    const me = await new Client({ auth: granted.access_token, baseUrl: fake.url, notionVersion: "2025-09-03", retry: false }).users.me({});
    expect(me.type).toBe("bot");
    expect(fake.hint).toContain("NOTION_API_URL=");
  });
});
