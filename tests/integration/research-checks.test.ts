import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import fillerStoring from "#tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json";
import storingResearch from "#tests/fixtures/articles/research-how-to-store-coffee-beans.json";
import { createArticle, updateArticle } from "#app/modules/articles/mutations.server";
import type { SeoResult } from "#app/modules/articles/seo";
import { rescoreStaleArticles } from "#app/modules/articles/stored-score.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { fixtureSnapshot } from "#tests/fixtures/articles/fixture-snapshot";
import { enqueueDueAutopilot, runAutopilotPublish, runAutopilotWrite } from "#app/modules/autopilot/autopilot.server";
import { offline } from "#app/modules/ai/providers.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { startGeneration } from "#app/modules/generation/service.server";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { saveArticleResearch } from "#app/modules/research/article-research.server";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import { DEMO_SITE_PAGES } from "#app/modules/demo/site-pages";
import type { LedgerEntry, ResearchSnapshot } from "#app/modules/research/types";
import { loader } from "#app/routes/dashboard/write/route";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { memoryResearch } from "#tests/fakes/memory-research";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * The checks against an article's research on the server: the write screen's loader measures topic coverage
 * against the saved research snapshot and counts the claim ledger as sources, the stored score (save and the
 * rescoring job) agrees with the panel, and auto-pilot's gate holds an article for them in the panel's words.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const research = storingResearch as unknown as { snapshot: ResearchSnapshot; sources: LedgerEntry[] };
/** Figures stated with no source: a percentage, a dated study and a statistic. */
const UNSOURCED = [
  "Beans lose 60% of their aroma within 15 days of roasting.",
  "A 2019 study found that frozen beans keep 95% of their flavour for a year.",
  "Sales of vacuum canisters grew 3 times faster than valve bags in 2023.",
].join(" ");

async function fillerArticle(user: TestUser, extra = "") {
  return createArticle(db, {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title: fillerStoring.title,
    targetKeyword: fillerStoring.keyword,
    metaDescription: fillerStoring.metaDescription,
    contentHtml: `${fillerStoring.html}${extra}`,
  });
}

type Screen = { seo: SeoResult; seoContext: { research: unknown } };
async function writeScreen(user: TestUser, id: string) {
  const res = await callRoute<Screen>({
    middleware: [requireAuth],
    handler: loader,
    request: get(`/dashboard/write?edit=${id}`, user.cookie),
  });
  expect(res.status).toBe(200);
  return res.data;
}
const checkOf = (seo: SeoResult, id: string) => seo.checks.find((c) => c.id === id);
const storedScore = async (id: string) =>
  (await db.selectFrom("articles").select("seo_score").where("id", "=", id).executeTakeFirstOrThrow()).seo_score;

describe("the write screen's SEO panel with the article's research", () => {
  it("measures topic coverage against the saved snapshot, lists what is missing, and the stored score agrees", async () => {
    const user = await makeUser(db);
    const article = await fillerArticle(user);
    await saveArticleResearch(db, user.siteId, article.id, research);
    const screen = await writeScreen(user, article.id);
    const coverage = checkOf(screen.seo, "coverage")!;
    expect(coverage).toMatchObject({ passed: false, weight: 15 });
    expect(coverage.detail).toMatch(/^It covers 2 of 19 topics \(11%\) that the top 8 search results cover/);
    expect(coverage.examples!.join(" ")).toContain("“airtight container”");
    expect(coverage.examples).toContain("Unanswered: “Can you freeze coffee beans?”");
    // The browser rescoring as the customer types gets the same targets.
    expect(screen.seoContext.research).toMatchObject({ terms: expect.arrayContaining(["freezer", "roast date"]), results: 8 });
    expect(screen.seo.verdict.id).not.toBe("good");

    // A save scores with the research; so does the background rescoring job.
    await updateArticle(db, user.siteId, article.id, { title: fillerStoring.title });
    expect(await storedScore(article.id)).toBe(screen.seo.score);
    await db.updateTable("articles").set({ seo_basis: null, seo_score: null }).where("id", "=", article.id).execute();
    await rescoreStaleArticles(db, user.siteId);
    expect(await storedScore(article.id)).toBe(screen.seo.score);
  });

  it("says a hand-written article has no research to measure against, and does not count it", async () => {
    const user = await makeUser(db);
    const article = await fillerArticle(user);
    const screen = await writeScreen(user, article.id);
    expect(checkOf(screen.seo, "coverage")).toMatchObject({ passed: true, counted: false, weight: 0 });
    expect(checkOf(screen.seo, "coverage")!.detail).toContain("There is no research for this article to measure against");
    expect(screen.seoContext.research).toBeNull();
    expect(await storedScore(article.id)).toBe(screen.seo.score);
  });

  it("lists facts without a source, and counts the ledger's claims and a link beside a fact as sources", async () => {
    const user = await makeUser(db);
    const sourced = `<p>The Northwind Airtight Canister holds 500 g of whole beans, more than a week of brewing.</p><p>Roasters found 40% of buyers freeze beans (<a href="https://example.org/survey">survey</a>).</p>`;
    const article = await fillerArticle(user, `<p>${UNSOURCED}</p>${sourced}`);
    const before = checkOf((await writeScreen(user, article.id)).seo, "unsourced")!;
    // Without research only the link counts: the canister's figure has no source yet.
    expect(before.detail).toMatch(/^4 of 5 figures and findings it states have no source/);
    await saveArticleResearch(db, user.siteId, article.id, research);
    const after = checkOf((await writeScreen(user, article.id)).seo, "unsourced")!;
    expect(after).toMatchObject({ passed: false, weight: 10 });
    expect(after.detail).toMatch(/^3 of 5 figures and findings it states have no source/);
    expect(after.examples).toHaveLength(3);
    expect(after.examples![0]).toContain("60% of their aroma");
  });
});

