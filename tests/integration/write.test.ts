import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createArticle } from "#app/modules/articles/mutations.server";
import { ARTICLE_TOO_LARGE_MESSAGE, sanitizeArticleHtml } from "#app/modules/articles/sanitize.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { action as previewAction, loader as previewLoader } from "#app/routes/dashboard/write/preview";
import { action, loader } from "#app/routes/dashboard/write/route";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The write screen's loader and action as the server calls them: create, update,
 * another site's article refused, quota refusal leaving nothing behind, and
 * hostile content stored clean.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

// A finished generation redirects; the test pages are data.
type LoaderData = Exclude<Awaited<ReturnType<typeof loader>>, Response>;
type ActionData = { result: { error?: Record<string, string[] | null> }; notice: { title: string; description?: string } | null };

const save = (cookie: string, fields: Record<string, string>, url = "/dashboard/write") =>
  callRoute<ActionData>({ middleware: [requireAuth], handler: action, request: post(url, fields, cookie) });
const load = (cookie: string, url: string) =>
  callRoute<LoaderData>({ middleware: [requireAuth], handler: loader, request: get(url, cookie) });

function toastTitle(res: { headers: Headers }) {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  if (!raw) return null;
  const decoded = decodeURIComponent(raw);
  return JSON.parse(Buffer.from(decoded.split(".")[0]!, "base64").toString("utf8")).title as string;
}

const articles = (siteId: string) => db.selectFrom("articles").selectAll().where("site_id", "=", siteId).execute();

