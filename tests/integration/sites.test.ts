import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import type { WorkspaceRole } from "#app/db/schema";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { onSiteCountChange } from "#app/modules/workspaces/site-count-hooks.server";
import { countSites } from "#app/modules/workspaces/sites.server";
import { loader as layoutLoader } from "#app/routes/dashboard/layout";
import { action as switchAction } from "#app/routes/dashboard/sites-switch";
import { action, loader } from "#app/routes/dashboard/sites/route";
import type { FormReply } from "#app/utils/form-reply";
import { OutboundRequestError } from "#app/utils/http.server";
import { testDb } from "#tests/setup/db";
import { addMember, makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget, signInAs } from "#tests/setup/route-harness";

/**
 * Several sites (docs/decisions/043): the current site is a
 * per-session choice checked against memberships on every request; owners add
 * and delete sites, owners and admins rename them; each site keeps its own data.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

const act = (request: Request) => callRoute<FormReply>({ middleware: [requireAuth], handler: action, request });
const load = (path: string, cookie: string) =>
  callRoute<Awaited<ReturnType<typeof loader>>>({ middleware: [requireAuth], handler: loader, request: get(path, cookie) });
const switchTo = (siteId: string, cookie: string, redirectTo = "/dashboard/topics?edit=x") =>
  callRoute({ middleware: [requireAuth], handler: switchAction, request: post("/dashboard/sites/switch", { siteId, redirectTo }, cookie) });

/** The site and role the dashboard resolves for this cookie. */
async function current(cookie: string) {
  const res = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", cookie) });
  const auth = res.context.get(authContext);
  return { siteId: auth.site.id, role: auth.role, workspaceId: auth.workspace.id };
}

const join = (user: TestUser, workspaceId: string, role: WorkspaceRole) => addMember(db, user.userId, workspaceId, role);

async function addSiteAs(user: TestUser, name: string, url = "example.com") {
  return act(post("/dashboard/sites", { intent: "add", name, url }, user.cookie));
}

const sitesOf = (workspaceId: string) =>
  db.selectFrom("sites").selectAll().where("workspace_id", "=", workspaceId).orderBy("created_at").execute();

describe("adding a site", () => {
  it("gives it default settings and a hosted blog, makes it current, offers the scan and tells the hooks", async () => {
    const owner = await makeUser(db);
    const calls: string[] = [];
    const off = onSiteCountChange((_db, workspaceId) => {
      calls.push(workspaceId);
    });
    const res = await addSiteAs(owner, "Second Shop", "second.example");
    off();
    expect(redirectTarget(res)).toBe("/dashboard?onboarding=scan&url=https%3A%2F%2Fsecond.example");
    const sites = await sitesOf(owner.workspaceId);
    expect(sites.map((s) => s.name)).toEqual(["My website", "Second Shop"]);
    const added = sites[1]!;
    expect(added.url).toBe("https://second.example");
    expect(added.blog_slug).toMatch(/^second-shop-[0-9a-f]{6}$/);
    for (const table of ["brand_settings", "content_settings", "publishing_settings"] as const) {
      expect(await db.selectFrom(table).select("site_id").where("site_id", "=", added.id).executeTakeFirst()).toBeTruthy();
    }
    const hosted = await db.selectFrom("cms_connections").selectAll().where("site_id", "=", added.id).execute();
    expect(hosted.map((c) => [c.platform, c.is_default])).toEqual([["hosted", 1]]);
    expect((await current(owner.cookie)).siteId).toBe(added.id);
    expect(calls).toEqual([owner.workspaceId]);
    expect(await countSites(db, owner.workspaceId)).toBe(2);
    const audit = await db.selectFrom("audit_log").select(["action", "target"]).where("workspace_id", "=", owner.workspaceId).execute();
    expect(audit).toContainEqual({ action: "site.add", target: `site:${added.id}` });
  });

  it("keeps the site when a hook fails, and still runs the other hooks", async () => {
    const owner = await makeUser(db);
    const calls: string[] = [];
    const offFailing = onSiteCountChange(() => {
      throw new Error("billing is down");
    });
    const offCounting = onSiteCountChange((_db, workspaceId) => void calls.push(workspaceId));
    const res = await addSiteAs(owner, "Still added");
    offFailing();
    offCounting();
    expect(res.status).toBe(302);
    expect(calls).toEqual([owner.workspaceId]);
    expect(await countSites(db, owner.workspaceId)).toBe(2);
  });

  it("numbers the slug when the workspace has the name already", async () => {
    const owner = await makeUser(db);
    await addSiteAs(owner, "My website");
    expect((await sitesOf(owner.workspaceId)).map((s) => s.slug)).toEqual(["my-website", "my-website-2"]);
  });

  it("refuses a missing name or a URL that is not a web address, and adds nothing", async () => {
    const owner = await makeUser(db);
    const res = await act(post("/dashboard/sites", { intent: "add", name: "", url: "ftp://x.example" }, owner.cookie));
    expect(res.status).toBe(400);
    expect(res.data.result.error).toMatchObject({
      name: ["Site name required"],
      url: ["Please enter a valid URL, e.g. https://example.com"],
    });
    expect(await countSites(db, owner.workspaceId)).toBe(1);
  });
});

