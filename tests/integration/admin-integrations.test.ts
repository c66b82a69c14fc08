import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { webhookSecretForDisplay } from "#app/modules/publishing/webhook-endpoint.server";
import { appCredentials, configKey } from "#app/modules/publishing/app-credentials.server";
import { connectPlatform } from "#app/modules/publishing/connect.server";
import { getConnectionForUse } from "#app/modules/publishing/connections.server";
import { createOAuthState } from "#app/modules/auth/oauth-states.server";
import { shopifySecrets, startShopifyInstall } from "#app/modules/publishing/platforms/shopify/oauth.server";
import * as integrations from "#app/routes/admin/integrations";
import * as settings from "#app/routes/admin/integration-settings";
import * as nuclear from "#app/routes/admin/nuclear-connect";
import * as shopifyDebug from "#app/routes/admin/shopify-debug";
import * as ping from "#app/routes/resources/ping";
import { testDb } from "#tests/setup/db";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, ORIGIN, post } from "#tests/setup/route-harness";

/**
 * The operators' publishing pages through their guards as
 * the router runs them: integration settings (audit, secrets never returned,
 * blank secret kept, environment wins), diagnostics (health check, test
 * publish, log, installs, OAuth states), Shopify debug and nuclear connect.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const callAdmin = <T = any>(request: Request, handler: (args: any) => unknown) =>
  callRoute<T>({ middleware: [requireAuth, requireOperator], handler, request });

const SHOPIFY_ENV = ["SHOPIFY_CLIENT_ID", "SHOPIFY_CLIENT_SECRET", "SHOPIFY_PREVIOUS_CLIENT_SECRET"] as const;

let db: DB;
let operator: TestUser;
let writer: TestUser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  for (const name of SHOPIFY_ENV) delete process.env[name];
  receiver = await startWebhookReceiver();
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${receiver.port}`;
  resetEnvForTests();
  db = await testDb();
  operator = await makeUser(db, { email: "ops@example.com", isOperator: true });
  writer = await makeUser(db, { email: "writer@example.com" });
});

afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await receiver.close();
});

const save = (fields: Record<string, string>, cookie = operator.cookie) =>
  callAdmin(post("/dashboard/admin/integration-settings", { intent: `save-${fields.provider}`, ...fields }, cookie), settings.action);
const loadSettings = async () =>
  (
    await callAdmin<Awaited<ReturnType<typeof settings.loader>>>(
      get("/dashboard/admin/integration-settings", operator.cookie),
      settings.loader,
    )
  ).data.providers;

describe("access", () => {
  it("sends signed-out visitors to /signin and refuses non-operators on every page", async () => {
    const out = await callAdmin(get("/dashboard/admin/integration-settings"), settings.loader);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toMatch(/^\/signin\?redirectTo=/);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const calls: Array<[Request, (args: any) => unknown]> = [
      [get("/dashboard/admin/integration-settings", writer.cookie), settings.loader],
      [
        post("/dashboard/admin/integration-settings", { intent: "save-shopify", provider: "shopify", clientId: "x" }, writer.cookie),
        settings.action,
      ],
      [get("/dashboard/admin/integrations", writer.cookie), integrations.loader],
      [post("/dashboard/admin/integrations", { intent: "health", connectionId: "x" }, writer.cookie), integrations.action],
      [get("/dashboard/admin/shopify-debug?shop=a.myshopify.com", writer.cookie), shopifyDebug.loader],
      [post("/dashboard/admin/shopify-debug", { shop: "a.myshopify.com" }, writer.cookie), shopifyDebug.action],
      [get("/dashboard/admin/nuclear-connect", writer.cookie), nuclear.loader],
    ];
    for (const [request, handler] of calls) {
      const denied = await callAdmin(request, handler);
      expect(denied.status).toBe(403);
      expect(await denied.response!.text()).toBe("Access Denied - You need admin privileges to access this page.");
    }
    expect(await db.selectFrom("app_config").selectAll().execute()).toEqual([]);
  });
});

describe("integration settings", () => {
  it("shows every app platform with its callback URL and nothing configured", async () => {
    const providers = await loadSettings();
    expect(providers.map((p) => [p.provider, p.redirectUri, p.source, p.hasClientId, p.hasClientSecret])).toEqual([
      ["wordpress_com", `${ORIGIN}/integrations/wordpress_com/callback`, "none", false, false],
      ["shopify", `${ORIGIN}/shopify/callback`, "none", false, false],
      ["wix", `${ORIGIN}/integrations/wix/callback`, "none", false, false],
    ]);
  });

  it("requires a client id", async () => {
    const result = await save({ provider: "wix", clientId: "  ", clientSecret: "a-secret-that-must-not-echo" });
    expect(result.status).toBe(400);
    expect(result.data.result.error.clientId).toEqual(["Client ID is required"]);
    expect(JSON.stringify(result.data)).not.toContain("a-secret-that-must-not-echo");
  });

  it("saves encrypted, audits without the secret, keeps the secret when left blank, and rotates the previous one", async () => {
    const first = await save({ provider: "shopify", clientId: "shop-client-1", clientSecret: "shopify-secret-one-0123456789" });
    expect(first.status).toBe(200);
    expect(first.data.notice).toEqual({ title: "Configuration updated successfully" });
    expect(JSON.stringify(first.data)).not.toContain("shopify-secret-one");

    const stored = await db.selectFrom("app_config").selectAll().where("key", "like", "app_credentials.shopify.%").execute();
    const secretRow = stored.find((r) => r.key === configKey("shopify", "client_secret"))!;
    expect(secretRow.is_secret).toBe(1);
    expect(secretRow.value).not.toContain("shopify-secret-one");
    expect(secretRow.updated_by).toBe(operator.userId);

    let shopify = (await loadSettings()).find((p) => p.provider === "shopify")!;
    expect(shopify).toMatchObject({
      source: "db",
      clientId: "shop-client-1",
      hasClientId: true,
      hasClientSecret: true,
      updatedByUserId: operator.userId,
      updatedByEmail: "ops@example.com",
    });
    expect(shopify.updatedAt).toBeTruthy();
    expect(JSON.stringify(await loadSettings())).not.toContain("shopify-secret-one");
    expect(await appCredentials(db, "shopify")).toEqual({
      clientId: "shop-client-1",
      clientSecret: "shopify-secret-one-0123456789",
      source: "db",
    });

    // Blank secret: the client id changes, the secret stays.
    await save({ provider: "shopify", clientId: "shop-client-2", clientSecret: "" });
    expect(await appCredentials(db, "shopify")).toEqual({
      clientId: "shop-client-2",
      clientSecret: "shopify-secret-one-0123456789",
      source: "db",
    });

    // A new secret: the old one still verifies what Shopify signed before the rotation.
    await save({ provider: "shopify", clientId: "shop-client-2", clientSecret: "shopify-secret-two-0123456789" });
    expect(await shopifySecrets(db)).toEqual(["shopify-secret-two-0123456789", "shopify-secret-one-0123456789"]);

    // Saving the same values again changes nothing and is not audited.
    await save({ provider: "shopify", clientId: "shop-client-2", clientSecret: "" });

    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "app_credentials.update").orderBy("id").execute();
    expect(audit.map((a) => [a.actor_id, a.target, JSON.parse(a.detail)])).toEqual([
      [
        operator.userId,
        "app_credentials:shopify",
        { provider: "shopify", clientId: "shop-client-1", clientIdChanged: true, secretChanged: true },
      ],
      [
        operator.userId,
        "app_credentials:shopify",
        { provider: "shopify", clientId: "shop-client-2", clientIdChanged: true, secretChanged: false },
      ],
      [
        operator.userId,
        "app_credentials:shopify",
        { provider: "shopify", clientId: "shop-client-2", clientIdChanged: false, secretChanged: true },
      ],
    ]);
    expect(audit.every((a) => a.ip === "203.0.113.7")).toBe(true);
    expect(JSON.stringify(audit)).not.toContain("shopify-secret");
    shopify = (await loadSettings()).find((p) => p.provider === "shopify")!;
    expect(shopify.savedClientId).toBe("shop-client-2");
  });

  it("the Shopify install uses the saved credentials", async () => {
    const started = await startShopifyInstall(db, {
      siteId: operator.siteId,
      userId: operator.userId,
      shop: "beans.myshopify.com",
      appUrl: ORIGIN,
    });
    expect(new URL(started.url).searchParams.get("client_id")).toBe("shop-client-2");
  });

  it("environment variables win over saved values, and the page says so", async () => {
    process.env.SHOPIFY_CLIENT_ID = "env-client";
    process.env.SHOPIFY_CLIENT_SECRET = "env-secret-0123456789abcdef";
    process.env.SHOPIFY_PREVIOUS_CLIENT_SECRET = "env-previous-secret";
    resetEnvForTests();
    try {
      const shopify = (await loadSettings()).find((p) => p.provider === "shopify")!;
      expect(shopify).toMatchObject({ source: "env", clientId: "env-client", savedClientId: "shop-client-2", hasClientSecret: true });
      expect(shopify.envVars).toEqual({ clientId: "SHOPIFY_CLIENT_ID", clientSecret: "SHOPIFY_CLIENT_SECRET" });
      expect(await shopifySecrets(db)).toEqual(["env-secret-0123456789abcdef", "env-previous-secret"]);
      expect(JSON.stringify(shopify)).not.toContain("env-secret");
    } finally {
      for (const name of SHOPIFY_ENV) delete process.env[name];
      resetEnvForTests();
    }
  });

  it("Test Connection: incomplete, malformed, then valid, saying what it checked", async () => {
    const test = async (provider: string) =>
      (
        await callAdmin(
          post("/dashboard/admin/integration-settings", { intent: `test-${provider}`, provider }, operator.cookie),
          settings.action,
        )
      ).data.test;
    expect(await test("wix")).toMatchObject({
      ok: false,
      title: "Failed to test connection",
      description: "Configuration incomplete - missing Client ID or Client Secret",
    });
    await save({ provider: "wordpress_com", clientId: "12345", clientSecret: "shpat_this-is-a-store-token" });
    const malformed = await test("wordpress_com");
    expect(malformed).toMatchObject({ ok: false, title: "Failed to test connection" });
    expect(malformed.description).toContain("not an access token");

    await save({ provider: "wordpress_com", clientId: "12345", clientSecret: "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuV" });
    const valid = await test("wordpress_com");
    expect(valid).toMatchObject({ ok: true, title: "WordPress.com OAuth configuration is valid" });
    expect(valid.description).toContain("only confirms the credentials during a real install");
    expect(JSON.stringify(valid)).not.toContain("a1B2c3D4");
  });
});

describe("publishing diagnostics", () => {
  let connectionId: string;

  beforeAll(async () => {
    const { connection } = await connectPlatform(db, { siteId: writer.siteId, userId: writer.userId }, "webhook", {
      siteUrl: receiver.endpoint,
      secret: "",
      options: {},
    });
    connectionId = connection.id;
    receiver.setSecret(webhookSecretForDisplay((await getConnectionForUse(db, writer.siteId, connectionId)).credentials)!);
  });

  const act = (fields: Record<string, string>) =>
    callAdmin(post("/dashboard/admin/integrations", fields, operator.cookie), integrations.action);

  it("lists every site's connections of a provider, without credentials", async () => {
    const page = await callAdmin(get("/dashboard/admin/integrations?provider=webhook", operator.cookie), integrations.loader);
    expect(page.data.provider).toBe("webhook");
    expect(page.data.connections.map((c: { id: string }) => c.id)).toEqual([connectionId]);
    expect(page.data.providers.map((p: { platform: string }) => p.platform)).toContain("wordpress");
    expect(JSON.stringify(page.data)).not.toMatch(/whsec_|credentials/);
  });

  it("health check: ok, then a failing receiver gives an error with an 8-character correlation id", async () => {
    const ok = await act({ intent: "health", connectionId });
    expect(ok.data.health).toMatchObject({ ok: true, error: null });
    expect(ok.data.health.correlationId).toMatch(/^[0-9a-f]{8}$/);

    receiver.failNext({ status: 500, count: 5 });
    const failed = await act({ intent: "health", connectionId });
    expect(failed.data.health.ok).toBe(false);
    expect(failed.data.health.error).toBeTruthy();
    const lines = await db.selectFrom("diag_logs").selectAll().where("correlation_id", "=", failed.data.health.correlationId).execute();
    expect(lines.map((l) => l.stage)).toContain("operator.health");
    receiver.reset();
    receiver.setSecret(webhookSecretForDisplay((await getConnectionForUse(db, writer.siteId, connectionId)).credentials)!);
  });

  it("test publish sends a marked draft without touching the customer's articles or publications", async () => {
    const before = receiver.requests().length;
    const result = await act({ intent: "test-publish", connectionId });
    expect(result.data.testPublish).toMatchObject({ ok: true, error: null });
    const { correlationId } = result.data.testPublish;
    expect(receiver.requests().length).toBeGreaterThan(before);
    expect(await db.selectFrom("publications").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("articles").selectAll().where("site_id", "=", writer.siteId).execute()).toEqual([]);

    const log = await callAdmin(get(`/dashboard/admin/integrations?cid=${correlationId}`, operator.cookie), integrations.loader);
    // Newest first: the adapter's own lines sit between the start and the end.
    const stages = log.data.logs.map((l: { stage: string }) => l.stage);
    expect(stages[0]).toBe("test_publish.done");
    expect(stages.at(-1)).toBe("test_publish.start");

    receiver.failNext({ status: 401, count: 3 });
    const failed = await act({ intent: "test-publish", connectionId });
    expect(failed.data.testPublish.ok).toBe(false);
    expect(failed.data.testPublish.error).toBeTruthy();
    const failedLog = await db
      .selectFrom("diag_logs")
      .selectAll()
      .where("correlation_id", "=", failed.data.testPublish.correlationId)
      .execute();
    expect(failedLog.map((l) => l.stage)).toContain("test_publish.failed");
  });

  it("the log filters by provider and correlation id, cuts details at 200 characters, and refuses an ill-formed id", async () => {
    const page = await callAdmin(get("/dashboard/admin/integrations?logProvider=webhook", operator.cookie), integrations.loader);
    expect(page.data.logs.length).toBeGreaterThan(0);
    expect(page.data.logs.every((l: { provider: string; detail: string }) => l.provider === "webhook" && l.detail.length <= 200)).toBe(
      true,
    );
    const ids = page.data.logs.map((l: { id: number }) => l.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const bad = await callAdmin(get("/dashboard/admin/integrations?cid=%25", operator.cookie), integrations.loader);
    expect(bad.data.logs).toEqual([]);
  });

  it("install records and OAuth states, the state only as a prefix", async () => {
    await db
      .insertInto("cms_installs")
      .values({
        id: "inst-1",
        provider: "shopify",
        external_id: "beans.myshopify.com",
        site_id: writer.siteId,
        scope: "write_content",
        created_at: new Date().toISOString(),
      })
      .execute();
    const { state } = await createOAuthState(db, { provider: "wix", siteId: writer.siteId, payload: {} });
    const page = await callAdmin(get("/dashboard/admin/integrations", operator.cookie), integrations.loader);
    expect(page.data.installs).toEqual([
      expect.objectContaining({ provider: "shopify", external_id: "beans.myshopify.com", scope: "write_content" }),
    ]);
    expect(page.data.oauthStates.count).toBeGreaterThanOrEqual(2);
    expect(page.data.oauthStates.states).toContainEqual(
      expect.objectContaining({ provider: "wix", state: `${state.slice(0, 6)}…`, expired: false }),
    );
    expect(JSON.stringify(page.data)).not.toContain(state);
  });
});

describe("Shopify debug", () => {
  it("reports installation, OAuth states and logs for a shop in the spec's shape", async () => {
    const page = await callAdmin(get("/dashboard/admin/shopify-debug?shop=Beans.myshopify.com", operator.cookie), shopifyDebug.loader);
    const debug = page.data.debug;
    expect(debug.shop).toBe("beans.myshopify.com");
    expect(debug.installation).toEqual({
      exists: true,
      details: { external_id: "beans.myshopify.com", created_at: expect.any(String), scope: "write_content" },
    });
    // The earlier install start for this shop (saved credentials test) left a state and an oauth_start line.
    expect(debug.oauth_states.count).toBe(1);
    expect(debug.oauth_states.states[0].state).toMatch(/^.{6}…$/);
    expect(debug.logs.entries).toContainEqual(
      expect.objectContaining({ stage: "oauth_start", level: "info", correlation_id: expect.stringMatching(/^[0-9a-f]{8}$/) }),
    );

    const bad = await callAdmin(get("/dashboard/admin/shopify-debug?shop=evil.com", operator.cookie), shopifyDebug.loader);
    expect(bad.data).toMatchObject({ debug: null, error: "Enter full shop domain like your-store.myshopify.com" });
  });

  it("Test OAuth Start builds the install URL without redirecting, or says why not", async () => {
    const started = await callAdmin(
      post("/dashboard/admin/shopify-debug", { shop: "beans.myshopify.com" }, operator.cookie),
      shopifyDebug.action,
    );
    expect(started.status).toBe(200);
    expect(started.data.oauthStart.ok).toBe(true);
    expect(new URL(started.data.oauthStart.url).pathname).toBe("/admin/oauth/authorize");
    const refused = await callAdmin(post("/dashboard/admin/shopify-debug", { shop: "nope" }, operator.cookie), shopifyDebug.action);
    expect(refused.status).toBe(400);
    expect(refused.data.oauthStart).toEqual({ ok: false, error: "Enter full shop domain like your-store.myshopify.com" });
  });
});

describe("nuclear connect and ping", () => {
  it("shows banners from the query parameters", async () => {
    const page = await callAdmin(
      get("/dashboard/admin/nuclear-connect?err=Boom&shopify=connected&connected=wix", operator.cookie),
      nuclear.loader,
    );
    expect(page.data).toEqual({ error: "Boom", connected: "wix", shopifyConnected: true, wixConnected: false });
  });

  it("ping answers ok from the server", async () => {
    const response = ping.loader();
    expect(await response.json()).toEqual({ ok: true, where: "server" });
  });
});
