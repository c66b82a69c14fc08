import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import type { BlogTabData } from "#app/routes/dashboard/settings/blog-data.server";
import { action, loader } from "#app/routes/dashboard/settings/route";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import type { FormReply } from "#app/utils/form-reply";
import { testDb } from "#tests/setup/db";
import { addMember, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Settings → Blog → Theme (docs/decisions/077-blog-themes.md): owners and admins choose the blog's theme, audited;
 * editors cannot; a value the form did not offer changes nothing; the tab links each theme's preview.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const TAB = "/dashboard/settings?tab=blog";
const open = (user: TestUser) =>
  callRoute<{ blog: BlogTabData | null }>({ middleware: [requireAuth], handler: loader, request: get(TAB, user.cookie) });
const choose = (user: TestUser, theme: string) =>
  callRoute<FormReply>({ middleware: [requireAuth], handler: action, request: post(TAB, { intent: "blog-theme", theme }, user.cookie) });
const toastOf = (res: { headers: Headers }) => {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  return raw
    ? (JSON.parse(Buffer.from(decodeURIComponent(raw).split(".")[0]!, "base64").toString("utf8")) as Record<string, string>)
    : null;
};
const themeAudits = (workspaceId: string) =>
  db
    .selectFrom("audit_log")
    .select(["action", "target", "detail"])
    .where("workspace_id", "=", workspaceId)
    .where("action", "=", "blog.theme")
    .execute();

async function blogThemeOf(siteId: string) {
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", siteId).executeTakeFirstOrThrow();
  const res = await callRoute({ handler: indexLoader, request: get(`/b/${site.blog_slug}`), params: { blogSlug: site.blog_slug! } });
  return /<body data-theme="([a-z]+)"/.exec(await res.response!.text())?.[1];
}

async function memberOf(owner: TestUser, role: "admin" | "editor") {
  const member = await makeUser(db);
  await addMember(db, member.userId, owner.workspaceId, role);
  const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", member.cookie) });
  await chooseSite(db, session.context.get(authContext).sessionId, member.userId, owner.siteId);
  return member;
}

describe("Settings → Blog → Theme", () => {
  it("shows the current theme and where each theme is previewed", async () => {
    const owner = await makeUser(db);
    const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", owner.siteId).executeTakeFirstOrThrow();
    const { theme } = (await open(owner)).data.blog!;
    expect(theme).toMatchObject({ current: "longread", previewPath: `/b/${site.blog_slug}` });
    expect(theme.accent).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("lets the owner choose a theme: the blog shows it, the change is audited, choosing it again changes nothing", async () => {
    const owner = await makeUser(db);
    const res = await choose(owner, "magazine");
    expect(redirectTarget(res)).toBe(TAB);
    expect(toastOf(res)).toMatchObject({ title: "Your blog now uses Magazine" });
    expect(await blogThemeOf(owner.siteId)).toBe("magazine");
    expect((await open(owner)).data.blog!.theme.current).toBe("magazine");
    expect(await themeAudits(owner.workspaceId)).toEqual([
      { action: "blog.theme", target: `site:${owner.siteId}`, detail: JSON.stringify({ from: "longread", to: "magazine" }) },
    ]);

    const again = await choose(owner, "magazine");
    expect(toastOf(again)).toMatchObject({ type: "info", title: "Magazine is already your blog's theme" });
    expect(await themeAudits(owner.workspaceId)).toHaveLength(1);
  });

  it("refuses a theme the form did not offer, on its field, and changes nothing", async () => {
    const owner = await makeUser(db);
    await choose(owner, "journal");
    for (const bad of ["neon", "", "Magazine"]) {
      const res = await choose(owner, bad);
      expect(res.status, bad).toBe(400);
      expect(res.data.result.error?.theme?.length).toBeGreaterThan(0);
    }
    expect(await blogThemeOf(owner.siteId)).toBe("journal");
    expect(await themeAudits(owner.workspaceId)).toHaveLength(1);
  });

  it("is for owners and admins: an admin chooses, an editor is refused and changes nothing", async () => {
    const owner = await makeUser(db);
    const admin = await memberOf(owner, "admin");
    expect(redirectTarget(await choose(admin, "journal"))).toBe(TAB);

    const editor = await memberOf(owner, "editor");
    expect((await choose(editor, "magazine")).status).toBe(403);
    expect(await blogThemeOf(owner.siteId)).toBe("journal");
    expect(await themeAudits(owner.workspaceId)).toHaveLength(1);
  });
});
