import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { requestPublication, runPublication } from "#app/modules/publishing/publish.server";
import { publicationStateText } from "#app/modules/publishing/status-words";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";

/**
 * What goes out with the article's images: a missing or unreadable image of ours stops the publication with
 * the image named in the reason, never a post with a broken relative link.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

async function hostedOf(siteId: string) {
  return db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
}

async function publishOnce(siteId: string, articleId: string) {
  const connection = await hostedOf(siteId);
  const publication = await requestPublication(
    db,
    { siteId, userId: null },
    { articleId, connectionId: connection.id, mode: "live", scheduleAt: null },
  );
  await runPublication(db, {
    publicationId: publication.id,
    correlationId: publication.correlation_id,
    lastAttempt: false,
    signal: new AbortController().signal,
  }).catch(() => {});
  return db.selectFrom("publications").selectAll().where("id", "=", publication.id).executeTakeFirstOrThrow();
}

describe("a missing or unreadable image", () => {
  it("stops the publication with the image named, instead of publishing a broken link", async () => {
    const user = await makeUser(db);
    const missing = `/uploads/articles/${user.siteId}-gone.png`;
    const articleId = await makeArticle(db, user.siteId, {
      title: "Beans",
      slug: "beans",
      content_html: `<p>Intro.</p><figure><img src="${missing}" alt="A bag of beans"></figure>`,
    });
    const row = await publishOnce(user.siteId, articleId);
    expect(row.status).toBe("failed");
    expect(row.last_error).toContain(missing);
    expect(publicationStateText({ platform: "hosted", ...row, scheduledFor: null, lastError: row.last_error }, "UTC")).toMatch(
      /^Failed: .*gone\.png/,
    );
    const article = await db.selectFrom("articles").select("status").where("id", "=", articleId).executeTakeFirstOrThrow();
    expect(article.status).toBe("failed");
  });

  it("stops on a file that is not an image, and on a relative path no platform can load", async () => {
    const user = await makeUser(db);
    const dir = path.join(getEnv().dataDir, "uploads", "articles");
    fs.mkdirSync(dir, { recursive: true });
    const name = `${user.siteId}-notimage.png`;
    fs.writeFileSync(path.join(dir, name), "not an image at all");
    const broken = await makeArticle(db, user.siteId, {
      title: "Broken",
      slug: "broken",
      content_html: `<img src="/uploads/articles/${name}" alt="x">`,
    });
    const first = await publishOnce(user.siteId, broken);
    expect(first.status).toBe("failed");
    expect(first.last_error).toContain(name);

    const relative = await makeArticle(db, user.siteId, {
      title: "Relative",
      slug: "relative",
      content_html: `<p><img src="images/cup.png" alt="A cup"></p>`,
    });
    const second = await publishOnce(user.siteId, relative);
    expect(second.status).toBe("failed");
    expect(second.last_error).toContain("images/cup.png");
  });
});
