import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { offline } from "#app/modules/ai/providers.server";
import { articleBlocks } from "#app/modules/articles/content-checks";
import { linkChecksOfArticle } from "#app/modules/articles/link-checks.server";
import { getArticle, getSeoContext } from "#app/modules/articles/mutations.server";
import { panelFactsOfArticle } from "#app/modules/articles/panel-facts.server";
import { scoreArticle } from "#app/modules/articles/seo";
import { bodySentences } from "#app/modules/articles/site-sentences";
import { specificity } from "#app/modules/articles/specificity";
import { DEMO_BLOG_SLUG, seedDemo } from "#app/modules/demo/seed.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { startGeneration } from "#app/modules/generation/service.server";
import { offlineGapsOfArticle } from "#app/modules/generation/writer-gaps.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import { LINK_AMOUNT_RANGES } from "#app/modules/settings/content-options";
import { NORTHWIND_GROUNDING, withNorthwindGrounding } from "#tests/fakes/northwind-grounding";
import { requireAuth } from "#app/modules/auth/guards.server";
import { loader } from "#app/routes/dashboard/write/route";
import { testDb } from "#tests/setup/db";
import { callRoute, get, signInAs } from "#tests/setup/route-harness";

/**
 * On the demo site, three articles for three coffee keywords, written by the offline writer through the real
 * pipeline with their research: none shares a sentence of 8+ words with another article of the site (the demo's
 * eight hand-written ones or each other, checked against the stored sentence index), nearly every sentence names
 * its topic, the internal links meet the content settings and point only at live public pages.
 */

let db: DB;
let tenant: Awaited<ReturnType<typeof seedDemo>>;
const never = new AbortController().signal;

beforeAll(async () => {
  db = await testDb();
  tenant = await seedDemo(db);
});

async function generate(keyword: string) {
  const { generationId, articleId } = await startGeneration(db, { ...tenant, keyword });
  const ai = { ...offline, writer: withNorthwindGrounding(offline.writer) };
  await runGeneration(db, { generationId, siteId: tenant.siteId }, { signal: never, lastAttempt: true, ai });
  return (await getArticle(db, tenant.siteId, articleId))!;
}

describe("the offline writer on the demo site", () => {
  it("writes three grounded articles that repeat nothing of the site and meet its link settings", async () => {
    const articles = [];
    for (const keyword of Object.keys(NORTHWIND_GROUNDING)) articles.push(await generate(keyword));
    const context = await getSeoContext(db, tenant.siteId);
    const wanted = LINK_AMOUNT_RANGES[(await getContentSettings(db, tenant.siteId)).internalLinksCount];
    const origin = new URL(context.siteOrigin!).host;
    const figures = [];
    for (const article of articles) {
      expect(article.source).toBe("offline");
      const facts = await panelFactsOfArticle(db, tenant.siteId, article.id, context);
      // The stored index: no sentence of 8+ words is held by any other article of the site.
      expect(facts.siteSentences).toEqual({});
      const links = [...article.content_html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);
      // The site's pages and its live posts on the hosted blog (another host than the shop's).
      const internal = links.filter((href) => {
        const url = new URL(href, context.siteOrigin!);
        return url.host === origin || url.pathname.startsWith(`/b/${DEMO_BLOG_SLUG}/`);
      });
      expect(internal.length).toBeGreaterThanOrEqual(wanted.min);
      expect(internal.length).toBeLessThanOrEqual(wanted.max);
      // Only live public pages: never the signed-in editor of a draft.
      expect(links.filter((href) => /\/dashboard\//.test(href))).toEqual([]);
      const spec = specificity(articleBlocks(article.content_html), article.target_keyword, article.title);
      expect(spec.share, spec.examples.join(" | ")).toBeLessThanOrEqual(0.21);
      const score = scoreArticle({
        ...context,
        ...facts,
        linkChecks: await linkChecksOfArticle(db, tenant.siteId, article.id),
        title: article.title,
        metaDescription: article.meta_description,
        keyword: article.target_keyword,
        html: article.content_html,
      });
      const gaps = await offlineGapsOfArticle(db, tenant.siteId, article.id);
      expect(gaps.at(-1)).toMatch(/^Without an AI provider the writer cannot follow the top results' coverage in prose/);
      figures.push({
        keyword: article.target_keyword,
        sentences: bodySentences(article.content_html).length,
        offTopic: `${Math.round(spec.share * 100)}%`,
        internalLinks: internal.length,
        score: score.score,
        failed: score.checks.filter((c) => !c.passed).map((c) => c.id),
      });
    }
    // Between the three generated articles, too, no sentence of 8+ words is shared.
    const seen = new Set<number>();
    for (const article of articles) {
      const hashes = bodySentences(article.content_html).map((s) => s.hash);
      expect(hashes.filter((h) => seen.has(h))).toEqual([]);
      for (const h of hashes) seen.add(h);
    }
    console.info(figures);

    // The write screen lists what the offline writer could not do for the article without a model.
    const res = await callRoute<{ writerGaps: string[] }>({
      middleware: [requireAuth],
      handler: loader,
      request: get(`/dashboard/write?edit=${articles[0]!.id}`, await signInAs(db, tenant.userId)),
    });
    expect(res.data.writerGaps.at(-1)).toBe(
      "Without an AI provider the writer cannot follow the top results' coverage in prose, answer questions your pages do not answer, or write original examples.",
    );
    expect(res.data.writerGaps.join(" ")).toMatch(/shorter rather than padded/);
  });
});
