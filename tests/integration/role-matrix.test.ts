import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import type { WorkspaceRole } from "#app/db/schema";
import { createApiKey } from "#app/modules/api/keys.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { createWebhookEndpoint } from "#app/modules/webhooks/webhooks.server";
import { can, type Permission } from "#app/modules/auth/permissions";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import * as settingsRoute from "#app/routes/dashboard/settings/route";
import * as sitesRoute from "#app/routes/dashboard/sites/route";
import * as teamRoute from "#app/routes/dashboard/team/route";
import * as upgradeRoute from "#app/routes/dashboard/upgrade/route";
import { testDb } from "#tests/setup/db";
import { addMember, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post } from "#tests/setup/route-harness";

/**
 * The role matrix ("every role is refused every action above its
 * rights"): for each role, every loader and action of sites, team, settings and
 * connections that the role's permissions (app/modules/workspaces/permissions.ts)
 * do not cover answers 403 and leaves the workspace's rows as they were.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

type Handler = Parameters<typeof callRoute>[0]["handler"];
type Workspace = {
  owner: TestUser;
  secondSiteId: string;
  target: TestUser;
  invitationId: string;
  connectionId: string;
  apiKeyId: string;
  webhookId: string;
};
type Case = {
  name: string;
  /** What the role needs; "owner-only" for the rules no permission names (making or touching owners). */
  needs: Permission | "owner-only";
  handler: Handler;
  request: (w: Workspace, cookie: string) => Request;
};

const SITES = "/dashboard/sites";
const TEAM = "/dashboard/team";
const SETTINGS = "/dashboard/settings";

