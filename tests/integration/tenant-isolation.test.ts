import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { emitEvent, MAX_ENDPOINTS, PAUSE_AFTER_FAILURES, TEST_EVENT_LIMIT } from "#app/modules/webhooks/webhooks.server";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";
import { startWordPressFake } from "#tests/fakes/wordpress";
import { api, makeApiKey } from "#tests/setup/api";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { loadIntegrations, postIntegrations, until } from "#tests/setup/settings-tab";

/**
 * One tenant's receivers and bursts never slow another's publishing
 * (docs/decisions/051): forty 'Send test' clicks and forty events to a receiver
 * that accepts connections and never answers leave another workspace's
 * publication to WordPress as quick as ever; the clicks are rate-limited; a
 * receiver that keeps failing is backed off, then paused with a mail to its
 * owners, and resumed by them; a workspace's endpoints are capped.
 */

let db: DB;
let silent: Awaited<ReturnType<typeof startWebhookReceiver>>;
let flaky: Awaited<ReturnType<typeof startWebhookReceiver>>;
let wordpress: Awaited<ReturnType<typeof startWordPressFake>>;
let worker: ReturnType<typeof startWorker>;

beforeAll(async () => {
  db = await testDb();
  silent = await startWebhookReceiver();
  flaky = await startWebhookReceiver();
  wordpress = await startWordPressFake();
  const port = (url: string) => new URL(url).port;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = [silent.port, flaky.port, port(wordpress.url)].map((p) => `127.0.0.1:${p}`).join(",");
  resetEnvForTests();
  worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
});
afterAll(async () => {
  // Closing the receivers first ends the hung requests, so the worker stops at once.
  await silent.close();
  await flaky.close();
  await wordpress.close();
  await worker.stop();
});

type Reply = { createdWebhook?: { secret: string }; notice: { title: string; description?: string } | null };
type Page = {
  integrations: { eventWebhooks: { endpoints: Array<{ id: string; enabled: boolean; pausedReason: string | null; failing: boolean }> } };
};
const send = (user: TestUser, fields: Array<[string, string]>) => postIntegrations<Reply>(user, fields);
const load = (user: TestUser) => loadIntegrations<Page>(user);
const addWebhook = (user: TestUser, url: string) =>
  send(user, [
    ["intent", "webhook-create"],
    ["url", url],
    ["events", "article.generated"],
  ]);

