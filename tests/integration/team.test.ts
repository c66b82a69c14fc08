import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import type { WorkspaceRole } from "#app/db/schema";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { nameAfterBrand } from "#app/modules/workspaces/accounts.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import { hashToken } from "#app/utils/crypto.server";
import { action as inviteAction, loader as inviteLoader } from "#app/routes/auth/invite";
import { action, loader } from "#app/routes/dashboard/team/route";
import type { FormReply } from "#app/utils/form-reply";
import { isoIn } from "#app/utils/time";
import { api, makeApiKey } from "#tests/setup/api";
import { testDb } from "#tests/setup/db";
import { addMember, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, cookiesOf, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Teams (docs/decisions/044): invitations mailed with a
 * single-use link valid 7 days, accepted signed in or by creating the account;
 * revoke, change role, remove, leave, with the owner rules.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

const act = (request: Request, ip?: string) => callRoute<FormReply>({ middleware: [requireAuth], handler: action, request, ip });
const load = (path: string, cookie: string) =>
  callRoute<Awaited<ReturnType<typeof loader>>>({ middleware: [requireAuth], handler: loader, request: get(path, cookie) });
const team = (fields: Record<string, string>, cookie: string) => act(post("/dashboard/team", fields, cookie));

const join = (user: TestUser, workspaceId: string, role: WorkspaceRole) => addMember(db, user.userId, workspaceId, role);
const roleOf = async (workspaceId: string, userId: string) =>
  (
    await db
      .selectFrom("memberships")
      .select("role")
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", userId)
      .executeTakeFirst()
  )?.role ?? null;

/** The clear token of the newest invitation mailed to this address. */
async function mailedToken(to: string) {
  const mail = await db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id", "desc").executeTakeFirstOrThrow();
  const link = /http:\/\/localhost:3000\/invite\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return { token: link![1]!, mail };
}

async function currentSite(cookie: string) {
  const res = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", cookie) });
  return res.context.get(authContext);
}

describe("inviting", () => {
  it("mails a link whose token is stored only hashed, lists the invitation and audits it", async () => {
    const owner = await makeUser(db, { fullName: "Olive Owner" });
    const res = await team({ intent: "invite", email: "New.Editor@Example.com", role: "editor" }, owner.cookie);
    expect(redirectTarget(res)).toBe("/dashboard/team");
    const { token, mail } = await mailedToken("new.editor@example.com");
    expect(mail.subject).toBe("Olive Owner invited you to Olive Owner's workspace on Inkpilot");
    expect(mail.text).toContain(`Olive Owner (${owner.email}) invited you to work on Olive Owner's workspace as an editor.`);
    expect(mail.text).toContain("valid for 7 days");
    const row = await db.selectFrom("invitations").selectAll().where("workspace_id", "=", owner.workspaceId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const page = await load("/dashboard/team", owner.cookie);
    expect(page.data.invitations.map((i) => [i.email, i.role])).toEqual([["new.editor@example.com", "editor"]]);
    const audit = await db.selectFrom("audit_log").select("action").where("workspace_id", "=", owner.workspaceId).execute();
    expect(audit.map((a) => a.action)).toContain("member.invite");
  });

  it("names a person and a workspace the recipient recognises, never 'hello invited you to hello's workspace'", async () => {
    const email = `hello-${crypto.randomUUID().slice(0, 8)}@northwind.example`;
    const owner = await makeUser(db, { email });
    const local = email.split("@")[0]!;
    const workspace = await db.selectFrom("workspaces").select("name").where("id", "=", owner.workspaceId).executeTakeFirstOrThrow();
    expect(workspace.name).toBe(`${local}'s workspace`);
    await team({ intent: "invite", email: "first@example.com", role: "editor" }, owner.cookie);
    const first = (await mailedToken("first@example.com")).mail;
    expect(first.subject).toBe(`${email} invited you to their workspace on Inkpilot`);
    expect(first.subject).not.toContain(`${local}'s`);

    // The scan found the brand: the only site and its default-named workspace take its name.
    await nameAfterBrand(db, owner.siteId, "Northwind Coffee");
    await team({ intent: "invite", email: "second@example.com", role: "admin" }, owner.cookie);
    const second = (await mailedToken("second@example.com")).mail;
    expect(second.subject).toBe(`${email} invited you to Northwind Coffee on Inkpilot`);
    expect(second.text).toContain(`${email} invited you to work on Northwind Coffee as an admin.`);

    // A workspace someone named stays as they named it; a second site's brand renames nothing.
    await db.updateTable("workspaces").set({ name: "Agency Clients" }).where("id", "=", owner.workspaceId).execute();
    await nameAfterBrand(db, owner.siteId, "Other Brand");
    const named = await db.selectFrom("workspaces").select("name").where("id", "=", owner.workspaceId).executeTakeFirstOrThrow();
    expect(named.name).toBe("Agency Clients");
  });

  it("refuses an address that is a member already, and an owner role", async () => {
    const owner = await makeUser(db);
    const member = await makeUser(db);
    await join(member, owner.workspaceId, "editor");
    const res = await team({ intent: "invite", email: member.email, role: "admin" }, owner.cookie);
    expect(res.status).toBe(400);
    expect(res.data.result.error).toMatchObject({ email: ["This person is already a member of this workspace."] });
    expect((await team({ intent: "invite", email: "x@example.com", role: "owner" }, owner.cookie)).status).toBe(400);
    expect(await db.selectFrom("invitations").select("id").where("workspace_id", "=", owner.workspaceId).execute()).toEqual([]);
  });

  it("limits invitations per inviting account (30 an hour)", async () => {
    const owner = await makeUser(db);
    for (let i = 0; i < 30; i += 1) {
      const ok = await act(
        post("/dashboard/team", { intent: "invite", email: `bulk-${i}@example.com`, role: "editor" }, owner.cookie),
        "198.51.100.9",
      );
      expect(ok.status).toBe(302);
    }
    const over = await act(
      post("/dashboard/team", { intent: "invite", email: "one-too-many@example.com", role: "editor" }, owner.cookie),
      "198.51.100.9",
    );
    expect(over.status).toBe(429);
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "=", "one-too-many@example.com").execute()).toEqual([]);
  });
});