const CASES: Case[] = [
  { name: "open Add Site", needs: "sites.add", handler: sitesRoute.loader, request: (_w, c) => get(`${SITES}?new=1`, c) },
  {
    name: "add a site",
    needs: "sites.add",
    handler: sitesRoute.action,
    request: (_w, c) => post(SITES, { intent: "add", name: "Mine", url: "mine.example" }, c),
  },
  {
    name: "open Rename Site",
    needs: "sites.rename",
    handler: sitesRoute.loader,
    request: (w, c) => get(`${SITES}?rename=${w.secondSiteId}`, c),
  },
  {
    name: "rename a site",
    needs: "sites.rename",
    handler: sitesRoute.action,
    request: (w, c) => post(SITES, { intent: "rename", siteId: w.secondSiteId, name: "Renamed" }, c),
  },
  {
    name: "open Delete Site",
    needs: "sites.delete",
    handler: sitesRoute.loader,
    request: (w, c) => get(`${SITES}?delete=${w.secondSiteId}`, c),
  },
  {
    name: "delete a site",
    needs: "sites.delete",
    handler: sitesRoute.action,
    request: (w, c) => post(SITES, { intent: "delete", siteId: w.secondSiteId, confirmName: "Second" }, c),
  },
  { name: "open Invite Member", needs: "members.manage", handler: teamRoute.loader, request: (_w, c) => get(`${TEAM}?invite=1`, c) },
  {
    name: "invite",
    needs: "members.manage",
    handler: teamRoute.action,
    request: (_w, c) => post(TEAM, { intent: "invite", email: "someone@example.com", role: "editor" }, c),
  },
  {
    name: "revoke an invitation",
    needs: "members.manage",
    handler: teamRoute.action,
    request: (w, c) => post(TEAM, { intent: "revoke", invitationId: w.invitationId }, c),
  },
  {
    name: "change a role",
    needs: "members.manage",
    handler: teamRoute.action,
    request: (w, c) => post(TEAM, { intent: "role", userId: w.target.userId, role: "admin" }, c),
  },
  {
    name: "open Remove Member",
    needs: "members.manage",
    handler: teamRoute.loader,
    request: (w, c) => get(`${TEAM}?remove=${w.target.userId}`, c),
  },
  {
    name: "remove a member",
    needs: "members.manage",
    handler: teamRoute.action,
    request: (w, c) => post(TEAM, { intent: "remove", userId: w.target.userId, revokeApiKeys: "on" }, c),
  },
  {
    name: "make an owner",
    needs: "owner-only",
    handler: teamRoute.action,
    request: (w, c) => post(TEAM, { intent: "role", userId: w.target.userId, role: "owner" }, c),
  },
  {
    name: "demote the owner",
    needs: "owner-only",
    handler: teamRoute.action,
    request: (w, c) => post(TEAM, { intent: "role", userId: w.owner.userId, role: "editor" }, c),
  },
  {
    name: "remove the owner",
    needs: "owner-only",
    handler: teamRoute.action,
    request: (w, c) => post(TEAM, { intent: "remove", userId: w.owner.userId, revokeApiKeys: "on" }, c),
  },
  {
    name: "open the Brand tab",
    needs: "settings.manage",
    handler: settingsRoute.loader,
    request: (_w, c) => get(`${SETTINGS}?tab=brand`, c),
  },
  {
    name: "save brand settings",
    needs: "settings.manage",
    handler: settingsRoute.action,
    request: (_w, c) => post(`${SETTINGS}?tab=brand`, { intent: "brand", brandName: "Taken over" }, c),
  },
  {
    name: "open the Content tab",
    needs: "settings.manage",
    handler: settingsRoute.loader,
    request: (_w, c) => get(`${SETTINGS}?tab=content`, c),
  },
  {
    name: "save content settings",
    needs: "settings.manage",
    handler: settingsRoute.action,
    request: (_w, c) => post(`${SETTINGS}?tab=content`, { intent: "content" }, c),
  },
  {
    name: "disconnect a connection",
    needs: "connections.manage",
    handler: settingsRoute.action,
    request: (w, c) => post(`${SETTINGS}?tab=integrations`, { intent: "disconnect", connectionId: w.connectionId }, c),
  },
  {
    name: "change the default connection",
    needs: "connections.manage",
    handler: settingsRoute.action,
    request: (w, c) => post(`${SETTINGS}?tab=integrations`, { intent: "default", connectionId: w.connectionId }, c),
  },
  {
    name: "open the Publishing tab",
    needs: "settings.manage",
    handler: settingsRoute.loader,
    request: (_w, c) => get(`${SETTINGS}?tab=publishing`, c),
  },
  {
    name: "save publishing settings",
    needs: "settings.manage",
    handler: settingsRoute.action,
    request: (_w, c) => post(`${SETTINGS}?tab=publishing`, { intent: "publishing", scheduledTime: "07:00", timeZone: "Asia/Tokyo" }, c),
  },
  { name: "open the Blog tab", needs: "blog.manage", handler: settingsRoute.loader, request: (_w, c) => get(`${SETTINGS}?tab=blog`, c) },
  {
    name: "connect a blog domain",
    needs: "blog.manage",
    handler: settingsRoute.action,
    request: (_w, c) => post(`${SETTINGS}?tab=blog`, { intent: "domain-connect", hostname: "blog.example-matrix.com" }, c),
  },
  {
    name: "generate an API key",
    needs: "api_keys.manage",
    handler: settingsRoute.action,
    request: (_w, c) => post(`${SETTINGS}?tab=integrations`, { intent: "api-key-create", name: "Mine" }, c),
  },
  {
    name: "revoke an API key",
    needs: "api_keys.manage",
    handler: settingsRoute.action,
    request: (w, c) => post(`${SETTINGS}?tab=integrations`, { intent: "api-key-revoke", keyId: w.apiKeyId }, c),
  },
  {
    name: "add an event webhook",
    needs: "webhooks.manage",
    handler: settingsRoute.action,
    request: (_w, c) =>
      post(`${SETTINGS}?tab=integrations`, { intent: "webhook-create", url: "https://example.com/x", events: "article.generated" }, c),
  },
  {
    name: "send a webhook test",
    needs: "webhooks.manage",
    handler: settingsRoute.action,
    request: (w, c) => post(`${SETTINGS}?tab=integrations`, { intent: "webhook-test", endpointId: w.webhookId }, c),
  },
  {
    name: "delete an event webhook",
    needs: "webhooks.manage",
    handler: settingsRoute.action,
    request: (w, c) => post(`${SETTINGS}?tab=integrations`, { intent: "webhook-delete", endpointId: w.webhookId }, c),
  },
  { name: "open the plan page", needs: "billing.manage", handler: upgradeRoute.loader, request: (_w, c) => get("/dashboard/upgrade", c) },
  {
    name: "start a checkout",
    needs: "billing.manage",
    handler: upgradeRoute.action,
    request: (_w, c) => post("/dashboard/upgrade", { intent: "checkout", interval: "month" }, c),
  },
  {
    name: "open the billing portal",
    needs: "billing.manage",
    handler: upgradeRoute.action,
    request: (_w, c) => post("/dashboard/upgrade", { intent: "portal" }, c),
  },
];

const allowed = (role: WorkspaceRole, needs: Case["needs"]) => (needs === "owner-only" ? role === "owner" : can(role, needs));

/** Everything the cases could change, read as JSON. */
async function snapshot(workspaceId: string) {
  const sites = await db.selectFrom("sites").selectAll().where("workspace_id", "=", workspaceId).orderBy("id").execute();
  const siteIds = sites.map((s) => s.id);
  return JSON.stringify({
    sites,
    memberships: await db.selectFrom("memberships").selectAll().where("workspace_id", "=", workspaceId).orderBy("user_id").execute(),
    invitations: await db.selectFrom("invitations").selectAll().where("workspace_id", "=", workspaceId).orderBy("id").execute(),
    brand: await db.selectFrom("brand_settings").selectAll().where("site_id", "in", siteIds).orderBy("site_id").execute(),
    content: await db.selectFrom("content_settings").selectAll().where("site_id", "in", siteIds).orderBy("site_id").execute(),
    connections: await db.selectFrom("cms_connections").selectAll().where("site_id", "in", siteIds).orderBy("id").execute(),
    mails: await db.selectFrom("mail_outbox").select("id").where("to_address", "=", "someone@example.com").execute(),
    billing: await db.selectFrom("workspaces").select(["plan", "stripe_customer_id"]).where("id", "=", workspaceId).execute(),
    subscriptions: await db.selectFrom("subscriptions").selectAll().where("workspace_id", "=", workspaceId).execute(),
    publishing: await db.selectFrom("publishing_settings").selectAll().where("site_id", "in", siteIds).orderBy("site_id").execute(),
    apiKeys: await db.selectFrom("api_keys").selectAll().where("workspace_id", "=", workspaceId).orderBy("id").execute(),
    blogDomains: await db.selectFrom("blog_domains").selectAll().where("site_id", "in", siteIds).orderBy("site_id").execute(),
    webhooks: await db.selectFrom("webhook_endpoints").selectAll().where("workspace_id", "=", workspaceId).orderBy("id").execute(),
    deliveries: await db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
      .select("d.id")
      .where("e.workspace_id", "=", workspaceId)
      .execute(),
  });
}

