import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { testDb } from "#tests/setup/db";
import { createArticle, deleteArticle, getArticle, updateArticle } from "./mutations.server";

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

async function account() {
  return createAccount(db, { email: `${newId()}@example.com`, passwordHash: null, emailVerified: true });
}

describe("article mutations", () => {
  it("creates a sanitized draft with word count, slug and SEO score, and counts nothing against the plan", async () => {
    const { workspaceId, siteId, userId } = await account();
    const article = await createArticle(db, {
      workspaceId,
      siteId,
      authorId: userId,
      title: "  My First Post ",
      contentHtml: `<div>Hello <b onclick="x()">world</b></div><script>alert(1)</script><p><a href="javascript:alert(1)">bad</a></p>`,
      targetKeyword: "first post",
    });
    expect(article.title).toBe("My First Post");
    expect(article.slug).toBe("my-first-post");
    expect(article.status).toBe("draft");
    expect(article.content_html).toBe("<p>Hello <b>world</b></p><p><a>bad</a></p>");
    expect(article.word_count).toBe(3);
    expect(article.seo_score).toBeTypeOf("number");
    // Only the AI engine's articles count (quota.server, decision 035); startGeneration counts them.
    const events = await db.selectFrom("usage_events").selectAll().where("site_id", "=", siteId).execute();
    expect(events).toHaveLength(0);
    const ws = await db.selectFrom("workspaces").select("trial_articles_used").where("id", "=", workspaceId).executeTakeFirstOrThrow();
    expect(ws.trial_articles_used).toBe(0);

    const second = await createArticle(db, { workspaceId, siteId, authorId: userId, title: "My first post!", contentHtml: "" });
    expect(second.slug).toBe("my-first-post-2");
  });

  it("updates and deletes only within the site", async () => {
    const a = await account();
    const b = await account();
    const article = await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "Mine",
      contentHtml: "<p>x</p>",
    });
    expect(await getArticle(db, b.siteId, article.id)).toBeNull();
    expect(await updateArticle(db, b.siteId, article.id, { title: "Stolen" })).toBeNull();
    expect(await deleteArticle(db, b.siteId, article.id)).toBe(false);
    expect((await getArticle(db, a.siteId, article.id))!.title).toBe("Mine");

    const updated = await updateArticle(db, a.siteId, article.id, {
      title: "Renamed",
      contentHtml: `<p onmouseover="x()">one two</p><iframe src="https://evil.example"></iframe>`,
    });
    expect(updated!.title).toBe("Renamed");
    expect(updated!.slug).toBe("renamed");
    expect(updated!.content_html).toBe("<p>one two</p>");
    expect(updated!.word_count).toBe(2);
    // Updating never counts against the quota.
    const events = await db.selectFrom("usage_events").selectAll().where("site_id", "=", a.siteId).execute();
    expect(events).toHaveLength(0);

    expect(await deleteArticle(db, a.siteId, article.id)).toBe(true);
    expect(await getArticle(db, a.siteId, article.id)).toBeNull();
  });

  it("rejects a topic from another site", async () => {
    const a = await account();
    const b = await account();
    const topicId = newId();
    const now = new Date().toISOString();
    await db.insertInto("topics").values({ id: topicId, site_id: b.siteId, name: "Theirs", created_at: now, updated_at: now }).execute();
    await expect(
      createArticle(db, { workspaceId: a.workspaceId, siteId: a.siteId, authorId: a.userId, title: "x", contentHtml: "", topicId }),
    ).rejects.toThrow();
    expect(await db.selectFrom("articles").select("id").where("site_id", "=", a.siteId).execute()).toHaveLength(0);
  });
});
