import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { resetEnvForTests } from "#app/env.server";
import { createDeliverMailJob, sendMail } from "#app/modules/email/mailer.server";
import { purgeExpired } from "#app/worker/maintenance.server";
import { jobRegistry } from "#app/worker/registry.server";
import { runNextJob } from "#app/modules/jobs/runner.server";
import type { DB } from "#app/db/client.server";
import { startFakePostmark, type FakeMail } from "../fakes/postmark";

/** Mail delivery through the real Postmark client against the local fake Postmark. */

const workerOptions = { leaseMs: 5_000, pollMs: 10, retryBaseMs: 1 };
let fake: Awaited<ReturnType<typeof startFakePostmark>>;
let db: DB;

const mail = (to: string) => ({
  to,
  subject: "Reset your password",
  html: '<p>Reset it <a href="http://localhost:3000/reset-password?token=abc">here</a></p>',
  text: "Reset it here: http://localhost:3000/reset-password?token=abc",
  tag: "reset-password",
});

function usePostmark(enabled: boolean) {
  if (enabled) {
    process.env.POSTMARK_SERVER_TOKEN = fake.token;
    process.env.POSTMARK_API_URL = fake.url;
  } else {
    delete process.env.POSTMARK_SERVER_TOKEN;
  }
  resetEnvForTests();
}

