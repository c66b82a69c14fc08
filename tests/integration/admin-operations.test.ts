import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { enqueue } from "#app/modules/jobs/queue.server";
import * as accountUser from "#app/routes/admin/account-user";
import * as accountWorkspace from "#app/routes/admin/account-workspace";
import * as accounts from "#app/routes/admin/accounts";
import * as audit from "#app/routes/admin/audit";
import * as jobs from "#app/routes/admin/jobs";
import { action as settingsAction } from "#app/routes/dashboard/settings/route";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Operator jobs and audit pages through their guards: Retry
 * and Cancel change a job only in the state they act on (two clicks act once),
 * are audited, and customers are refused; settings saves are audited with the
 * fields that changed, and an editor cannot change site settings.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const callAdmin = <T = any>(request: Request, handler: (args: any) => unknown, params: Record<string, string> = {}) =>
  callRoute<T>({ middleware: [requireAuth, requireOperator], handler, request, params });

let db: DB;
let operator: TestUser;
let customer: TestUser;

beforeAll(async () => {
  db = await testDb();
  operator = await makeUser(db, { email: "jobs-ops@example.com", isOperator: true });
  customer = await makeUser(db, { email: "jobs-customer@example.com" });
});

async function jobWith(status: "failed" | "queued" | "succeeded") {
  const id = await enqueue(db, "deliver-mail", { mailId: Math.floor(Math.random() * 1e9) }, { runAt: new Date(Date.now() + 3_600_000) });
  await db
    .updateTable("jobs")
    .set({ status, attempts: status === "failed" ? 8 : 0, last_error: status === "failed" ? "Error: boom" : null })
    .where("id", "=", Number(id))
    .execute();
  return Number(id);
}
const statusOf = async (id: number) =>
  await db.selectFrom("jobs").select(["status", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow();
const act = (intent: string, jobId: number, cookie = operator.cookie) =>
  callAdmin(post("/dashboard/admin/jobs?status=failed", { intent, jobId: String(jobId) }, cookie), jobs.action);

describe("operator jobs", () => {
  it("lists jobs by state with the failed job's error", async () => {
    const failed = await jobWith("failed");
    const page = await callAdmin(get("/dashboard/admin/jobs?status=failed", operator.cookie), jobs.loader);
    expect(page.data.jobs.map((j: { id: number }) => j.id)).toContain(failed);
    expect(page.data.jobs.every((j: { status: string }) => j.status === "failed")).toBe(true);
    expect(page.data.jobs.find((j: { id: number }) => j.id === failed).last_error).toBe("Error: boom");
  });

  it("Retry queues a failed job again once, with fresh attempts, and is audited", async () => {
    const id = await jobWith("failed");
    const first = await act("retry", id);
    expect(redirectTarget(first)).toBe("/dashboard/admin/jobs?status=failed");
    expect(await statusOf(id)).toEqual({ status: "queued", attempts: 0 });
    await act("retry", id);
    const entries = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "job.retry")
      .where("target", "=", `job:${id}`)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_id).toBe(operator.userId);
  });

  it("Cancel stops a queued job and leaves a finished one alone", async () => {
    const queued = await jobWith("queued");
    await act("cancel", queued);
    expect((await statusOf(queued)).status).toBe("cancelled");
    const done = await jobWith("succeeded");
    await act("cancel", done);
    expect((await statusOf(done)).status).toBe("succeeded");
  });

  it("refuses customers and changes nothing", async () => {
    const id = await jobWith("failed");
    const denied = await act("retry", id, customer.cookie);
    expect(denied.status).toBe(403);
    expect((await statusOf(id)).status).toBe("failed");
    expect((await callAdmin(get("/dashboard/admin/jobs", customer.cookie), jobs.loader)).status).toBe(403);
    expect((await callAdmin(get("/dashboard/admin/audit", customer.cookie), audit.loader)).status).toBe(403);
  });
});

const BRAND = {
  intent: "brand",
  brandName: "Audit Co",
  industry: "Software",
  description: "We make software.",
  targetAudience: "Founders",
  toneOfVoice: "Friendly",
  language: "en-US",
  tags: "",
  internalLinks: "",
};

describe("settings changes in the audit log", () => {
  const saveBrand = (fields: Record<string, string>, cookie: string) =>
    callRoute({ middleware: [requireAuth], handler: settingsAction, request: post("/dashboard/settings?tab=brand", fields, cookie) });

  it("records who changed which brand fields, once per real change, and the audit page filters by action and actor", async () => {
    const owner = await makeUser(db, { email: "audited-owner@example.com" });
    await saveBrand(BRAND, owner.cookie);
    await saveBrand(BRAND, owner.cookie);
    await saveBrand({ ...BRAND, toneOfVoice: "Formal" }, owner.cookie);
    const rows = await db.selectFrom("audit_log").selectAll().where("actor_id", "=", owner.userId).orderBy("id").execute();
    expect(rows.map((r) => r.action)).toEqual(["settings.brand.update", "settings.brand.update"]);
    expect(JSON.parse(rows[1]!.detail)).toEqual({ fields: ["tone_of_voice"] });
    expect(rows[0]!.workspace_id).toBe(owner.workspaceId);

    const page = await callAdmin(get("/dashboard/admin/audit?action=settings.&actor=audited-owner", operator.cookie), audit.loader);
    expect(page.data.total).toBe(2);
    const none = await callAdmin(get("/dashboard/admin/audit?action=settings.&actor=nobody%25", operator.cookie), audit.loader);
    expect(none.data.total).toBe(0);
  });

  it("an editor cannot change the site's settings", async () => {
    const editor = await makeUser(db, { email: "editor-settings@example.com" });
    await db.updateTable("memberships").set({ role: "editor" }).where("user_id", "=", editor.userId).execute();
    const denied = await saveBrand({ ...BRAND, brandName: "Editor was here" }, editor.cookie);
    expect(denied.status).toBe(403);
    const brand = await db.selectFrom("brand_settings").select("brand_name").where("site_id", "=", editor.siteId).executeTakeFirst();
    expect(brand?.brand_name ?? "").not.toBe("Editor was here");
  });
});

