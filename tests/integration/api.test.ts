import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { revokeApiKey } from "#app/modules/api/keys.server";
import { API_RATE_LIMIT } from "#app/modules/api/router.server";
import { OPERATIONS } from "#app/modules/api/operations";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { api, makeApiKey } from "#tests/setup/api";
import { whileAiProviderConfigured } from "#tests/setup/ai-provider";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeTopic, makeUser, type TestUser } from "#tests/setup/factories";

/**
 * The Developer API (decision 045) through its resource route: bearer keys
 * (missing, unknown, revoked), one workspace's key never reaching another's
 * records, per-key rate limits with the IETF headers, validation errors with
 * field issues, and every endpoint.
 */

let db: DB;
let worker: ReturnType<typeof startWorker>;
let alice: TestUser;
let aliceKey: string;
let bob: TestUser;
let bobArticle: string;

beforeAll(async () => {
  db = await testDb();
  worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
  alice = await makeUser(db, { workspace: { name: "Alice's" } });
  aliceKey = (await makeApiKey(db, alice)).key;
  bob = await makeUser(db, { workspace: { name: "Bob's" } });
  bobArticle = await makeArticle(db, bob.siteId, { title: "Bob's secret plans" });
});

afterAll(async () => {
  await worker.stop();
});

describe("authentication", () => {
  it("refuses a request without a key, with 401 and the JSON error shape", async () => {
    const res = await api(null, "GET", "/articles");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: "unauthorized", message: expect.stringContaining("Bearer") } });
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
  });

  it("refuses unknown keys and other schemes", async () => {
    expect((await api("ink_live_not-a-real-key", "GET", "/articles")).json.error.code).toBe("unauthorized");
    expect((await api("nonsense", "GET", "/articles")).status).toBe(401);
    expect((await api(null, "GET", "/articles", undefined, { Authorization: `Basic ${aliceKey}` })).status).toBe(401);
  });

  it("refuses a revoked key on the very next request", async () => {
    const { key, id } = await makeApiKey(db, alice);
    expect((await api(key, "GET", "/articles")).status).toBe(200);
    expect(await revokeApiKey(db, { workspaceId: alice.workspaceId, userId: alice.userId, ip: null }, id)).toBe(true);
    const res = await api(key, "GET", "/articles");
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/revoked/);
  });

  it("cannot revoke another workspace's key", async () => {
    const { key, id } = await makeApiKey(db, alice);
    expect(await revokeApiKey(db, { workspaceId: bob.workspaceId, userId: bob.userId, ip: null }, id)).toBe(false);
    expect((await api(key, "GET", "/articles")).status).toBe(200);
  });

  it("never reads the session cookie", async () => {
    const res = await api(null, "GET", "/articles", undefined, { Cookie: alice.cookie });
    expect(res.status).toBe(401);
  });

  it("records when a key was last used, at most once a minute", async () => {
    const { key, id } = await makeApiKey(db, alice);
    const lastUsed = async () =>
      (await db.selectFrom("api_keys").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow()).last_used_at;
    expect(await lastUsed()).toBeNull();
    await api(key, "GET", "/topics");
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await api(key, "GET", "/topics");
    expect(await lastUsed()).toBe(first);
    await db.updateTable("api_keys").set({ last_used_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    await api(key, "GET", "/topics");
    expect(await lastUsed()).not.toBe("2020-01-01T00:00:00.000Z");
  });
});

