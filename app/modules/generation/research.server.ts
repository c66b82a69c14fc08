import type { DB } from "#app/db/client.server";
import { getBrandSettings, type BrandSettings } from "#app/modules/settings/brand.server";
import { getContentSettings, type ContentSettings } from "#app/modules/settings/content.server";
import type { ArticleLength } from "#app/modules/settings/content-options";
import { BRAND_MENTION_COUNTS, LENGTH_BANDS, LINK_COUNTS, type ArticleBrief, type LinkCandidate } from "#app/modules/ai/types";
import { pagesThatFit } from "#app/modules/research/grounding";
import { listSitePages } from "#app/modules/research/site-pages.server";
import { normaliseUrl } from "#app/modules/research/ledger";
import { gatherResearch, type GatheredResearch, type ResearchDeps } from "./grounding.server";

/**
 * The research step: everything the writer is told, read from the site's
 * settings, its scanned pages and posts, and (for a new article) the keyword's
 * research (grounding.server.ts). No model call. Internal link candidates are
 * the site's own pages and live posts, most relevant to the keyword first;
 * external ones are the research's results the link checker found working, or
 * without a research provider a short list of authoritative reference sites.
 */

/**
 * articleLength: one of the content settings' lengths (the generator page); wordCount: an exact target; notes: what
 * the writer is told on top of the content settings' instructions (a refresh's search evidence).
 */
export type BriefOverrides = { tone?: string; articleLength?: ArticleLength; wordCount?: number; keywords?: string[]; notes?: string };

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
 * The fallback without a research provider: reference sites whose authority does not depend on the topic. Only fixed,
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

export type ResearchOptions = {
  /** Gathers the keyword's research for the brief's grounding; without it (AI edits) the brief has none. */
  research?: ResearchDeps;
  /** Logged with every provider failure: the generation's id. */
  correlationId?: string;
  signal?: AbortSignal;
};

/** Why the writer may not meet the settings' link counts, recorded with the generation for the SEO panel. */
export type LinkGaps = { internal?: string; external?: string };

type SitePages = Awaited<ReturnType<typeof listSitePages>>;
type PublishedPost = { title: string; meta_description: string; remote_url: string | null };

/** The writer's word count: an exact target when one was given (±15%), else the chosen length's band. */
function targetLength(overrides: BriefOverrides, content: ContentSettings) {
  if (!overrides.wordCount) return LENGTH_BANDS[overrides.articleLength ?? content.articleLength];
  return {
    min: Math.round(overrides.wordCount * 0.85),
    max: Math.round(overrides.wordCount * 1.15),
    sections: Math.min(10, Math.max(3, Math.round(overrides.wordCount / 300))),
  };
}

/** The site's other articles that are live somewhere, newest first. */
function livePosts(db: DB, siteId: string, articleId: string): Promise<PublishedPost[]> {
  return (
    db
      .selectFrom("articles as a")
      .innerJoin("publications as p", "p.article_id", "a.id")
      .select(["a.title", "a.meta_description", "p.remote_url"])
      .where("a.site_id", "=", siteId)
      .where("a.id", "!=", articleId)
      .where("a.status", "=", "published")
      .where("p.status", "=", "published")
      // Live posts only: a draft's address is a preview or, on the hosted blog, the signed-in editor.
      .where("p.mode", "=", "live")
      .where("p.remote_url", "is not", null)
      // Ranked by relevance below: the newest few hundred, not the first 50 the database finds.
      .orderBy("p.published_at", "desc")
      .limit(300)
      .execute()
  );
}

/**
 * The site's own pages (the scan's and the brand settings' list) and its live posts, each once, that are about the
 * keyword, most relevant first: a coffee page does not belong in a glazing article, nor the home page in every article.
 * With none that fits, the article links none of the site's pages and says why (linkGaps).
 */
