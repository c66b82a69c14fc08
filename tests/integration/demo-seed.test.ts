import { beforeAll, describe, expect, it } from "vitest";
import { linkChecksOfArticle } from "#app/modules/articles/link-checks.server";
import type { DB } from "#app/db/client.server";
import { createArticle, getSeoContext } from "#app/modules/articles/mutations.server";
import fillerStoring from "#tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json";
import { rescoreStaleArticles } from "#app/modules/articles/stored-score.server";
import { getUsageSummary, monthKey } from "#app/modules/articles/quota.server";
import { scoreArticle, SEO_PASS_SCORE } from "#app/modules/articles/seo";
import { siteSentencesOfArticle } from "#app/modules/articles/site-sentences.server";
import { countHtmlWords } from "#app/utils/text";
import { enqueueDailyLinkChecks } from "#app/modules/backlinks/links.server";
import { DEMO_ARTICLES } from "#app/modules/demo/articles";
import { DEMO_BLOG_SLUG, DEMO_EMAIL, seedDemo, seedDemoIfEmpty } from "#app/modules/demo/seed.server";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { testDb } from "#tests/setup/db";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * A fresh start's demo site sells the product: eight or more full articles in
 * every state, all scoring well, live posts on the hosted blog, link checks with
 * results, and a usage history the Pro meter agrees with.
 */

let db: DB;
let tenant: Awaited<ReturnType<typeof seedDemo>>;
let seedMs = 0;

beforeAll(async () => {
  db = await testDb();
  const started = performance.now();
  tenant = await seedDemo(db);
  seedMs = performance.now() - started;
});

const articlesOf = () => db.selectFrom("articles").selectAll().where("site_id", "=", tenant.siteId).orderBy("created_at").execute();

