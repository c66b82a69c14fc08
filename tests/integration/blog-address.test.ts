import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { loader as rssLoader } from "#app/routes/hosted-blog/rss";
import { action, loader } from "#app/routes/dashboard/sites/route";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { addMember, makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * A hosted blog's address can change (decision 071): owners and admins pick a new one on the Sites page; every
 * former address answers 301 to the same page at the current one; no other blog may take an address that still
 * redirects; the hosted publications move with it; bad and taken addresses are refused with a message.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const slugOf = async (user: TestUser) =>
  (await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow()).blog_slug!;
const change = (user: TestUser, blogSlug: string, cookie = user.cookie) =>
  callRoute({
    middleware: [requireAuth],
    handler: action,
    request: post("/dashboard/sites", { intent: "blog-address", siteId: user.siteId, blogSlug }, cookie),
  });

describe("changing the blog's address", () => {
  it("moves the blog, and its old address answers 301 to the same page, with the posts' addresses moved too", async () => {
    const user = await makeUser(db);
    const old = await slugOf(user);
    const articleId = await makeArticle(db, user.siteId, { title: "Glazing", slug: "glazing", status: "published" });
    const hosted = await db
      .selectFrom("cms_connections")
      .select("id")
      .where("site_id", "=", user.siteId)
      .where("platform", "=", "hosted")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("publications")
      .values({
        id: `pub-${articleId}`,
        site_id: user.siteId,
        article_id: articleId,
        connection_id: hosted.id,
        status: "published",
        marker: "glazing",
        remote_url: `http://localhost:3000/b/${old}/glazing`,
        correlation_id: "c",
        created_at: isoNow(),
        updated_at: isoNow(),
      })
      .execute();

    const moved = await change(user, "Clay-And-Kiln");
    expect(redirectTarget(moved.response!)).toBe("/dashboard/sites");
    expect(await slugOf(user)).toBe("clay-and-kiln");
    const publication = await db
      .selectFrom("publications")
      .select("remote_url")
      .where("id", "=", `pub-${articleId}`)
      .executeTakeFirstOrThrow();
    expect(publication.remote_url).toBe("http://localhost:3000/b/clay-and-kiln/glazing");
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("action", "=", "site.blog_address")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ from: old, to: "clay-and-kiln" });

    const index = await callRoute({ handler: indexLoader, request: get(`/b/${old}?page=2`), params: { blogSlug: old } });
    expect(index.response!.status).toBe(301);
    expect(index.response!.headers.get("Location")).toBe("/b/clay-and-kiln?page=2");
    const page = await callRoute({
      handler: postLoader,
      request: get(`/b/${old}/glazing`),
      params: { blogSlug: old, articleSlug: "glazing" },
    });
    expect(page.response!.status).toBe(301);
    expect(page.response!.headers.get("Location")).toBe("/b/clay-and-kiln/glazing");
    const feed = await callRoute({ handler: rssLoader, request: get(`/b/${old}/rss.xml`), params: { blogSlug: old } });
    expect(feed.response!.headers.get("Location")).toBe("/b/clay-and-kiln/rss.xml");

    // A second move: both former addresses lead to the newest; taking back the first makes it current again.
    await change(user, "clay-kiln-studio");
    for (const former of [old, "clay-and-kiln"]) {
      const res = await callRoute({ handler: indexLoader, request: get(`/b/${former}`), params: { blogSlug: former } });
      expect(res.response!.headers.get("Location")).toBe("/b/clay-kiln-studio");
    }
    await change(user, old);
    expect(await slugOf(user)).toBe(old);
    const current = await callRoute({ handler: indexLoader, request: get(`/b/${old}`), params: { blogSlug: old } });
    expect(current.response!.status).toBe(200);
  });

  it("refuses a bad or taken address, or another blog's former one, and changes nothing", async () => {
    const first = await makeUser(db);
    const second = await makeUser(db);
    const firstOld = await slugOf(first);
    await change(first, "pottery-blog");
    const before = await slugOf(second);
    for (const [slug, message] of [
      ["Bad Slug!", "Use 3 to 60 lowercase letters"],
      ["-edge", "Use 3 to 60 lowercase letters"],
      ["pottery-blog", "This address is taken"],
      [firstOld, "This address is taken"],
    ] as const) {
      const res = await change(second, slug);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.data)).toContain(message);
      expect(await slugOf(second)).toBe(before);
    }
  });

  it("is for owners and admins only, of their own workspace's sites", async () => {
    const owner = await makeUser(db);
    const editor = await makeUser(db);
    await addMember(db, editor.userId, owner.workspaceId, "editor");
    await db.deleteFrom("memberships").where("user_id", "=", editor.userId).where("workspace_id", "=", editor.workspaceId).execute();
    const before = await slugOf(owner);
    expect((await change(owner, "an-editors-try", editor.cookie)).status).toBe(403);
    const stranger = await makeUser(db);
    expect((await change({ ...stranger, siteId: owner.siteId }, "a-strangers-try")).status).toBe(404);
    expect(await slugOf(owner)).toBe(before);
    const dialog = await callRoute<{ dialog: { kind: string } }>({
      middleware: [requireAuth],
      handler: loader,
      request: get(`/dashboard/sites?blog-address=${owner.siteId}`, owner.cookie),
    });
    expect(dialog.data.dialog.kind).toBe("blog-address");
  });
});
