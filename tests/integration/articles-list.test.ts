import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { action as deleteAction, loader as deleteLoader } from "#app/routes/dashboard/articles/delete";
import { loader as listLoader } from "#app/routes/dashboard/articles/route";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The articles list and delete, called as the server calls them: paging, search,
 * sorting and tabs over the viewer's site only; another account's article can
 * neither be seen nor deleted.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

type ListData = Awaited<ReturnType<typeof listLoader>>;

const addArticle = (
  siteId: string,
  authorId: string | null,
  title: string,
  opts: { status?: "draft" | "scheduled" | "published" | "failed"; keyword?: string; createdAt?: string } = {},
) =>
  makeArticle(db, siteId, {
    author_id: authorId,
    title,
    target_keyword: opts.keyword ?? "",
    status: opts.status ?? "draft",
    created_at: opts.createdAt,
  });

const list = (url: string, cookie: string) =>
  callRoute<ListData>({ middleware: [requireAuth], handler: listLoader, request: get(url, cookie) });
const count = (siteId: string) =>
  db
    .selectFrom("articles")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

function toastOf(res: { headers: Headers }) {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  if (!raw) return null;
  const signed = decodeURIComponent(raw);
  return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as { title: string; type?: string };
}

describe("articles list", () => {
  it("pages by 20, newest first by default, oldest first on request", async () => {
    const a = await makeUser(db, { email: "page@example.com" });
    for (let i = 0; i < 45; i++) {
      await addArticle(a.siteId, a.userId, `Post ${String(i).padStart(2, "0")}`, {
        createdAt: new Date(Date.UTC(2031, 0, 1, 0, i)).toISOString(),
      });
    }
    const first = await list("/dashboard", a.cookie);
    expect(first.data.articles).toHaveLength(20);
    expect(first.data).toMatchObject({ page: 1, pageCount: 3, total: 45 });
    expect(first.data.articles[0]!.title).toBe("Post 44");
    const third = await list("/dashboard?page=3", a.cookie);
    expect(third.data.articles.map((x) => x.title)).toEqual(["Post 04", "Post 03", "Post 02", "Post 01", "Post 00"]);
    const oldest = await list("/dashboard/articles?sort=oldest&page=2", a.cookie);
    expect(oldest.data.articles[0]!.title).toBe("Post 20");
    // Out-of-range or nonsense pages land on a real page.
    expect((await list("/dashboard?page=99", a.cookie)).data.page).toBe(3);
    expect((await list("/dashboard?page=-1", a.cookie)).data.page).toBe(1);
    expect((await list("/dashboard?page=abc&sort=sideways", a.cookie)).data).toMatchObject({ page: 1, sort: "newest" });
  });

  it("searches title and keyword, literally, within the status tab", async () => {
    const a = await makeUser(db, { email: "search@example.com" });
    await addArticle(a.siteId, a.userId, "Best hiking boots", { keyword: "hiking boots", status: "published" });
    await addArticle(a.siteId, a.userId, "Tent guide", { keyword: "Camping TENTS" });
    await addArticle(a.siteId, a.userId, "100% waterproof jackets", { keyword: "rain_gear" });
    expect((await list("/dashboard?q=tents", a.cookie)).data.articles.map((x) => x.title)).toEqual(["Tent guide"]);
    expect((await list("/dashboard?q=HIKING", a.cookie)).data.articles.map((x) => x.title)).toEqual(["Best hiking boots"]);
    expect((await list("/dashboard?q=hiking&status=draft", a.cookie)).data.articles).toEqual([]);
    expect((await list("/dashboard?q=%25", a.cookie)).data.articles.map((x) => x.title)).toEqual(["100% waterproof jackets"]);
    expect((await list("/dashboard?q=_", a.cookie)).data.articles.map((x) => x.title)).toEqual(["100% waterproof jackets"]);
    const res = await list("/dashboard?q=zzz", a.cookie);
    expect(res.data).toMatchObject({ total: 0, articles: [] });
    expect(res.data.counts.all).toBe(3);
  });

  it("counts per status and shows the Failed tab's data only when asked", async () => {
    const a = await makeUser(db, { email: "tabs@example.com" });
    await addArticle(a.siteId, a.userId, "Broken", { status: "failed" });
    await addArticle(a.siteId, a.userId, "Ok", { status: "scheduled" });
    const res = await list("/dashboard?status=failed", a.cookie);
    expect(res.data.counts).toEqual({ all: 2, draft: 0, scheduled: 1, published: 0, failed: 1 });
    expect(res.data.articles.map((x) => x.title)).toEqual(["Broken"]);
  });

  it("names the author: 'You' for the viewer, the teammate's name otherwise", async () => {
    const a = await makeUser(db, { email: "author-a@example.com" });
    const mate = await makeUser(db, { email: "author-mate@example.com", fullName: "Grace Hopper" });
    await addArticle(a.siteId, mate.userId, "By Grace", { createdAt: "2031-01-02T00:00:00.000Z" });
    await addArticle(a.siteId, a.userId, "By me", { createdAt: "2031-01-01T00:00:00.000Z" });
    const res = await list("/dashboard", a.cookie);
    expect(res.data.articles.map((x) => [x.title, x.author, x.createdOn])).toEqual([
      ["By Grace", "Grace Hopper", "02 Jan 2031"],
      ["By me", "You", "01 Jan 2031"],
    ]);
  });

  it("includes the trial state for the banner", async () => {
    const a = await makeUser(db, { email: "banner@example.com" });
    const res = await list("/dashboard", a.cookie);
    expect(res.data.usage).toMatchObject({ plan: "trial", trial: { active: true, used: 0, max: 3, daysRemaining: 7 }, blocked: null });
  });
});