describe("demo data", () => {
  it("loads in a few seconds, once, into an empty database only", async () => {
    expect(seedMs).toBeLessThan(5_000);
    expect(await seedDemoIfEmpty(db)).toBe(false);
    const users = await db.selectFrom("users").select("email").execute();
    expect(users).toEqual([{ email: DEMO_EMAIL }]);
  });

  it("is a scanned brand with topics and a month of planned days", async () => {
    const brand = await db.selectFrom("brand_settings").selectAll().where("site_id", "=", tenant.siteId).executeTakeFirstOrThrow();
    expect(brand.brand_name).toBe("Northwind Coffee");
    for (const field of [brand.description, brand.target_audience, brand.tone_of_voice, brand.industry])
      expect(field.length).toBeGreaterThan(20);
    expect(brand.description).toMatch(/subscriptions/);
    expect(JSON.parse(brand.internal_links).length).toBeGreaterThanOrEqual(5);
    const site = await db
      .selectFrom("sites")
      .select(["url", "blog_slug", "name"])
      .where("id", "=", tenant.siteId)
      .executeTakeFirstOrThrow();
    expect(site).toEqual({ url: "https://northwind-coffee.example/", blog_slug: DEMO_BLOG_SLUG, name: "Northwind Coffee" });
    const topics = await db.selectFrom("topics").select("keywords").where("site_id", "=", tenant.siteId).execute();
    expect(topics.length).toBeGreaterThanOrEqual(5);
    const plan = await db.selectFrom("plan_items").select("date").where("site_id", "=", tenant.siteId).orderBy("date").execute();
    expect(plan.length).toBeGreaterThanOrEqual(10);
    const spanDays = (Date.parse(plan.at(-1)!.date) - Date.parse(plan[0]!.date)) / 86_400_000;
    expect(spanDays).toBeGreaterThanOrEqual(25);
  });

  it("has eight or more full-length articles in every state, each with a title card", async () => {
    const articles = await articlesOf();
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect(new Set(articles.map((a) => a.status))).toEqual(new Set(["draft", "scheduled", "published", "failed"]));
    for (const article of articles) {
      expect(countHtmlWords(article.content_html), article.title).toBeGreaterThanOrEqual(1200);
      expect(article.word_count).toBeGreaterThanOrEqual(1200);
      expect(article.content_html).toMatch(/<h2>[\s\S]*<h3>/);
      expect(article.content_html).toMatch(/<table>|<ol>|<ul>/);
      expect(article.content_html).toContain("Frequently asked questions");
      expect(article.featured_image).toMatch(/^\/uploads\/articles\//);
      expect(article.content_html).toContain(`<img src="${article.featured_image}"`);
    }
    const stored = await db.selectFrom("stored_images").select("article_id").where("site_id", "=", tenant.siteId).execute();
    expect(stored.filter((s) => s.article_id).length).toBe(articles.length);
    // One published live, one only sent as a draft for review.
    const publications = await db
      .selectFrom("publications")
      .select(["mode", "status", "last_error"])
      .where("site_id", "=", tenant.siteId)
      .execute();
    expect(publications.filter((p) => p.status === "published" && p.mode === "live").length).toBeGreaterThanOrEqual(3);
    expect(publications.filter((p) => p.status === "published" && p.mode === "draft").length).toBe(1);
    expect(publications.filter((p) => p.status === "scheduled").length).toBeGreaterThanOrEqual(1);
    expect(publications.find((p) => p.status === "failed")?.last_error).toMatch(/disconnected/);
    const scheduledJobs = await db
      .selectFrom("jobs")
      .select("run_at")
      .where("name", "=", "publish-article")
      .where("status", "=", "queued")
      .execute();
    expect(scheduledJobs.length).toBeGreaterThanOrEqual(1);
    for (const job of scheduledJobs) expect(Date.parse(job.run_at)).toBeGreaterThan(Date.now());
  });

  it("scores every article in the SEO panel's passing band", async () => {
    const context = await getSeoContext(db, tenant.siteId);
    for (const article of await articlesOf()) {
      const seo = scoreArticle({
        ...context,
        linkChecks: await linkChecksOfArticle(db, tenant.siteId, article.id),
        siteSentences: await siteSentencesOfArticle(db, tenant.siteId, article.id),
        html: article.content_html,
        title: article.title,
        metaDescription: article.meta_description,
        keyword: article.target_keyword,
      });
      expect(seo.score, `${article.title}: ${seo.checks.filter((c) => !c.passed).map((c) => c.detail)}`).toBeGreaterThanOrEqual(
        SEO_PASS_SCORE,
      );
      expect(seo.passed).toBe(true);
      expect(seo.verdict.id).toBe("good");
      expect(article.seo_score).toBe(seo.score);
    }
  });

  it("links its articles to the live posts of its own blog", async () => {
    const live = new Set(DEMO_ARTICLES.filter((a) => a.state === "live").map((a) => `/b/${DEMO_BLOG_SLUG}/${a.slug}`));
    for (const article of await articlesOf()) {
      const internal = [...article.content_html.matchAll(/href="(\/b\/[^"]+)"/g)].map((m) => m[1]!);
      expect(internal.length, article.title).toBeGreaterThanOrEqual(1);
      for (const href of internal) expect(live.has(href), `${article.title} → ${href}`).toBe(true);
    }
  });

  it("serves the live posts on the hosted blog, and nothing else", async () => {
    const page = await callRoute({ handler: indexLoader, request: get(`/b/${DEMO_BLOG_SLUG}`), params: { blogSlug: DEMO_BLOG_SLUG } });
    expect(page.status).toBe(200);
    const html = await page.response!.text();
    expect(html).toContain("Northwind Coffee");
    for (const article of DEMO_ARTICLES) {
      if (article.state === "live") expect(html).toContain(article.title.replace(/'/g, "&#x27;"));
      else expect(html).not.toContain(article.title.replace(/'/g, "&#x27;"));
    }
    const first = DEMO_ARTICLES.find((a) => a.state === "live")!;
    const post = await callRoute({
      handler: postLoader,
      request: get(`/b/${DEMO_BLOG_SLUG}/${first.slug}`),
      params: { blogSlug: DEMO_BLOG_SLUG, articleSlug: first.slug },
    });
    expect(post.status).toBe(200);
    expect(await post.response!.text()).toContain("Frequently asked questions");
    // Published over past weeks, not all at once.
    const dates = await db
      .selectFrom("articles")
      .select("published_at")
      .where("site_id", "=", tenant.siteId)
      .where("published_at", "is not", null)
      .execute();
    expect(new Set(dates.map((d) => d.published_at!.slice(0, 10))).size).toBeGreaterThanOrEqual(3);
  });

  it("has link check results, ok and failed with reasons, as today's daily check", async () => {
    const links = await db.selectFrom("links").selectAll().where("site_id", "=", tenant.siteId).execute();
    expect(links.length).toBeGreaterThan(20);
    expect(links.every((l) => l.checked_at)).toBe(true);
    expect(links.filter((l) => l.status === "ok").length).toBeGreaterThan(10);
    expect(links.find((l) => l.status === "broken" && l.http_status === 404)).toBeTruthy();
    expect(links.find((l) => l.status === "broken" && l.http_status === null)?.last_error).toBeTruthy();
    expect(links.find((l) => l.status === "error")?.last_error).toBeTruthy();
    expect(links.find((l) => l.status === "redirect")?.final_url).toBeTruthy();
    // The minute tick finds today's daily check done: nothing overwrites the results until tomorrow.
    await enqueueDailyLinkChecks(db);
    const queued = await db.selectFrom("jobs").select("id").where("name", "=", "check-site-links").where("status", "=", "queued").execute();
    expect(queued).toEqual([]);
  });

  it("has a usage history the Pro meter agrees with", async () => {
    const summary = await getUsageSummary(db, tenant.workspaceId, tenant.siteId);
    expect(summary.plan).toBe("pro");
    expect(summary.blocked).toBeNull();
    const events = await db
      .selectFrom("usage_events as u")
      .innerJoin("articles as a", "a.id", "u.article_id")
      .select(["u.month", "a.created_at", "a.source"])
      .where("u.workspace_id", "=", tenant.workspaceId)
      .execute();
    // One event per article written by the engine, in the month it was written, over more than one month.
    expect(events.length).toBe(DEMO_ARTICLES.length);
    for (const event of events) {
      expect(event.source).toBe("ai");
      expect(event.month).toBe(event.created_at.slice(0, 7));
    }
    expect(new Set(events.map((e) => e.month)).size).toBeGreaterThanOrEqual(2);
    const thisMonth = events.filter((e) => e.month === monthKey()).length;
    expect(summary.monthly.used).toBe(thisMonth);
    expect(summary.monthly.used).toBeLessThan(summary.monthly.max);
    const workspace = await db.selectFrom("workspaces").selectAll().where("id", "=", tenant.workspaceId).executeTakeFirstOrThrow();
    expect(Date.parse(workspace.trial_ends_at)).toBeLessThan(Date.now());
    expect(workspace.trial_articles_used).toBeLessThanOrEqual(3);
  });

  // Last: it adds an article to the demo site.
  it("stores today's offline filler below 'Good' beside the hand-written articles, which stay 'Good'", async () => {
    const filler = await createArticle(db, {
      workspaceId: tenant.workspaceId,
      siteId: tenant.siteId,
      authorId: tenant.userId,
      title: fillerStoring.title,
      metaDescription: fillerStoring.metaDescription,
      targetKeyword: fillerStoring.keyword,
      contentHtml: fillerStoring.html,
    });
    expect(filler.seo_score).toBeLessThan(SEO_PASS_SCORE);
    await rescoreStaleArticles(db, tenant.siteId);
    const rows = await articlesOf();
    for (const row of rows.filter((r) => r.id !== filler.id)) expect(row.seo_score, row.title).toBeGreaterThanOrEqual(SEO_PASS_SCORE);
  });
});