describe("tenant isolation", () => {
  it("publishes another workspace's article within 10 s while 40 'Send test' clicks and 40 events wait on a silent receiver", async () => {
    silent.failNext({ status: "timeout", count: 10_000 });
    const attacker = await makeUser(db);
    expect((await addWebhook(attacker, silent.endpoint)).status).toBe(200);
    const [endpoint] = (await load(attacker)).data.integrations.eventWebhooks.endpoints;
    const clicks = await Promise.all(
      Array.from({ length: 40 }, () =>
        send(attacker, [
          ["intent", "webhook-test"],
          ["endpointId", endpoint!.id],
        ]),
      ),
    );
    const statuses = clicks.map((c) => c.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(TEST_EVENT_LIMIT.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - TEST_EVENT_LIMIT.points);
    expect(clicks.find((c) => c.status === 429)!.data.notice?.title).toBe("Too many test events");
    // Events are not rate-limited: forty more deliveries to the same silent receiver.
    for (let i = 0; i < 40; i++) await emitEvent(db, attacker.siteId, "article.generated", { n: i });
    await until(
      () => silent.requests().length,
      (n) => n >= 2,
    );

    const customer = await makeUser(db);
    const connect = await send(customer, [
      ["intent", "connect"],
      ["platform", "wordpress"],
      ["siteUrl", wordpress.url],
      ["secret", wordpress.credentials],
    ]);
    expect(connect.status).toBe(302);
    const connection = await db
      .selectFrom("cms_connections")
      .select("id")
      .where("site_id", "=", customer.siteId)
      .where("platform", "=", "wordpress")
      .executeTakeFirstOrThrow();
    const { key } = await makeApiKey(db, customer);
    const article = await api(key, "POST", "/articles", { title: "Cold brew at home", content_html: "<p>Steep it for 16 hours.</p>" });
    const started = Date.now();
    await api(key, "POST", `/articles/${article.json.id}/publications`, { connection_id: connection.id, mode: "live" });
    const publication = await until(
      () => db.selectFrom("publications").select("status").where("article_id", "=", article.json.id).executeTakeFirst(),
      (row) => row?.status === "published" || row?.status === "failed",
      10_000,
    );
    expect(publication?.status).toBe("published");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(wordpress.posts().some((p) => p.title.raw === "Cold brew at home" || p.title.rendered === "Cold brew at home")).toBe(true);
    // The silent receiver never held more than its endpoint's two deliveries at once.
    const running = await db
      .selectFrom("jobs")
      .select("id")
      .where("name", "=", "deliver-webhook")
      .where("status", "=", "running")
      .execute();
    expect(running.length).toBeLessThanOrEqual(2);
  }, 30_000);

  it("backs off a receiver that keeps failing, then pauses it and mails the owners; Resume turns it back on", async () => {
    const owner = await makeUser(db);
    expect((await addWebhook(owner, flaky.endpoint)).status).toBe(200);
    const [endpoint] = (await load(owner)).data.integrations.eventWebhooks.endpoints;
    // One failure short of the pause, as if it had been failing for a while, with its backoff over.
    await db
      .updateTable("webhook_endpoints")
      .set({ failure_streak: PAUSE_AFTER_FAILURES - 1, backoff_until: null })
      .where("id", "=", endpoint!.id)
      .execute();
    expect((await load(owner)).data.integrations.eventWebhooks.endpoints[0]).toMatchObject({ failing: true, enabled: true });
    flaky.failNext({ status: 503, count: 1 });
    await emitEvent(db, owner.siteId, "article.generated", { n: 1 });
    const paused = await until(
      async () => (await load(owner)).data.integrations.eventWebhooks.endpoints[0]!,
      (e) => !e.enabled,
    );
    expect(paused.pausedReason).toMatch(
      new RegExp(`^Paused after ${PAUSE_AFTER_FAILURES} failed deliveries in a row \\(last: HTTP 503\\)`),
    );
    const mail = await db.selectFrom("mail_outbox").select(["to_address", "subject"]).where("tag", "=", "webhook-paused").execute();
    expect(mail).toEqual([expect.objectContaining({ to_address: owner.email, subject: expect.stringContaining("Event webhook paused") })]);
    // While paused, new events are not sent to it at all.
    const before = flaky.requests().length;
    await emitEvent(db, owner.siteId, "article.generated", { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(flaky.requests().length).toBe(before);

    const stranger = await makeUser(db);
    expect(
      (
        await send(stranger, [
          ["intent", "webhook-resume"],
          ["endpointId", endpoint!.id],
        ])
      ).status,
    ).toBe(404);
    const resumed = await send(owner, [
      ["intent", "webhook-resume"],
      ["endpointId", endpoint!.id],
    ]);
    expect(resumed.status).toBe(302);
    expect((await load(owner)).data.integrations.eventWebhooks.endpoints[0]).toMatchObject({
      enabled: true,
      pausedReason: null,
      failing: false,
    });
    const audit = await db.selectFrom("audit_log").select("action").where("workspace_id", "=", owner.workspaceId).execute();
    expect(audit.map((a) => a.action)).toContain("webhook.resumed");
  });

  it("waits instead of trying while a receiver is backed off, without using the delivery's attempts", async () => {
    const owner = await makeUser(db);
    await addWebhook(owner, flaky.endpoint);
    const [endpoint] = (await load(owner)).data.integrations.eventWebhooks.endpoints;
    await db
      .updateTable("webhook_endpoints")
      .set({ failure_streak: 3, backoff_until: new Date(Date.now() + 60_000).toISOString() })
      .where("id", "=", endpoint!.id)
      .execute();
    const before = flaky.requests().length;
    await emitEvent(db, owner.siteId, "article.generated", { n: 1 });
    const job = await until(
      () =>
        db
          .selectFrom("jobs")
          .select(["status", "attempts", "run_at", "last_error"])
          .where("name", "=", "deliver-webhook")
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow(),
      (j) => j.last_error !== null,
    );
    expect(job).toMatchObject({ status: "queued", attempts: 0 });
    expect(Date.parse(job.run_at)).toBeGreaterThan(Date.now() + 50_000);
    expect(flaky.requests().length).toBe(before);
  });

  it("caps a workspace's endpoints", async () => {
    const owner = await makeUser(db);
    for (let i = 0; i < MAX_ENDPOINTS; i++) expect((await addWebhook(owner, `${flaky.endpoint}?n=${i}`)).status).toBe(200);
    const over = await addWebhook(owner, `${flaky.endpoint}?n=over`);
    expect(over.status).toBe(409);
    expect(over.data.notice).toMatchObject({ title: "Webhook limit reached" });
    expect((await load(owner)).data.integrations.eventWebhooks.endpoints).toHaveLength(MAX_ENDPOINTS);
  });
});
