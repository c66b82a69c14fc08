import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { offline } from "#app/modules/ai/providers.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import type { ArticleDiff } from "#app/modules/generation/edit-diff";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { startGeneration } from "#app/modules/generation/service.server";
import { action as imageAction } from "#app/routes/dashboard/write/image";
import { action as aiAction } from "#app/routes/dashboard/write/ai";
import { action as revisionsAction } from "#app/routes/dashboard/write/revisions";
import { action as writeAction, loader as writeLoader } from "#app/routes/dashboard/write/route";
import { readToast } from "#app/utils/toast.server";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, cookiesOf, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * 'Regenerate with AI' (and a search refresh) of an article the customer has worked on proposes a version beside
 * the working copy (docs/decisions/066-refresh-proposes.md): the customer's title, paragraph and photo stay until
 * Accept; the review's diff shows the title, the photo and the text that would go; Discard leaves everything as it
 * was; Accept keeps the text before one Restore away; a stale Accept changes nothing.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const never = new AbortController().signal;
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);
const MINE = "My own notes: glaze at cone 6 after a 24 hour bisque cool down.";
const storedFile = (url: string) => path.join(getEnv().dataDir, url.replace(/^\//, ""));
const toastOf = async (res: { headers: Headers }) =>
  (await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookiesOf(res) } }))).toast;

async function uploadPhoto(user: TestUser, articleId: string) {
  const form = new FormData();
  form.set("articleId", articleId);
  form.set("alt", "My kiln after the firing");
  form.set("image", new Blob([PNG], { type: "image/png" }), "kiln.png");
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const headers = { Cookie: user.cookie, "Content-Type": encoded.headers.get("Content-Type")!, "Content-Length": String(body.byteLength) };
  const res = await callRoute({
    middleware: [requireAuth],
    handler: imageAction,
    request: new Request("http://localhost/dashboard/write/image", { method: "POST", body, headers }),
  });
  const json = (await res.response!.json()) as { ok: boolean; src: string };
  expect(json.ok).toBe(true);
  return json.src;
}

async function regenerate(user: TestUser, articleId: string) {
  const res = await callRoute({
    middleware: [requireAuth],
    handler: aiAction,
    request: post("/dashboard/write/ai", { intent: "regenerate", articleId }, user.cookie),
  });
  const generationId = redirectTarget(res)!.split("/").pop()!;
  await runGeneration(db, { generationId, siteId: user.siteId }, { signal: never, lastAttempt: true, ai: offline });
  return generationId;
}

const decide = (user: TestUser, articleId: string, intent: "accept-proposal" | "discard-proposal", generationId: string) =>
  callRoute({
    middleware: [requireAuth],
    handler: revisionsAction,
    params: { articleId },
    request: post(`/dashboard/articles/${articleId}/revisions`, { intent, generationId }, user.cookie),
  });

const article = (id: string) =>
  db.selectFrom("articles").select(["title", "content_html", "status", "source"]).where("id", "=", id).executeTakeFirstOrThrow();
const revisionCount = async (id: string) =>
  (await db.selectFrom("article_revisions").select("id").where("article_id", "=", id).execute()).length;
/** The text on one side of a diff: what stays plus what it removes (or adds). */
const side = (diff: ArticleDiff, kind: "added" | "removed") =>
  diff.parts
    .filter((p) => p.kind === "same" || p.kind === kind)
    .map((p) => ("text" in p ? p.text : ""))
    .join("");

/** A generated article the customer then made their own: a new title, a paragraph and a photo, saved from the editor. */
async function editedArticle() {
  const user = await makeUser(db);
  const { generationId, articleId } = await startGeneration(db, { ...user, keyword: "how to glaze pottery" });
  await runGeneration(db, { generationId, siteId: user.siteId }, { signal: never, lastAttempt: true, ai: offline });
  const photo = await uploadPhoto(user, articleId);
  const written = (await article(articleId)).content_html;
  const saved = await callRoute({
    middleware: [requireAuth],
    handler: writeAction,
    request: post(
      `/dashboard/write?edit=${articleId}`,
      {
        intent: "save",
        articleId,
        title: "Glazing at Clay & Kiln",
        targetKeyword: "how to glaze pottery",
        content: `<p>${MINE}</p><p><img src="${photo}" alt="My kiln after the firing"></p>${written}`,
        contentFormat: "html",
      },
      user.cookie,
    ),
  });
  expect(saved.status).toBe(302);
  return { user, articleId, photo };
}

