import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { DAY, MINUTE } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { createArticle, updateArticle } from "./mutations.server";
import { acceptAiEdit, restoreRevision, undoAiEdit } from "./restore.server";
import { AUTOSAVE_WINDOW_MS, currentRevisionIds, latestRevision, listRevisions, pruneRevisions } from "./revisions.server";
import { saveArticle } from "./write.server";

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

async function setup() {
  const { workspaceId, siteId, userId } = await createAccount(db, {
    email: `${newId()}@example.com`,
    passwordHash: null,
    emailVerified: true,
  });
  const t0 = new Date("2026-11-27T08:00:00Z");
  const article = await createArticle(
    db,
    { workspaceId, siteId, authorId: userId, title: "Cold brew", contentHtml: "<p>One.</p>" },
    { now: t0 },
  );
  return { workspaceId, siteId, userId, article, t0 };
}

const revisionsOf = (articleId: string) =>
  db.selectFrom("article_revisions").selectAll().where("article_id", "=", articleId).orderBy("seq", "asc").execute();

describe("article revisions", () => {
  it("records the first revision when an article is created, with who and what kind", async () => {
    const { siteId, userId, article } = await setup();
    const rows = await revisionsOf(article.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "save", author_id: userId, title: "Cold brew", content_html: "<p>One.</p>", seq: 1 });
    expect(rows[0]!.author_name).toMatch(/@example\.com$/);
    expect((await currentRevisionIds(db, [article.id])).get(article.id)).toBe(rows[0]!.id);
    expect((await listRevisions(db, siteId, article.id)).map((r) => r.kind)).toEqual(["save"]);
  });

  it("coalesces autosaves by the same person within the window, counting from the revision's first save", async () => {
    const { siteId, userId, article, t0 } = await setup();
    const autosave = (text: string, at: number, by = userId) =>
      updateArticle(
        db,
        siteId,
        article.id,
        { contentHtml: `<p>${text}</p>` },
        { now: new Date(t0.getTime() + at), revision: { kind: "autosave", userId: by } },
      );
    // Every 3 seconds for ten minutes: one revision per two minutes of typing.
    for (let s = 3; s <= 600; s += 3) await autosave(`typing ${s}`, s * 1000);
    let rows = await revisionsOf(article.id);
    expect(rows.filter((r) => r.kind === "autosave")).toHaveLength(Math.ceil(600_000 / AUTOSAVE_WINDOW_MS));
    expect(rows.at(-1)!.content_html).toBe("<p>typing 600</p>");
    // An autosave that changes nothing adds nothing.
    await autosave("typing 600", 601_000);
    expect(await revisionsOf(article.id)).toHaveLength(rows.length);
    // Someone else's autosave never lands in another person's revision.
    const other = await createAccount(db, { email: `${newId()}@example.com`, passwordHash: null, emailVerified: true });
    await autosave("their words", 602_000, other.userId);
    rows = await revisionsOf(article.id);
    expect(rows.at(-1)).toMatchObject({ kind: "autosave", author_id: other.userId });
    expect(rows.at(-2)!.content_html).toBe("<p>typing 600</p>");
  });

  it("adds a revision at every manual save, AI accept and restore that changes something, even inside an autosave window", async () => {
    const { workspaceId, siteId, userId, article } = await setup();
    const tenant = { workspaceId, siteId, userId };
    const form = { articleId: article.id, title: "Cold brew", targetKeyword: "", metaDescription: "", contentFormat: "html" as const };
    await saveArticle(db, tenant, { ...form, content: "<p>Two.</p>", kind: "autosave" });
    await saveArticle(db, tenant, { ...form, content: "<p>Three.</p>", kind: "autosave" });
    await saveArticle(db, tenant, { ...form, content: "<p>Three, saved.</p>", kind: "save" });
    // A save that changes nothing adds nothing.
    await saveArticle(db, tenant, { ...form, content: "<p>Three, saved.</p>", kind: "save" });
    await saveArticle(db, tenant, { ...form, content: "<p>Four, by AI.</p>", kind: "ai_accept" });
    const first = (await revisionsOf(article.id))[0]!;
    await restoreRevision(db, { siteId, userId }, article.id, first.id);
    const rows = await revisionsOf(article.id);
    expect(rows.map((r) => [r.kind, r.content_html])).toEqual([
      ["save", "<p>One.</p>"],
      ["autosave", "<p>Three.</p>"],
      ["save", "<p>Three, saved.</p>"],
      ["ai_accept", "<p>Four, by AI.</p>"],
      ["restore", "<p>One.</p>"],
    ]);
    const now = await db.selectFrom("articles").select("content_html").where("id", "=", article.id).executeTakeFirstOrThrow();
    expect(now.content_html).toBe("<p>One.</p>");
  });

  it("a deliberate save of text an autosave already caught names that revision instead of copying it", async () => {
    const { workspaceId, siteId, userId, article } = await setup();
    const tenant = { workspaceId, siteId, userId };
    const form = { articleId: article.id, title: "Cold brew", targetKeyword: "", metaDescription: "", contentFormat: "html" as const };
    await saveArticle(db, tenant, { ...form, content: "<p>Rewritten by AI.</p>", kind: "autosave" });
    await saveArticle(db, tenant, { ...form, content: "<p>Rewritten by AI.</p>", kind: "ai_accept" });
    expect((await revisionsOf(article.id)).map((r) => [r.kind, r.content_html])).toEqual([
      ["save", "<p>One.</p>"],
      ["ai_accept", "<p>Rewritten by AI.</p>"],
    ]);
  });

  it("restores only this site's revisions", async () => {
    const mine = await setup();
    const theirs = await setup();
    const foreign = (await revisionsOf(theirs.article.id))[0]!;
    expect(await restoreRevision(db, { siteId: mine.siteId, userId: mine.userId }, mine.article.id, foreign.id)).toBeNull();
    expect(await restoreRevision(db, { siteId: mine.siteId, userId: mine.userId }, theirs.article.id, foreign.id)).toBeNull();
  });

  it("'Undo AI edit' brings back the text before the Accept and keeps the typing after it as its own revision", async () => {
    const { siteId, userId, article } = await setup();
    const editor = { siteId, userId };
    // Typing not yet autosaved when Accept was clicked is recorded before the accepted text.
    await acceptAiEdit(db, editor, article.id, { before: "<p>One. Typed before.</p>", after: "<p>Rewritten by AI.</p>" });
    const outcome = await undoAiEdit(db, editor, article.id, "<p>Rewritten by AI. Typed after.</p>");
    if (!outcome || outcome === "nothing-to-undo") throw new Error("expected an undo");
    expect(outcome.article.content_html).toBe("<p>One. Typed before.</p>");
    const rows = await revisionsOf(article.id);
    expect(rows.map((r) => [r.kind, r.content_html])).toEqual([
      ["save", "<p>One.</p>"],
      ["autosave", "<p>One. Typed before.</p>"],
      ["ai_accept", "<p>Rewritten by AI.</p>"],
      ["autosave", "<p>Rewritten by AI. Typed after.</p>"],
      ["restore", "<p>One. Typed before.</p>"],
    ]);
    expect(outcome.keptRevisionId).toBe(rows[3]!.id);
  });

  it("'Undo AI edit' without an accepted edit changes nothing", async () => {
    const { siteId, userId, article } = await setup();
    expect(await undoAiEdit(db, { siteId, userId }, article.id, "<p>Other.</p>")).toBe("nothing-to-undo");
    expect(await revisionsOf(article.id)).toHaveLength(1);
  });

  it("prunes old autosaves and thins old days, keeping the newest, published and approved revisions", async () => {
    const { siteId, userId, article, t0 } = await setup();
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const write = (text: string, ms: number, kind: "autosave" | "save") =>
      updateArticle(db, siteId, article.id, { contentHtml: `<p>${text}</p>` }, { now: at(ms), revision: { kind, userId } });
    // Day 0: three autosaves and a save; day 1: a save; day 2: an autosave then a save.
    await write("a1", 1 * MINUTE, "autosave");
    await write("a2", 5 * MINUTE, "autosave");
    await write("s1", 10 * MINUTE, "save");
    await write("a3", 15 * MINUTE, "autosave");
    await write("s2", DAY, "save");
    await write("a4", 2 * DAY, "autosave");
    await write("s3", 2 * DAY + MINUTE, "save");
    const published = (await revisionsOf(article.id)).find((r) => r.content_html === "<p>a1</p>")!;
    // An approval names a1: kept whatever its age.
    await db
      .insertInto("article_approvals")
      .values({
        id: newId(),
        article_id: article.id,
        site_id: siteId,
        user_id: userId,
        user_name: "R",
        decision: "approved",
        created_at: at(0).toISOString(),
        revision_id: published.id,
      })
      .execute();
    // Nothing is pruned within the first week.
    expect(await pruneRevisions(db, at(3 * DAY))).toBe(0);
    // A month on: autosaves followed by a later revision the same day go, saves stay.
    await pruneRevisions(db, at(30 * DAY));
    expect((await revisionsOf(article.id)).map((r) => r.content_html)).toEqual([
      "<p>One.</p>",
      "<p>a1</p>",
      "<p>s1</p>",
      "<p>a3</p>",
      "<p>s2</p>",
      "<p>s3</p>",
    ]);
    // Half a year on: one per article and day, plus the approved one.
    await pruneRevisions(db, at(180 * DAY));
    expect((await revisionsOf(article.id)).map((r) => r.content_html)).toEqual(["<p>a1</p>", "<p>a3</p>", "<p>s2</p>", "<p>s3</p>"]);
    expect((await latestRevision(db, article.id))!.content_html).toBe("<p>s3</p>");
  });
});
