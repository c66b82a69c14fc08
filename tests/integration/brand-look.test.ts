import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { getBrandSettings } from "#app/modules/settings/brand.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { action, loader } from "#app/routes/dashboard/settings/route";
import type { FormReply } from "#app/utils/form-reply";
import { testDb } from "#tests/setup/db";
import { addMember, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Settings → Brand → 'Blog colours and fonts' (docs/decisions/077-blog-themes.md): the accent and font pairing are
 * saved and audited like the brand's other fields, a colour too light for text is kept as chosen while the blog
 * shows a readable shade, a bad value changes nothing, and editors cannot reach it.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const TAB = "/dashboard/settings?tab=brand";
const save = (user: TestUser, fields: Record<string, string>) =>
  callRoute<FormReply>({
    middleware: [requireAuth],
    handler: action,
    request: post(TAB, { intent: "brand-look", ...fields }, user.cookie),
  });
const audits = (workspaceId: string) =>
  db.selectFrom("audit_log").select(["action", "detail"]).where("workspace_id", "=", workspaceId).execute();

describe("blog colours and fonts", () => {
  it("starts from today's blue and system sans, and saves a colour and a pairing, audited", async () => {
    const owner = await makeUser(db);
    const page = await callRoute<Awaited<ReturnType<typeof loader>>>({
      middleware: [requireAuth],
      handler: loader,
      request: get(TAB, owner.cookie),
    });
    expect(page.data.brand).toMatchObject({ accentColor: null, fontPairing: "modern" });

    const res = await save(owner, { accentColor: " #0f766e ", fontPairing: "editorial" });
    expect(redirectTarget(res)).toBe(TAB);
    expect(await getBrandSettings(db, owner.siteId)).toMatchObject({ accentColor: "#0F766E", fontPairing: "editorial" });
    expect(await audits(owner.workspaceId)).toContainEqual({
      action: "settings.brand.update",
      detail: JSON.stringify({ fields: ["accent_color", "font_pairing"] }),
    });
    // The look is not what the business is: it offers no new plan.
    const row = await db.selectFrom("brand_settings").select("described_at").where("site_id", "=", owner.siteId).executeTakeFirstOrThrow();
    expect(row.described_at).toBeNull();
  });

  it("keeps the colour the picker changed when the form was sent without JavaScript", async () => {
    const owner = await makeUser(db);
    await save(owner, { accentColor: "#1D4ED8", accentColorPicker: "#be123c", accentColorInitial: "#1D4ED8", fontPairing: "modern" });
    expect((await getBrandSettings(db, owner.siteId)).accentColor).toBe("#BE123C");
  });

  it("keeps a colour too light for text, and the blog shows its links in a darker shade of it", async () => {
    const owner = await makeUser(db);
    await save(owner, { accentColor: "#F4A261", fontPairing: "classic" });
    expect((await getBrandSettings(db, owner.siteId)).accentColor).toBe("#F4A261");
    const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", owner.siteId).executeTakeFirstOrThrow();
    const blog = await callRoute({ handler: indexLoader, request: get(`/b/${site.blog_slug}`), params: { blogSlug: site.blog_slug! } });
    const light = /<style>:root\{([^}]*)\}/.exec(await blog.response!.text())![1]!;
    expect(light).toMatch(/--accent:#[0-9A-F]{6}/);
    expect(light).not.toContain("--accent:#F4A261");
    expect(light).toMatch(/--font-heading:Charter,/);
  });

  it("refuses a malformed colour or an unknown pairing on its field and changes nothing", async () => {
    const owner = await makeUser(db);
    await save(owner, { accentColor: "#112233", fontPairing: "humanist" });
    for (const [fields, field] of [
      [{ accentColor: "red", fontPairing: "modern" }, "accentColor"],
      [{ accentColor: "#12345", fontPairing: "modern" }, "accentColor"],
      [{ accentColor: "#445566", fontPairing: "comic-sans" }, "fontPairing"],
    ] as const) {
      const res = await save(owner, fields);
      expect(res.status).toBe(400);
      expect(res.data.result.error?.[field]?.length).toBeGreaterThan(0);
      expect(res.data.notice?.title).toBe("Error saving colours and fonts");
    }
    expect(await getBrandSettings(db, owner.siteId)).toMatchObject({ accentColor: "#112233", fontPairing: "humanist" });
  });

  it("is the brand's: editors cannot save it", async () => {
    const owner = await makeUser(db);
    const editor = await makeUser(db);
    await addMember(db, editor.userId, owner.workspaceId, "editor");
    const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", editor.cookie) });
    await chooseSite(db, session.context.get(authContext).sessionId, editor.userId, owner.siteId);
    expect((await save(editor, { accentColor: "#000000", fontPairing: "mono" })).status).toBe(403);
    expect(await getBrandSettings(db, owner.siteId)).toMatchObject({ accentColor: null, fontPairing: "modern" });
  });
});