describe("tenant isolation", () => {
  it("never lists or reads another workspace's records", async () => {
    const list = await api(aliceKey, "GET", "/articles");
    expect(list.status).toBe(200);
    expect(list.json.data.map((a: { id: string }) => a.id)).not.toContain(bobArticle);
    for (const [method, path, body] of [
      ["GET", `/articles/${bobArticle}`],
      ["PATCH", `/articles/${bobArticle}`, { title: "Mine now" }],
      ["DELETE", `/articles/${bobArticle}`],
      ["GET", `/articles/${bobArticle}/publications`],
      ["POST", `/articles/${bobArticle}/publications`, {}],
    ] as const) {
      const res = await api(aliceKey, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    const article = await db.selectFrom("articles").select("title").where("id", "=", bobArticle).executeTakeFirstOrThrow();
    expect(article.title).toBe("Bob's secret plans");
  });

  it("refuses another workspace's site, connection, topic and generation ids", async () => {
    expect((await api(aliceKey, "GET", `/articles?site_id=${bob.siteId}`)).status).toBe(404);
    expect((await api(aliceKey, "GET", `/topics?site_id=${bob.siteId}`)).json.error.code).toBe("not_found");
    const bobConnection = await db.selectFrom("cms_connections").select("id").where("site_id", "=", bob.siteId).executeTakeFirstOrThrow();
    const mine = await api(aliceKey, "POST", "/articles", { title: "Mine" });
    const publish = await api(aliceKey, "POST", `/articles/${mine.json.id}/publications`, { connection_id: bobConnection.id });
    expect(publish.status).toBe(404);
    const bobTopic = await makeTopic(db, bob.siteId);
    const withTopic = await api(aliceKey, "POST", "/articles", { title: "T", topic_id: bobTopic });
    expect(withTopic.status).toBe(400);
    expect(withTopic.json.error.issues).toEqual([{ path: "body.topic_id", message: "No such topic on this site" }]);
    const bobKey = (await makeApiKey(db, bob)).key;
    const generation = await api(bobKey, "POST", "/generations", { keyword: "bob's keyword" });
    expect(generation.status).toBe(202);
    expect((await api(aliceKey, "GET", `/generations/${generation.json.id}`)).status).toBe(404);
  });

  it("keeps a key limited to one site on that site", async () => {
    const carol = await makeUser(db);
    const second = await db
      .insertInto("sites")
      .values({
        id: crypto.randomUUID(),
        workspace_id: carol.workspaceId,
        name: "Second site",
        slug: `second-${Date.now()}`,
        created_at: "2099-01-01T00:00:00.000Z",
        updated_at: "2099-01-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await makeArticle(db, second.id, { title: "On the second site" });
    const wide = (await makeApiKey(db, carol)).key;
    const narrow = (await makeApiKey(db, carol, second.id)).key;
    // A workspace key defaults to the first site and may name any site of its workspace.
    expect((await api(wide, "GET", "/articles")).json.data).toEqual([]);
    expect((await api(wide, "GET", `/articles?site_id=${second.id}`)).json.data[0].title).toBe("On the second site");
    expect((await api(wide, "GET", "/sites")).json.data).toHaveLength(2);
    // A site key sees its site only.
    expect((await api(narrow, "GET", "/articles")).json.data[0].title).toBe("On the second site");
    expect((await api(narrow, "GET", "/sites")).json.data.map((s: { id: string }) => s.id)).toEqual([second.id]);
    const other = await api(narrow, "GET", `/articles?site_id=${carol.siteId}`);
    expect(other.status).toBe(403);
    expect(other.json.error.code).toBe("forbidden");
  });
});

describe("rate limits", () => {
  it("reports the key's quota in RateLimit headers and answers 429 with Retry-After past it", async () => {
    const { key } = await makeApiKey(db, alice);
    const first = await api(key, "GET", "/topics");
    expect(first.headers.get("RateLimit-Policy")).toBe(`"default";q=${API_RATE_LIMIT.points};w=${API_RATE_LIMIT.duration}`);
    expect(first.headers.get("RateLimit")).toMatch(new RegExp(`^"default";r=${API_RATE_LIMIT.points - 1};t=\\d+$`));
    for (let i = 1; i < API_RATE_LIMIT.points; i++) await api(key, "GET", "/topics");
    const over = await api(key, "GET", "/topics");
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("rate_limited");
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(over.headers.get("RateLimit")).toMatch(/^"default";r=0;t=\d+$/);
    // Limits are per key: another key of the same workspace is not held back.
    expect((await api(aliceKey, "GET", "/topics")).status).toBe(200);
  });
});

describe("validation", () => {
  it("answers 400 validation_error with one issue per field", async () => {
    const res = await api(aliceKey, "POST", "/articles", { title: "", tone: "x", meta_description: 5 });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    const paths = res.json.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["body.title", "body.meta_description", "body"]));
  });

  it("checks query parameters, JSON and the content type", async () => {
    expect((await api(aliceKey, "GET", "/articles?page=0&status=weird")).json.error.issues.map((i: { path: string }) => i.path)).toEqual([
      "query.status",
      "query.page",
    ]);
    const broken = await api(aliceKey, "POST", "/articles", "{not json");
    expect(broken.json.error).toMatchObject({
      code: "validation_error",
      issues: [{ path: "body", message: "The body is not valid JSON" }],
    });
    const form = await api(aliceKey, "POST", "/articles", "title=x", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(400);
    expect(
      (await api(aliceKey, "PATCH", `/articles/${(await api(aliceKey, "POST", "/articles", { title: "P" })).json.id}`, {})).status,
    ).toBe(400);
  });

  it("answers unknown paths and methods with JSON errors", async () => {
    const missing = await api(aliceKey, "GET", "/nope");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
    const method = await api(aliceKey, "PUT", "/articles");
    expect(method.status).toBe(405);
    expect(method.headers.get("Allow")).toBe("GET, POST");
  });
});

describe("endpoints", () => {
  it("creates, lists, reads, updates and deletes articles", async () => {
    const topic = await makeTopic(db, alice.siteId, { name: "Brewing" });
    const created = await api(aliceKey, "POST", "/articles", {
      title: "Cold brew at home",
      content_html: "<h2>Beans</h2><p>Coarse grind.</p><script>alert(1)</script>",
      target_keyword: "cold brew",
      topic_id: topic,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      title: "Cold brew at home",
      slug: "cold-brew-at-home",
      status: "draft",
      source: "manual",
      topic_id: topic,
    });
    expect(created.json.content_html).not.toContain("<script");
    const id = created.json.id as string;

    const list = await api(aliceKey, "GET", "/articles?q=cold&per_page=5");
    expect(list.json).toMatchObject({ page: 1, total: 1 });
    expect(list.json.data[0]).not.toHaveProperty("content_html");

    expect((await api(aliceKey, "GET", `/articles/${id}`)).json.content_html).toContain("Coarse grind");
    const updated = await api(aliceKey, "PATCH", `/articles/${id}`, { meta_description: "Four steps.", topic_id: null });
    expect(updated.json).toMatchObject({ meta_description: "Four steps.", topic_id: null, title: "Cold brew at home" });

    const deleted = await api(aliceKey, "DELETE", `/articles/${id}`);
    expect(deleted.status).toBe(204);
    expect((await api(aliceKey, "GET", `/articles/${id}`)).status).toBe(404);
  });

  it("starts a generation, reports progress, and counts the offline writer's draft against nothing", async () => {
    const dave = await makeUser(db);
    const key = (await makeApiKey(db, dave)).key;
    const started = await api(key, "POST", "/generations", { keyword: "pour over coffee", tone: "casual", word_count: 500 });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ status: "running", keyword: "pour over coffee" });
    const generating = await api(key, "GET", `/articles/${started.json.article_id}`);
    expect(generating.json.status).toBe("generating");
    expect((await api(key, "PATCH", `/articles/${started.json.article_id}`, { title: "x" })).json.error.code).toBe("conflict");
    const workspace = await db
      .selectFrom("workspaces")
      .select("trial_articles_used")
      .where("id", "=", dave.workspaceId)
      .executeTakeFirstOrThrow();
    expect(workspace.trial_articles_used).toBe(0);
    let generation = started.json;
    for (let i = 0; i < 600 && generation.status === "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      generation = (await api(key, "GET", `/generations/${started.json.id}`)).json;
    }
    expect(generation.status).toBe("succeeded");
    expect(generation.progress).toBe(100);
    const article = await api(key, "GET", `/articles/${started.json.article_id}`);
    expect(article.json.status).toBe("draft");
    // Without research the offline writer writes only a few honest words, never filler.
    expect(article.json.word_count).toBeGreaterThan(0);
  });

  it("answers 422 quota_exceeded when the plan allows no more AI articles", async () => {
    const erin = await makeUser(db, { workspace: { trial_articles_used: 3 } });
    const key = (await makeApiKey(db, erin)).key;
    const res = await whileAiProviderConfigured(() => api(key, "POST", "/generations", { keyword: "too many" }));
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("quota_exceeded");
    expect(await db.selectFrom("articles").select("id").where("site_id", "=", erin.siteId).execute()).toEqual([]);
  });

  it("publishes to the hosted blog and lists the publication", async () => {
    const created = await api(aliceKey, "POST", "/articles", { title: "Hosted post", content_html: "<p>Hello readers.</p>" });
    const connections = await api(aliceKey, "GET", "/connections");
    const hosted = connections.json.data.find((c: { platform: string }) => c.platform === "hosted");
    expect(hosted).toMatchObject({ status: "connected", is_default: true });
    expect(JSON.stringify(connections.json)).not.toMatch(/credentials/);
    const queued = await api(aliceKey, "POST", `/articles/${created.json.id}/publications`, { connection_id: hosted.id });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ connection_id: hosted.id, mode: "live", status_text: "Publishing to your hosted blog…" });
    let publications = (await api(aliceKey, "GET", `/articles/${created.json.id}/publications`)).json.data;
    for (let i = 0; i < 100 && publications[0].status !== "published"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      publications = (await api(aliceKey, "GET", `/articles/${created.json.id}/publications`)).json.data;
    }
    expect(publications).toEqual([
      expect.objectContaining({ status: "published", status_text: "Live on your hosted blog", remote_url: expect.stringContaining("/b/") }),
    ]);
    const past = await api(aliceKey, "POST", `/articles/${created.json.id}/publications`, { schedule_at: "2020-01-01T00:00:00Z" });
    expect(past.json.error).toMatchObject({ code: "validation_error", issues: [{ path: "body.schedule_at" }] });
  });

  it("lists topics and plan items", async () => {
    const frank = await makeUser(db);
    const key = (await makeApiKey(db, frank)).key;
    const topic = await makeTopic(db, frank.siteId, { name: "Espresso", keywords: JSON.stringify(["crema"]) });
    const topics = await api(key, "GET", "/topics");
    expect(topics.json.data).toEqual([expect.objectContaining({ id: topic, name: "Espresso", keywords: ["crema"], article_count: 0 })]);
    for (const [date, keyword] of [
      ["2026-12-02", "second"],
      ["2026-12-01", "first"],
      ["2027-01-05", "later"],
    ] as const)
      await db
        .insertInto("plan_items")
        .values({ id: crypto.randomUUID(), site_id: frank.siteId, date, keyword, created_at: new Date().toISOString() })
        .execute();
    const all = await api(key, "GET", "/plan-items");
    expect(all.json.data.map((p: { keyword: string }) => p.keyword)).toEqual(["first", "second", "later"]);
    const december = await api(key, "GET", "/plan-items?from=2026-12-01&to=2026-12-31");
    expect(december.json.data.map((p: { keyword: string }) => p.keyword)).toEqual(["first", "second"]);
    expect((await api(key, "GET", "/plan-items?from=december")).json.error.issues[0].path).toBe("query.from");
  });

  it("serves the OpenAPI document without a key, listing every operation", async () => {
    const res = await api(null, "GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    const operationIds = Object.values(res.json.paths as Record<string, Record<string, { operationId: string }>>).flatMap((methods) =>
      Object.values(methods).map((m) => m.operationId),
    );
    expect(operationIds.sort()).toEqual(Object.keys(OPERATIONS).sort());
    expect(res.json.components.schemas.Article.properties.content_html).toBeDefined();
    expect(res.json.paths["/articles"].post.requestBody.content["application/json"].schema.required).toEqual(["title"]);
  });
});