describe("write screen", () => {
  it("pre-fills the AI panel's keyword from ?keyword= (carried from the free tools)", async () => {
    const user = await makeUser(db);
    const page = await load(user.cookie, "/dashboard/write?keyword=%20cold%20brew%20");
    expect(page.data?.keyword).toBe("cold brew");
  });

  it("creates a draft, redirects to edit mode with 'Draft saved!', then updates it with 'Article updated!'", async () => {
    const user = await makeUser(db);
    const created = await save(user.cookie, {
      intent: "save",
      title: "Cold brew at home",
      targetKeyword: "cold brew",
      metaDescription: "How to",
      content: "<p>Hello <strong>world</strong></p>",
      contentFormat: "html",
    });
    const [article] = await articles(user.siteId);
    expect(article).toBeDefined();
    // Without JavaScript the page lands back at the editor, not at its top.
    expect(redirectTarget(created)).toBe(`/dashboard/write?edit=${article!.id}#editor`);
    expect(toastTitle(created)).toBe("Draft saved!");
    expect(article!.content_html).toBe("<p>Hello <strong>world</strong></p>");
    expect(article!.author_id).toBe(user.userId);

    const page = await load(user.cookie, `/dashboard/write?edit=${article!.id}`);
    expect(page.data.article?.title).toBe("Cold brew at home");
    expect(page.data.seo?.checks.find((c) => c.id === "keyword-title")?.passed).toBe(true);

    const updated = await save(
      user.cookie,
      {
        intent: "save",
        articleId: article!.id,
        title: "Cold brew, updated",
        content: "# Heading\n\nSome *markdown*.",
        contentFormat: "markdown",
      },
      `/dashboard/write?edit=${article!.id}`,
    );
    expect(toastTitle(updated)).toBe("Article updated!");
    const [after] = await articles(user.siteId);
    expect(after!.title).toBe("Cold brew, updated");
    expect(after!.content_html).toBe("<h2>Heading</h2>\n<p>Some <em>markdown</em>.</p>");
    expect((await articles(user.siteId)).length).toBe(1);
  });

  it("opens the publish dialog after Publish, listing the site's hosted blog", async () => {
    const user = await makeUser(db);
    const res = await save(user.cookie, { intent: "publish", title: "To publish", content: "" });
    const [article] = await articles(user.siteId);
    expect(redirectTarget(res)).toBe(`/dashboard/write?edit=${article!.id}&publish=1`);
    const page = await load(user.cookie, `/dashboard/write?edit=${article!.id}&publish=1`);
    expect(page.data.publishOpen).toBe(true);
    expect(page.data.connections).toEqual([expect.objectContaining({ platform: "hosted" })]);
  });

  it("requires a title", async () => {
    const user = await makeUser(db);
    const res = await save(user.cookie, { title: "   ", content: "<p>x</p>" });
    expect(res.status).toBe(400);
    expect(res.data.notice).toEqual({ title: "Title required", description: "Please enter a title for your article." });
    expect(res.data.result.error?.title).toEqual(["Please enter a title for your article."]);
    expect(await articles(user.siteId)).toHaveLength(0);
  });

  it("never loads, updates or previews another site's article", async () => {
    const owner = await makeUser(db);
    const other = await makeUser(db);
    const article = await createArticle(db, {
      workspaceId: owner.workspaceId,
      siteId: owner.siteId,
      authorId: owner.userId,
      title: "Private",
      contentHtml: "<p>secret</p>",
    });

    const loaded = await load(other.cookie, `/dashboard/write?edit=${article.id}`);
    expect(loaded.status).toBe(404);
    expect(await loaded.response?.text()).toBe("Error loading article");

    const saved = await save(other.cookie, { articleId: article.id, title: "Hijacked", content: "" });
    expect(saved.status).toBe(404);
    expect((await articles(owner.siteId))[0]!.title).toBe("Private");
    expect(await articles(other.siteId)).toHaveLength(0);

    const preview = await callRoute({
      middleware: [requireAuth],
      handler: previewLoader,
      request: get(`/dashboard/write/preview?id=${article.id}`, other.cookie),
    });
    expect(preview.status).toBe(404);
  });

  it("saves hand-written drafts on a trial whose 3 AI articles are used, counting none of them (decision 035)", async () => {
    const user = await makeUser(db);
    await db.updateTable("workspaces").set({ trial_articles_used: 3 }).where("id", "=", user.workspaceId).execute();
    for (let i = 0; i < 2; i++) expect((await save(user.cookie, { title: `Post ${i}`, content: "<p>One line.</p>" })).status).toBe(302);
    expect(await articles(user.siteId)).toHaveLength(2);
    const events = await db.selectFrom("usage_events").select("id").where("site_id", "=", user.siteId).execute();
    expect(events).toHaveLength(0);
    const workspace = await db
      .selectFrom("workspaces")
      .select("trial_articles_used")
      .where("id", "=", user.workspaceId)
      .executeTakeFirstOrThrow();
    expect(workspace.trial_articles_used).toBe(3);
  });

  it("stores hostile content clean, in both formats", async () => {
    const user = await makeUser(db);
    const payload = [
      `<script>alert(1)</script><p onclick="alert(1)">Hi<img src=x onerror="alert(1)"></p>`,
      `<a href="javascript:alert(1)">x</a><a href="data:text/html;base64,PHNjcmlwdD4=">y</a>`,
      `<svg onload="alert(1)"></svg><iframe src="https://evil.example/embed"></iframe><span style="background:url(javascript:alert(1))">z</span>`,
    ].join("");
    await save(user.cookie, { title: "Hostile HTML", content: payload, contentFormat: "html" });
    await save(user.cookie, {
      title: "Hostile Markdown",
      content: `[x](javascript:alert(1))\n\n${payload}\n\n<div onmouseover="x()">d</div>`,
      contentFormat: "markdown",
    });
    const rows = await articles(user.siteId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.content_html).not.toMatch(/<script|<svg|\son\w+=|javascript:|data:text/i);
      expect(row.content_html).not.toContain("evil.example");
    }
  });

  it("previews posted content sanitized", async () => {
    const user = await makeUser(db);
    const res = await callRoute<{ title: string; html: string }>({
      middleware: [requireAuth],
      handler: previewAction,
      request: post(
        "/dashboard/write/preview",
        { title: "Draft", content: "## Hi\n\n<script>alert(1)</script>", contentFormat: "markdown" },
        user.cookie,
      ),
    });
    expect(res.data).toEqual({ title: "Draft", html: "<h2>Hi</h2>", error: null });
  });

  it("refuses an article over 512 KB with a clear message, in the preview and on save, storing nothing", async () => {
    const user = await makeUser(db);
    const huge = `<p>${"word ".repeat(110_000)}</p>`;
    const preview = await callRoute<{ html: string; error: string }>({
      middleware: [requireAuth],
      handler: previewAction,
      request: post("/dashboard/write/preview", { title: "Big", content: huge, contentFormat: "html" }, user.cookie),
    });
    expect(preview.status).toBe(400);
    expect(preview.data.error).toBe(ARTICLE_TOO_LARGE_MESSAGE);
    expect(preview.data.html).toBe("");

    const saved = await save(user.cookie, { title: "Big", content: huge, contentFormat: "html" });
    expect(saved.status).toBe(400);
    expect(saved.data.result.error?.content).toEqual([ARTICLE_TOO_LARGE_MESSAGE]);
    const count = await db
      .selectFrom("articles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("site_id", "=", user.siteId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("previews a large article through the sanitizer thread, with the same result as in place", async () => {
    const user = await makeUser(db);
    const content = `<div><span>${'<span style="color:red">x</span> '.repeat(4000)}</span></div><script>alert(1)</script>`;
    const res = await callRoute<{ html: string; error: null }>({
      middleware: [requireAuth],
      handler: previewAction,
      request: post("/dashboard/write/preview", { title: "Long", content, contentFormat: "html" }, user.cookie),
    });
    expect(res.data.error).toBeNull();
    expect(res.data.html).toBe(sanitizeArticleHtml(content));
    expect(res.data.html).not.toContain("<script");
  });
});
