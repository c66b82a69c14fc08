import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import type { DB } from "#app/db/client.server";
import { requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { resetPasswordMail } from "#app/modules/email/templates/reset-password.server";
import { verifyEmailMail } from "#app/modules/email/templates/verify-email.server";
import * as mailbox from "#app/routes/admin/mailbox";
import * as message from "#app/routes/admin/mailbox-message";
import * as sessions from "#app/routes/admin/sessions";
import { makeUser } from "#tests/setup/factories";
import { callRoute, get, post, signInAs } from "#tests/setup/route-harness";

/** The operator pages, called through their guards (requireAuth then requireOperator) as the router would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const callAdmin = <T = unknown>(request: Request, handler: (args: any) => unknown, params: Record<string, string> = {}) =>
  callRoute<T>({ middleware: [requireAuth, requireOperator], handler, request, params });

let db: DB;
let operatorCookie: string;
let writerCookie: string;
let operatorId: string;

beforeAll(async () => {
  db = await testDb();
  const operator = await makeUser(db, { email: "ops@example.com", isOperator: true });
  const writer = await makeUser(db, { email: "writer@example.com" });
  operatorId = operator.userId;
  operatorCookie = operator.cookie;
  writerCookie = writer.cookie;
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (let i = 1; i <= 30; i++) {
    await db
      .insertInto("mail_outbox")
      .values({
        to_address: `user${i}@example.com`,
        subject: `Mail ${i}`,
        html: `<p>Hello ${i}</p><script>alert(1)</script>`,
        text: `Hello ${i}`,
        tag: "test",
        transport: i % 2 ? "outbox" : "postmark",
        status: i === 30 ? "failed" : "sent",
        last_error: i === 30 ? "Inactive recipient" : null,
        created_at: new Date(base + i * 1000).toISOString(),
      })
      .execute();
  }
});

describe("admin guard", () => {
  it("sends signed-out visitors to /signin and back", async () => {
    const response = await callAdmin(get("/dashboard/admin/mailbox"), mailbox.loader);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signin?redirectTo=${encodeURIComponent("/dashboard/admin/mailbox")}`);
  });

  it("refuses signed-in users who are not operators, on every loader and action", async () => {
    const calls: Array<[Request, Parameters<typeof callAdmin>[1], Record<string, string>?]> = [
      [get("/dashboard/admin/mailbox", writerCookie), mailbox.loader],
      [get("/dashboard/admin/mailbox/1", writerCookie), message.loader, { mailId: "1" }],
      [get("/dashboard/admin/sessions", writerCookie), sessions.loader],
      [post("/dashboard/admin/sessions", { confirm: "END" }, writerCookie), sessions.action],
    ];
    for (const [request, handler, params] of calls) {
      const denied = await callAdmin(request, handler, params);
      expect(denied.status).toBe(403);
      expect(await denied.response!.text()).toBe("Access Denied - You need admin privileges to access this page.");
    }
    const { count } = await db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(count).toBe(2);
  });
});

describe("mailbox", () => {
  it("lists the outbox newest first, 25 a page", async () => {
    const first = (
      await callAdmin<Awaited<ReturnType<typeof mailbox.loader>>>(get("/dashboard/admin/mailbox", operatorCookie), mailbox.loader)
    ).data;
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0]).toMatchObject({
      subject: "Mail 30",
      status: "failed",
      last_error: "Inactive recipient",
      transport: "postmark",
    });
    expect(first.messages.map((m) => m.subject).slice(0, 3)).toEqual(["Mail 30", "Mail 29", "Mail 28"]);
    // The list never carries bodies.
    expect(first.messages[0]).not.toHaveProperty("html");

    const second = (
      await callAdmin<Awaited<ReturnType<typeof mailbox.loader>>>(get("/dashboard/admin/mailbox?page=2", operatorCookie), mailbox.loader)
    ).data;
    expect(second.page).toBe(2);
    expect(second.messages.map((m) => m.subject)).toEqual(["Mail 5", "Mail 4", "Mail 3", "Mail 2", "Mail 1"]);

    const clamped = (
      await callAdmin<Awaited<ReturnType<typeof mailbox.loader>>>(get("/dashboard/admin/mailbox?page=99", operatorCookie), mailbox.loader)
    ).data;
    expect(clamped.page).toBe(2);
  });

  it("shows one message with its bodies, and 404 for unknown ids", async () => {
    const row = await db.selectFrom("mail_outbox").select("id").where("subject", "=", "Mail 7").executeTakeFirstOrThrow();
    const shown = (
      await callAdmin<Awaited<ReturnType<typeof message.loader>>>(
        get(`/dashboard/admin/mailbox/${row.id}`, operatorCookie),
        message.loader,
        {
          mailId: String(row.id),
        },
      )
    ).data;
    expect(shown.mail).toMatchObject({ subject: "Mail 7", to_address: "user7@example.com", text: "Hello 7" });
    expect(shown.mail.html).toContain("<p>Hello 7</p>");

    for (const mailId of ["999999", "abc"]) {
      const missing = await callAdmin(get(`/dashboard/admin/mailbox/${mailId}`, operatorCookie), message.loader, {
        mailId,
      });
      expect(missing.status).toBe(404);
    }
  });
});

describe("mailbox secrets", () => {
  it("never shows an operator a live token, even while the mail still waits for delivery", async () => {
    const verifyToken = "LiveVerifyToken_0123456789abcdef";
    const resetToken = "LiveResetToken_0123456789abcdef";
    const verifyId = await sendMail(db, {
      to: "secret-reader@example.com",
      tag: "verify-email",
      ...verifyEmailMail({ url: `http://localhost:3000/verify?token=${verifyToken}` }),
    });
    const resetId = await sendMail(db, {
      to: "secret-reader@example.com",
      tag: "reset-password",
      ...resetPasswordMail({ url: `http://localhost:3000/reset-password?token=${resetToken}` }),
    });
    // The stored row still needs the link to deliver it: the redaction is the operator's view.
    const stored = await db.selectFrom("mail_outbox").select(["status", "text"]).where("id", "=", verifyId).executeTakeFirstOrThrow();
    expect(stored.status).toBe("queued");
    expect(stored.text).toContain(verifyToken);

    for (const [id, token, path] of [
      [verifyId, verifyToken, "/verify"],
      [resetId, resetToken, "/reset-password"],
    ] as const) {
      const shown = (
        await callAdmin<Awaited<ReturnType<typeof message.loader>>>(get(`/dashboard/admin/mailbox/${id}`, operatorCookie), message.loader, {
          mailId: String(id),
        })
      ).data;
      expect(JSON.stringify(shown)).not.toContain(token);
      expect(shown.mail.text).toContain(`http://localhost:3000${path}?token=[redacted]`);
      expect(shown.mail.html).toContain(`${path}?token=[redacted]`);
    }
  });
});

describe("end every session", () => {
  it("requires the typed confirmation and changes nothing without it", async () => {
    for (const confirm of ["", "end it"]) {
      const result = await callAdmin<{ result: { error: Record<string, string[]> } }>(
        post("/dashboard/admin/sessions", { confirm }, operatorCookie),
        sessions.action,
      );
      expect(result.status).toBe(400);
      expect(result.data.result.error.confirm).toEqual(["Type END to confirm."]);
    }
    expect(await db.selectFrom("sessions").selectAll().execute()).toHaveLength(2);
    expect(await db.selectFrom("audit_log").selectAll().execute()).toHaveLength(0);
  });

  it("deletes every session, bumps logout_version, audits it and sends the operator to /signin", async () => {
    const before = (
      await callAdmin<Awaited<ReturnType<typeof sessions.loader>>>(get("/dashboard/admin/sessions", operatorCookie), sessions.loader)
    ).data;
    expect(before).toMatchObject({ activeSessions: 2, signedInUsers: 2, logoutVersion: 0 });

    const response = await callAdmin(post("/dashboard/admin/sessions", { confirm: "END" }, operatorCookie), sessions.action);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    const cookies = response.headers.get("Set-Cookie") ?? "";
    expect(cookies).toMatch(/__session=;.*Max-Age=0/);
    expect(cookies).toContain("__toast=");

    expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    const config = await db.selectFrom("app_config").selectAll().where("key", "=", "logout_version").executeTakeFirstOrThrow();
    expect(config).toMatchObject({ value: "1", updated_by: operatorId });
    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: operatorId, action: "sessions.end_all", target: "logout_version:1", ip: "203.0.113.7" });
    expect(JSON.parse(audit[0]!.detail)).toEqual({ endedSessions: 2, logoutVersion: 1 });

    // The old cookies are dead: both users are signed out.
    const gone = await callAdmin(get("/dashboard/admin/sessions", operatorCookie), sessions.loader);
    expect(gone.headers.get("Location")).toContain("/signin");

    // A second global sign-out counts up.
    const operator = await db.selectFrom("users").select("id").where("email", "=", "ops@example.com").executeTakeFirstOrThrow();
    const fresh = await signInAs(db, operator.id);
    await callAdmin(post("/dashboard/admin/sessions", { confirm: "END" }, fresh), sessions.action);
    const bumped = await db.selectFrom("app_config").select("value").where("key", "=", "logout_version").executeTakeFirstOrThrow();
    expect(bumped.value).toBe("2");
  });
});
