import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { OutboundRequestError } from "#app/utils/http.server";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";
import { api, makeApiKey } from "#tests/setup/api";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { loadIntegrations, postIntegrations, until } from "#tests/setup/settings-tab";

/**
 * Outbound event webhooks (decision 047): endpoints added on the Integrations
 * tab receive article.generated, article.published and publication.failed,
 * signed per Standard Webhooks and verified by the official library in the fake
 * receiver; failures are retried under the same webhook-id; 'Send test'; 410
 * turns an endpoint off; other workspaces and editors cannot touch them.
 */

let db: DB;
let events: Awaited<ReturnType<typeof startWebhookReceiver>>;
let destination: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: ReturnType<typeof startWorker>;

beforeAll(async () => {
  db = await testDb();
  events = await startWebhookReceiver();
  destination = await startWebhookReceiver();
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${events.port},127.0.0.1:${destination.port}`;
  resetEnvForTests();
  worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
});
afterAll(async () => {
  await worker.stop();
  await events.close();
  await destination.close();
});

type Reply = { createdWebhook?: { secret: string }; result: { error?: Record<string, string[]> }; notice: { title: string } | null };
type Page = {
  integrations: {
    eventWebhooks: {
      canManage: boolean;
      endpoints: Array<{ id: string; url: string; events: string[]; enabled: boolean }>;
      deliveries: Array<{ eventType: string; status: string; attempts: number; responseStatus: number | null }>;
    };
  };
};

const send = (user: TestUser, fields: Array<[string, string]>) => postIntegrations<Reply>(user, fields);
const load = (user: TestUser) => loadIntegrations<Page>(user);

async function addWebhook(user: TestUser, url: string, types: string[]) {
  const res = await send(user, [["intent", "webhook-create"], ["url", url], ...types.map((t): [string, string] => ["events", t])]);
  expect(res.status).toBe(200);
  return res.data.createdWebhook!.secret;
}

describe("event webhooks", () => {
  it("checks the form: an https URL and at least one event", async () => {
    const owner = await makeUser(db);
    const insecure = await send(owner, [
      ["intent", "webhook-create"],
      ["url", "http://example.com/hook"],
      ["events", "article.generated"],
    ]);
    expect(insecure.status).toBe(400);
    expect(insecure.data.result.error?.url?.[0]).toMatch(/https/);
    const none = await send(owner, [
      ["intent", "webhook-create"],
      ["url", "https://example.com/hook"],
    ]);
    expect(none.data.result.error?.events).toEqual(["Choose at least one event"]);
    expect((await load(owner)).data.integrations.eventWebhooks.endpoints).toEqual([]);
  });

  // A private destination is refused when it is saved, with the words delivery would use (decision 052).
  it.each(["https://10.0.0.5/hook", "https://localhost/hook", "https://[::127.0.0.1]/hook", "https://[64:ff9b::a9fe:a9fe]/latest"])(
    "refuses %s when it is saved, with the SSRF guard's message, and saves nothing",
    async (url) => {
      const owner = await makeUser(db);
      const res = await send(owner, [
        ["intent", "webhook-create"],
        ["url", url],
        ["events", "article.generated"],
      ]);
      expect(res.status).toBe(400);
      expect(res.data.result.error?.url).toEqual([new OutboundRequestError("blocked_address", url).message]);
      expect(res.data.createdWebhook).toBeUndefined();
      expect(await db.selectFrom("webhook_endpoints").select("id").where("workspace_id", "=", owner.workspaceId).execute()).toEqual([]);
      expect(await db.selectFrom("audit_log").select("action").where("workspace_id", "=", owner.workspaceId).execute()).toEqual([]);
    },
  );

  it("signs article.generated and article.published; retries a failed delivery under the same id", async () => {
    const owner = await makeUser(db);
    const secret = await addWebhook(owner, events.endpoint, ["article.generated", "article.published"]);
    expect(secret).toMatch(/^whsec_/);
    events.setSecret(secret);
    const page = await load(owner);
    expect(page.data.integrations.eventWebhooks.endpoints).toEqual([
      expect.objectContaining({ events: ["article.generated", "article.published"], enabled: true }),
    ]);
    expect(JSON.stringify(page.data)).not.toContain(secret);

    // The first delivery attempt is answered 500; the retry carries the same webhook-id.
    events.failNext({ status: 500 });
    const { key } = await makeApiKey(db, owner);
    const started = await api(key, "POST", "/generations", { keyword: "espresso at home" });
    const generated = await until(
      () => events.posts().filter((p) => p.type === "article.generated"),
      (list) => list.length > 0,
    );
    expect(generated).toEqual([expect.objectContaining({ verified: true })]);
    const tries = events.requests().filter((r) => r.webhookId === generated[0]!.webhookId);
    expect(tries.map((r) => r.answered)).toEqual([500, 200]);
    expect(generated[0]!.payload.data).toMatchObject({
      article_id: started.json.article_id,
      site_id: owner.siteId,
      keyword: "espresso at home",
    });

    await api(key, "POST", `/articles/${started.json.article_id}/publications`, {});
    const published = await until(
      () => events.posts().filter((p) => p.type === "article.published"),
      (list) => list.length > 0,
    );
    expect(published[0]).toMatchObject({ verified: true, attempts: 1 });
    expect(published[0]!.payload.data).toMatchObject({
      article_id: started.json.article_id,
      platform: "hosted",
      url: expect.stringContaining("/b/"),
    });

    const log = (await load(owner)).data.integrations.eventWebhooks.deliveries;
    expect(log.map((d) => [d.eventType, d.status, d.attempts])).toEqual(
      expect.arrayContaining([
        ["article.generated", "succeeded", 2],
        ["article.published", "succeeded", 1],
      ]),
    );
  });

  it("sends publication.failed to the endpoints that asked for it, and 'Send test' to one", async () => {
    events.reset();
    const owner = await makeUser(db);
    const secret = await addWebhook(owner, events.endpoint, ["publication.failed"]);
    events.setSecret(secret);
    const connect = await send(owner, [
      ["intent", "connect"],
      ["platform", "webhook"],
      ["siteUrl", destination.endpoint],
      ["secret", destination.secret],
    ]);
    expect(connect.status).toBe(302);
    const hook = await db
      .selectFrom("cms_connections")
      .select("id")
      .where("site_id", "=", owner.siteId)
      .where("platform", "=", "webhook")
      .executeTakeFirstOrThrow();
    const { key } = await makeApiKey(db, owner);
    const article = await api(key, "POST", "/articles", { title: "Doomed post", content_html: "<p>x</p>" });
    destination.failNext({ status: 410 });
    await api(key, "POST", `/articles/${article.json.id}/publications`, { connection_id: hook.id });
    const failed = await until(
      () => events.posts().filter((p) => p.type === "publication.failed"),
      (list) => list.length > 0,
    );
    expect(failed[0]).toMatchObject({ verified: true });
    expect(failed[0]!.payload.data).toMatchObject({
      article_id: article.json.id,
      platform: "webhook",
      error: expect.stringContaining("410"),
    });
    // Not subscribed: no article.published or article.generated went out.
    expect(events.posts().map((p) => p.type)).toEqual(["publication.failed"]);

    const [endpoint] = (await load(owner)).data.integrations.eventWebhooks.endpoints;
    const test = await send(owner, [
      ["intent", "webhook-test"],
      ["endpointId", endpoint!.id],
    ]);
    expect(test.status).toBe(302);
    const tested = await until(
      () => events.posts().filter((p) => p.type === "webhook.test"),
      (list) => list.length > 0,
    );
    expect(tested[0]).toMatchObject({ verified: true });
  });

  it("turns an endpoint off when the receiver answers 410", async () => {
    events.reset();
    const owner = await makeUser(db);
    events.setSecret(await addWebhook(owner, events.endpoint, ["article.generated"]));
    const [endpoint] = (await load(owner)).data.integrations.eventWebhooks.endpoints;
    events.failNext({ status: 410 });
    await send(owner, [
      ["intent", "webhook-test"],
      ["endpointId", endpoint!.id],
    ]);
    const after = await until(
      async () => (await load(owner)).data.integrations.eventWebhooks,
      (view) => view.deliveries[0]?.status === "failed",
    );
    expect(after.endpoints[0]!.enabled).toBe(false);
    expect(after.deliveries[0]).toMatchObject({ status: "failed", responseStatus: 410, attempts: 1 });
  });

  it("keeps endpoints to their workspace and to owners and admins", async () => {
    const owner = await makeUser(db);
    await addWebhook(owner, events.endpoint, ["article.generated"]);
    const [endpoint] = (await load(owner)).data.integrations.eventWebhooks.endpoints;

    const stranger = await makeUser(db);
    for (const intent of ["webhook-test", "webhook-delete"]) {
      const res = await send(stranger, [
        ["intent", intent],
        ["endpointId", endpoint!.id],
      ]);
      expect(res.status).toBe(404);
    }
    expect((await load(stranger)).data.integrations.eventWebhooks.endpoints).toEqual([]);

    const editor = await makeUser(db);
    await db.updateTable("memberships").set({ role: "editor" }).where("user_id", "=", editor.userId).execute();
    expect((await load(editor)).data.integrations.eventWebhooks.canManage).toBe(false);
    const refused = await send(editor, [
      ["intent", "webhook-create"],
      ["url", "https://example.com/x"],
      ["events", "article.generated"],
    ]);
    expect(refused.status).toBe(403);

    const deleted = await send(owner, [
      ["intent", "webhook-delete"],
      ["endpointId", endpoint!.id],
    ]);
    expect(deleted.status).toBe(302);
    expect((await load(owner)).data.integrations.eventWebhooks.endpoints).toEqual([]);
    const actions = await db.selectFrom("audit_log").select("action").where("workspace_id", "=", owner.workspaceId).orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["webhook.created", "webhook.deleted"]);
  });
});
