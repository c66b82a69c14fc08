import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createArticle } from "#app/modules/articles/mutations.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { ALT_REQUIRED } from "#app/modules/uploads/article-uploads.server";
import { action } from "#app/routes/dashboard/write/image";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute } from "#tests/setup/route-harness";

/**
 * The customer's own picture for an article: stored in the one image store
 * with its size, recorded under the site and article (so it counts against the
 * image cap and goes with the article), refused with a clear message without
 * alt text or when it is not an image, and nothing is stored then.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

// A real 1 × 1 PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);

async function upload(cookie: string, fields: Record<string, string>, file: Blob | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("image", file, "photo.png");
  // As a browser sends it: with its length, which the route checks before reading.
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const headers = { Cookie: cookie, "Content-Type": encoded.headers.get("Content-Type")!, "Content-Length": String(body.byteLength) };
  const request = new Request("http://localhost/dashboard/write/image", { method: "POST", body, headers });
  return callRoute({ middleware: [requireAuth], handler: action, request });
}

async function json(res: { response?: Response | null }) {
  return (await res.response!.json()) as Record<string, unknown>;
}

async function account() {
  const user = await makeUser(db);
  const article = await createArticle(db, {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title: "Cold brew at home",
    targetKeyword: "cold brew",
    contentHtml: "<p>Hello</p>",
  });
  return { ...user, articleId: article.id };
}

describe("uploading a picture into an article", () => {
  it("stores it as an article image with its size, and records it under the site and article", async () => {
    const user = await account();
    const res = await upload(user.cookie, { alt: "Jar of cold brew", articleId: user.articleId }, new Blob([PNG], { type: "image/png" }));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ ok: true, alt: "Jar of cold brew", width: 1, height: 1 });
    expect(body.src).toMatch(/^\/uploads\/articles\/[A-Za-z0-9_-]+\.png$/);
    const rows = await db
      .selectFrom("stored_images")
      .select(["path", "kind", "site_id", "article_id"])
      .where("site_id", "=", user.siteId)
      .execute();
    expect(rows).toEqual([{ path: String(body.src).slice(1), kind: "article", site_id: user.siteId, article_id: user.articleId }]);
  });

  it("asks for the alt text, refuses what is not an image, and stores nothing then", async () => {
    const user = await account();
    const noAlt = await upload(user.cookie, { alt: "  ", articleId: user.articleId }, new Blob([PNG], { type: "image/png" }));
    expect(noAlt.status).toBe(400);
    expect(await json(noAlt)).toEqual({ ok: false, error: ALT_REQUIRED });
    const notImage = await upload(
      user.cookie,
      { alt: "A file", articleId: user.articleId },
      new Blob(["<html></html>"], { type: "image/png" }),
    );
    expect(notImage.status).toBe(400);
    expect(await json(notImage)).toEqual({ ok: false, error: "Only PNG, JPEG or WebP images are accepted." });
    const none = await upload(user.cookie, { alt: "Nothing" }, null);
    expect(await json(none)).toEqual({ ok: false, error: "Please choose an image file." });
    const rows = await db.selectFrom("stored_images").selectAll().where("site_id", "=", user.siteId).execute();
    expect(rows).toEqual([]);
  });

  it("refuses an article of another site", async () => {
    const user = await account();
    const other = await account();
    const res = await upload(user.cookie, { alt: "Jar", articleId: other.articleId }, new Blob([PNG], { type: "image/png" }));
    expect(res.status).toBe(404);
  });
});
