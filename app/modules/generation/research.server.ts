import type { DB } from "#app/db/client.server";
import { getBrandSettings } from "#app/modules/settings/brand.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import type { ArticleLength } from "#app/modules/settings/content-options";
import { BRAND_MENTION_COUNTS, LENGTH_BANDS, LINK_COUNTS, type ArticleBrief, type LinkCandidate } from "#app/modules/ai/types";

/**
 * The research step: everything the writer is told, read from the site's
 * settings and articles. No model call; link candidates come only from the
 * site itself and from a short list of authoritative reference sites.
 */

/** articleLength: one of the content settings' lengths (the generator page); wordCount: an exact target. */
export type BriefOverrides = { tone?: string; articleLength?: ArticleLength; wordCount?: number; keywords?: string[] };

function titleFromUrl(url: string, fallback: string) {
  try {
    const u = new URL(url);
    const last = u.pathname.split("/").filter(Boolean).at(-1);
    if (!last) return fallback;
    const words = decodeURIComponent(last)
      .replace(/\.[a-z]{2,5}$/i, "")
      .replace(/[-_]+/g, " ")
      .trim();
    return words ? words.charAt(0).toUpperCase() + words.slice(1) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Reference sites whose authority does not depend on the topic. Only fixed,
 * existing pages: no page guessed from the keyword (a Wikipedia title, a
 * search results page), which may not exist or say nothing about it.
 */
function authoritativeSources(industry: string): LinkCandidate[] {
  const byIndustry: Record<string, LinkCandidate[]> = {
    "Marketing & Advertising": [
      {
        url: "https://developers.google.com/search/docs/fundamentals/creating-helpful-content",
        title: "Google Search Central: creating helpful content",
        kind: "external",
      },
      {
        url: "https://www.ftc.gov/business-guidance/advertising-marketing",
        title: "FTC advertising and marketing guidance",
        kind: "external",
      },
    ],
    "Software & SaaS": [
      { url: "https://developer.mozilla.org/en-US/", title: "MDN Web Docs", kind: "external" },
      { url: "https://www.w3.org/standards/", title: "W3C web standards", kind: "external" },
    ],
    "Health & Wellness": [
      { url: "https://www.who.int/health-topics", title: "World Health Organization health topics", kind: "external" },
      { url: "https://medlineplus.gov/", title: "MedlinePlus health information", kind: "external" },
    ],
    Finance: [
      { url: "https://www.investor.gov/", title: "Investor.gov (U.S. SEC)", kind: "external" },
      { url: "https://www.consumerfinance.gov/", title: "Consumer Financial Protection Bureau", kind: "external" },
    ],
    "Food & Beverage": [
      { url: "https://www.fda.gov/food", title: "U.S. FDA food guidance", kind: "external" },
      { url: "https://www.fao.org/home/en", title: "Food and Agriculture Organization", kind: "external" },
    ],
    Education: [{ url: "https://www.unesco.org/en/education", title: "UNESCO education", kind: "external" }],
  };
  const tail: LinkCandidate[] = [
    { url: "https://www.usa.gov/", title: "USA.gov official information", kind: "external" },
    { url: "https://europa.eu/", title: "European Union official information", kind: "external" },
  ];
  return [...(byIndustry[industry] ?? []), ...tail];
}

export async function research(db: DB, siteId: string, articleId: string, keyword: string, overrides: BriefOverrides = {}) {
  const [brand, content, site] = await Promise.all([
    getBrandSettings(db, siteId),
    getContentSettings(db, siteId),
    db.selectFrom("sites").select(["url", "name"]).where("id", "=", siteId).executeTakeFirstOrThrow(),
  ]);
  const band = LENGTH_BANDS[overrides.articleLength ?? content.articleLength];
  const lengthFromOverride = overrides.wordCount
    ? {
        min: Math.round(overrides.wordCount * 0.85),
        max: Math.round(overrides.wordCount * 1.15),
        sections: Math.min(10, Math.max(3, Math.round(overrides.wordCount / 300))),
      }
    : null;
  const length = lengthFromOverride ?? band;
  const useBrand = content.useBrandInfo && Boolean(brand.brandName);
  const existing = await db
    .selectFrom("articles")
    .select(["title", "slug", "status", "id"])
    .where("site_id", "=", siteId)
    .where("id", "!=", articleId)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  const published = await db
    .selectFrom("articles as a")
    .innerJoin("publications as p", "p.article_id", "a.id")
    .select(["a.title", "p.remote_url"])
    .where("a.site_id", "=", siteId)
    .where("a.status", "=", "published")
    .where("p.status", "=", "published")
    // Live posts only: a draft's address is a preview or, on the hosted blog, the signed-in editor.
    .where("p.mode", "=", "live")
    .where("p.remote_url", "is not", null)
    .limit(50)
    .execute();

  const internal: LinkCandidate[] = [
    ...published
      .filter((p) => /^https?:\/\//i.test(p.remote_url!))
      .map((p) => ({ url: p.remote_url!, title: p.title, kind: "internal" as const })),
    ...brand.internalLinks.map((url) => ({ url, title: titleFromUrl(url, brand.brandName || site.name), kind: "internal" as const })),
  ];
  if (site.url && !internal.some((c) => c.url.replace(/\/$/, "") === site.url!.replace(/\/$/, ""))) {
    internal.push({ url: site.url, title: brand.brandName || site.name, kind: "internal" });
  }
  const wantsExternal = content.externalSearch && content.externalLinks !== "none";
  const external = wantsExternal ? authoritativeSources(brand.industry) : [];
  const seen = new Set<string>();
  const candidates = [...internal, ...external].filter((c) => (seen.has(c.url) ? false : (seen.add(c.url), true)));

  const brief: ArticleBrief = {
    keyword: keyword.trim(),
    keywords: overrides.keywords ?? [],
    language: content.language,
    minWords: length.min,
    maxWords: length.max,
    sectionCount: length.sections,
    tone: overrides.tone || (useBrand ? brand.toneOfVoice : "") || "professional and approachable",
    brand: useBrand
      ? {
          name: brand.brandName,
          description: brand.description,
          audience: brand.targetAudience,
          industry: brand.industry,
          tone: brand.toneOfVoice,
          tags: brand.tags,
        }
      : null,
    brandMentions: useBrand ? BRAND_MENTION_COUNTS[content.brandMentions] : 0,
    internalLinks: Math.min(LINK_COUNTS[content.internalLinksCount], internal.length),
    externalLinks: wantsExternal ? Math.min(LINK_COUNTS[content.externalLinks], external.length) : 0,
    instructions: content.specificInstructions,
    exclusions: content.exclusions,
    imageStyle: content.imageStyle,
    avoidTitles: existing.map((a) => a.title).filter(Boolean),
  };
  return { brief, candidates };
}