describe("deleting an article", () => {
  it("confirms, deletes, and returns to the list with 'Article deleted'", async () => {
    const a = await makeUser(db, { email: "delete@example.com" });
    const id = await addArticle(a.siteId, a.userId, "Doomed");
    const page = await callRoute<Awaited<ReturnType<typeof deleteLoader>>>({
      middleware: [requireAuth],
      handler: deleteLoader,
      request: get(`/dashboard/articles/${id}/delete?back=${encodeURIComponent("/dashboard?status=draft")}`, a.cookie),
      params: { articleId: id },
    });
    expect(page.data).toEqual({ article: { id, title: "Doomed" }, back: "/dashboard?status=draft" });
    const res = await callRoute({
      middleware: [requireAuth],
      handler: deleteAction,
      request: post(`/dashboard/articles/${id}/delete`, { redirectTo: "/dashboard?status=draft" }, a.cookie),
      params: { articleId: id },
    });
    expect(redirectTarget(res)).toBe("/dashboard?status=draft");
    expect(toastOf(res)?.title).toBe("Article deleted");
    expect(await count(a.siteId)).toBe(0);
  });

  it("never redirects off the dashboard list", async () => {
    const a = await makeUser(db, { email: "delete-redirect@example.com" });
    for (const target of ["https://evil.example", "//evil.example", "/dashboard/settings", "/signout"]) {
      const id = await addArticle(a.siteId, a.userId, "X");
      const res = await callRoute({
        middleware: [requireAuth],
        handler: deleteAction,
        request: post(`/dashboard/articles/${id}/delete`, { redirectTo: target }, a.cookie),
        params: { articleId: id },
      });
      expect(redirectTarget(res)).toBe("/dashboard");
    }
  });

  it("answers 404 for another account's article or an unknown id, and deletes nothing", async () => {
    const a = await makeUser(db, { email: "tenant-a@example.com" });
    const b = await makeUser(db, { email: "tenant-b@example.com" });
    const aArticle = await addArticle(a.siteId, a.userId, "A's secret title");
    for (const articleId of [aArticle, "nope", "../x"]) {
      const seen = await callRoute({
        middleware: [requireAuth],
        handler: deleteLoader,
        request: get(`/dashboard/articles/${articleId}/delete`, b.cookie),
        params: { articleId },
      });
      expect(seen.status).toBe(404);
      const res = await callRoute({
        middleware: [requireAuth],
        handler: deleteAction,
        request: post(`/dashboard/articles/${articleId}/delete`, {}, b.cookie),
        params: { articleId },
      });
      expect(res.status).toBe(404);
    }
    expect(await count(a.siteId)).toBe(1);
    const asB = await list("/dashboard?q=secret", b.cookie);
    expect(asB.data.articles).toEqual([]);
    expect(JSON.stringify(asB.data)).not.toContain("A's secret title");
  });

  it("does not give the quota back", async () => {
    const a = await makeUser(db, { email: "delete-quota@example.com" });
    await db.updateTable("workspaces").set({ trial_articles_used: 3 }).where("id", "=", a.workspaceId).execute();
    const id = await addArticle(a.siteId, a.userId, "Counted");
    await callRoute({
      middleware: [requireAuth],
      handler: deleteAction,
      request: post(`/dashboard/articles/${id}/delete`, {}, a.cookie),
      params: { articleId: id },
    });
    const res = await list("/dashboard", a.cookie);
    expect(res.data.usage.blocked?.title).toBe("Trial Limit Reached");
  });
});

describe("status words", () => {
  it("says when a scheduled article goes out, in the site's time zone", async () => {
    const user = await makeUser(db, { site: { timezone: "Europe/Berlin" } });
    await makeArticle(db, user.siteId, { title: "Later", status: "scheduled", scheduled_at: "2099-11-28T08:00:00.000Z" });
    await makeArticle(db, user.siteId, { title: "Now", status: "published" });
    const { data } = await list("/dashboard/articles", user.cookie);
    const byTitle = Object.fromEntries(data.articles.map((a) => [a.title, a.statusText]));
    expect(byTitle).toEqual({ Later: "Scheduled for 28 Nov 2099, 09:00", Now: null });
  });
});
