import { unzipSync, strFromU8 } from "fflate";
import matter from "gray-matter";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { loader as exportLoader } from "#app/routes/dashboard/articles/export";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/** The articles export: every article of the current site, and only its, as Markdown with front matter in a ZIP. */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

describe("articles export", () => {
  it("zips the site's articles as Markdown with front matter, absolute image links, unique names, and nothing of another site", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    await makeArticle(db, user.siteId, {
      title: "Cold brew",
      slug: "cold-brew",
      target_keyword: "cold brew",
      content_html: '<h2>Steep</h2><p>Twelve hours.</p><img src="/uploads/articles/a.png" alt="Jar">',
    });
    await makeArticle(db, user.siteId, { title: "Cold brew again", slug: "cold-brew", content_html: "<p>Second.</p>" });
    await makeArticle(db, other.siteId, { title: "Not yours", slug: "not-yours" });
    // An ended plan does not matter: exporting is always allowed.
    await db.updateTable("workspaces").set({ trial_ends_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", user.workspaceId).execute();

    const result = await callRoute({
      middleware: [requireAuth],
      handler: exportLoader,
      request: get("/dashboard/articles/export", user.cookie),
    });
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("application/zip");
    expect(result.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+-articles-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await result.response!.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["cold-brew-2.md", "cold-brew.md"]);
    const parsed = Object.values(files).map((bytes) => matter(strFromU8(bytes)));
    const first = parsed.find((file) => file.data.title === "Cold brew")!;
    expect(first.data).toMatchObject({ title: "Cold brew", slug: "cold-brew", keyword: "cold brew" });
    expect(first.content).toContain("## Steep");
    expect(first.content).toContain("![Jar](http://localhost:3000/uploads/articles/a.png)");
  });
});
