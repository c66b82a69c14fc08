import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { authContext, requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { searchConsoleFor } from "#app/modules/search-console/connection.server";
import { wireAreaHooks } from "#app/worker/hooks.server";
import { SearchConsoleAuthError } from "#app/modules/search-console/types";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import * as adminIntegrations from "#app/routes/admin/integrations";
import * as callback from "#app/routes/dashboard/search-console-callback";
import * as settings from "#app/routes/dashboard/settings/route";
import { decryptSecret, newId } from "#app/utils/crypto.server";
import { lookupAccessToken, WEBMASTERS_READONLY_SCOPE, WEBMASTERS_SCOPE, type FakeOidc } from "#tests/fakes/oidc";
import { startGoogleFakes } from "#tests/support/google-fakes";
import { testDb } from "#tests/setup/db";
import { addMember, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, ORIGIN, post, redirectTarget } from "#tests/setup/route-harness";
import { readToast } from "#app/utils/toast.server";

/**
 * Connecting Google Search Console end to end against the fake Google (OAuth) and the fake Search Console API:
 * the settings card's connect form, Google's consent, the callback, the property match and picker, tokens sealed
 * at rest, refresh, disconnect (revoked at the fake, figures deleted), roles and the rate limit.
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
  // As the server does at start-up: a disconnect takes the site's findings and indexing records with it.
  wireAreaHooks();
});
afterAll(async () => {
  await fakes.close();
});
beforeEach(() => {
  oidc.untickScopes([]);
});

let seq = 0;
/** A site owner whose Google account reads the given properties at the fake Search Console. */
async function ownerWith(siteUrl: string | null, properties: string[], googleEmail?: string) {
  seq += 1;
  const owner = await makeUser(db, { site: { url: siteUrl } });
  const email = googleEmail ?? `sc-owner-${seq}@gmail.test`;
  for (const property of properties) sc.setAccess(property, email, "siteOwner");
  return { owner, email, google: { sub: `sc-sub-${email}`, email, email_verified: true, name: "Owner" } };
}

const act = (cookie: string, fields: Record<string, string>) =>
  callRoute({ middleware: [requireAuth], handler: settings.action, request: post(TAB, fields, cookie) });
const load = (cookie: string, query = "") =>
  callRoute<Awaited<ReturnType<typeof settings.loader>>>({
    middleware: [requireAuth],
    handler: settings.loader,
    request: get(`${TAB}${query}`, cookie),
  });

/** The connect form → Google's consent (the fake approves as `google`) → the callback, as a browser would. */
async function connect(owner: TestUser, google: Parameters<FakeOidc["loginAs"]>[0], fields: Record<string, string> = {}) {
  oidc.loginAs(google);
  const start = await act(owner.cookie, { intent: "search-console-connect", ...fields });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(redirectTarget(start)!);
  const atGoogle = await fetch(authorizeUrl, { redirect: "manual" });
  const back = new URL(atGoogle.headers.get("Location")!);
  expect(back.origin + back.pathname).toBe(`${ORIGIN}/dashboard/search-console/callback`);
  const done = await finish(owner.cookie, back);
  return { authorizeUrl, back, done, toast: await toastOf(done) };
}

const finish = (cookie: string, back: URL) =>
  callRoute({ middleware: [requireAuth], handler: callback.loader, request: get(back.pathname + back.search, cookie) });

async function toastOf(result: { headers: Headers }) {
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return readToast(new Request(ORIGIN, { headers: { Cookie: cookie } })).then((t) => t.toast);
}

const row = (siteId: string) => db.selectFrom("search_console_connections").selectAll().where("site_id", "=", siteId).executeTakeFirst();

describe("connecting Search Console", () => {
  it("asks Google for read-only access offline with PKCE, seals the tokens and picks the domain property", async () => {
    const { owner, email, google } = await ownerWith("https://www.roastery.test/", [
      "sc-domain:roastery.test",
      "https://www.roastery.test/",
    ]);
    const { authorizeUrl, done, toast } = await connect(owner, google);
    const p = authorizeUrl.searchParams;
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${oidc.issuer}/o/oauth2/v2/auth`);
    expect(p.get("scope")!.split(" ")).toContain(WEBMASTERS_READONLY_SCOPE);
    expect(p.get("scope")!.split(" ")).not.toContain(WEBMASTERS_SCOPE);
    expect(p.get("access_type")).toBe("offline");
    expect(p.get("prompt")).toBe("consent");
    expect(p.get("include_granted_scopes")).toBe("true");
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("redirect_uri")).toBe(`${ORIGIN}/dashboard/search-console/callback`);
    expect(redirectTarget(done)).toBe(`${TAB}#search-console`);
    expect(toast).toMatchObject({ title: "Search Console connected" });

    const stored = (await row(owner.siteId))!;
    expect(stored).toMatchObject({
      google_email: email,
      property: "sc-domain:roastery.test",
      scopes: WEBMASTERS_READONLY_SCOPE,
      status: "active",
    });
    // At rest the columns hold sealed text only: neither is a token Google would accept.
    expect(lookupAccessToken(stored.access_token!)).toBeNull();
    expect(stored.refresh_token.startsWith("1//")).toBe(false);
    const access = decryptSecret(stored.access_token!, { aad: `search-console:${owner.siteId}:access` });
    expect(lookupAccessToken(access)).toMatchObject({ email });
    expect(decryptSecret(stored.refresh_token, { aad: `search-console:${owner.siteId}:refresh` })).toMatch(/^1\/\//);
    // Bound to its row: the other kind's binding does not open it.
    expect(() => decryptSecret(stored.refresh_token, { aad: `search-console:${owner.siteId}:access` })).toThrow();
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "search_console.connect")
      .where("target", "=", `site:${owner.siteId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).not.toContain("1//");

    const card = (await load(owner.cookie)).data.integrations!.searchConsole;
    expect(card.connection).toMatchObject({ email, propertyText: "roastery.test (domain property)", statusText: "Connected" });
  });

  it("refuses a forged state, a replayed callback and a callback finished by another account", async () => {
    const { owner, google } = await ownerWith("https://forge.test/", ["sc-domain:forge.test"]);
    const forged = await finish(owner.cookie, new URL(`${ORIGIN}/dashboard/search-console/callback?state=forged&code=4/x`));
    expect((await toastOf(forged))?.description).toMatch(/expired or was already used/);

    oidc.loginAs(google);
    const start = await act(owner.cookie, { intent: "search-console-connect" });
    const back = new URL((await fetch(redirectTarget(start)!, { redirect: "manual" })).headers.get("Location")!);
    const intruder = await makeUser(db);
    const stolen = await finish(intruder.cookie, back);
    expect((await toastOf(stolen))?.description).toMatch(/started by another account or for another site/);
    // The state was used up by the refused attempt: the owner cannot replay it either.
    const replay = await finish(owner.cookie, back);
    expect((await toastOf(replay))?.description).toMatch(/expired or was already used/);
    expect(await row(owner.siteId)).toBeUndefined();
    expect(await row(intruder.siteId)).toBeUndefined();
  });

  it("says so with a reference when Google refuses the code, and when the person declines", async () => {
    const { owner, google } = await ownerWith("https://refused.test/", ["sc-domain:refused.test"]);
    oidc.loginAs(google);
    const start = await act(owner.cookie, { intent: "search-console-connect" });
    const back = new URL((await fetch(redirectTarget(start)!, { redirect: "manual" })).headers.get("Location")!);
    back.searchParams.set("code", "4/not-a-code");
    const refused = await finish(owner.cookie, back);
    expect((await toastOf(refused))?.description).toMatch(/did not accept the sign-in code .*\(reference [0-9a-f]{8}\)/);

    oidc.failNext("access_denied");
    const again = await act(owner.cookie, { intent: "search-console-connect" });
    const declined = new URL((await fetch(redirectTarget(again)!, { redirect: "manual" })).headers.get("Location")!);
    expect((await toastOf(await finish(owner.cookie, declined)))?.description).toMatch(/You declined Google's request/);
    expect(await row(owner.siteId)).toBeUndefined();
  });

  it("matches a URL-prefix property in its www and scheme variants", async () => {
    const { owner, google } = await ownerWith("https://beans.test/blog", ["http://www.beans.test/", "sc-domain:other.test"]);
    await connect(owner, google);
    expect((await row(owner.siteId))?.property).toBe("http://www.beans.test/");
  });

  it("shows the picker when no property matches, and saves only a property of the account", async () => {
    const { owner, email, google } = await ownerWith("https://nomatch.test/", ["https://elsewhere.test/", "sc-domain:another.test"]);
    const { done, toast } = await connect(owner, google);
    expect(redirectTarget(done)).toBe(`${TAB}&searchConsole=pick#search-console`);
    expect(toast?.title).toBe("Choose your Search Console property");
    expect(await searchConsoleFor(db, owner.siteId)).toBeNull();

    const picker = (await load(owner.cookie, "&searchConsole=pick")).data.integrations!.searchConsole;
    expect(picker.dialog).toBe("pick");
    expect(picker.choices).toMatchObject({ anyMatch: false, domain: "nomatch.test" });
    expect(picker.choices!.properties.sort()).toEqual(["https://elsewhere.test/", "sc-domain:another.test"]);

    const foreign = await act(owner.cookie, { intent: "search-console-property", property: "sc-domain:nomatch.test" });
    expect(foreign.status).toBe(422);
    expect((await row(owner.siteId))?.property).toBeNull();
    const chosen = await act(owner.cookie, { intent: "search-console-property", property: "https://elsewhere.test/" });
    expect(redirectTarget(chosen)).toBe(`${TAB}#search-console`);
    const ready = await searchConsoleFor(db, owner.siteId);
    expect(ready).toMatchObject({ property: "https://elsewhere.test/", scopes: [WEBMASTERS_READONLY_SCOPE] });
    expect(email).toBeTruthy();
  });

  it("maps two sites of one workspace to their own properties", async () => {
    const { owner, email, google } = await ownerWith("https://first.test/", ["sc-domain:first.test", "sc-domain:second.test"]);
    await connect(owner, google);
    const secondId = newId();
    const now = new Date().toISOString();
    await db
      .insertInto("sites")
      .values({
        id: secondId,
        workspace_id: owner.workspaceId,
        name: "Second",
        url: "https://second.test/",
        slug: `second-${secondId.slice(0, 6)}`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", owner.cookie) });
    await chooseSite(db, session.context.get(authContext).sessionId, owner.userId, secondId);
    await connect(owner, google);
    expect((await row(owner.siteId))?.property).toBe("sc-domain:first.test");
    expect((await row(secondId))?.property).toBe("sc-domain:second.test");
    expect((await row(secondId))?.google_email).toBe(email);
  });

  it("asks for the sitemap scope when ticked, and stays read-only when the person unticks it at Google", async () => {
    const { owner, google } = await ownerWith("https://maps.test/", ["sc-domain:maps.test"]);
    const asked = await connect(owner, google, { sitemap: "on" });
    expect(asked.authorizeUrl.searchParams.get("scope")!.split(" ")).toContain(WEBMASTERS_SCOPE);
    expect((await row(owner.siteId))?.scopes.split(" ").sort()).toEqual([WEBMASTERS_SCOPE, WEBMASTERS_READONLY_SCOPE].sort());

    oidc.untickScopes([WEBMASTERS_SCOPE]);
    const other = await ownerWith("https://maps2.test/", ["sc-domain:maps2.test"]);
    const unticked = await connect(other.owner, other.google, { sitemap: "on" });
    expect(unticked.toast?.description).toMatch(/Sitemaps will not be submitted/);
    expect((await row(other.owner.siteId))?.scopes).toBe(WEBMASTERS_READONLY_SCOPE);
    expect((await load(other.owner.cookie)).data.integrations!.searchConsole.connection?.sitemapAllowed).toBe(false);
  });

  it("keeps a site read-only when its customer did not tick sitemaps, even if the account granted them for another site", async () => {
    const { owner, google } = await ownerWith("https://granted.test/", ["sc-domain:granted.test", "sc-domain:plain.test"]);
    await connect(owner, google, { sitemap: "on" });
    const plainId = newId();
    const now = new Date().toISOString();
    await db
      .insertInto("sites")
      .values({
        id: plainId,
        workspace_id: owner.workspaceId,
        name: "Plain",
        url: "https://plain.test/",
        slug: `plain-${plainId.slice(0, 6)}`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", owner.cookie) });
    await chooseSite(db, session.context.get(authContext).sessionId, owner.userId, plainId);
    const { back } = await connect(owner, google);
    // Google's answer carries the earlier grant (include_granted_scopes); the site keeps only what was asked for it.
    expect(back.searchParams.get("scope")!.split(" ")).toContain(WEBMASTERS_SCOPE);
    expect((await row(plainId))?.scopes).toBe(WEBMASTERS_READONLY_SCOPE);
    expect((await row(owner.siteId))?.scopes.split(" ")).toContain(WEBMASTERS_SCOPE);
  });

  it("refuses a consent without the Search Console permission and stores nothing", async () => {
    oidc.untickScopes([WEBMASTERS_READONLY_SCOPE]);
    const { owner, google } = await ownerWith("https://none.test/", ["sc-domain:none.test"]);
    const { toast } = await connect(owner, google);
    expect(toast?.description).toMatch(/did not give Inkpilot access to Search Console/);
    expect(await row(owner.siteId)).toBeUndefined();
  });

  it("stores the new access token sealed when the client refreshes, and a revoked grant is an auth error", async () => {
    const { owner, email, google } = await ownerWith("https://fresh.test/", ["sc-domain:fresh.test"]);
    await connect(owner, google);
    const before = (await row(owner.siteId))!;
    oidc.expireAccessTokens();
    await db
      .updateTable("search_console_connections")
      .set({ access_token_expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("site_id", "=", owner.siteId)
      .execute();
    const ready = (await searchConsoleFor(db, owner.siteId))!;
    expect(await ready.api.listProperties()).toEqual([{ siteUrl: "sc-domain:fresh.test", permissionLevel: "siteOwner" }]);
    await expect.poll(async () => (await row(owner.siteId))?.access_token).not.toBe(before.access_token);
    const after = (await row(owner.siteId))!;
    const access = decryptSecret(after.access_token!, { aad: `search-console:${owner.siteId}:access` });
    expect(lookupAccessToken(access)).toMatchObject({ email });
    expect(Date.parse(after.access_token_expires_at!)).toBeGreaterThan(Date.now());

    oidc.revokeUser(email);
    await db
      .updateTable("search_console_connections")
      .set({ access_token_expires_at: new Date(0).toISOString() })
      .where("site_id", "=", owner.siteId)
      .execute();
    const revoked = (await searchConsoleFor(db, owner.siteId))!;
    await expect(revoked.api.listProperties()).rejects.toBeInstanceOf(SearchConsoleAuthError);
  });

  it("connecting again with another account revokes the old account's grant and re-imports from the new property", async () => {
    const { owner, email, google } = await ownerWith("https://switch.test/", ["sc-domain:switch.test"]);
    await connect(owner, google);
    await db
      .updateTable("search_console_connections")
      .set({ days_imported_through: 20000, weeks_imported_through: 19998 })
      .where("site_id", "=", owner.siteId)
      .execute();
    const other = "switch-other@gmail.test";
    sc.setAccess("https://switch.test/", other, "siteFullUser");
    await connect(owner, { sub: "sc-sub-switch-other", email: other, email_verified: true, name: "Other" });
    expect(oidc.grants().find((g) => g.email === email)).toBeUndefined();
    expect(await row(owner.siteId)).toMatchObject({
      google_email: other,
      property: "https://switch.test/",
      days_imported_through: null,
      weeks_imported_through: null,
    });
  });

  it("hands indexing the connection's own client, with the sitemap scope", async () => {
    const { owner, google } = await ownerWith("https://indexed.test/", ["sc-domain:indexed.test"]);
    await connect(owner, google, { sitemap: "on" });
    const access = (await searchConsoleFor(db, owner.siteId))!;
    expect(access.scopes).toContain(WEBMASTERS_SCOPE);
    await access.api.submitSitemap("sc-domain:indexed.test", "https://indexed.test/sitemap.xml");
    expect(sc.sitemaps).toEqual(expect.arrayContaining([expect.objectContaining({ siteUrl: "sc-domain:indexed.test" })]));
  });

  it("rate-limits starting the connection", async () => {
    const { owner, google } = await ownerWith("https://busy.test/", []);
    oidc.loginAs(google);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await act(owner.cookie, { intent: "search-console-connect" }));
    expect(answers.slice(0, 10).every((a) => a.status === 302)).toBe(true);
    expect(answers[10]!.status).toBe(429);
    expect(JSON.stringify(answers[10]!.data)).toMatch(/Too many connection attempts/);
  });
});

describe("roles", () => {
  it("refuses an editor in words and shows the status read-only", async () => {
    const { owner, google } = await ownerWith("https://team.test/", ["sc-domain:team.test"]);
    await connect(owner, google);
    const editor = await makeUser(db);
    await addMember(db, editor.userId, owner.workspaceId, "editor");
    const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", editor.cookie) });
    await chooseSite(db, session.context.get(authContext).sessionId, editor.userId, owner.siteId);

    for (const intent of ["search-console-connect", "search-console-disconnect", "search-console-property"]) {
      const refused = await act(editor.cookie, { intent, property: "sc-domain:team.test" });
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.data)).toContain(
        "Only owners and admins can manage connections. Ask an admin or the owner of this workspace.",
      );
    }
    expect((await row(owner.siteId))?.property).toBe("sc-domain:team.test");
    const card = (await load(editor.cookie, "&searchConsole=disconnect")).data.integrations!.searchConsole;
    expect(card).toMatchObject({ canManage: false, dialog: null, connection: { propertyText: "team.test (domain property)" } });
  });
});

describe("disconnecting", () => {
  async function seedFigures(siteId: string) {
    const page = await db
      .insertInto("search_pages")
      .values({ site_id: siteId, url: `https://x.test/${siteId}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = await db
      .insertInto("search_queries")
      .values({ site_id: siteId, query: `q ${siteId}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("search_page_days").values({ page_id: page.id, day: 20000, clicks: 3, impressions: 40, position: 7.5 }).execute();
    await db.insertInto("search_site_days").values({ site_id: siteId, day: 20000, clicks: 3, impressions: 40, position: 7.5 }).execute();
    await db
      .insertInto("search_page_query_weeks")
      .values({ page_id: page.id, week: 19998, query_id: query.id, clicks: 1, impressions: 9, position: 8 })
      .execute();
    await db.insertInto("search_query_weeks").values({ query_id: query.id, week: 19998, clicks: 1, impressions: 9, position: 8 }).execute();
    // What was learned from them goes with them.
    await db
      .insertInto("search_findings")
      .values({
        id: newId(),
        site_id: siteId,
        kind: "gap",
        query: `q ${siteId}`,
        detected_at: "2026-11-01T00:00:00.000Z",
        updated_at: "2026-11-01T00:00:00.000Z",
      })
      .execute();
  }
  async function figures(siteId: string) {
    const pages = db.selectFrom("search_pages").select("id").where("site_id", "=", siteId);
    const queries = db.selectFrom("search_queries").select("id").where("site_id", "=", siteId);
    const counts = await Promise.all([
      db.selectFrom("search_pages").select("id").where("site_id", "=", siteId).execute(),
      db.selectFrom("search_queries").select("id").where("site_id", "=", siteId).execute(),
      db.selectFrom("search_page_days").select("day").where("page_id", "in", pages).execute(),
      db.selectFrom("search_site_days").select("day").where("site_id", "=", siteId).execute(),
      db.selectFrom("search_page_query_weeks").select("week").where("page_id", "in", pages).execute(),
      db.selectFrom("search_query_weeks").select("week").where("query_id", "in", queries).execute(),
      db.selectFrom("search_findings").select("id").where("site_id", "=", siteId).execute(),
    ]);
    return counts.reduce((sum, rows) => sum + rows.length, 0);
  }

  it("revokes the grant at Google and deletes the connection and the site's search figures only", async () => {
    const { owner, email, google } = await ownerWith("https://gone.test/", ["sc-domain:gone.test"]);
    const bystander = await makeUser(db);
    await connect(owner, google);
    const access = decryptSecret((await row(owner.siteId))!.access_token!, { aad: `search-console:${owner.siteId}:access` });
    await seedFigures(owner.siteId);
    await seedFigures(bystander.siteId);
    expect(await figures(owner.siteId)).toBe(7);

    const dialog = (await load(owner.cookie, "&searchConsole=disconnect")).data.integrations!.searchConsole;
    expect(dialog.dialog).toBe("disconnect");
    const done = await act(owner.cookie, { intent: "search-console-disconnect" });
    expect(redirectTarget(done)).toBe(`${TAB}#search-console`);
    expect((await toastOf(done))?.description).toMatch(/revoked its Google access and deleted this site's search figures/);
    expect(oidc.log.filter((l) => l.endpoint === "revoke").at(-1)?.detail).toEqual({ kind: "refresh" });
    expect(lookupAccessToken(access)).toBeNull();
    expect(oidc.grants().find((g) => g.email === email)).toBeUndefined();
    expect(await row(owner.siteId)).toBeUndefined();
    expect(await figures(owner.siteId)).toBe(0);
    expect(await figures(bystander.siteId)).toBe(7);
    const audit = await db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "search_console.disconnect")
      .where("target", "=", `site:${owner.siteId}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toMatchObject({ googleEmail: email, property: "sc-domain:gone.test", revoked: "yes" });
  });

  it("still disconnects here when Google's revocation fails, and says so with a reference", async () => {
    const { owner, google } = await ownerWith("https://flaky.test/", ["sc-domain:flaky.test"]);
    await connect(owner, google);
    oidc.failNextRevoke(503);
    const done = await act(owner.cookie, { intent: "search-console-disconnect" });
    expect((await toastOf(done))?.description).toMatch(/Google did not confirm the revocation \(reference [0-9a-f]{8}\)/);
    expect(await row(owner.siteId)).toBeUndefined();
  });

  it("leaves the grant at Google while another site still uses the same Google account", async () => {
    const email = "shared@gmail.test";
    const first = await ownerWith("https://one.test/", ["sc-domain:one.test"], email);
    const second = await ownerWith("https://two.test/", ["sc-domain:two.test"], email);
    await connect(first.owner, first.google);
    await connect(second.owner, second.google);
    const revokes = oidc.log.filter((l) => l.endpoint === "revoke").length;
    const done = await act(first.owner.cookie, { intent: "search-console-disconnect" });
    expect((await toastOf(done))?.description).toMatch(/stays for your other sites/);
    expect(oidc.log.filter((l) => l.endpoint === "revoke").length).toBe(revokes);
    const still = (await searchConsoleFor(db, second.owner.siteId))!;
    expect((await still.api.listProperties()).map((p) => p.siteUrl)).toContain("sc-domain:two.test");
  });
});

describe("operators' health", () => {
  it("counts connections by status and lists each one's site, property, last import and error, failing ones on request, never a token", async () => {
    const healthy = await ownerWith("https://healthy.test/", ["sc-domain:healthy.test"]);
    const broken = await ownerWith("https://broken.test/", ["sc-domain:broken.test"]);
    await connect(healthy.owner, healthy.google);
    await connect(broken.owner, broken.google);
    await db
      .updateTable("search_console_connections")
      .set({ status: "needs_reconnect", last_error: "Google refused the access: connect again.", last_error_at: new Date().toISOString() })
      .where("site_id", "=", broken.owner.siteId)
      .execute();
    const operator = await makeUser(db, { isOperator: true });
    type Loaded = Awaited<ReturnType<typeof adminIntegrations.loader>>;
    const page = (query: string, cookie = operator.cookie) =>
      callRoute<Loaded>({
        middleware: [requireAuth, requireOperator],
        handler: adminIntegrations.loader,
        request: get(`/dashboard/admin/integrations${query}`, cookie),
      });

    const all = (await page("")).data.searchConsole;
    const sealed = (await row(healthy.owner.siteId))!;
    expect(all.health.counts.needsReconnect).toBeGreaterThanOrEqual(1);
    expect(all.health.counts.total).toBe(all.health.counts.active + all.health.counts.needsReconnect);
    const sites = all.health.rows.map((r) => r.siteId);
    expect(sites).toEqual(expect.arrayContaining([healthy.owner.siteId, broken.owner.siteId]));
    const serialized = JSON.stringify(all);
    expect(serialized).not.toContain(sealed.refresh_token);
    expect(serialized).not.toContain(sealed.access_token!);
    expect(serialized).not.toContain("1//");

    const failing = (await page("?sc=failing")).data.searchConsole;
    expect(failing.failingOnly).toBe(true);
    expect(failing.health.rows.map((r) => r.siteId)).toContain(broken.owner.siteId);
    expect(failing.health.rows.map((r) => r.siteId)).not.toContain(healthy.owner.siteId);
    expect(failing.health.rows.find((r) => r.siteId === broken.owner.siteId)).toMatchObject({
      property: "sc-domain:broken.test",
      statusText: "Needs reconnecting",
      lastError: "Google refused the access: connect again.",
    });
    expect((await page("", healthy.owner.cookie)).status).toBe(403);
  });
});
