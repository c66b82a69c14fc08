import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { deleteUserAccount } from "#app/modules/account/account.server";
import { saveAvatar } from "#app/modules/account/avatar.server";
import { offline } from "#app/modules/ai/providers.server";
import { deleteArticle, getArticle, updateArticle } from "#app/modules/articles/mutations.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { acceptProposal, discardProposal, getProposal } from "#app/modules/generation/proposals.server";
import { addArticleImage, saveGeneratedImage } from "#app/modules/generation/images.server";
import { startGeneration, startRegeneration } from "#app/modules/generation/service.server";
import { saveBrandLogo } from "#app/modules/settings/brand.server";
import { IMAGE_LIMIT, MAX_ARTICLE_IMAGES_PER_SITE } from "#app/modules/uploads/stored-images.server";
import { isoNow } from "#app/utils/time";
import { toastMiddleware } from "#app/utils/toast.server";
import { action as generatorAction } from "#app/routes/dashboard/generator/route";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, post } from "#tests/setup/route-harness";

/**
 * A site's stored images are counted against a cap,
 * and files go with their workspace, article or user.
 */

let db: DB;
const never = new AbortController().signal;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  db = await testDb();
});

type Account = TestUser;

type GeneratorResult = { notice: { title: string; description?: string } | null; image?: { url: string } };
const generator = (fields: Record<string, string>, cookie: string) =>
  callRoute<GeneratorResult>({
    middleware: [toastMiddleware, requireAuth],
    handler: generatorAction,
    request: post("/dashboard/generator", fields, cookie),
  });