// The site's address is what the scan reads and link checks resolve against: a private one is refused when the
// site is added, with the SSRF guard's message (decision 052).
describe("adding a site at a private address", () => {
  it.each(["http://10.0.0.5", "localhost", "https://[::127.0.0.1]/", "http://169.254.169.254/latest"])(
    "refuses %s with the guard's message and adds nothing",
    async (url) => {
      const owner = await makeUser(db);
      const res = await addSiteAs(owner, "Intranet", url);
      expect(res.status).toBe(400);
      expect(res.data.result.error?.url).toEqual([new OutboundRequestError("blocked_address", url).message]);
      expect(await countSites(db, owner.workspaceId)).toBe(1);
    },
  );
});

describe("the current site", () => {
  it("is per session: another session of the same user keeps its own", async () => {
    const owner = await makeUser(db);
    await addSiteAs(owner, "Second");
    const [first, second] = await sitesOf(owner.workspaceId);
    const otherCookie = await signInAs(db, owner.userId);
    expect((await current(owner.cookie)).siteId).toBe(second!.id);
    expect((await current(otherCookie)).siteId).toBe(first!.id);
  });

  it("switches to any site of any workspace the user belongs to, with that workspace's role, and goes back to the page's path", async () => {
    const agency = await makeUser(db);
    const client = await makeUser(db);
    await join(agency, client.workspaceId, "editor");
    const res = await switchTo(client.siteId, agency.cookie);
    expect(redirectTarget(res)).toBe("/dashboard/topics");
    expect(await current(agency.cookie)).toEqual({ siteId: client.siteId, role: "editor", workspaceId: client.workspaceId });

    const layout = await callRoute<Awaited<ReturnType<typeof layoutLoader>>>({
      middleware: [requireAuth],
      handler: layoutLoader,
      request: get("/dashboard", agency.cookie),
    });
    expect(layout.data.switcher.current.id).toBe(client.siteId);
    expect(layout.data.switcher.sites.map((s) => s.id)).toEqual([agency.siteId, client.siteId]);
  });

  it("refuses a site of a workspace the user is not a member of (404) and keeps the current one", async () => {
    const a = await makeUser(db);
    const stranger = await makeUser(db);
    const res = await switchTo(stranger.siteId, a.cookie);
    expect(res.status).toBe(404);
    expect((await current(a.cookie)).siteId).toBe(a.siteId);
  });

  it("falls back to the first site once the membership of the chosen one is gone", async () => {
    const agency = await makeUser(db);
    const client = await makeUser(db);
    await join(agency, client.workspaceId, "admin");
    await switchTo(client.siteId, agency.cookie);
    await db.deleteFrom("memberships").where("user_id", "=", agency.userId).where("workspace_id", "=", client.workspaceId).execute();
    expect(await current(agency.cookie)).toEqual({ siteId: agency.siteId, role: "owner", workspaceId: agency.workspaceId });
  });

  it("keeps each site's articles apart", async () => {
    const owner = await makeUser(db);
    await makeArticle(db, owner.siteId, { title: "First site's article" });
    await addSiteAs(owner, "Second");
    const page = await load("/dashboard/sites", owner.cookie);
    expect(page.data.sites.map((s) => [s.name, s.articleCount])).toEqual([
      ["My website", 1],
      ["Second", 0],
    ]);
  });
});