async function outboxRow(id: number) {
  return db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
async function jobOf(mailId: number) {
  return db.selectFrom("jobs").selectAll().where("idempotency_key", "=", `mail:${mailId}`).executeTakeFirstOrThrow();
}
/** Makes a job that is waiting for its backoff due now, so the test does not sleep through it. */
async function makeDue(jobId: number) {
  await db
    .updateTable("jobs")
    .set({ run_at: new Date(0).toISOString() })
    .where("id", "=", jobId)
    .execute();
}
async function fakeMessages() {
  return (await (await fetch(`${fake.url}/__fake/messages`)).json()) as FakeMail[];
}
async function armFailure(status: number, body: unknown) {
  await fetch(`${fake.url}/__fake/fail-next`, { method: "POST", body: JSON.stringify({ status, body }) });
}

beforeAll(async () => {
  fake = await startFakePostmark();
  db = await testDb();
});
afterAll(async () => {
  await fake.close();
  delete process.env.POSTMARK_SERVER_TOKEN;
  delete process.env.POSTMARK_API_URL;
  resetEnvForTests();
});
beforeEach(async () => {
  await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
  // Earlier tests leave finished or failed jobs; only the current test's job may be due.
  await db.deleteFrom("jobs").execute();
});

describe("mail delivery", () => {
  it("keeps mail in the outbox when Postmark is not configured", async () => {
    usePostmark(false);
    const id = await sendMail(db, mail("outbox@example.com"));
    expect((await outboxRow(id)).transport).toBe("outbox");
    expect(await runNextJob(db, jobRegistry, workerOptions)).toBe(true);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "outbox", attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
    expect((await jobOf(id)).status).toBe("succeeded");
    expect(await fakeMessages()).toEqual([]);
  });

  it("sends through Postmark and stores its MessageID", async () => {
    usePostmark(true);
    const id = await sendMail(db, mail("reader@example.com"));
    expect((await outboxRow(id)).transport).toBe("postmark");
    await runNextJob(db, jobRegistry, workerOptions);

    const delivered = await fakeMessages();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ To: "reader@example.com", Subject: "Reset your password", Tag: "reset-password" });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, provider_message_id: delivered[0]!.MessageID, last_error: null });
    expect((await jobOf(id)).status).toBe("succeeded");
  });

  it("retries after a Postmark 500, then delivers once", async () => {
    usePostmark(true);
    await armFailure(500, { ErrorCode: 0, Message: "Internal server error" });
    const id = await sendMail(db, mail("retry500@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);

    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row.last_error).toContain("Internal server error");
    let job = await jobOf(id);
    expect(job.status).toBe("queued");
    expect(job.attempts).toBe(1);

    await makeDue(job.id);
    await runNextJob(db, jobRegistry, workerOptions);
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    job = await jobOf(id);
    expect(job.status).toBe("succeeded");
    expect(await fakeMessages()).toHaveLength(1);
  });

  it("retries after a Postmark 429 rate limit", async () => {
    usePostmark(true);
    await armFailure(429, { ErrorCode: 429, Message: "Rate limit exceeded" });
    const id = await sendMail(db, mail("retry429@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);

    const job = await jobOf(id);
    expect(job.status).toBe("queued");
    expect(job.last_error).toContain("Rate limit exceeded");
    expect(Date.parse(job.run_at)).toBeGreaterThanOrEqual(Date.parse(job.updated_at));
    expect((await outboxRow(id)).status).toBe("queued");

    await makeDue(job.id);
    await runNextJob(db, jobRegistry, workerOptions);
    expect((await outboxRow(id)).status).toBe("sent");
    expect(await fakeMessages()).toHaveLength(1);
  });

  it("retries when Postmark cannot be reached at all", async () => {
    usePostmark(true);
    const closed = await startFakePostmark();
    await closed.close();
    process.env.POSTMARK_API_URL = closed.url;
    resetEnvForTests();
    const id = await sendMail(db, mail("unreachable@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);
    expect((await outboxRow(id)).status).toBe("queued");
    expect((await jobOf(id)).status).toBe("queued");
  });

  it("fails at once, without retry, for an inactive recipient (406)", async () => {
    usePostmark(true);
    await fetch(`${fake.url}/__fake/inactive`, { method: "POST", body: JSON.stringify({ email: "bounced@example.com" }) });
    const id = await sendMail(db, mail("bounced@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.last_error).toContain("inactive");
    const job = await jobOf(id);
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job.last_error).toContain("PermanentJobError");
    // Nothing is left to run: the job is not retried.
    expect(await runNextJob(db, jobRegistry, workerOptions)).toBe(false);
    expect(await fakeMessages()).toEqual([]);
  });

  it.each([
    [401, { ErrorCode: 10, Message: "Request does not contain a valid Server token." }],
    [422, { ErrorCode: 300, Message: "Invalid email request: invalid From address." }],
    [404, { ErrorCode: 404, Message: "Not found" }],
  ])("fails permanently on any other 4xx (%i)", async (status, body) => {
    usePostmark(true);
    await armFailure(status, body);
    const id = await sendMail(db, mail(`client${status}@example.com`));
    await runNextJob(db, jobRegistry, workerOptions);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.last_error).toContain(body.Message);
    expect((await jobOf(id)).status).toBe("failed");
    expect(await runNextJob(db, jobRegistry, workerOptions)).toBe(false);
    expect(await fakeMessages()).toEqual([]);
  });

  it("a job that runs again after a completed send does not send twice", async () => {
    usePostmark(true);
    const id = await sendMail(db, mail("once@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);
    // Simulate a duplicate delivery job for the same mail (e.g. re-enqueued by hand).
    const job = await jobOf(id);
    await db
      .updateTable("jobs")
      .set({ status: "queued", run_at: new Date(0).toISOString() })
      .where("id", "=", job.id)
      .execute();
    await runNextJob(db, jobRegistry, workerOptions);
    expect(await fakeMessages()).toHaveLength(1);
    expect((await outboxRow(id)).attempts).toBe(1);
  });
});

describe("secrets at rest", () => {
  const LIVE = "token=abc";

  it("keeps the live link only until delivery: a sent mail's stored body is the redacted one", async () => {
    usePostmark(true);
    const id = await sendMail(db, mail("redact-sent@example.com"));
    expect((await outboxRow(id)).text).toContain(LIVE);
    await runNextJob(db, jobRegistry, workerOptions);

    const [delivered] = await fakeMessages();
    expect(delivered!.TextBody).toContain(LIVE);
    expect(delivered!.HtmlBody).toContain(LIVE);
    const row = await outboxRow(id);
    expect(row.status).toBe("sent");
    expect(row.text).not.toContain(LIVE);
    expect(row.html).not.toContain(LIVE);
    expect(row.text).toBe("Reset it here: http://localhost:3000/reset-password?token=[redacted]");
  });

  it("redacts a mail kept in the outbox transport and one that failed for good", async () => {
    usePostmark(false);
    const kept = await sendMail(db, mail("redact-outbox@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);
    expect(await outboxRow(kept)).toMatchObject({ status: "outbox" });
    expect((await outboxRow(kept)).text).not.toContain(LIVE);

    usePostmark(true);
    await fetch(`${fake.url}/__fake/inactive`, { method: "POST", body: JSON.stringify({ email: "redact-bounced@example.com" }) });
    const failed = await sendMail(db, mail("redact-bounced@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);
    const row = await outboxRow(failed);
    expect(row.status).toBe("failed");
    expect(row.text).not.toContain(LIVE);
    expect(row.html).not.toContain(LIVE);
  });

  it("marks a mail failed and redacts it when its last delivery attempt fails", async () => {
    usePostmark(true);
    const id = await sendMail(db, mail("redact-exhausted@example.com"));
    const job = await jobOf(id);
    await db.updateTable("jobs").set({ max_attempts: 1 }).where("id", "=", job.id).execute();
    await armFailure(500, { ErrorCode: 0, Message: "Internal server error" });
    await runNextJob(db, jobRegistry, workerOptions);

    expect((await jobOf(id)).status).toBe("failed");
    const row = await outboxRow(id);
    expect(row.status).toBe("failed");
    expect(row.last_error).toContain("Internal server error");
    expect(row.text).not.toContain(LIVE);
  });

  it("purges the bodies of mail older than 30 days and keeps its metadata", async () => {
    usePostmark(true);
    const old = await sendMail(db, mail("purge-old@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);
    const fresh = await sendMail(db, mail("purge-fresh@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);
    const now = new Date();
    const longAgo = new Date(now.getTime() - 31 * 86_400_000).toISOString();
    await db.updateTable("mail_outbox").set({ created_at: longAgo, sent_at: longAgo }).where("id", "=", old).execute();
    const before = await outboxRow(old);

    await purgeExpired(db, now);

    const purged = await outboxRow(old);
    expect(purged.html).toBe("");
    expect(purged.text).toBe("");
    expect(purged.body_purged_at).not.toBeNull();
    expect(purged).toMatchObject({
      to_address: "purge-old@example.com",
      subject: before.subject,
      tag: before.tag,
      status: "sent",
      provider_message_id: before.provider_message_id,
      created_at: longAgo,
      sent_at: longAgo,
    });
    expect(purged.provider_message_id).not.toBeNull();
    const kept = await outboxRow(fresh);
    expect(kept.text).toContain("reset-password?token=[redacted]");
    expect(kept.body_purged_at).toBeNull();
  });
});

describe("exactly once after an unknown outcome", () => {
  async function armNoAnswer(mode: "drop" | "hang") {
    await fetch(`${fake.url}/__fake/no-answer-next`, { method: "POST", body: JSON.stringify({ mode }) });
  }
  async function searchLag(ms: number) {
    await fetch(`${fake.url}/__fake/search-lag`, { method: "POST", body: JSON.stringify({ ms }) });
  }

  it("Postmark accepted the mail but the answer was lost: the retry finds it by its outbox id and does not send again", async () => {
    usePostmark(true);
    await armNoAnswer("drop");
    const id = await sendMail(db, mail("lost-answer@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);

    expect(await fakeMessages()).toHaveLength(1);
    let row = await outboxRow(id);
    expect(row.status).toBe("queued");
    expect(row.send_started_at).not.toBeNull();
    const job = await jobOf(id);
    expect(job.status).toBe("queued");

    await makeDue(job.id);
    await runNextJob(db, jobRegistry, workerOptions);
    const delivered = await fakeMessages();
    expect(delivered).toHaveLength(1);
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", provider_message_id: delivered[0]!.MessageID, send_started_at: null, attempts: 1 });
    expect(row.text).not.toContain("token=abc");
    expect((await jobOf(id)).status).toBe("succeeded");
  });

  it("a send that timed out is looked up, not repeated", async () => {
    usePostmark(true);
    const registry = { ...jobRegistry, "deliver-mail": createDeliverMailJob({ timeoutMs: 300 }) };
    await armNoAnswer("hang");
    const id = await sendMail(db, mail("timeout@example.com"));
    await runNextJob(db, registry, workerOptions);
    const row = await outboxRow(id);
    expect(row.status).toBe("queued");
    expect(row.last_error).toMatch(/timeout|aborted/i);

    await makeDue((await jobOf(id)).id);
    await runNextJob(db, registry, workerOptions);
    const delivered = await fakeMessages();
    expect(delivered).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", provider_message_id: delivered[0]!.MessageID });
  });

  it("when search does not show the mail yet, the retry waits for it instead of sending a second copy", async () => {
    usePostmark(true);
    await searchLag(60_000);
    await armNoAnswer("drop");
    const id = await sendMail(db, mail("lagging-search@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);

    // First retry, moments after the lost answer: search still lags, so nothing is sent.
    await makeDue((await jobOf(id)).id);
    await runNextJob(db, jobRegistry, workerOptions);
    expect(await fakeMessages()).toHaveLength(1);
    expect((await outboxRow(id)).status).toBe("queued");
    expect((await outboxRow(id)).last_error).toContain("Waiting for Postmark's message search");
    expect((await jobOf(id)).status).toBe("queued");

    // Search catches up: the next retry finds the mail.
    await searchLag(0);
    await makeDue((await jobOf(id)).id);
    await runNextJob(db, jobRegistry, workerOptions);
    const delivered = await fakeMessages();
    expect(delivered).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", provider_message_id: delivered[0]!.MessageID });
  });

  it("sends again once the wait for search is over and Postmark still has no such mail", async () => {
    usePostmark(true);
    const id = await sendMail(db, mail("never-arrived@example.com"));
    // A crash mid-send long ago: the attempt started, no answer was recorded, Postmark never got it.
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await db.updateTable("mail_outbox").set({ attempts: 1, send_started_at: longAgo }).where("id", "=", id).execute();
    await runNextJob(db, jobRegistry, workerOptions);
    expect(await fakeMessages()).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2, send_started_at: null });
  });

  it("does not take a message with the same outbox id for another recipient (an older database's) as this one", async () => {
    usePostmark(true);
    const first = await sendMail(db, mail("first-owner@example.com"));
    await runNextJob(db, jobRegistry, workerOptions);
    // Same id, another recipient, an unknown outcome long enough ago: as if the database had been recreated.
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await db
      .updateTable("mail_outbox")
      .set({ to_address: "second-owner@example.com", status: "queued", provider_message_id: null, attempts: 1, send_started_at: longAgo })
      .where("id", "=", first)
      .execute();
    await db
      .updateTable("jobs")
      .set({ status: "queued", run_at: new Date(0).toISOString() })
      .where("idempotency_key", "=", `mail:${first}`)
      .execute();
    await runNextJob(db, jobRegistry, workerOptions);
    const delivered = await fakeMessages();
    expect(delivered.map((m) => m.To)).toEqual(["first-owner@example.com", "second-owner@example.com"]);
    expect((await outboxRow(first)).provider_message_id).toBe(delivered[1]!.MessageID);
  });
});
