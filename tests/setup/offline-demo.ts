import { expect } from "vitest";
import type { DB } from "#app/db/client.server";
import { offline } from "#app/modules/ai/providers.server";
import { articleBlocks } from "#app/modules/articles/content-checks";
import { getArticle, getSeoContext } from "#app/modules/articles/mutations.server";
import { panelFactsOfArticle } from "#app/routes/dashboard/write/screen.server";
import type { SeoResult } from "#app/modules/articles/seo";
import { bodySentences } from "#app/modules/articles/site-sentences";
import { specificity } from "#app/modules/articles/specificity";
import { countHtmlWords, htmlToText } from "#app/utils/text";
import { requireAuth } from "#app/modules/auth/guards.server";
import { DEMO_BLOG_SLUG, type seedDemo } from "#app/modules/demo/seed.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { startGeneration } from "#app/modules/generation/service.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import { LINK_AMOUNT_RANGES } from "#app/modules/settings/content-options";
import { loader } from "#app/routes/dashboard/write/route";
import { NORTHWIND_GROUNDING } from "#tests/fakes/northwind-grounding";
import { callRoute, get, signInAs } from "#tests/setup/route-harness";

/** The demo site's offline articles, generated through the real pipeline and checked as the issue asks (tests/integration/offline-*.test.ts). */

const never = new AbortController().signal;
export const KEYWORDS = Object.keys(NORTHWIND_GROUNDING);
export type Tenant = Awaited<ReturnType<typeof seedDemo>>;
type Options = Parameters<typeof runGeneration>[2];

export async function generate(db: DB, tenant: Tenant, keyword: string, options: Partial<Options>) {
  const { generationId, articleId } = await startGeneration(db, { ...tenant, keyword });
  await runGeneration(db, { generationId, siteId: tenant.siteId }, { signal: never, lastAttempt: true, ai: offline, ...options });
  return (await getArticle(db, tenant.siteId, articleId))!;
}

/** The checks on the site's generated articles; the figures for the record. */
export async function checkSite(db: DB, tenant: Tenant, articles: Array<NonNullable<Awaited<ReturnType<typeof getArticle>>>>) {
  const context = await getSeoContext(db, tenant.siteId);
  const wanted = LINK_AMOUNT_RANGES[(await getContentSettings(db, tenant.siteId)).internalLinksCount];
  const origin = new URL(context.siteOrigin!).host;
  const cookie = await signInAs(db, tenant.userId);
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
    expect(htmlToText(article.content_html)).not.toMatch(/The first gain is time|a clear routine removes dozens/);
    // The write screen: the panel's score, and what the offline writer could not do without a model.
    const screen = await callRoute<{ seo: SeoResult; writerGaps: string[] }>({
      middleware: [requireAuth],
      handler: loader,
      request: get(`/dashboard/write?edit=${article.id}`, cookie),
    });
    expect(screen.data.writerGaps.at(-1)).toBe(
      "Without an AI provider the writer cannot follow the top results' coverage in prose, answer questions your pages do not answer, or write original examples.",
    );
    figures.push({
      keyword: article.target_keyword,
      words: countHtmlWords(article.content_html),
      sentences: bodySentences(article.content_html).length,
      offTopic: `${Math.round(spec.share * 100)}%`,
      internalLinks: internal.length,
      score: screen.data.seo.score,
      failed: screen.data.seo.checks.filter((c) => !c.passed).map((c) => c.id),
    });
  }
  // Between the generated articles, too, no sentence of 8+ words is shared.
  const seen = new Set<number>();
  for (const article of articles) {
    const hashes = bodySentences(article.content_html).map((s) => s.hash);
    expect(hashes.filter((h) => seen.has(h))).toEqual([]);
    for (const h of hashes) seen.add(h);
  }
  return figures;
}