describe("accepting", () => {
  const acceptAs = (token: string, cookie: string) =>
    callRoute({ handler: inviteAction, request: post("/invite", { intent: "accept", token }, cookie) });

  it("signed in: joins with the invited role, starts on the workspace's site, and the link works once", async () => {
    const owner = await makeUser(db);
    const invitee = await makeUser(db);
    await team({ intent: "invite", email: invitee.email, role: "admin" }, owner.cookie);
    const { token } = await mailedToken(invitee.email);
    const page = await callRoute<Awaited<ReturnType<typeof inviteLoader>>>({
      handler: inviteLoader,
      request: get(`/invite?token=${token}`, invitee.cookie),
    });
    expect(page.data).toMatchObject({ valid: true, signedInAs: invitee.email, invitation: { role: "Admin" } });

    const res = await acceptAs(token, invitee.cookie);
    expect(redirectTarget(res)).toBe("/dashboard");
    expect(await roleOf(owner.workspaceId, invitee.userId)).toBe("admin");
    const auth = await currentSite(invitee.cookie);
    expect([auth.site.id, auth.role]).toEqual([owner.siteId, "admin"]);

    const again = await acceptAs(token, (await makeUser(db)).cookie);
    expect(redirectTarget(again)).toBe(`/invite?token=${token}`);
    const members = await db.selectFrom("memberships").select("user_id").where("workspace_id", "=", owner.workspaceId).execute();
    expect(members).toHaveLength(2);
  });

  it("refuses an expired or revoked link", async () => {
    const owner = await makeUser(db);
    await team({ intent: "invite", email: "late@example.com", role: "editor" }, owner.cookie);
    const late = await mailedToken("late@example.com");
    await db
      .updateTable("invitations")
      .set({ expires_at: isoIn(-1000) })
      .where("email", "=", "late@example.com")
      .execute();
    const stranger = await makeUser(db);
    await acceptAs(late.token, stranger.cookie);
    expect(await roleOf(owner.workspaceId, stranger.userId)).toBeNull();

    await team({ intent: "invite", email: "revoked@example.com", role: "editor" }, owner.cookie);
    const revoked = await mailedToken("revoked@example.com");
    const invitation = await db.selectFrom("invitations").select("id").where("email", "=", "revoked@example.com").executeTakeFirstOrThrow();
    expect(redirectTarget(await team({ intent: "revoke", invitationId: invitation.id }, owner.cookie))).toBe("/dashboard/team");
    const page = await callRoute<Awaited<ReturnType<typeof inviteLoader>>>({
      handler: inviteLoader,
      request: get(`/invite?token=${revoked.token}`),
    });
    expect(page.data).toEqual({ valid: false });
    await acceptAs(revoked.token, stranger.cookie);
    expect(await roleOf(owner.workspaceId, stranger.userId)).toBeNull();
  });

  it("signed out, without an account: creates a verified account from the link, signs in and joins", async () => {
    const owner = await makeUser(db);
    await team({ intent: "invite", email: "fresh@example.com", role: "editor" }, owner.cookie);
    const { token } = await mailedToken("fresh@example.com");
    const page = await callRoute<Awaited<ReturnType<typeof inviteLoader>>>({
      handler: inviteLoader,
      request: get(`/invite?token=${token}`),
    });
    expect(page.data).toMatchObject({ valid: true, signedInAs: null, hasAccount: false });

    const weak = await callRoute<FormReply>({
      handler: inviteAction,
      request: post("/invite", { intent: "signup", token, password: "123" }),
    });
    expect(weak.status).toBe(400);

    const res = await callRoute({
      handler: inviteAction,
      request: post("/invite", { intent: "signup", token, fullName: "Fresh Editor", password: "a-long-pass-phrase" }),
    });
    expect(redirectTarget(res)).toBe("/dashboard");
    const user = await db.selectFrom("users").selectAll().where("email", "=", "fresh@example.com").executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
    expect(user.onboarding_completed_at).not.toBeNull();
    expect(await roleOf(owner.workspaceId, user.id)).toBe("editor");
    const auth = await currentSite(cookiesOf(res));
    expect([auth.user.id, auth.site.id, auth.role]).toEqual([user.id, owner.siteId, "editor"]);
  });
});

