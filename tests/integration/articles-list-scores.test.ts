import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createArticle, getSeoContext, updateArticle } from "#app/modules/articles/mutations.server";
import { scoreArticle } from "#app/modules/articles/seo";
import { linkChecksOfArticle } from "#app/modules/articles/link-checks.server";
import { seoBasis } from "#app/modules/articles/stored-score";
import { siteSentencesOfArticle } from "#app/modules/articles/site-sentences.server";
import { countHtmlWords } from "#app/utils/text";
import { requireAuth } from "#app/modules/auth/guards.server";
import { DEFAULT_CONTENT_SETTINGS } from "#app/modules/settings/content-options";
import { saveContentSettings } from "#app/modules/settings/content.server";
import { ARTICLES_PER_PAGE } from "#app/modules/articles/queries.server";
import { RESCORE_JOB, rescoreStaleArticles } from "#app/modules/articles/stored-score.server";
import { jobRegistry } from "#app/worker/registry.server";
import { runNextJob } from "#app/modules/jobs/runner.server";
import { workerOptions } from "#app/worker/worker.server";
import { loader as listLoader } from "#app/routes/dashboard/articles/route";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * The articles list's SEO column (decision 038): the score and word count stored at save time, kept
 * fresh by every save, and scored again when the site's settings changed or a row was never scored: by a
 * background job, never by the list's own load (decision 053).
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

type ListData = Awaited<ReturnType<typeof listLoader>>;
const list = (url: string, cookie: string) =>
  callRoute<ListData>({ middleware: [requireAuth], handler: listLoader, request: get(url, cookie) });

