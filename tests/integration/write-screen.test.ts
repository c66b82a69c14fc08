import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createArticle, getArticle } from "#app/modules/articles/mutations.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import type { ArticleDiff } from "#app/modules/generation/edit-diff";
import { action as aiAction } from "#app/routes/dashboard/write/ai";
import { action as reviewAction } from "#app/routes/dashboard/write/ai-review";
import { action } from "#app/routes/dashboard/write/route";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, cookiesOf, post, redirectTarget } from "#tests/setup/route-harness";
import { readToast } from "#app/utils/toast.server";

/**
 * The write screen on the server: autosave answers the script (no toast, no
 * redirect); AI edits are proposals that change nothing until accepted, with
 * the no-JS review page's Accept going through the write form's save.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const CONTENT = "<h2>Why cold brew</h2><p>It is smooth. It is sweet. It keeps for days. It is easy.</p>";

async function account() {
  const user = await makeUser(db);
  const article = await createArticle(db, {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title: "Cold brew at home",
    targetKeyword: "cold brew",
    contentHtml: CONTENT,
  });
  return { ...user, articleId: article.id };
}

type Autosave = { autosave: { ok: boolean; articleId?: string; error?: string } };
const write = (cookie: string, fields: Record<string, string>, url = "/dashboard/write") =>
  callRoute<Autosave>({ middleware: [requireAuth], handler: action, request: post(url, fields, cookie) });
const hasToast = (res: { headers: Headers }) => /__toast=/.test(res.headers.get("Set-Cookie") ?? "");

describe("autosave", () => {
  it("creates then updates a draft through the save action, answering data: no redirect, no toast", async () => {
    const user = await makeUser(db);
    const base = { intent: "autosave", js: "1", title: "Autosaved", content: "<p>First words</p>", contentFormat: "html" };
    const created = await write(user.cookie, base);
    expect(created.status).toBe(200);
    expect(hasToast(created)).toBe(false);
    expect(created.data.autosave).toMatchObject({ ok: true });
    const id = created.data.autosave.articleId!;

    const updated = await write(user.cookie, { ...base, articleId: id, content: "<p>More words</p>" }, `/dashboard/write?edit=${id}`);
    expect(updated.data.autosave).toMatchObject({ ok: true, articleId: id });
    const rows = await db.selectFrom("articles").select(["id", "content_html"]).where("site_id", "=", user.siteId).execute();
    expect(rows).toEqual([{ id, content_html: "<p>More words</p>" }]);
  });

  it("answers a refused autosave as data the bar can show", async () => {
    const user = await makeUser(db);
    const refused = await write(user.cookie, { intent: "autosave", js: "1", title: " ", content: "<p>x</p>" });
    expect(refused.data.autosave).toEqual({ ok: false, error: "Not saved: check the form and save again." });
    expect(hasToast(refused)).toBe(false);
  });
});

type Review = { label: string; article: { id: string; title: string }; after: string; diff: ArticleDiff };

describe("AI edits are reviewed before they change anything", () => {
  it("without JavaScript: the review page shows the diff, the article is unchanged, Accept saves the rewrite", async () => {
    const user = await account();
    const res = await callRoute<Review>({
      middleware: [requireAuth],
      handler: reviewAction,
      request: post(
        "/dashboard/write/ai/review",
        { intent: "edit", articleId: user.articleId, instruction: "Make it shorter" },
        user.cookie,
      ),
    });
    expect(res.status).toBe(200);
    expect(res.data.label).toBe("Edit with AI: “Make it shorter”");
    expect(res.data.diff.removed).toBeGreaterThan(0);
    expect(res.data.diff.parts.some((p) => p.kind === "removed")).toBe(true);
    expect((await getArticle(db, user.siteId, user.articleId))?.content_html).toBe(CONTENT);

    const accepted = await write(
      user.cookie,
      { intent: "save", articleId: user.articleId, title: res.data.article.title, content: res.data.after, contentFormat: "html" },
      `/dashboard/write?edit=${user.articleId}`,
    );
    expect(redirectTarget(accepted)).toBe(`/dashboard/write?edit=${user.articleId}#editor`);
    expect((await getArticle(db, user.siteId, user.articleId))?.content_html).toBe(res.data.after);
  });

  it("with JavaScript: the edit of what the editor holds comes back as JSON and nothing is stored", async () => {
    const user = await account();
    const editorHtml = "<p>Unsaved text in the editor. It has two sentences.</p>";
    const res = await callRoute({
      middleware: [requireAuth],
      handler: aiAction,
      request: post(
        "/dashboard/write/ai",
        { intent: "edit", js: "1", articleId: user.articleId, instruction: "Expand", html: editorHtml },
        user.cookie,
      ),
    });
    const body = (await res.response!.json()) as { ok: boolean; html: string };
    expect(body.ok).toBe(true);
    expect(body.html).toContain("Unsaved text in the editor.");
    expect(body.html.length).toBeGreaterThan(editorHtml.length);
    expect((await getArticle(db, user.siteId, user.articleId))?.content_html).toBe(CONTENT);
  });

  it("an unknown section is a toast without JavaScript and JSON with it", async () => {
    const user = await account();
    const fields = { intent: "regenerate-section", articleId: user.articleId, heading: "Nope" };
    const page = await callRoute({
      middleware: [requireAuth],
      handler: reviewAction,
      request: post("/dashboard/write/ai/review", fields, user.cookie),
    });
    expect(redirectTarget(page)).toBe(`/dashboard/write?edit=${user.articleId}`);
    const script = await callRoute({
      middleware: [requireAuth],
      handler: aiAction,
      request: post("/dashboard/write/ai", { ...fields, js: "1" }, user.cookie),
    });
    expect(script.status).toBe(404);
  });
});

describe("the offline writer answers honestly", () => {
  const instruction = "mention that whole beans stay fresh for about a month";

  it("with JavaScript: a clear message, no rewrite proposed, nothing charged", async () => {
    const user = await account();
    const res = await callRoute({
      middleware: [requireAuth],
      handler: aiAction,
      request: post(
        "/dashboard/write/ai",
        { intent: "edit-selection", articleId: user.articleId, html: "<p>It keeps for days.</p>", instruction },
        user.cookie,
      ),
    });
    expect(res.status).toBe(422);
    const body = (await res.response!.json()) as { ok: boolean; error: string; html: string | null };
    // A notice (the script shows it as 'The built-in writer can't do that'), not an error.
    expect(body).toEqual({
      ok: false,
      html: null,
      notice: true,
      error: `Nothing was changed: the offline writer can only shorten, expand or simplify text, so it cannot “${instruction}”. Other instructions need an AI provider, which an administrator can connect.`,
    });
    const charged = await db.selectFrom("ai_usage").selectAll().where("site_id", "=", user.siteId).execute();
    expect(charged).toEqual([]);
  });

  it("without JavaScript: back to the editor with the message, the article unchanged", async () => {
    const user = await account();
    const page = await callRoute({
      middleware: [requireAuth],
      handler: reviewAction,
      request: post("/dashboard/write/ai/review", { intent: "edit", articleId: user.articleId, instruction }, user.cookie),
    });
    expect(redirectTarget(page)).toBe(`/dashboard/write?edit=${user.articleId}`);
    const { toast } = await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookiesOf(page) } }));
    expect(toast).toMatchObject({
      type: "info",
      title: "The built-in writer can't do that",
      description: expect.stringContaining("the offline writer can only shorten, expand or simplify text") as unknown,
    });
    expect((await getArticle(db, user.siteId, user.articleId))?.content_html).toBe(CONTENT);
  });
});