describe("tenancy and repeats", () => {
  it("answers 404 for another workspace's invitation or member, and changes nothing there", async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const otherMember = await makeUser(db);
    await join(otherMember, other.workspaceId, "editor");
    await team({ intent: "invite", email: "theirs@example.com", role: "editor" }, other.cookie);
    const theirs = await db.selectFrom("invitations").select("id").where("workspace_id", "=", other.workspaceId).executeTakeFirstOrThrow();
    expect((await team({ intent: "revoke", invitationId: theirs.id }, owner.cookie)).status).toBe(404);
    expect((await team({ intent: "remove", userId: otherMember.userId }, owner.cookie)).status).toBe(404);
    expect((await team({ intent: "role", userId: otherMember.userId, role: "admin" }, owner.cookie)).status).toBe(404);
    expect(await roleOf(other.workspaceId, otherMember.userId)).toBe("editor");
    expect(await db.selectFrom("invitations").select("id").where("id", "=", theirs.id).executeTakeFirst()).toBeTruthy();
  });

  it("a second invitation to the same address replaces the first, whose link stops working", async () => {
    const owner = await makeUser(db);
    await team({ intent: "invite", email: "twice@example.com", role: "editor" }, owner.cookie);
    const first = await mailedToken("twice@example.com");
    await team({ intent: "invite", email: "twice@example.com", role: "admin" }, owner.cookie);
    const second = await mailedToken("twice@example.com");
    expect(second.token).not.toBe(first.token);
    const rows = await db.selectFrom("invitations").select("role").where("workspace_id", "=", owner.workspaceId).execute();
    expect(rows).toEqual([{ role: "admin" }]);
    const stale = await callRoute<Awaited<ReturnType<typeof inviteLoader>>>({
      handler: inviteLoader,
      request: get(`/invite?token=${first.token}`),
    });
    expect(stale.data).toEqual({ valid: false });
  });

  it("signed out with an account for the address: offers sign-in that comes back to the link", async () => {
    const owner = await makeUser(db);
    const existing = await makeUser(db);
    await team({ intent: "invite", email: existing.email, role: "editor" }, owner.cookie);
    const { token } = await mailedToken(existing.email);
    const page = await callRoute<Awaited<ReturnType<typeof inviteLoader>>>({
      handler: inviteLoader,
      request: get(`/invite?token=${token}`),
    });
    expect(page.data).toMatchObject({ valid: true, signedInAs: null, hasAccount: true });
    if (!page.data.valid) throw new Error("expected a valid invitation");
    const signin = new URL(page.data.signinHref, "http://localhost:3000");
    expect(signin.pathname).toBe("/signin");
    expect(signin.searchParams.get("redirectTo")).toBe(`/invite?token=${encodeURIComponent(token)}`);
    // The sign-up form refuses an address that has an account.
    const res = await callRoute<FormReply>({
      handler: inviteAction,
      request: post("/invite", { intent: "signup", token, password: "a-long-pass-phrase" }),
    });
    expect(res.data.notice?.title).toBe("Account exists");
    expect(await roleOf(owner.workspaceId, existing.userId)).toBeNull();
  });
});