const row = (id: string) =>
  db.selectFrom("articles").select(["seo_score", "word_count", "seo_basis", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();

const rescoreJobs = (user: TestUser) =>
  db
    .selectFrom("jobs")
    .select(["id", "status"])
    .where("name", "=", RESCORE_JOB)
    .where("payload", "=", JSON.stringify({ siteId: user.siteId }))
    .execute();

/** Runs the queued rescoring jobs as the worker would (only those: other jobs of this file stay queued). */
async function runRescoreJobs() {
  while (await runNextJob(db, { [RESCORE_JOB]: jobRegistry[RESCORE_JOB] }, workerOptions())) {
    // until none is due
  }
}

const paragraph = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(" ")} about pottery glazes.</p>`;
const BODY = `<p>Glazing pottery at home is easier than it looks.</p><h2>Glazing pottery step by step</h2>${paragraph(120)}`;

/** What the SEO panel shows for the stored article, computed from scratch. */
async function panelScore(user: TestUser, id: string) {
  const a = await db.selectFrom("articles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const context = await getSeoContext(db, user.siteId);
  const linkChecks = await linkChecksOfArticle(db, user.siteId, id);
  return scoreArticle({
    ...context,
    linkChecks,
    siteSentences: await siteSentencesOfArticle(db, user.siteId, id),
    title: a.title,
    metaDescription: a.meta_description,
    keyword: a.target_keyword,
    html: a.content_html,
  }).score;
}

async function write(user: TestUser, title: string, html = BODY) {
  return createArticle(db, {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title,
    contentHtml: html,
    targetKeyword: "glazing pottery",
    metaDescription: "How to glaze pottery at home.",
    source: "manual",
  });
}

describe("stored SEO score and word count", () => {
  it("are written by every save, with the basis they were computed against", async () => {
    const user = await makeUser(db);
    const article = await write(user, "Glazing pottery at home");
    const saved = await row(article.id);
    expect(saved.word_count).toBe(countHtmlWords(BODY));
    expect(saved.seo_score).toBe(await panelScore(user, article.id));
    expect(saved.seo_basis).toBe(seoBasis(await getSeoContext(db, user.siteId)));

    // An edit of the body (the editor's save, an AI edit and the pipeline's finish all call updateArticle).
    // Long enough to be scored as a whole article, not capped as a short draft.
    const longer = BODY + paragraph(1100);
    await updateArticle(db, user.siteId, article.id, { contentHtml: longer });
    const edited = await row(article.id);
    expect(edited.word_count).toBe(countHtmlWords(longer));
    expect(edited.word_count).toBeGreaterThan(saved.word_count);
    expect(edited.seo_score).toBe(await panelScore(user, article.id));

    // A change that is not the body (the keyword) rescored too.
    await updateArticle(db, user.siteId, article.id, { targetKeyword: "kiln firing schedules" });
    expect((await row(article.id)).seo_score).toBe(await panelScore(user, article.id));
    expect((await row(article.id)).seo_score).not.toBe(edited.seo_score);
  });

  it("the list shows score, verdict and word count for each row, within the tab", async () => {
    const user = await makeUser(db);
    const draft = await write(user, "Glazing pottery at home");
    const published = await write(user, "Kiln basics", BODY + paragraph(50));
    await db.updateTable("articles").set({ status: "published" }).where("id", "=", published.id).execute();

    const all = await list("/dashboard", user.cookie);
    expect(all.data.articles.map((a) => [a.title, a.status])).toEqual([
      ["Kiln basics", "published"],
      ["Glazing pottery at home", "draft"],
    ]);
    for (const a of all.data.articles) {
      const stored = await row(a.id);
      expect(a.seoScore).toBe(stored.seo_score);
      expect(a.wordCount).toBe(stored.word_count);
      expect(a.wordCount).toBeGreaterThan(100);
    }

    // The second article shares the first one's sentences: the first one's stored score no longer says so
    // (the duplicate-content check), so it is marked for the background job, which scores it again.
    expect(all.data.articles.map((a) => a.scoring)).toEqual([false, true]);
    await runRescoreJobs();
    const drafts = await list("/dashboard?status=draft", user.cookie);
    expect(drafts.data.articles.map((a) => a.id)).toEqual([draft.id]);
    expect(drafts.data.articles[0]!.seoScore).toBe(await panelScore(user, draft.id));
    const pub = await list("/dashboard/articles?status=published", user.cookie);
    expect(pub.data.articles.map((a) => a.id)).toEqual([published.id]);
    const scheduled = await list("/dashboard?status=scheduled", user.cookie);
    expect(scheduled.data).toMatchObject({ articles: [], total: 0, counts: { all: 2, draft: 1, published: 1, scheduled: 0 } });
  });

  it("a list load never rescores: it shows the stored figures, marks stale rows and enqueues one job for any number of loads", async () => {
    const user = await makeUser(db);
    // A body of about 1,300 words: inside 'medium' (the default), short of 'long'.
    const article = await write(user, "Glazing pottery at home", BODY + paragraph(1150));
    const before = await row(article.id);
    expect((await list("/dashboard", user.cookie)).data.articles[0]).toMatchObject({ seoScore: before.seo_score, scoring: false });
    expect(await rescoreJobs(user)).toHaveLength(0);

    await saveContentSettings(db, user.siteId, { ...DEFAULT_CONTENT_SETTINGS, articleLength: "long" });
    const loads = await Promise.all([1, 2, 3].map(() => list("/dashboard", user.cookie)));
    for (const load of loads) expect(load.data.articles[0]).toMatchObject({ seoScore: before.seo_score, scoring: true });
    expect(await row(article.id)).toEqual(before);
    expect(await rescoreJobs(user)).toHaveLength(1);
  });

  it("the job rescores rows whose site settings changed since, without touching updated_at", async () => {
    const user = await makeUser(db);
    const article = await write(user, "Glazing pottery at home", BODY + paragraph(1000));
    const before = await row(article.id);

    await saveContentSettings(db, user.siteId, { ...DEFAULT_CONTENT_SETTINGS, articleLength: "long" });
    await list("/dashboard", user.cookie);
    await runRescoreJobs();
    const expected = await panelScore(user, article.id);
    expect(expected).toBeLessThan(before.seo_score!);
    const stored = await row(article.id);
    expect(stored).toMatchObject({ seo_score: expected, updated_at: before.updated_at });
    expect(stored.seo_basis).toBe(seoBasis(await getSeoContext(db, user.siteId)));
    expect((await list("/dashboard", user.cookie)).data.articles[0]).toMatchObject({ seoScore: expected, scoring: false });
  });

  it("rows never scored (older rows, direct inserts) show 'scoring' until the job has scored them", async () => {
    const user = await makeUser(db);
    const id = await makeArticle(db, user.siteId, {
      title: "Glazing pottery at home",
      content_html: BODY,
      target_keyword: "glazing pottery",
      word_count: 3,
      seo_score: null,
    });
    expect((await list("/dashboard", user.cookie)).data.articles[0]).toMatchObject({ id, seoScore: null, scoring: true });
    await runRescoreJobs();
    const shown = (await list("/dashboard", user.cookie)).data.articles[0]!;
    expect(shown).toMatchObject({ id, wordCount: countHtmlWords(BODY), seoScore: await panelScore(user, id), scoring: false });
    expect((await row(id)).seo_basis).not.toBeNull();
  });

  it("the job walks every stale row of the site, not only the page shown, and leaves other sites alone", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const ids = [];
    for (let i = 0; i < ARTICLES_PER_PAGE + 5; i++) {
      ids.push(await makeArticle(db, user.siteId, { title: `Pottery ${i}`, content_html: BODY, seo_score: null }));
    }
    const foreign = await makeArticle(db, other.siteId, { title: "Not mine", content_html: BODY, seo_score: null });
    expect(await rescoreStaleArticles(db, user.siteId)).toEqual({ written: ids.length, rest: null });
    for (const id of ids) expect((await row(id)).seo_score).not.toBeNull();
    expect((await row(foreign)).seo_score).toBeNull();
    // Nothing left: a second run writes nothing.
    expect(await rescoreStaleArticles(db, user.siteId)).toEqual({ written: 0, rest: null });
  });

  it("a run out of time says where to go on, and the follow-ups finish the walk", async () => {
    const user = await makeUser(db);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await makeArticle(db, user.siteId, { title: `Glaze ${i}`, content_html: BODY, seo_score: null }));
    let calls = 0;
    let written = 0;
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      calls += 1;
      const run = await rescoreStaleArticles(db, user.siteId, { after, forMs: 0 });
      written += run.written;
      if (!run.rest) break;
      after = run.rest;
    }
    expect(written).toBe(ids.length);
    // One article per call when time is up at once: the walk still moves on.
    expect(calls).toBe(ids.length);
    for (const id of ids) expect((await row(id)).seo_score).not.toBeNull();
  });
});