describe("a regeneration of an edited article", () => {
  it("proposes beside the working copy, shows what would go, and replaces nothing until Accept", async () => {
    const { user, articleId, photo } = await editedArticle();
    const before = await article(articleId);
    const revisions = await revisionCount(articleId);

    const generationId = await regenerate(user, articleId);
    // The working copy is exactly as the customer left it, and no revision was added.
    expect(await article(articleId)).toEqual(before);
    expect(await revisionCount(articleId)).toBe(revisions);
    expect(fs.existsSync(storedFile(photo))).toBe(true);

    // The write screen says a version waits, and its review shows the title, the photo and the paragraph that would go.
    const screen = await callRoute<{ proposal: { generationId: string; diff: ArticleDiff | null } | null }>({
      middleware: [requireAuth],
      handler: writeLoader,
      request: get(`/dashboard/write?edit=${articleId}&proposal=1`, user.cookie),
    });
    expect(screen.data.proposal?.generationId).toBe(generationId);
    const diff = screen.data.proposal!.diff!;
    const [was, wouldBe] = [side(diff, "removed"), side(diff, "added")];
    for (const mine of ["Glazing at Clay & Kiln", "[Image: My kiln after the firing]", MINE]) {
      expect(was).toContain(mine);
      expect(wouldBe).not.toContain(mine);
    }

    // Accept: the new version is the working copy; the customer's text is the revision before it, photo and all.
    const accepted = await decide(user, articleId, "accept-proposal", generationId);
    expect(redirectTarget(accepted)).toContain(`edit=${articleId}`);
    const after = await article(articleId);
    expect(after.content_html).not.toContain(MINE);
    expect(after.status).toBe(before.status);
    const history = await db
      .selectFrom("article_revisions")
      .select(["kind", "title", "content_html"])
      .where("article_id", "=", articleId)
      .orderBy("seq", "desc")
      .limit(2)
      .execute();
    expect(history[0]!.kind).toBe("proposal_accept");
    expect(history[1]).toMatchObject({ title: "Glazing at Clay & Kiln" });
    expect(history[1]!.content_html).toContain(MINE);
    expect(history[1]!.content_html).toContain(photo);
    expect(fs.existsSync(storedFile(photo))).toBe(true);
    expect(await db.selectFrom("article_proposals").select("article_id").where("article_id", "=", articleId).execute()).toEqual([]);
  });

  it("Discard leaves the working copy as it was; a stale Accept changes nothing and says why", async () => {
    const { user, articleId } = await editedArticle();
    const before = await article(articleId);
    const first = await regenerate(user, articleId);
    const second = await regenerate(user, articleId);

    // The first proposal was replaced by the second: accepting the first (an old tab) is refused.
    const stale = await decide(user, articleId, "accept-proposal", first);
    expect((await toastOf(stale))?.title).toBe("That version is no longer waiting");
    expect(await article(articleId)).toEqual(before);

    const discarded = await decide(user, articleId, "discard-proposal", second);
    expect((await toastOf(discarded))?.title).toBe("New version discarded");
    expect(await article(articleId)).toEqual(before);
    const screen = await callRoute<{ proposal: unknown }>({
      middleware: [requireAuth],
      handler: writeLoader,
      request: get(`/dashboard/write?edit=${articleId}`, user.cookie),
    });
    expect(screen.data.proposal).toBeNull();
  });

  it("an article with nothing written yet takes the new version directly", async () => {
    const user = await makeUser(db);
    const { generationId, articleId } = await startGeneration(db, { ...user, keyword: "raku firing" });
    // A generation that failed before writing anything leaves an empty article.
    await db.updateTable("generations").set({ status: "failed" }).where("id", "=", generationId).execute();
    await db.updateTable("articles").set({ status: "failed", content_html: "" }).where("id", "=", articleId).execute();
    await regenerate(user, articleId);
    expect((await article(articleId)).content_html).toContain("Raku");
    expect(await db.selectFrom("article_proposals").select("article_id").where("article_id", "=", articleId).execute()).toEqual([]);
  });
});