describe("roles, removing and leaving", () => {
  it("only an owner makes an owner or touches one; the last owner is never demoted", async () => {
    const owner = await makeUser(db);
    const admin = await makeUser(db);
    const editor = await makeUser(db);
    await join(admin, owner.workspaceId, "admin");
    await join(editor, owner.workspaceId, "editor");
    for (const u of [admin, editor])
      await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", u.cookie) });
    const adminAuth = await currentSite(admin.cookie);
    await chooseSite(db, adminAuth.sessionId, admin.userId, owner.siteId);

    expect((await team({ intent: "role", userId: editor.userId, role: "admin" }, admin.cookie)).status).toBe(302);
    expect(await roleOf(owner.workspaceId, editor.userId)).toBe("admin");
    expect((await team({ intent: "role", userId: editor.userId, role: "owner" }, admin.cookie)).status).toBe(403);
    expect((await team({ intent: "role", userId: owner.userId, role: "editor" }, admin.cookie)).status).toBe(403);
    expect((await team({ intent: "remove", userId: owner.userId }, admin.cookie)).status).toBe(403);
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe("owner");

    // The last owner stays owner, and cannot leave.
    const demote = await team({ intent: "role", userId: owner.userId, role: "admin" }, owner.cookie);
    expect(redirectTarget(demote)).toBe("/dashboard/team");
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe("owner");
    await team({ intent: "leave" }, owner.cookie);
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe("owner");

    // With a second owner, the first may step down.
    await team({ intent: "role", userId: admin.userId, role: "owner" }, owner.cookie);
    await team({ intent: "role", userId: owner.userId, role: "editor" }, owner.cookie);
    expect(await roleOf(owner.workspaceId, owner.userId)).toBe("editor");
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("workspace_id", "=", owner.workspaceId)
      .where("action", "=", "member.role")
      .execute();
    expect(audit).toHaveLength(3);
  });

  it("removes a member, who then falls back to their own site; a member leaves", async () => {
    const owner = await makeUser(db);
    const gone = await makeUser(db);
    const leaver = await makeUser(db);
    await join(gone, owner.workspaceId, "editor");
    await join(leaver, owner.workspaceId, "editor");
    await chooseSite(db, (await currentSite(gone.cookie)).sessionId, gone.userId, owner.siteId);
    expect((await load("/dashboard/team?remove=" + gone.userId, owner.cookie)).data.dialog?.kind).toBe("remove");
    expect(redirectTarget(await team({ intent: "remove", userId: gone.userId }, owner.cookie))).toBe("/dashboard/team");
    expect(await roleOf(owner.workspaceId, gone.userId)).toBeNull();
    expect((await currentSite(gone.cookie)).site.id).toBe(gone.siteId);

    await chooseSite(db, (await currentSite(leaver.cookie)).sessionId, leaver.userId, owner.siteId);
    expect(redirectTarget(await team({ intent: "leave" }, leaver.cookie))).toBe("/dashboard");
    expect(await roleOf(owner.workspaceId, leaver.userId)).toBeNull();
    const actions = await db.selectFrom("audit_log").select("action").where("workspace_id", "=", owner.workspaceId).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["member.remove", "member.leave"]));
  });

  it("shows an editor the members without the controls", async () => {
    const owner = await makeUser(db);
    const editor = await makeUser(db);
    await join(editor, owner.workspaceId, "editor");
    await chooseSite(db, (await currentSite(editor.cookie)).sessionId, editor.userId, owner.siteId);
    const page = await load("/dashboard/team", editor.cookie);
    expect(page.data.allowed).toEqual({ manage: false, owners: false, rename: false, leave: true });
    // The last owner is offered no Leave.
    expect((await load("/dashboard/team", owner.cookie)).data.allowed).toEqual({ manage: true, owners: true, rename: true, leave: false });
    expect(page.data.invitations).toEqual([]);
    expect(page.data.members.map((m) => m.role)).toEqual(["owner", "editor"]);
    expect((await load("/dashboard/team?invite=1", editor.cookie)).status).toBe(403);
  });
});

