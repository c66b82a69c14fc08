import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { NOT_YOUR_GRANT } from "#app/modules/search-console/connection.server";
import { deleteAccount } from "#app/modules/workspaces/accounts.server";
import { chooseSite, deleteSite } from "#app/modules/workspaces/sites.server";
import { removeMember } from "#app/modules/workspaces/team.server";
import * as callback from "#app/routes/dashboard/search-console-callback";
import * as settings from "#app/routes/dashboard/settings/route";
import { wireAreaHooks } from "#app/worker/hooks.server";
import { type FakeOidc } from "#tests/fakes/oidc";
import { startGoogleFakes } from "#tests/support/google-fakes";
import { testDb } from "#tests/setup/db";
import { addMember, makeArticle, makePublication, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";
import { newId } from "#app/utils/crypto.server";

/**
 * A Search Console grant is bound to the member who connected it (docs/decisions/065): only they choose its
 * property; their leaving, their account's deletion, and the deletion of its site or workspace revoke it at the fake
 * Google (or stop it while another site shares it) and tell the owners; disconnect forgets every row it produced.
 */

let db: DB;
let oidc: FakeOidc;
let sc: Awaited<ReturnType<typeof startGoogleFakes>>["sc"];
const TAB = "/dashboard/settings?tab=integrations";

let fakes: Awaited<ReturnType<typeof startGoogleFakes>>;
beforeAll(async () => {
  fakes = await startGoogleFakes();
  ({ oidc, sc } = fakes);
  db = await testDb();
  wireAreaHooks();
});
afterAll(async () => {
  await fakes.close();
});

const act = (cookie: string, fields: Record<string, string>) =>
  callRoute({ middleware: [requireAuth], handler: settings.action, request: post(TAB, fields, cookie) });

/** Connects the person's current site through the fake Google consent, as the Google account `email`. */
async function connect(person: TestUser, email: string) {
  oidc.loginAs({ sub: `sub-${email}`, email, email_verified: true, name: "Person" });
  const start = await act(person.cookie, { intent: "search-console-connect" });
  const back = new URL((await fetch(redirectTarget(start)!, { redirect: "manual" })).headers.get("Location")!);
  await callRoute({ middleware: [requireAuth], handler: callback.loader, request: get(back.pathname + back.search, person.cookie) });
}

async function switchTo(person: TestUser, siteId: string) {
  const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", person.cookie) });
  await chooseSite(db, session.context.get(authContext).sessionId, person.userId, siteId);
}

const row = (siteId: string) => db.selectFrom("search_console_connections").selectAll().where("site_id", "=", siteId).executeTakeFirst();
const revokes = () => oidc.log.filter((l) => l.endpoint === "revoke").length;
const grantOf = (email: string) => oidc.grants().find((g) => g.email === email);
const audits = (siteId: string) =>
  db
    .selectFrom("audit_log")
    .select("detail")
    .where("action", "=", "search_console.revoke")
    .where("target", "=", `site:${siteId}`)
    .execute();

let seq = 0;
/** An owner and an admin of the owner's workspace; the admin connects the owner's site with their Google account. */
async function adminConnected(properties = ["https://elsewhere.test/", "sc-domain:other.test"]) {
  seq += 1;
  const owner = await makeUser(db, { site: { url: `https://grant-${seq}.test/` } });
  const admin = await makeUser(db);
  await addMember(db, admin.userId, owner.workspaceId, "admin");
  const email = `grant-admin-${seq}@gmail.test`;
  for (const property of properties) sc.setAccess(property, email, "siteOwner");
  await switchTo(admin, owner.siteId);
  await connect(admin, email);
  return { owner, admin, email };
}

describe("the property belongs to the grant's member", () => {
  it("refuses another owner the picker and the choice, and lets the member who connected choose", async () => {
    const { owner, admin } = await adminConnected();
    await switchTo(owner, owner.siteId);
    const loaded = await callRoute<Awaited<ReturnType<typeof settings.loader>>>({
      middleware: [requireAuth],
      handler: settings.loader,
      request: get(`${TAB}&searchConsole=pick`, owner.cookie),
    });
    expect(loaded.data.integrations!.searchConsole.choices).toMatchObject({ properties: [], error: NOT_YOUR_GRANT });
    const refused = await act(owner.cookie, { intent: "search-console-property", property: "https://elsewhere.test/" });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain("connect Search Console again with your own Google account");
    expect((await row(owner.siteId))?.property).toBeNull();

    const chosen = await act(admin.cookie, { intent: "search-console-property", property: "https://elsewhere.test/" });
    expect(redirectTarget(chosen)).toBe(`${TAB}#search-console`);
    expect((await row(owner.siteId))?.property).toBe("https://elsewhere.test/");
  });
});

describe("the member who connected leaves", () => {
  it("revokes the grant at Google, marks the connection to reconnect, audits and mails the owners", async () => {
    const { owner, admin, email } = await adminConnected();
    const before = revokes();
    const result = await removeMember(db, owner.workspaceId, admin.userId, { userId: owner.userId, ip: null, role: "owner" });
    expect(result.ok).toBe(true);
    expect(revokes()).toBe(before + 1);
    expect(grantOf(email)).toBeUndefined();
    expect(await row(owner.siteId)).toMatchObject({ status: "needs_reconnect", connected_by: null });
    expect((await row(owner.siteId))?.last_error).toContain("connect Search Console again with your own Google account");
    expect(JSON.parse((await audits(owner.siteId))[0]!.detail)).toMatchObject({ reason: "member-removed", revoked: "yes" });
    const mail = await db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject"])
      .where("tag", "=", "search-console-released")
      .execute();
    expect(mail).toContainEqual({ to_address: owner.email, subject: expect.stringContaining("Search Console needs reconnecting") });
  });

  it("only stops the connection while another site still shares the grant", async () => {
    const { owner, admin, email } = await adminConnected(["sc-domain:other.test"]);
    await switchTo(admin, admin.siteId);
    await connect(admin, email);
    const before = revokes();
    await removeMember(db, owner.workspaceId, admin.userId, { userId: owner.userId, ip: null, role: "owner" });
    expect(revokes()).toBe(before);
    expect(grantOf(email)).toBeDefined();
    expect((await row(owner.siteId))?.status).toBe("needs_reconnect");
    expect((await row(admin.siteId))?.status).toBe("active");
    expect(JSON.parse((await audits(owner.siteId))[0]!.detail)).toMatchObject({ revoked: "shared" });
  });

  it("revokes when the member deletes their account", async () => {
    const { owner, admin, email } = await adminConnected();
    await deleteAccount(db, admin.userId);
    expect(grantOf(email)).toBeUndefined();
    expect((await row(owner.siteId))?.status).toBe("needs_reconnect");
  });
});

describe("sites and workspaces that go revoke first", () => {
  it("deleting a connected site revokes its grant", async () => {
    const owner = await makeUser(db);
    const second = { id: newId() };
    const now = new Date().toISOString();
    await db
      .insertInto("sites")
      .values({
        id: second.id,
        workspace_id: owner.workspaceId,
        name: "Second",
        url: "https://second-grant.test/",
        slug: `second-${seq}`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    sc.setAccess("sc-domain:second-grant.test", "site-gone@gmail.test", "siteOwner");
    await switchTo(owner, second.id);
    await connect(owner, "site-gone@gmail.test");
    expect(grantOf("site-gone@gmail.test")).toBeDefined();
    const deleted = await deleteSite(db, owner.workspaceId, second.id, "Second", { userId: owner.userId, ip: null });
    expect(deleted.ok).toBe(true);
    expect(grantOf("site-gone@gmail.test")).toBeUndefined();
    expect(JSON.parse((await audits(second.id))[0]!.detail)).toMatchObject({ reason: "site-deleted", revoked: "yes" });
  });

  it("deleting the account that owns the workspace revokes its sites' grants", async () => {
    const owner = await makeUser(db, { site: { url: "https://ws-gone.test/" } });
    sc.setAccess("sc-domain:ws-gone.test", "ws-gone@gmail.test", "siteOwner");
    await connect(owner, "ws-gone@gmail.test");
    expect(grantOf("ws-gone@gmail.test")).toBeDefined();
    await deleteAccount(db, owner.userId);
    expect(grantOf("ws-gone@gmail.test")).toBeUndefined();
    expect(JSON.parse((await audits(owner.siteId))[0]!.detail)).toMatchObject({ reason: "workspace-deleted", revoked: "yes" });
  });
});

describe("disconnecting", () => {
  it("deletes the URL inspections, so the editor no longer says 'Indexed by Google'", async () => {
    const owner = await makeUser(db, { site: { url: "https://inspected.test/" } });
    sc.setAccess("sc-domain:inspected.test", "inspected@gmail.test", "siteOwner");
    await connect(owner, "inspected@gmail.test");
    const article = await makeArticle(db, owner.siteId);
    const publicationId = await makePublication(db, owner.siteId, article);
    const now = new Date().toISOString();
    await db
      .insertInto("url_inspections")
      .values({
        publication_id: publicationId,
        site_id: owner.siteId,
        url: "https://inspected.test/a",
        published_at: now,
        verdict: "PASS",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto("sitemap_submissions")
      .values({ site_id: owner.siteId, sitemap_url: "https://inspected.test/sitemap.xml", status: "sent", submitted_at: now })
      .execute();
    await act(owner.cookie, { intent: "search-console-disconnect" });
    expect(await db.selectFrom("url_inspections").select("url").where("site_id", "=", owner.siteId).execute()).toEqual([]);
    expect(await db.selectFrom("sitemap_submissions").select("sitemap_url").where("site_id", "=", owner.siteId).execute()).toEqual([]);
  });
});
