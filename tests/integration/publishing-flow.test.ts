import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { action as publishAction } from "#app/routes/dashboard/write/publish";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/dashboard/settings/route";
import { loader as writeLoader } from "#app/routes/dashboard/write/route";
import { action as standaloneAction, loader as standaloneLoader } from "#app/routes/dashboard/settings/integrations-page";
import { OutboundRequestError } from "#app/utils/http.server";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Publishing through the routes as the server runs them: connecting a
 * destination on the Integrations tab (messages, roles, other sites' ids),
 * publishing from the dialog with the real job worker (hosted blog and a
 * webhook receiver speaking Standard Webhooks), publishing again updating the
 * same remote record, scheduling, and disconnecting.
 */

let db: DB;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: ReturnType<typeof startWorker>;

beforeAll(async () => {
  db = await testDb();
  receiver = await startWebhookReceiver();
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${receiver.port}`;
  resetEnvForTests();
  worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
});

afterAll(async () => {
  await worker.stop();
  await receiver.close();
});

function toastOf(res: { headers: Headers }) {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  if (!raw) return null;
  return JSON.parse(Buffer.from(decodeURIComponent(raw).split(".")[0]!, "base64").toString("utf8")) as {
    title: string;
    description?: string;
  };
}

type SettingsData = {
  integrations: {
    connections: Array<{ id: string; platform: string; status: string; isDefault: boolean }>;
    cards: Array<{ id: string; live: boolean }>;
  };
};
const integrations = (user: TestUser) =>
  callRoute<SettingsData>({
    middleware: [requireAuth],
    handler: settingsLoader,
    request: get("/dashboard/settings?tab=integrations", user.cookie),
  });
const integrationsPost = (user: TestUser, fields: Record<string, string>) =>
  callRoute<{ result: { error?: Record<string, string[]> }; notice: { title: string; description?: string } | null }>({
    middleware: [requireAuth],
    handler: settingsAction,
    request: post("/dashboard/settings?tab=integrations", fields, user.cookie),
  });
const publish = (user: TestUser, articleId: string, fields: Record<string, string>) =>
  callRoute({
    middleware: [requireAuth],
    handler: (args) => publishAction({ ...args, params: { articleId } } as never),
    request: post(`/dashboard/articles/${articleId}/publish`, fields, user.cookie),
  });

async function connections(siteId: string) {
  return db.selectFrom("cms_connections").selectAll().where("site_id", "=", siteId).execute();
}

describe("Integrations tab", () => {
  it("lists the hosted blog as the default destination and a card for every platform", async () => {
    const user = await makeUser(db);
    const page = await integrations(user);
    expect(page.data.integrations.connections).toEqual([
      expect.objectContaining({ platform: "hosted", status: "connected", isDefault: true }),
    ]);
    const live = page.data.integrations.cards.filter((c) => c.live).map((c) => c.id);
    expect(live).toEqual(expect.arrayContaining(["hosted", "wordpress", "ghost", "notion", "webhook", "zapier", "shopify"]));
    expect(page.data.integrations.cards.find((c) => c.id === "framer")?.live).toBe(false);
  });

  it("answers the dialog's messages and changes nothing on bad input", async () => {
    const user = await makeUser(db);
    const noUrl = await integrationsPost(user, { intent: "connect", platform: "wordpress", siteUrl: "", secret: "" });
    expect(noUrl.status).toBe(400);
    expect(noUrl.data.result.error).toMatchObject({
      siteUrl: ["Please enter your site URL."],
      secret: ["Enter WordPress credentials: username:application_password"],
    });
    const noPlatform = await integrationsPost(user, { intent: "connect", platform: "myspace", siteUrl: "https://x.example", secret: "k" });
    expect(noPlatform.data.result.error?.platform).toEqual(["Please choose a platform."]);
    const noToken = await integrationsPost(user, { intent: "connect", platform: "ghost", siteUrl: "https://x.example", secret: "" });
    expect(noToken.data.result.error?.secret).toEqual(["Please enter an access token."]);
    expect(await connections(user.siteId)).toHaveLength(1);
  });

  // A connection whose URL is (or resolves to) a private address is refused when it is saved, with the SSRF
  // guard's delivery message on the URL field, and nothing is saved (decision 052). localhost resolves for real.
  it.each([
    ["webhook", "https://10.0.0.5/hook", ""],
    ["webhook", "https://localhost/hook", ""],
    ["webhook", "https://[::169.254.169.254]/hook", ""],
    ["wordpress", "https://localhost", "admin:abcd efgh ijkl mnop qrst uvwx"],
    ["wordpress", "http://10.0.0.5", "admin:abcd efgh ijkl mnop qrst uvwx"],
    ["ghost", "https://169.254.169.254", `${"a".repeat(24)}:${"b".repeat(64)}`],
  ])("refuses a %s connection to %s when it is saved", async (platform, siteUrl, secret) => {
    const user = await makeUser(db);
    const res = await integrationsPost(user, { intent: "connect", platform, siteUrl, secret });
    expect(res.status).toBe(422);
    expect(res.data.result.error?.siteUrl).toEqual([new OutboundRequestError("blocked_address", siteUrl).message]);
    expect(await connections(user.siteId)).toHaveLength(1);
    const refused = await db
      .selectFrom("diag_logs")
      .select("detail")
      .where("site_id", "=", user.siteId)
      .where("stage", "=", "connect.refused")
      .execute();
    expect(refused).toEqual([{ detail: expect.stringContaining("blocked_address") }]);
  });

  it("connects a webhook, runs the doctor, and keeps the secret out of the page", async () => {
    const user = await makeUser(db);
    const res = await integrationsPost(user, {
      intent: "connect",
      platform: "webhook",
      siteUrl: receiver.endpoint,
      secret: receiver.secret,
    });
    expect(res.status).toBe(302);
    expect(toastOf(res)?.title).toBe("Connection successful");
    const [hook] = (await connections(user.siteId)).filter((c) => c.platform === "webhook");
    expect(hook).toMatchObject({ status: "connected", is_default: 0 });
    expect(hook!.credentials_encrypted).not.toContain(receiver.secret.slice(6, 20));
    const page = await integrations(user);
    expect(JSON.stringify(page.data)).not.toContain(receiver.secret);
    expect(JSON.stringify(page.data)).not.toContain(receiver.endpoint);
  });

  it("serves the same view on the standalone /integrations page, whose forms come back to it", async () => {
    const user = await makeUser(db);
    const page = await callRoute<SettingsData["integrations"]>({
      middleware: [requireAuth],
      handler: standaloneLoader,
      request: get("/integrations", user.cookie),
    });
    expect(page.data.connections).toEqual([expect.objectContaining({ platform: "hosted" })]);
    const [hosted] = await connections(user.siteId);
    const res = await callRoute({
      middleware: [requireAuth],
      handler: standaloneAction,
      request: post("/integrations?tab=integrations", { intent: "disconnect", connectionId: hosted!.id }, user.cookie),
    });
    expect(redirectTarget(res)).toBe("/integrations");
    expect(toastOf(res)?.title).toBe("Disconnected");
  });

  it("refuses editors and another site's connection ids", async () => {
    const owner = await makeUser(db);
    const stranger = await makeUser(db);
    const [hosted] = await connections(owner.siteId);
    const foreign = await integrationsPost(stranger, { intent: "disconnect", connectionId: hosted!.id });
    expect(foreign.status).toBe(404);
    await db.updateTable("memberships").set({ role: "editor" }).where("user_id", "=", stranger.userId).execute();
    const editor = await integrationsPost(stranger, { intent: "connect", platform: "webhook", siteUrl: receiver.endpoint, secret: "" });
    expect(editor.status).toBe(403);
    expect((await connections(owner.siteId))[0]).toMatchObject({ status: "connected" });
  });
});

describe("publishing from the dialog", () => {
  it("publishes live to the hosted blog, then publishing again updates the same record", async () => {
    const user = await makeUser(db);
    const articleId = await makeArticle(db, user.siteId, {
      title: "Cold brew at home",
      slug: "cold-brew-at-home",
      content_html: "<h2>Why</h2><p>Because.</p><table><tbody><tr><td>a</td></tr></tbody></table>",
    });
    const [hosted] = await connections(user.siteId);
    const res = await publish(user, articleId, { connectionId: hosted!.id, mode: "live", when: "now" });
    expect(toastOf(res)).toMatchObject({ title: "Published!" });
    expect(redirectTarget(res)).toBe(`/dashboard/write?edit=${articleId}`);
    const first = await db.selectFrom("publications").selectAll().where("article_id", "=", articleId).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ status: "published", remote_id: articleId, mode: "live" });
    expect(first.remote_url).toMatch(/\/b\/[a-z0-9-]+\/cold-brew-at-home$/);
    expect(await db.selectFrom("articles").select("status").where("id", "=", articleId).executeTakeFirst()).toEqual({
      status: "published",
    });

    await db.updateTable("articles").set({ content_html: "<p>Changed.</p>" }).where("id", "=", articleId).execute();
    const page = await callRoute<{ publications: Array<{ outOfDate: boolean }> }>({
      middleware: [requireAuth],
      handler: writeLoader,
      request: get(`/dashboard/write?edit=${articleId}`, user.cookie),
    });
    expect(page.data.publications).toEqual([expect.objectContaining({ outOfDate: true })]);
    await publish(user, articleId, { connectionId: hosted!.id, mode: "live", when: "now" });
    const rows = await db.selectFrom("publications").selectAll().where("article_id", "=", articleId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, remote_id: articleId, status: "published" });
  });

  it("delivers to a webhook once, and an update after an edit, signed and verified", async () => {
    const user = await makeUser(db);
    await integrationsPost(user, { intent: "connect", platform: "webhook", siteUrl: receiver.endpoint, secret: receiver.secret });
    const [hook] = (await connections(user.siteId)).filter((c) => c.platform === "webhook");
    const articleId = await makeArticle(db, user.siteId, { title: "Webhook post", slug: "webhook-post", content_html: "<p>One</p>" });
    receiver.reset();
    expect(toastOf(await publish(user, articleId, { connectionId: hook!.id, mode: "draft", when: "now" }))?.title).toBe("Published!");
    await db.updateTable("articles").set({ content_html: "<p>Two</p>" }).where("id", "=", articleId).execute();
    expect(toastOf(await publish(user, articleId, { connectionId: hook!.id, mode: "draft", when: "now" }))?.title).toBe("Published!");
    const deliveries = receiver.posts();
    expect(deliveries.map((d) => d.type)).toEqual(["article.published", "article.updated"]);
    expect(receiver.requests().every((r) => r.verified)).toBe(true);
  });

  it("says 'Select a platform' without a choice, and schedules in the site's time zone", async () => {
    const user = await makeUser(db, { site: { timezone: "Europe/Paris" } });
    const articleId = await makeArticle(db, user.siteId, { title: "Later", slug: "later" });
    const none = await publish(user, articleId, { mode: "live", when: "now" });
    expect(toastOf(none)).toMatchObject({ title: "Select a platform", description: "Choose a connected platform to publish." });
    const [hosted] = await connections(user.siteId);
    const res = await publish(user, articleId, {
      connectionId: hosted!.id,
      mode: "live",
      when: "schedule",
      scheduleDate: "2099-06-01",
      scheduleTime: "09:30",
    });
    expect(toastOf(res)?.title).toBe("Scheduled");
    const row = await db.selectFrom("publications").selectAll().where("article_id", "=", articleId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "scheduled", scheduled_for: "2099-06-01T07:30:00.000Z" });
    const job = await db
      .selectFrom("jobs")
      .selectAll()
      .where("name", "=", "publish-article")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBe("2099-06-01T07:30:00.000Z");
    expect(await db.selectFrom("articles").select("status").where("id", "=", articleId).executeTakeFirst()).toEqual({
      status: "scheduled",
    });
  });

  it("forgets a disconnected connection's credentials and refuses to publish there", async () => {
    const user = await makeUser(db);
    await integrationsPost(user, { intent: "connect", platform: "webhook", siteUrl: receiver.endpoint, secret: receiver.secret });
    const [hook] = (await connections(user.siteId)).filter((c) => c.platform === "webhook");
    const res = await integrationsPost(user, { intent: "disconnect", connectionId: hook!.id });
    expect(toastOf(res)?.title).toBe("Disconnected");
    const after = await db.selectFrom("cms_connections").selectAll().where("id", "=", hook!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "disconnected", credentials_encrypted: null });
    const articleId = await makeArticle(db, user.siteId, { title: "Nope", slug: "nope" });
    const refused = await publish(user, articleId, { connectionId: hook!.id, mode: "draft", when: "now" });
    expect(toastOf(refused)?.title).toBe("Publish failed");
    expect(await db.selectFrom("publications").selectAll().where("article_id", "=", articleId).execute()).toHaveLength(0);
  });
});
