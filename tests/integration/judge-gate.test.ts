import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createArticle } from "#app/modules/articles/mutations.server";
import { substanceFindings } from "#app/modules/articles/substance.server";
import { loadJudgeCorpus } from "#tests/fixtures/judge";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";

/** Auto-pilot's quality gate reads a stored article with the same judge as the panel, in the site's language (docs/decisions/074). */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const { articles } = loadJudgeCorpus();
const corpus = (id: string) => articles.find((a) => a.id === id)!;

async function germanSite() {
  const user = await makeUser(db);
  await db.updateTable("content_settings").set({ language: "de-DE" }).where("site_id", "=", user.siteId).execute();
  return user;
}

async function stored(user: Awaited<ReturnType<typeof makeUser>>, id: string) {
  const a = corpus(id);
  const { id: articleId } = await createArticle(db, {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title: a.title,
    targetKeyword: a.keyword,
    contentHtml: a.html,
  });
  return db.selectFrom("articles").selectAll().where("id", "=", articleId).executeTakeFirstOrThrow();
}

describe("the quality gate on a German site", () => {
  it("lets a substantive German article through", async () => {
    const user = await germanSite();
    expect(await substanceFindings(db, user.siteId, await stored(user, "de/coffee-good-1.md"))).toEqual([]);
  });

  it("holds German filler with its emptiest sentences quoted, and an English article for its language", async () => {
    const user = await germanSite();
    const filler = await substanceFindings(db, user.siteId, await stored(user, "de/coffee-filler-1.md"));
    expect(filler[0]).toMatchObject({ label: "What the text gives the reader", example: expect.stringMatching(/^For example: “/) });
    const english = await substanceFindings(db, user.siteId, await stored(user, "de/coffee-wrong-language-1.md"));
    expect(english.map((f) => f.label)).toContain("Written in the site's language");
    expect(english.find((f) => f.label === "Written in the site's language")!.detail).toMatch(
      /reads as English, but the site's content language is German/,
    );
  });

  it("on an English site the same German article is the one in the wrong language", async () => {
    const user = await makeUser(db);
    const findings = await substanceFindings(db, user.siteId, await stored(user, "de/coffee-good-1.md"));
    expect(findings.map((f) => f.label)).toContain("Written in the site's language");
  });
});