// A developer API key acts for its workspace whoever created it (decision 045), so removing its creator must not
// leave it working unnoticed: the Remove dialog lists the member's keys and revokes them unless unticked.
describe("removing a member who created API keys", () => {
  async function workspaceWithKeys(actorRole: "owner" | "admin") {
    const owner = await makeUser(db);
    const actor = actorRole === "owner" ? owner : await makeUser(db);
    if (actor !== owner) {
      await join(actor, owner.workspaceId, "admin");
      await chooseSite(db, (await currentSite(actor.cookie)).sessionId, actor.userId, owner.siteId);
    }
    const member = await makeUser(db);
    await join(member, owner.workspaceId, "admin");
    const wide = await makeApiKey(db, { workspaceId: owner.workspaceId, userId: member.userId }, null, "Zapier");
    const scoped = await makeApiKey(db, { workspaceId: owner.workspaceId, userId: member.userId }, owner.siteId, "Site sync");
    // Not the member's: another member's key, and the member's key in their own workspace.
    const others = await makeApiKey(db, { workspaceId: owner.workspaceId, userId: owner.userId }, null, "Owner's");
    const ownWorkspace = await makeApiKey(db, { workspaceId: member.workspaceId, userId: member.userId }, null, "Mine");
    return { owner, actor, member, wide, scoped, others, ownWorkspace };
  }
  const live = async (keyId: string) =>
    (await db.selectFrom("api_keys").select("revoked_at").where("id", "=", keyId).executeTakeFirstOrThrow()).revoked_at === null;
  /** The toast the redirect carries (the signed __toast cookie's payload). */
  const toastOf = (res: { headers: Headers }) => {
    const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    return JSON.parse(Buffer.from(decodeURIComponent(raw).split(".")[0]!, "base64").toString("utf8")) as {
      title: string;
      description?: string;
    };
  };
  const auditOf = (workspaceId: string) =>
    db.selectFrom("audit_log").select(["action", "target", "detail"]).where("workspace_id", "=", workspaceId).orderBy("id").execute();

  for (const actorRole of ["owner", "admin"] as const) {
    it(`${actorRole}: the dialog lists the member's keys; removing with the box ticked revokes them, audited`, async () => {
      const w = await workspaceWithKeys(actorRole);
      const page = await load(`/dashboard/team?remove=${w.member.userId}`, w.actor.cookie);
      const dialog = page.data.dialog;
      expect(dialog?.kind).toBe("remove");
      const listed = dialog?.kind === "remove" ? dialog.apiKeys : [];
      const siteName = (await db.selectFrom("sites").select("name").where("id", "=", w.owner.siteId).executeTakeFirstOrThrow()).name;
      // Both keys may share a created_at millisecond, so compare as a set.
      expect([...listed].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { id: w.scoped.id, name: "Site sync", prefix: w.scoped.key.slice(0, 13), siteName },
        { id: w.wide.id, name: "Zapier", prefix: w.wide.key.slice(0, 13), siteName: null },
      ]);

      const res = await team({ intent: "remove", userId: w.member.userId, revokeApiKeys: "on" }, w.actor.cookie);
      expect(redirectTarget(res)).toBe("/dashboard/team");
      expect(toastOf(res)).toMatchObject({ title: "Member removed", description: "2 API keys they created were revoked." });
      expect(await roleOf(w.owner.workspaceId, w.member.userId)).toBeNull();
      expect([await live(w.wide.id), await live(w.scoped.id)]).toEqual([false, false]);
      expect([await live(w.others.id), await live(w.ownWorkspace.id)]).toEqual([true, true]);
      expect((await api(w.wide.key, "GET", "/sites")).status).toBe(401);
      expect((await api(w.others.key, "GET", "/sites")).status).toBe(200);

      const audit = (await auditOf(w.owner.workspaceId)).filter((a) => a.action === "member.remove" || a.action === "api_key.revoked");
      expect(audit.map((a) => a.action)).toEqual(["api_key.revoked", "api_key.revoked", "member.remove"]);
      expect(audit.slice(0, 2).map((a) => a.target)).toEqual(expect.arrayContaining([`api_key:${w.wide.id}`, `api_key:${w.scoped.id}`]));
      expect(audit[2]!.target).toBe(`user:${w.member.userId}`);
      const zapier = audit.find((a) => a.target === `api_key:${w.wide.id}`)!;
      expect(JSON.parse(zapier.detail)).toMatchObject({ name: "Zapier", reason: "member.remove", createdBy: w.member.userId });
      const removal = JSON.parse(audit[2]!.detail) as { role: string; revokedApiKeys: string[] };
      expect(removal.role).toBe("admin");
      expect(removal.revokedApiKeys.sort()).toEqual([w.wide.key.slice(0, 13), w.scoped.key.slice(0, 13)].sort());
    });
  }

  it("unticked (the checkbox posts nothing), the member goes and their keys keep working, as the toast says", async () => {
    const w = await workspaceWithKeys("owner");
    const res = await team({ intent: "remove", userId: w.member.userId }, w.owner.cookie);
    expect(redirectTarget(res)).toBe("/dashboard/team");
    expect(await roleOf(w.owner.workspaceId, w.member.userId)).toBeNull();
    expect([await live(w.wide.id), await live(w.scoped.id)]).toEqual([true, true]);
    expect(toastOf(res)).toMatchObject({
      title: "Member removed",
      description: "2 API keys they created still work: revoke them in Settings → Integrations when no longer needed.",
    });
    const audit = (await auditOf(w.owner.workspaceId)).filter((a) => a.action === "api_key.revoked");
    expect(audit).toEqual([]);
  });

  it("an editor can neither open the dialog nor remove the member; the keys stay", async () => {
    const w = await workspaceWithKeys("owner");
    const editor = await makeUser(db);
    await join(editor, w.owner.workspaceId, "editor");
    await chooseSite(db, (await currentSite(editor.cookie)).sessionId, editor.userId, w.owner.siteId);
    expect((await load(`/dashboard/team?remove=${w.member.userId}`, editor.cookie)).status).toBe(403);
    expect((await team({ intent: "remove", userId: w.member.userId, revokeApiKeys: "on" }, editor.cookie)).status).toBe(403);
    expect([await live(w.wide.id), await live(w.scoped.id)]).toEqual([true, true]);
  });
});