const fileOf = (urlOrPath: string) => path.join(getEnv().dataDir, urlOrPath.replace(/^\//, ""));
const exists = (urlOrPath: string) => fs.existsSync(fileOf(urlOrPath));

async function generateArticle(user: Account, keyword = "cold brew") {
  const { generationId, articleId } = await startGeneration(db, { ...user, keyword });
  await runGeneration(db, { generationId, siteId: user.siteId }, { signal: never, lastAttempt: true, ai: offline });
  const images = await db.selectFrom("article_images").select("path").where("article_id", "=", articleId).execute();
  return { articleId, images: images.map((i) => i.path) };
}

/** One of each kind of file an account can store: logo, avatar, generator image, an article's images. */
async function filesOf(user: Account) {
  const logo = await saveBrandLogo(db, user.siteId, new File([PNG], "logo.png", { type: "image/png" }));
  const avatar = await saveAvatar(db, user.userId, new File([PNG], "me.png", { type: "image/png" }));
  if (!logo.ok || !avatar.ok) throw new Error("upload refused");
  const single = await generator({ intent: "images", prompt: "A cup", style: "minimalist" }, user.cookie);
  const article = await generateArticle(user);
  const files = [logo.logoPath, avatar.avatarPath, single.data.image!.url, ...article.images];
  expect(article.images.length).toBeGreaterThan(0);
  for (const file of files) expect(exists(file), file).toBe(true);
  return files;
}

async function fillToCap(siteId: string, leave = 0) {
  const rows = Array.from({ length: MAX_ARTICLE_IMAGES_PER_SITE - leave }, (_, i) => ({
    path: `uploads/articles/${siteId}-filler${i}.png`,
    kind: "article" as const,
    site_id: siteId,
    created_at: isoNow(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("stored_images")
      .values(rows.slice(i, i + 500))
      .execute();
}

describe("stored images", () => {
  it("counts every generated image against the site and refuses the generator's image at the cap, before any charge", async () => {
    const user = await makeUser(db);
    const made = await generator({ intent: "images", prompt: "A cup", style: "minimalist" }, user.cookie);
    const recorded = await db.selectFrom("stored_images").select(["path", "kind", "site_id"]).where("site_id", "=", user.siteId).execute();
    expect(recorded).toEqual([{ path: made.data.image!.url.slice(1), kind: "article", site_id: user.siteId }]);

    await fillToCap(user.siteId, 1);
    const refused = await generator({ intent: "images", prompt: "Another cup", style: "minimalist" }, user.cookie);
    expect(refused.status).toBe(403);
    expect(refused.data.notice).toEqual({ title: IMAGE_LIMIT.title, description: IMAGE_LIMIT.message });
    expect(refused.data.image).toBeUndefined();
    expect(IMAGE_LIMIT.message).toContain("1,000");
    const charged = await db.selectFrom("ai_usage").select("calls").where("site_id", "=", user.siteId).executeTakeFirstOrThrow();
    expect(charged.calls).toBe(1);
    const dir = path.join(getEnv().dataDir, "uploads/articles");
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(user.siteId))).toHaveLength(1);

    // A new article still gets written at the cap, without images.
    const article = await generateArticle(user, "iced coffee");
    expect(article.images).toEqual([]);
    const written = await getArticle(db, user.siteId, article.articleId);
    expect(written?.status).toBe("draft");
    expect(written?.content_html).not.toContain("<img");

    const other = await makeUser(db);
    expect((await generator({ intent: "images", prompt: "A cup", style: "minimalist" }, other.cookie)).data.image).toBeDefined();
  });

  it("deleting an account deletes its workspace's files (logo, generated images, article images) and its avatar, and no one else's", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const mine = await filesOf(user);
    const theirs = await filesOf(other);

    await deleteUserAccount(db, user.userId);

    for (const file of mine) expect(exists(file), file).toBe(false);
    for (const file of theirs) expect(exists(file), file).toBe(true);
    expect(
      await db
        .selectFrom("stored_images")
        .select("path")
        .where(
          "path",
          "in",
          mine.map((f) => f.replace(/^\//, "")),
        )
        .execute(),
    ).toEqual([]);
  });

  it("deleting an article deletes its generated images, except one another article shows", async () => {
    const user = await makeUser(db);
    const first = await generateArticle(user, "cold brew");
    const second = await generateArticle(user, "iced latte");
    const [shared, ...own] = first.images;
    const other = await getArticle(db, user.siteId, second.articleId);
    await updateArticle(db, user.siteId, second.articleId, {
      contentHtml: `${other!.content_html}<figure><img src="${shared}" alt="copied" /></figure>`,
    });

    expect(await deleteArticle(db, user.siteId, first.articleId)).toBe(true);
    expect(exists(shared!)).toBe(true);
    for (const file of own) expect(exists(file), file).toBe(false);
    for (const file of second.images) expect(exists(file), file).toBe(true);
    const left = await db.selectFrom("stored_images").select("path").where("site_id", "=", user.siteId).execute();
    expect(left.map((r) => `/${r.path}`).sort()).toEqual([shared, ...second.images].sort());
  });

  it("regenerating keeps the images an older revision still shows, and deletes those nothing shows", async () => {
    const user = await makeUser(db);
    const first = await generateArticle(user, "moka pot");
    expect(first.images.length).toBeGreaterThan(0);
    // A picture listed with the article that no revision shows (its text was replaced before it was saved).
    const orphan = await saveGeneratedImage(db, { siteId: user.siteId, articleId: first.articleId }, {
      bytes: PNG,
      alt: "x",
      prompt: "x",
    } as never);
    await addArticleImage(db, { articleId: first.articleId, path: orphan, alt: "x", prompt: "x", position: 9, createdAt: isoNow() });
    expect(exists(orphan)).toBe(true);

    const tenant = { workspaceId: user.workspaceId, siteId: user.siteId, userId: user.userId };
    const again = await startRegeneration(db, tenant, first.articleId);
    await runGeneration(db, { generationId: again!.generationId, siteId: user.siteId }, { signal: never, lastAttempt: true, ai: offline });
    // The new version waits beside the article (decision 066): nothing of the working copy goes yet.
    expect(exists(orphan)).toBe(true);
    const editor = { siteId: user.siteId, userId: user.userId };
    expect(await acceptProposal(db, editor, first.articleId)).not.toBeNull();
    // The first version's pictures stay: its revision (History, a restore, a published copy) still shows them.
    for (const file of first.images) expect(exists(file), file).toBe(true);
    expect(exists(orphan)).toBe(false);
    expect(await db.selectFrom("stored_images").select("path").where("path", "=", orphan.slice(1)).execute()).toEqual([]);
  });

  it("a discarded new version takes its own pictures with it and leaves the working copy's", async () => {
    const user = await makeUser(db);
    const first = await generateArticle(user, "pour over kettle");
    const tenant = { workspaceId: user.workspaceId, siteId: user.siteId, userId: user.userId };
    const again = await startRegeneration(db, tenant, first.articleId);
    await runGeneration(db, { generationId: again!.generationId, siteId: user.siteId }, { signal: never, lastAttempt: true, ai: offline });
    const proposal = await getProposal(db, user.siteId, first.articleId);
    const proposed = (JSON.parse(proposal!.images) as { url: string }[]).map((i) => i.url);
    expect(proposed.length).toBeGreaterThan(0);
    for (const file of proposed) expect(exists(file), file).toBe(true);
    expect(await discardProposal(db, { siteId: user.siteId, userId: user.userId }, first.articleId)).toBe(true);
    for (const file of proposed) expect(exists(file), file).toBe(false);
    for (const file of first.images) expect(exists(file), file).toBe(true);
  });
});