describe("renaming and deleting", () => {
  it("renames a site of the workspace; another workspace's site is not found", async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const res = await act(post("/dashboard/sites", { intent: "rename", siteId: owner.siteId, name: "Northwind" }, owner.cookie));
    expect(redirectTarget(res)).toBe("/dashboard/sites");
    expect((await sitesOf(owner.workspaceId))[0]!.name).toBe("Northwind");
    const foreign = await act(post("/dashboard/sites", { intent: "rename", siteId: other.siteId, name: "Mine now" }, owner.cookie));
    expect(foreign.status).toBe(404);
    expect((await sitesOf(other.workspaceId))[0]!.name).toBe("My website");
  });

  it("deletes only when the name is typed, never the last site, and takes the site's data along", async () => {
    const owner = await makeUser(db);
    const last = await act(post("/dashboard/sites", { intent: "delete", siteId: owner.siteId, confirmName: "My website" }, owner.cookie));
    expect(last.status).toBe(409);
    expect(last.data.notice?.title).toBe("Cannot delete site");

    await addSiteAs(owner, "Doomed");
    const doomed = (await sitesOf(owner.workspaceId))[1]!;
    await makeArticle(db, doomed.id, { title: "Goes with it" });
    const wrong = await act(post("/dashboard/sites", { intent: "delete", siteId: doomed.id, confirmName: "doomed" }, owner.cookie));
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error).toMatchObject({ confirmName: ["The name does not match this site's name."] });

    const calls: string[] = [];
    const off = onSiteCountChange((_db, workspaceId) => void calls.push(workspaceId));
    const res = await act(post("/dashboard/sites", { intent: "delete", siteId: doomed.id, confirmName: " Doomed " }, owner.cookie));
    off();
    expect(redirectTarget(res)).toBe("/dashboard/sites");
    expect(calls).toEqual([owner.workspaceId]);
    expect(await countSites(db, owner.workspaceId)).toBe(1);
    for (const table of ["articles", "cms_connections", "brand_settings", "content_settings", "publishing_settings"] as const) {
      expect(await db.selectFrom(table).select("site_id").where("site_id", "=", doomed.id).execute()).toEqual([]);
    }
    // The session had the deleted site as current: back to the first one.
    expect((await current(owner.cookie)).siteId).toBe(owner.siteId);
  });
});

describe("roles", () => {
  for (const role of ["admin", "editor"] as const) {
    it(`refuses an ${role} adding or deleting a site (403), and changes nothing`, async () => {
      const owner = await makeUser(db);
      await addSiteAs(owner, "Second");
      const member = await makeUser(db);
      await join(member, owner.workspaceId, role);
      await switchTo(owner.siteId, member.cookie);
      const second = (await sitesOf(owner.workspaceId))[1]!;
      expect((await addSiteAs(member, "Third")).status).toBe(403);
      expect(
        (await act(post("/dashboard/sites", { intent: "delete", siteId: second.id, confirmName: "Second" }, member.cookie))).status,
      ).toBe(403);
      expect((await load("/dashboard/sites?new=1", member.cookie)).status).toBe(403);
      expect(await countSites(db, owner.workspaceId)).toBe(2);
      const page = await load("/dashboard/sites", member.cookie);
      expect(page.data.allowed).toEqual({ add: false, rename: role === "admin", delete: false });
    });
  }

  it("refuses an editor renaming a site (403)", async () => {
    const owner = await makeUser(db);
    const editor = await makeUser(db);
    await join(editor, owner.workspaceId, "editor");
    await switchTo(owner.siteId, editor.cookie);
    const res = await act(post("/dashboard/sites", { intent: "rename", siteId: owner.siteId, name: "Hijacked" }, editor.cookie));
    expect(res.status).toBe(403);
    expect((await sitesOf(owner.workspaceId))[0]!.name).toBe("My website");
  });
});
