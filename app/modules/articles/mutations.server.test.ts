import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { testDb } from "#tests/setup/db";
import { createArticle, deleteArticle, getArticle, updateArticle } from "./mutations.server";
import { QuotaError } from "./quota.server";

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

async function account() {
  return createAccount(db, { email: `${newId()}@example.com`, passwordHash: null, emailVerified: true });
}

describe("article mutations", () => {
  it("creates a sanitized draft with word count, slug and SEO score, and records usage", async () => {
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
    const events = await db.selectFrom("usage_events").selectAll().where("site_id", "=", siteId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.article_id).toBe(article.id);
    const ws = await db.selectFrom("workspaces").select("trial_articles_used").where("id", "=", workspaceId).executeTakeFirstOrThrow();
    expect(ws.trial_articles_used).toBe(1);

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
    expect(events).toHaveLength(1);

    expect(await deleteArticle(db, a.siteId, article.id)).toBe(true);
    expect(await getArticle(db, a.siteId, article.id)).toBeNull();
  });

  it("refuses creation over the trial limit and leaves nothing behind", async () => {
    const { workspaceId, siteId, userId } = await account();
    for (let i = 0; i < 3; i++) await createArticle(db, { workspaceId, siteId, authorId: userId, title: `Post ${i}`, contentHtml: "" });
    const error = await createArticle(db, { workspaceId, siteId, authorId: userId, title: "One too many", contentHtml: "" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QuotaError);
    expect((error as QuotaError).title).toBe("Trial Limit Reached");
    const rows = await db.selectFrom("articles").select("title").where("site_id", "=", siteId).execute();
    expect(rows.map((r) => r.title)).not.toContain("One too many");
    expect(rows).toHaveLength(3);
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
