import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { getMailSettings, MAIL_CONFIG_KEYS } from "#app/modules/email/settings.server";
import * as page from "#app/routes/admin/email-settings";
import { startFakePostmark, type FakeMail } from "#tests/fakes/postmark";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post } from "#tests/setup/route-harness";

/**
 * The operators' email settings page through its guards:
 * saved settings win over the environment and apply to the next mail, the token
 * never comes back, blank keeps it, every change is audited, and 'Send test
 * email' reports Postmark's answer with the spec's failure title.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const callAdmin = <T = any>(request: Request, handler: (args: any) => unknown) =>
  callRoute<T>({ middleware: [requireAuth, requireOperator], handler, request });

let db: DB;
let operator: TestUser;
let customer: TestUser;
let fake: Awaited<ReturnType<typeof startFakePostmark>>;

const URL_PATH = "/dashboard/admin/email-settings";
const save = (fields: Record<string, string>, cookie = operator.cookie) =>
  callAdmin(post(URL_PATH, { intent: "save", ...fields }, cookie), page.action);
const sendTest = (to: string, cookie = operator.cookie) => callAdmin(post(URL_PATH, { intent: "test", to }, cookie), page.action);
const load = async () => (await callAdmin<Awaited<ReturnType<typeof page.loader>>>(get(URL_PATH, operator.cookie), page.loader)).data;
const fakeMessages = async () => (await (await fetch(`${fake.url}/__fake/messages`)).json()) as FakeMail[];

beforeAll(async () => {
  fake = await startFakePostmark();
  delete process.env.POSTMARK_SERVER_TOKEN;
  process.env.POSTMARK_API_URL = fake.url;
  resetEnvForTests();
  db = await testDb();
  operator = await makeUser(db, { email: "mail-ops@example.com", isOperator: true });
  customer = await makeUser(db, { email: "mail-customer@example.com" });
});
afterAll(async () => {
  await fake.close();
  delete process.env.POSTMARK_API_URL;
  resetEnvForTests();
});
beforeEach(async () => {
  await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
});

describe("email settings", () => {
  it("refuses customers: Access Denied on the page and on every action", async () => {
    const calls = [
      callAdmin(get(URL_PATH, customer.cookie), page.loader),
      save({ token: fake.token, from: "x@example.com" }, customer.cookie),
      sendTest("x@example.com", customer.cookie),
    ];
    for (const denied of await Promise.all(calls)) {
      expect(denied.status).toBe(403);
      expect(await denied.response!.text()).toBe("Access Denied - You need admin privileges to access this page.");
    }
    expect(await db.selectFrom("mail_outbox").selectAll().execute()).toEqual([]);
    expect((await getMailSettings(db)).tokenSource).toBe("none");
  });

  it("with nothing configured, says so and a test email stays in the outbox", async () => {
    expect((await load()).settings).toMatchObject({ configured: false, tokenSource: "none" });
    const reply = await sendTest("someone@example.com");
    expect(reply.data.notice.title).toBe("Test email stored in the outbox");
    expect(await fakeMessages()).toHaveLength(0);
    const row = await db.selectFrom("mail_outbox").selectAll().where("tag", "=", "test").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.status).toBe("outbox");
  });

  it("rejects a malformed from address and changes nothing", async () => {
    const reply = await save({ token: fake.token, from: "not an address" });
    expect(reply.status).toBe(400);
    expect(reply.data.notice.title).toBe("Failed to update email configuration");
    expect(JSON.stringify(reply.data)).not.toContain(fake.token);
    expect((await getMailSettings(db)).tokenSource).toBe("none");
  });

  it("saves the token sealed, never returns it, and the next mail goes through Postmark from the saved address", async () => {
    const reply = await save({ token: fake.token, from: "Ops Desk <ops@inkpilot.test>" });
    expect(reply.data.notice.title).toBe("Email configuration updated");
    const stored = await db.selectFrom("app_config").selectAll().where("key", "=", MAIL_CONFIG_KEYS.token).executeTakeFirstOrThrow();
    expect(stored.is_secret).toBe(1);
    expect(stored.value).not.toContain(fake.token);
    const view = await load();
    expect(JSON.stringify(view)).not.toContain(fake.token);
    expect(view.settings).toMatchObject({
      configured: true,
      tokenSource: "settings",
      savedHasToken: true,
      from: "Ops Desk <ops@inkpilot.test>",
    });

    const id = await sendMail(db, { to: "reader@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi", tag: "t" });
    const row = await db.selectFrom("mail_outbox").select("transport").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.transport).toBe("postmark");

    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "mail_settings.update").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).not.toContain(fake.token);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ token: "set", from: "Ops Desk <ops@inkpilot.test>" });
  });

  it("sends a test email through Postmark with the saved settings", async () => {
    const reply = await sendTest("check@example.com");
    expect(reply.data.notice.title).toBe("Test email sent");
    const [message] = await fakeMessages();
    expect(message).toMatchObject({ To: "check@example.com", From: "Ops Desk <ops@inkpilot.test>", Subject: "Inkpilot test email" });
  });

  it("a blank token keeps the saved one; a refused token shows 'Failed to send test email' with Postmark's reason", async () => {
    await save({ token: "", from: "Ops Desk <ops@inkpilot.test>" });
    expect((await getMailSettings(db)).token).toBe(fake.token);
    await save({ token: "wrong-token", from: "Ops Desk <ops@inkpilot.test>" });
    const reply = await sendTest("check@example.com");
    expect(reply.status).toBe(502);
    expect(reply.data.notice.title).toBe("Failed to send test email");
    expect(reply.data.notice.description).toContain("401");
    expect(reply.data.notice.description).not.toContain("wrong-token");
    expect(await fakeMessages()).toHaveLength(0);
  });

  it("removing the saved token falls back to the environment, then to none", async () => {
    process.env.POSTMARK_SERVER_TOKEN = "env-token";
    resetEnvForTests();
    await save({ token: "", clearToken: "on", from: "" });
    expect(await getMailSettings(db)).toMatchObject({ token: "env-token", tokenSource: "environment", fromSource: "environment" });
    delete process.env.POSTMARK_SERVER_TOKEN;
    resetEnvForTests();
    expect((await getMailSettings(db)).tokenSource).toBe("none");
  });
});