async function workspaceWith(role: WorkspaceRole) {
  const owner = await makeUser(db);
  await callRoute({
    middleware: [requireAuth],
    handler: sitesRoute.action,
    request: post(SITES, { intent: "add", name: "Second", url: "second.example" }, owner.cookie),
  });
  const second = await db
    .selectFrom("sites")
    .select("id")
    .where("workspace_id", "=", owner.workspaceId)
    .where("name", "=", "Second")
    .executeTakeFirstOrThrow();
  const target = await makeUser(db);
  const member = role === "owner" ? owner : await makeUser(db);
  await addMember(db, target.userId, owner.workspaceId, "editor");
  if (member !== owner) await addMember(db, member.userId, owner.workspaceId, role);
  await callRoute({
    middleware: [requireAuth],
    handler: teamRoute.action,
    request: post(TEAM, { intent: "invite", email: "pending@example.com", role: "editor" }, owner.cookie),
  });
  const invitation = await db
    .selectFrom("invitations")
    .select("id")
    .where("workspace_id", "=", owner.workspaceId)
    .executeTakeFirstOrThrow();
  // The member works on the owner's (first) site, where the hosted connection is.
  const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", member.cookie) });
  await chooseSite(db, session.context.get(authContext).sessionId, member.userId, owner.siteId);
  const connection = await db.selectFrom("cms_connections").select("id").where("site_id", "=", owner.siteId).executeTakeFirstOrThrow();
  const actor = { workspaceId: owner.workspaceId, userId: owner.userId, ip: null };
  const apiKey = await createApiKey(db, actor, { name: "Owner's", siteId: null });
  // The target's own key (made while an admin): removing them with the box ticked would revoke it.
  await createApiKey(db, { ...actor, userId: target.userId }, { name: "Target's", siteId: null });
  const webhook = await createWebhookEndpoint(db, actor, { url: "https://example.com/hook", events: ["article.generated"] });
  const w: Workspace = {
    owner,
    secondSiteId: second.id,
    target,
    invitationId: invitation.id,
    connectionId: connection.id,
    apiKeyId: apiKey.id,
    webhookId: webhook.id,
  };
  return { w, member };
}

describe("the role matrix", () => {
  for (const role of ["owner", "admin", "editor"] as const) {
    const refused = CASES.filter((c) => !allowed(role, c.needs));
    it(`${role}: ${refused.length ? refused.map((c) => c.name).join(", ") : "nothing"} refused with 403, nothing changed`, async () => {
      const { w, member } = await workspaceWith(role);
      const before = await snapshot(w.owner.workspaceId);
      const statuses: Record<string, number> = {};
      for (const c of refused) {
        const res = await callRoute({ middleware: [requireAuth], handler: c.handler, request: c.request(w, member.cookie) });
        statuses[c.name] = res.status;
      }
      expect(statuses).toEqual(Object.fromEntries(refused.map((c) => [c.name, 403])));
      expect(await snapshot(w.owner.workspaceId)).toBe(before);
    });
  }

  it("lets each role do what its permissions allow (a sample per area)", async () => {
    for (const role of ["admin", "editor"] as const) {
      const { w, member } = await workspaceWith(role);
      const page = await callRoute({ middleware: [requireAuth], handler: teamRoute.loader, request: get(TEAM, member.cookie) });
      expect(page.status).toBe(200);
      const settings = await callRoute<{ tab: string; tabs: Array<{ id: string }> }>({
        middleware: [requireAuth],
        handler: settingsRoute.loader,
        request: get(SETTINGS, member.cookie),
      });
      expect(settings.data.tabs.map((t) => t.id)).toEqual(
        role === "admin" ? ["brand", "content", "account", "integrations", "publishing", "blog"] : ["account", "integrations"],
      );
      expect(settings.data.tab).toBe(role === "admin" ? "brand" : "account");
      const rename = await callRoute({
        middleware: [requireAuth],
        handler: sitesRoute.action,
        request: post(SITES, { intent: "rename", siteId: w.secondSiteId, name: "Renamed" }, member.cookie),
      });
      expect(rename.status).toBe(role === "admin" ? 302 : 403);
    }
  });
});
