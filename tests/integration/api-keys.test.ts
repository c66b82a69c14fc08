import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { hashToken } from "#app/utils/crypto.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { loader as apiDocsLoader } from "#app/routes/dashboard/api-docs";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/dashboard/settings/route";
import { OPERATIONS } from "#app/modules/api/operations";
import { api } from "#tests/setup/api";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, CLIENT_IP, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Settings → Integrations → Developer API (decision 045): generating a key
 * shows it once and stores only its hash; the list shows prefix, site, created
 * and last used; revoking refuses the key at once; both are audited; only
 * owners and admins may; another workspace's key or site cannot be touched.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

type KeyRow = { id: string; name: string; prefix: string; siteId: string | null; siteName: string | null; lastUsedAt: string | null };
type SettingsData = { integrations: { developerApi: { canManage: boolean; keys: KeyRow[]; sites: Array<{ id: string }> } } };
type Reply = {
  intent: string;
  createdKey?: { key: string; name: string; prefix: string };
  result: { error?: Record<string, string[]> };
  notice: { title: string } | null;
};

const TAB = "/dashboard/settings?tab=integrations";
const load = (user: TestUser) =>
  callRoute<SettingsData>({ middleware: [requireAuth], handler: settingsLoader, request: get(TAB, user.cookie) });
const send = (user: TestUser, fields: Record<string, string>) =>
  callRoute<Reply>({ middleware: [requireAuth], handler: settingsAction, request: post(TAB, fields, user.cookie) });

describe("Developer API keys in Settings → Integrations", () => {
  it("generates a key shown once, stored hashed, listed by prefix, usable at once", async () => {
    const owner = await makeUser(db);
    const res = await send(owner, { intent: "api-key-create", name: "Zapier", siteId: "" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const created = res.data.createdKey!;
    expect(created.key).toMatch(/^ink_live_[\w-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);

    const row = await db.selectFrom("api_keys").selectAll().where("workspace_id", "=", owner.workspaceId).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const page = await load(owner);
    expect(page.data.integrations.developerApi.keys).toEqual([
      expect.objectContaining({ name: "Zapier", prefix: created.prefix, siteId: null, lastUsedAt: null }),
    ]);
    expect(JSON.stringify(page.data)).not.toContain(created.key);

    expect((await api(created.key, "GET", "/articles")).status).toBe(200);
    expect((await load(owner)).data.integrations.developerApi.keys[0]!.lastUsedAt).not.toBeNull();

    const audit = await db.selectFrom("audit_log").selectAll().where("workspace_id", "=", owner.workspaceId).execute();
    expect(audit).toEqual([expect.objectContaining({ action: "api_key.created", actor_id: owner.userId, ip: CLIENT_IP })]);
    expect(audit[0]!.detail).not.toContain(created.key);
  });

  it("limits a key to one site of the workspace, never another workspace's", async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const limited = await send(owner, { intent: "api-key-create", name: "Blog sync", siteId: owner.siteId });
    expect(limited.data.createdKey).toBeDefined();
    expect((await load(owner)).data.integrations.developerApi.keys[0]).toMatchObject({
      siteId: owner.siteId,
      siteName: expect.any(String),
    });
    const foreign = await send(owner, { intent: "api-key-create", name: "Sneaky", siteId: other.siteId });
    expect(foreign.status).toBe(400);
    expect(foreign.data.result.error?.siteId).toEqual(["That site is not part of this workspace."]);
    expect(foreign.data.createdKey).toBeUndefined();
  });

  it("refuses a key without a name", async () => {
    const owner = await makeUser(db);
    const res = await send(owner, { intent: "api-key-create", name: "  " });
    expect(res.status).toBe(400);
    expect(res.data.result.error?.name).toEqual(["Give the key a name"]);
    expect(await db.selectFrom("api_keys").select("id").where("workspace_id", "=", owner.workspaceId).execute()).toEqual([]);
  });

  it("revokes a key: refused at once, gone from the list, audited; another workspace cannot revoke it", async () => {
    const owner = await makeUser(db);
    const { key } = (await send(owner, { intent: "api-key-create", name: "CI" })).data.createdKey!;
    const [row] = (await load(owner)).data.integrations.developerApi.keys;

    const stranger = await makeUser(db);
    const refused = await send(stranger, { intent: "api-key-revoke", keyId: row!.id });
    expect(refused.status).toBe(404);
    expect((await api(key, "GET", "/topics")).status).toBe(200);

    const res = await send(owner, { intent: "api-key-revoke", keyId: row!.id });
    expect(redirectTarget(res)).toBe(`${TAB}#card-developer-api`);
    expect((await api(key, "GET", "/topics")).status).toBe(401);
    expect((await load(owner)).data.integrations.developerApi.keys).toEqual([]);
    const actions = await db.selectFrom("audit_log").select("action").where("workspace_id", "=", owner.workspaceId).orderBy("id").execute();
    expect(actions.map((a) => a.action)).toEqual(["api_key.created", "api_key.revoked"]);
  });

  it("lets only owners and admins manage keys", async () => {
    const editor = await makeUser(db);
    await db.updateTable("memberships").set({ role: "editor" }).where("user_id", "=", editor.userId).execute();
    const page = await load(editor);
    expect(page.data.integrations.developerApi).toMatchObject({ canManage: false, keys: [] });
    const res = await send(editor, { intent: "api-key-create", name: "Mine" });
    expect(res.status).toBe(403);
    expect(await db.selectFrom("api_keys").select("id").where("workspace_id", "=", editor.workspaceId).execute()).toEqual([]);
  });
});

describe("the API reference page", () => {
  it("lists every operation with an example request", async () => {
    const owner = await makeUser(db);
    const res = await callRoute<{ operations: Array<{ id: string; curl: string; parameters: Array<{ name: string }> }> }>({
      middleware: [requireAuth],
      handler: apiDocsLoader,
      request: get("/dashboard/api-docs", owner.cookie),
    });
    expect(res.data.operations.map((o) => o.id).sort()).toEqual(Object.keys(OPERATIONS).sort());
    const create = res.data.operations.find((o) => o.id === "createArticle")!;
    expect(create.curl).toContain("-X POST http://localhost:3000/api/v1/articles");
    expect(create.curl).toContain("Authorization: Bearer $INKPILOT_API_KEY");
    expect(res.data.operations.find((o) => o.id === "listArticles")!.parameters.map((p) => p.name)).toContain("site_id");
  });
});