describe("users and workspaces", () => {
  it("finds users by email, name or workspace name, literally", async () => {
    const found = await makeUser(db, { email: "findable-person@example.com", fullName: "Ada Findable" });
    await db.updateTable("workspaces").set({ name: "Acme 100% Widgets" }).where("id", "=", found.workspaceId).execute();
    for (const q of ["FINDABLE-person", "ada find", "100% widg"]) {
      const page = await callAdmin(get(`/dashboard/admin/accounts?q=${encodeURIComponent(q)}`, operator.cookie), accounts.loader);
      expect(page.data.users.map((u: { id: string }) => u.id)).toEqual([found.userId]);
      expect(page.data.users[0].workspaces[0]).toMatchObject({ id: found.workspaceId, role: "owner", plan: "trial" });
    }
    const none = await callAdmin(get(`/dashboard/admin/accounts?q=${encodeURIComponent("zz%qq")}`, operator.cookie), accounts.loader);
    expect(none.data.users).toEqual([]);
  });

  it("shows a user's sessions without their ids, and ends them (audited)", async () => {
    const person = await makeUser(db, { email: "sessions-person@example.com" });
    const view = await callAdmin(get(`/dashboard/admin/accounts/users/${person.userId}`, operator.cookie), accountUser.loader, {
      userId: person.userId,
    });
    expect(view.data.sessions).toHaveLength(1);
    const full = await db.selectFrom("sessions").select("id").where("user_id", "=", person.userId).executeTakeFirstOrThrow();
    expect(JSON.stringify(view.data)).not.toContain(full.id);

    const ended = await callAdmin(post(`/dashboard/admin/accounts/users/${person.userId}`, {}, operator.cookie), accountUser.action, {
      userId: person.userId,
    });
    expect(redirectTarget(ended)).toBe(`/dashboard/admin/accounts/users/${person.userId}`);
    expect(await db.selectFrom("sessions").selectAll().where("user_id", "=", person.userId).execute()).toEqual([]);
    const entry = await db.selectFrom("audit_log").selectAll().where("target", "=", `user:${person.userId}`).executeTakeFirstOrThrow();
    expect(entry.action).toBe("user.sessions.end");
  });

  it("sets a workspace's plan by hand, validated and audited; customers are refused", async () => {
    const owner = await makeUser(db, { email: "plan-owner@example.com" });
    const path = `/dashboard/admin/accounts/workspaces/${owner.workspaceId}`;
    const bad = await callAdmin(
      post(path, { intent: "set-plan", plan: "trial", trialEndsOn: "" }, operator.cookie),
      accountWorkspace.action,
    );
    expect(bad.status).toBe(400);
    const denied = await callAdmin(post(path, { intent: "set-plan", plan: "pro" }, owner.cookie), accountWorkspace.action, {
      workspaceId: owner.workspaceId,
    });
    expect(denied.status).toBe(403);
    expect((await db.selectFrom("workspaces").select("plan").where("id", "=", owner.workspaceId).executeTakeFirstOrThrow()).plan).toBe(
      "trial",
    );

    await callAdmin(post(path, { intent: "set-plan", plan: "pro" }, operator.cookie), accountWorkspace.action, {
      workspaceId: owner.workspaceId,
    });
    expect((await db.selectFrom("workspaces").select("plan").where("id", "=", owner.workspaceId).executeTakeFirstOrThrow()).plan).toBe(
      "pro",
    );
    await callAdmin(
      post(path, { intent: "set-plan", plan: "trial", trialEndsOn: "2030-01-31" }, operator.cookie),
      accountWorkspace.action,
      { workspaceId: owner.workspaceId },
    );
    const after = await db
      .selectFrom("workspaces")
      .select(["plan", "trial_ends_at"])
      .where("id", "=", owner.workspaceId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ plan: "trial", trial_ends_at: "2030-01-31T23:59:59.999Z" });
    const entries = await db
      .selectFrom("audit_log")
      .select("action")
      .where("workspace_id", "=", owner.workspaceId)
      .where("action", "=", "workspace.plan.set")
      .execute();
    expect(entries).toHaveLength(2);

    const view = await callAdmin(get(path, operator.cookie), accountWorkspace.loader, { workspaceId: owner.workspaceId });
    expect(view.data.members.map((m: { email: string }) => m.email)).toEqual(["plan-owner@example.com"]);
    expect(view.data.sites).toHaveLength(1);
    expect(
      (await callAdmin(get("/dashboard/admin/accounts/workspaces/nope", operator.cookie), accountWorkspace.loader, { workspaceId: "nope" }))
        .status,
    ).toBe(404);
  });
});
