import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { linkChecksOfArticle } from "#app/modules/articles/link-checks.server";
import { createArticle, deleteArticle, getSeoContext, updateArticle } from "#app/modules/articles/mutations.server";
import { scoreArticle, SEO_PASS_SCORE } from "#app/modules/articles/seo";
import { substanceFindings } from "#app/modules/articles/substance.server";
import { siteSentencesOfArticle } from "#app/modules/articles/site-sentences.server";
import fillerStoring from "#tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json";
import { rescoreStaleArticles } from "#app/modules/articles/stored-score.server";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser, type TestUser } from "#tests/setup/factories";

/**
 * Duplicate content across a site: sentences of 8+ words one article shares word for word with another article
 * of the same site are found on save (an indexed lookup), shown in the panel with the other article's title and
 * keep the score below "Good"; another site's articles never count.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const SHARED = [
  "The first gain is time: a clear routine removes dozens of small decisions from your week.",
  "When results are comparable, you can see what works and stop doing what does not.",
  "Over a few months, small improvements add up to a noticeable difference in quality and cost.",
];
function body(topic: string, shared: string[]) {
  const own = Array.from(
    { length: 12 },
    (_, i) => `Our ${topic} note number ${i + 1} explains one detail of ${topic} that matters for ${topic} at home.`,
  );
  return `<h2>About ${topic}</h2><p>${[...own.slice(0, 6), ...shared].join(" ")}</p><h2>More ${topic}</h2><p>${own.slice(6).join(" ")}</p>`;
}

async function write(user: TestUser, topic: string, shared: string[]) {
  return createArticle(db, {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title: `${topic} at home`,
    targetKeyword: topic,
    contentHtml: body(topic, shared),
  });
}

async function panel(user: TestUser, id: string) {
  const a = await db.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const result = scoreArticle({
    ...(await getSeoContext(db, user.siteId)),
    linkChecks: await linkChecksOfArticle(db, user.siteId, id),
    siteSentences: await siteSentencesOfArticle(db, user.siteId, id),
    title: a.title,
    metaDescription: a.meta_description,
    keyword: a.target_keyword,
    html: a.content_html,
  });
  return { result, check: result.checks.find((c) => c.id === "duplicates")!, stored: a.seo_score };
}

describe("duplicate content across the site", () => {
  it("finds sentences shared word for word with another article of the site, and names it", async () => {
    const user = await makeUser(db);
    const first = await write(user, "cold brew", SHARED);
    // The first article has nothing to share with yet.
    expect((await panel(user, first.id)).check.passed).toBe(true);
    // Case, punctuation and spacing do not hide a copy.
    const second = await write(user, "french press", [SHARED[0]!.toUpperCase().replace(":", " —"), SHARED[1]!, SHARED[2]!]);
    const { result, check, stored } = await panel(user, second.id);
    expect(check.passed).toBe(false);
    expect(check.detail).toMatch(/^3 of 15 sentences \(20%\) appear word for word in “cold brew at home”\./);
    expect(check.examples).toHaveLength(3);
    expect(check.examples![1]).toBe(`“${SHARED[1]}” (also in “cold brew at home”)`);
    expect(result.score).toBeLessThan(SEO_PASS_SCORE);
    // The stored score (computed on save, server-side) agrees with the panel.
    expect(stored).toBe(result.score);
    // The first article now shares them too: its stored score is marked for the background job to redo.
    expect((await panel(user, first.id)).check.passed).toBe(false);
    const basis = await db.selectFrom("articles").select("seo_basis").where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(basis.seo_basis).toBeNull();
    // Rewriting the copies clears the finding at the next save.
    await updateArticle(db, user.siteId, second.id, { contentHtml: body("french press", []) });
    expect((await panel(user, second.id)).check.detail).toBe("No sentence is the same as one in your other articles.");
    expect((await panel(user, first.id)).check.passed).toBe(true);
    // Deleting an article that shared sentences marks the others for rescoring, and its index rows go with it.
    const third = await write(user, "moka pot", SHARED);
    await rescoreStaleArticles(db, user.siteId);
    expect(
      (await db.selectFrom("articles").select("seo_basis").where("id", "=", first.id).executeTakeFirstOrThrow()).seo_basis,
    ).not.toBeNull();
    expect(await deleteArticle(db, user.siteId, third.id)).toBe(true);
    expect((await db.selectFrom("articles").select("seo_basis").where("id", "=", first.id).executeTakeFirstOrThrow()).seo_basis).toBeNull();
    expect(await db.selectFrom("article_sentences").select("hash").where("article_id", "=", third.id).execute()).toEqual([]);
  });

  it("never counts another site's articles", async () => {
    const a = await makeUser(db);
    const b = await makeUser(db);
    await write(a, "cold brew", SHARED);
    const other = await write(b, "french press", SHARED);
    expect((await panel(b, other.id)).check.passed).toBe(true);
  });

  it("indexes articles written before the index when the site is rescored", async () => {
    const user = await makeUser(db);
    // A direct insert (as before migration 0034): no sentences stored, no score.
    const old = await makeArticle(db, user.siteId, { title: "Old cold brew notes", content_html: body("cold brew", SHARED) });
    const fresh = await write(user, "french press", SHARED);
    expect((await panel(user, fresh.id)).check.passed).toBe(true);
    await rescoreStaleArticles(db, user.siteId);
    const after = await panel(user, fresh.id);
    expect(after.check.detail).toContain("“Old cold brew notes”");
    expect(after.check.passed).toBe(false);
    const oldRow = await db.selectFrom("article_sentences").select("hash").where("article_id", "=", old).execute();
    expect(oldRow.length).toBe(12 + 3);
  });
});

describe("a sentence the whole site repeats", () => {
  it("marks for rescoring only the article whose finding changes, however many articles hold the sentence", async () => {
    const user = await makeUser(db);
    const basis = async (id: string) =>
      (await db.selectFrom("articles").select("seo_basis").where("id", "=", id).executeTakeFirstOrThrow()).seo_basis;
    const settle = (ids: string[]) => db.updateTable("articles").set({ seo_basis: "settled" }).where("id", "in", ids).execute();

    // The first article to gain a sharer: its finding changes from unshared to shared.
    const first = await write(user, "tamper", SHARED);
    await settle([first.id]);
    const second = await write(user, "grinder", SHARED);
    expect(await basis(first.id)).toBeNull();

    // With two or more holders already, a newcomer changes nobody's finding: nothing is marked.
    const many = [first.id, second.id];
    for (const topic of ["kettle", "scale", "filter", "carafe"]) many.push((await write(user, topic, SHARED)).id);
    await settle(many);
    const newcomer = await write(user, "dripper", SHARED);
    for (const id of many) expect(await basis(id)).toBe("settled");
    // Every holder still finds the sentences shared, and names another article.
    expect(Object.keys(await siteSentencesOfArticle(db, user.siteId, newcomer.id))).toHaveLength(SHARED.length);

    // Deleting down to the last two: the one left alone with each sentence changes, and only it.
    for (const id of many.slice(2)) await deleteArticle(db, user.siteId, id);
    await settle([first.id, second.id]);
    await deleteArticle(db, user.siteId, newcomer.id);
    expect(await basis(first.id)).toBe("settled");
    await deleteArticle(db, user.siteId, second.id);
    expect(await basis(first.id)).toBeNull();
  });
});

describe("auto-pilot's quality gate", () => {
  it("reads the specificity and duplicate findings of a stored article, in the panel's words", async () => {
    const user = await makeUser(db);
    await write(user, "cold brew", SHARED);
    const second = await write(user, "french press", SHARED);
    const a = await db.selectFrom("articles").selectAll().where("id", "=", second.id).executeTakeFirstOrThrow();
    const findings = await substanceFindings(db, user.siteId, a);
    expect(findings.map((f) => f.label)).toEqual(["No text copied from your other articles"]);
    expect(findings[0]!.detail).toBe((await panel(user, second.id)).check.detail.replace(/ Until this is fixed.*$/, ""));
    const filler = await createArticle(db, {
      workspaceId: user.workspaceId,
      siteId: user.siteId,
      authorId: user.userId,
      title: fillerStoring.title,
      targetKeyword: fillerStoring.keyword,
      contentHtml: fillerStoring.html,
    });
    const row = await db.selectFrom("articles").selectAll().where("id", "=", filler.id).executeTakeFirstOrThrow();
    // The filler gives no figure anywhere, names nothing of its topic, and its template sentences are the ones the articles above share.
    expect((await substanceFindings(db, user.siteId, row)).map((f) => f.detail)).toEqual([
      expect.stringMatching(/not one of the 89 sentences gives a quantity, a time, a size or a price/),
      expect.stringMatching(/^77 of 89 sentences \(87%\) name nothing of the topic/),
      expect.stringMatching(/^3 of 82 sentences \(4%\) appear word for word in “(cold brew|french press) at home”\. Search engines/),
    ]);
  });
});