function internalCandidates(
  keyword: string,
  sitePages: SitePages,
  published: PublishedPost[],
  brand: BrandSettings,
  siteName: string,
): LinkCandidate[] {
  const own = [
    ...sitePages.map((p) => ({ url: p.url, title: p.title, summary: p.summary })),
    ...published
      .filter((p) => /^https?:\/\//i.test(p.remote_url!))
      .map((p) => ({ url: p.remote_url!, title: p.title, summary: p.meta_description })),
    ...brand.internalLinks.map((url) => ({ url, title: titleFromUrl(url, brand.brandName || siteName), summary: "" })),
  ];
  const seenOwn = new Set<string>();
  return pagesThatFit(
    keyword,
    own.filter((p) => /^https?:\/\//i.test(p.url) && (seenOwn.has(normaliseUrl(p.url)) ? false : (seenOwn.add(normaliseUrl(p.url)), true))),
  ).map((item) => ({ url: item.url, title: item.title, kind: "internal" as const }));
}

/**
 * Why the article will have fewer links than the settings ask for, in words for the SEO panel. `researched`: the
 * research the outside links came from; null when they did not (none wanted, or the reference list stands in), and
 * then they cannot fall short.
 */
function linkGapsOf(
  keyword: string,
  internal: LinkCandidate[],
  internalWanted: number,
  external: LinkCandidate[],
  externalWanted: number,
  researched: GatheredResearch | null,
): LinkGaps {
  const linkGaps: LinkGaps = {};
  if (internal.length < internalWanted)
    linkGaps.internal = `${internal.length === 0 ? "none" : `only ${internal.length}`} of your pages ${internal.length > 1 ? "are" : "is"} about “${keyword}”. It links only to pages that fit the keyword, from your site's scanned pages, the pages in Brand settings and your live posts; add a page about it there.`;
  if (researched && external.length < externalWanted)
    linkGaps.external = !researched.snapshot.serp
      ? "the search results could not be read, so it had no outside sources to link to."
      : external.length === 0
        ? "none of the top search results' pages passed the link checker, and it links only to pages that did."
        : `only ${external.length} of the top search results' pages passed the link checker, and it links only to pages that did.`;
  return linkGaps;
}

export async function research(
  db: DB,
  siteId: string,
  articleId: string,
  keyword: string,
  overrides: BriefOverrides = {},
  options: ResearchOptions = {},
) {
  const [brand, content, site, sitePages] = await Promise.all([
    getBrandSettings(db, siteId),
    getContentSettings(db, siteId),
    db.selectFrom("sites").select(["url", "name"]).where("id", "=", siteId).executeTakeFirstOrThrow(),
    listSitePages(db, siteId),
  ]);
  const length = targetLength(overrides, content);
  const useBrand = content.useBrandInfo && Boolean(brand.brandName);
  const existing = await db
    .selectFrom("articles")
    .select(["title", "slug", "status", "id"])
    .where("site_id", "=", siteId)
    .where("id", "!=", articleId)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  const published = await livePosts(db, siteId, articleId);

  const cleanKeyword = keyword.trim();
  const wantsExternal = content.externalSearch && content.externalLinks !== "none";
  const gathered: GatheredResearch | null = options.research
    ? await gatherResearch(
        db,
        siteId,
        {
          keyword: cleanKeyword,
          correlationId: options.correlationId ?? articleId,
          externalWanted: wantsExternal ? LINK_COUNTS[content.externalLinks] : 0,
          siteUrl: site.url,
          sitePages,
          signal: options.signal,
        },
        options.research,
      )
    : null;

  const internal = internalCandidates(cleanKeyword, sitePages, published, brand, site.name);
  // With research, outside links are only its results the link checker found working; without a provider, the reference list.
  const researched = gathered?.snapshot.provider != null;
  const external: LinkCandidate[] = !wantsExternal
    ? []
    : researched
      ? gathered!.webSources.map((s) => ({ url: s.url, title: s.title, kind: "external" as const }))
      : authoritativeSources(brand.industry);
  const seen = new Set<string>();
  const candidates = [...internal, ...external].filter((c) => (seen.has(c.url) ? false : (seen.add(c.url), true)));

  const internalWanted = LINK_COUNTS[content.internalLinksCount];
  const linkGaps = linkGapsOf(
    cleanKeyword,
    internal,
    internalWanted,
    external,
    LINK_COUNTS[content.externalLinks],
    wantsExternal && researched ? gathered : null,
  );

  const brief: ArticleBrief = {
    keyword: cleanKeyword,
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
    internalLinks: Math.min(internalWanted, internal.length),
    externalLinks: wantsExternal ? Math.min(LINK_COUNTS[content.externalLinks], external.length) : 0,
    instructions: [content.specificInstructions, overrides.notes ?? ""].filter((t) => t.trim()).join("\n\n"),
    exclusions: content.exclusions,
    imageStyle: content.imageStyle,
    avoidTitles: existing.map((a) => a.title).filter(Boolean),
    ...(gathered ? { grounding: gathered.grounding } : {}),
  };
  // The snapshot keeps every own page the writer could link to, so the ledger finds them in the article.
  const snapshot = gathered
    ? {
        ...gathered.snapshot,
        sitePages: internal.map((c) => ({
          url: c.url,
          title: c.title,
          kind: sitePages.find((p) => p.url === c.url)?.kind ?? ("page" as const),
        })),
      }
    : null;
  const verifiedLinks = gathered ? { urls: gathered.webSources.map((s) => s.url), at: gathered.snapshot.gatheredAt } : undefined;
  return { brief, candidates, snapshot, linkGaps, verifiedLinks };
}
