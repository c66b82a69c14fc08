import { describe, expect, test } from "vitest";
import {
  multiSiteDiscountPercent,
  PRO_MONTHLY_ARTICLES,
  PRO_PRICE_MONTHLY_USD,
  PRO_PRICE_YEARLY_USD,
  TRIAL_DAYS,
  TRIAL_MAX_ARTICLES,
} from "#app/modules/billing/plans";
import { cacheKey } from "./page-cache.server";
import {
  comparison,
  discounted,
  faqs,
  features,
  howItWorks,
  multiSiteDiscounts,
  parseBillingPeriod,
  pricing,
  testimonials,
} from "./content";
import { robotsTxt, sitemapXml } from "./public-pages";

describe("plans and discounts", () => {
  test("prices and limits follow docs/product.md", () => {
    expect([TRIAL_DAYS, TRIAL_MAX_ARTICLES, PRO_MONTHLY_ARTICLES, PRO_PRICE_MONTHLY_USD, PRO_PRICE_YEARLY_USD]).toEqual([
      7, 3, 50, 49, 499,
    ]);
    expect(pricing.pro.annual.note).toBe("Save $89 compared to monthly");
    expect(pricing.pro.features).toContain("50 articles per month");
    expect(JSON.stringify(pricing).toLowerCase()).not.toContain("unlimited articles");
  });

  test("multi-site discount bands: 2-5 10%, 6-10 15%, 11+ 20%", () => {
    expect([1, 2, 5, 6, 10, 11, 40].map(multiSiteDiscountPercent)).toEqual([0, 10, 10, 15, 15, 20, 20]);
    expect(multiSiteDiscounts.rows).toEqual([
      { sites: "2-5 sites", percent: 10, monthly: "$44.10", annual: "$449.10" },
      { sites: "6-10 sites", percent: 15, monthly: "$41.65", annual: "$424.15" },
      { sites: "11+ sites", percent: 20, monthly: "$39.20", annual: "$399.20" },
    ]);
    expect(discounted(50, 10)).toBe("$45");
  });

  test("the billing toggle defaults to monthly", () => {
    expect(parseBillingPeriod(null)).toBe("monthly");
    expect(parseBillingPeriod("annual")).toBe("annual");
    expect(parseBillingPeriod("weekly")).toBe("monthly");
  });
});

describe("landing page content", () => {
  test("has the spec's counts", () => {
    expect(comparison.rows).toHaveLength(10);
    expect(comparison.rows.every((row) => row.us)).toBe(true);
    expect(features.items).toHaveLength(6);
    expect(faqs).toHaveLength(7);
    expect(howItWorks.steps.map((s) => s.title)).toEqual(["Deep Business Analysis", "30-Day Content Plan", "Automated Publishing"]);
    expect(testimonials).toHaveLength(3);
    expect(testimonials.every((t) => t.rating === 5)).toBe(true);
  });
});

describe("sitemap, robots and page cache keys", () => {
  test("the sitemap lists pages, posts and tools with absolute URLs", () => {
    const xml = sitemapXml("https://inkpilot.app", [{ slug: "a-post", date: "2025-01-02" }]);
    expect(xml).toContain("<loc>https://inkpilot.app/</loc>");
    expect(xml).toContain("<loc>https://inkpilot.app/pricing</loc>");
    expect(xml).toContain("<loc>https://inkpilot.app/blog/a-post</loc>");
    expect(xml).toContain("<lastmod>2025-01-02</lastmod>");
    expect(xml).toContain("<loc>https://inkpilot.app/tools/readability-checker</loc>");
  });

  test("robots.txt keeps crawlers out of private areas and names the sitemap", () => {
    const txt = robotsTxt("https://inkpilot.app");
    for (const path of ["/dashboard", "/admin", "/dashboard/admin", "/resources", "/auth"]) expect(txt).toContain(`Disallow: ${path}\n`);
    expect(txt).toContain("Sitemap: https://inkpilot.app/sitemap.xml");
  });

  test("only public paths, and only the pricing toggle's query, are cached", () => {
    expect(cacheKey("/")).toBe("/");
    expect(cacheKey("/pricing?billing=annual")).toBe("/pricing?billing=annual");
    expect(cacheKey("/pricing?utm_source=x")).toBeNull();
    expect(cacheKey("/blog/a-post")).toBe("/blog/a-post");
    expect(cacheKey("/dashboard")).toBeNull();
    expect(cacheKey("/pricing.data")).toBeNull();
  });
});