describe("renaming the workspace", () => {
  it("owners rename it (audited, and the next invitation says the new name); admins and editors are refused; a blank name changes nothing", async () => {
    const owner = await makeUser(db, { fullName: "Olive Owner" });
    const admin = await makeUser(db);
    await join(admin, owner.workspaceId, "admin");
    const nameOf = async () =>
      (await db.selectFrom("workspaces").select("name").where("id", "=", owner.workspaceId).executeTakeFirstOrThrow()).name;
    const before = await nameOf();

    expect((await load("/dashboard/team", owner.cookie)).data.allowed.rename).toBe(true);
    const blank = await team({ intent: "rename", name: "   " }, owner.cookie);
    expect(blank.status).toBe(400);
    expect(blank.data.result.error?.name).toEqual(["Workspace name required"]);
    expect(await nameOf()).toBe(before);

    // The admin's own session is in their workspace: choose the owner's first.
    await chooseSite(db, (await currentSite(admin.cookie)).sessionId, admin.userId, owner.siteId);
    const refused = await team({ intent: "rename", name: "Taken Over" }, admin.cookie);
    expect(refused.status).toBe(403);
    expect(await nameOf()).toBe(before);

    const renamed = await team({ intent: "rename", name: "  Clay & Kiln Studio " }, owner.cookie);
    expect(redirectTarget(renamed)).toBe("/dashboard/team");
    expect(await nameOf()).toBe("Clay & Kiln Studio");
    const audit = await db
      .selectFrom("audit_log")
      .select(["detail"])
      .where("workspace_id", "=", owner.workspaceId)
      .where("action", "=", "workspace.rename")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toEqual({ from: before, to: "Clay & Kiln Studio" });

    await team({ intent: "invite", email: "new-potter@example.com", role: "editor" }, owner.cookie);
    const { mail } = await mailedToken("new-potter@example.com");
    expect(mail.subject).toContain("Clay & Kiln Studio");
  });
});