describe("an article the pipeline writes from research", () => {
  it("is stored with the score the panel shows, coverage counted against the results it was written from", async () => {
    const user = await makeUser(db);
    // A roaster's own pages: the offline writer states their facts (the fixture's snippets are the results' own
    // advertising, which the research step does not take as facts).
    await replaceSitePages(
      db,
      user.siteId,
      DEMO_SITE_PAGES.map((page) => ({ ...page, fetchedAt: new Date().toISOString() })),
    );
    const snapshot = fixtureSnapshot(RESEARCH_FIXTURES.coffee, "how to store coffee beans");
    const fake = memoryResearch({ serps: [snapshot.serp!], pages: snapshot.pages });
    const { generationId, articleId } = await startGeneration(db, {
      workspaceId: user.workspaceId,
      siteId: user.siteId,
      userId: user.userId,
      keyword: snapshot.keyword,
    });
    await runGeneration(
      db,
      { generationId, siteId: user.siteId },
      {
        signal: new AbortController().signal,
        lastAttempt: true,
        ai: offline,
        research: { provider: fake.provider, resultPages: fake.resultPages, verifyLink: async () => true },
      },
    );
    const screen = await writeScreen(user, articleId);
    const coverage = checkOf(screen.seo, "coverage")!;
    expect(coverage.weight).toBe(15);
    expect(coverage.detail).toMatch(/^It covers \d+ of \d+ topics \(\d+%\) that the top 10 search results cover/);
    expect(await storedScore(articleId)).toBe(screen.seo.score);
  });
});

describe("auto-pilot's quality gate with the article's research", () => {
  async function autopilotDay(day: string) {
    const user = await makeUser(db, { workspace: { plan: "pro", trial_ends_at: "2020-01-01T00:00:00.000Z" }, site: { timezone: "UTC" } });
    await db
      .updateTable("content_settings")
      .set({ auto_generation: 1, auto_gen_time: "09:00", auto_publish: 1, autopilot_min_score: 0 })
      .where("site_id", "=", user.siteId)
      .execute();
    await db
      .updateTable("publishing_settings")
      .set({ scheduled_time: "18:30", daily_times: "[]" })
      .where("site_id", "=", user.siteId)
      .execute();
    await db
      .insertInto("plan_items")
      .values({
        id: newId(),
        site_id: user.siteId,
        date: day,
        keyword: fillerStoring.keyword,
        topic_id: null,
        article_id: null,
        created_at: isoNow(),
      })
      .execute();
    await enqueueDueAutopilot(db, new Date(`${day}T09:00:00Z`));
    const [row] = await db.selectFrom("autopilot_days").selectAll().where("site_id", "=", user.siteId).execute();
    await runAutopilotWrite(db, row!.id, new Date(`${day}T09:00:00Z`));
    const written = await db.selectFrom("autopilot_days").selectAll().where("id", "=", row!.id).executeTakeFirstOrThrow();
    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", written.generation_id!).execute();
    return { user, dayId: row!.id, articleId: written.article_id! };
  }

  it("holds the article for missing coverage, off-topic sentences and unsourced facts, in words a customer reads", async () => {
    const { user, dayId, articleId } = await autopilotDay("2030-10-01");
    await updateArticle(db, user.siteId, articleId, {
      title: fillerStoring.title,
      targetKeyword: fillerStoring.keyword,
      contentHtml: `${fillerStoring.html}<p>${UNSOURCED}</p>`,
      status: "draft",
      source: "ai",
    });
    await saveArticleResearch(db, user.siteId, articleId, research);
    await runAutopilotPublish(db, dayId, new Date("2030-10-01T18:30:00Z"));
    const day = await db.selectFrom("autopilot_days").select(["state", "reasons"]).where("id", "=", dayId).executeTakeFirstOrThrow();
    expect(day.state).toBe("held");
    const reasons = JSON.parse(day.reasons) as string[];
    const reason = (label: string) => reasons.find((r) => r.startsWith(`${label}: `));
    expect(reason("Covers what searchers look for")).toMatch(
      /^Covers what searchers look for: It covers \d+ of 19 topics \(\d+%\) that the top 8 search results cover.* Missing terms: “freezer”.*\. Unanswered: “.*\?”\.$/,
    );
    expect(reason("Sentences about the topic")).toMatch(/name nothing of the topic.* For example: “/);
    expect(reason("Facts have a source")).toMatch(
      /^Facts have a source: 3 of 3 figures and findings it states have no source.* For example: “Beans lose 60%/,
    );
    // The panel's own note about the score is not a reason.
    expect(reasons.join(" ")).not.toContain("Until this is fixed");
  });

  it("does not hold an article for coverage when it has no research", async () => {
    const { user, dayId, articleId } = await autopilotDay("2030-10-02");
    await updateArticle(db, user.siteId, articleId, {
      title: fillerStoring.title,
      targetKeyword: fillerStoring.keyword,
      contentHtml: fillerStoring.html,
      status: "draft",
      source: "ai",
    });
    await runAutopilotPublish(db, dayId, new Date("2030-10-02T18:30:00Z"));
    const day = await db.selectFrom("autopilot_days").select(["state", "reasons"]).where("id", "=", dayId).executeTakeFirstOrThrow();
    expect(day.state).toBe("held");
    const reasons = JSON.parse(day.reasons) as string[];
    expect(reasons.some((r) => r.startsWith("Covers what searchers look for"))).toBe(false);
    expect(reasons.some((r) => r.startsWith("Facts have a source"))).toBe(false);
    expect(reasons.some((r) => r.startsWith("Sentences about the topic"))).toBe(true);
  });
});
