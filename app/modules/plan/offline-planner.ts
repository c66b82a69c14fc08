import { cleanKeyword, isPluralPhrase, keywordShape } from "#app/modules/articles/keyword-shape";
import type { SitePage } from "#app/modules/research/types";
import { titleCase } from "#app/utils/wording";
import { classifyIntent, type SearchIntent } from "#app/modules/research/intent";
import { normalisePhrase, type Query, queriesFor, questionQuery } from "./queries";
import { CONFLICT_THRESHOLD, jaccard, lexicalSimilarity, tokens } from "./similarity";

/**
 * The offline content planner (docs/decisions/050-content-plan.md): search
 * queries built only from the site's own data (queries.ts) — the products,
 * categories, FAQs and pages the site-page reader stored (or, before it ran,
 * the scanned pages' paths), its topics' keywords and its brand tags. Each
 * suggestion's reason names the page, product or topic it came from; its
 * intent follows the query's form. Pure and deterministic: the same data
 * gives the same plan; `avoid` (the plan being replaced) makes a regenerated
 * plan prefer keywords it did not have.
 */

type PlanEvidence = "page" | "product" | "topic" | "gap" | "brand";

export type PlanSource = {
  brand: { name: string; description: string; audience: string; industry: string; tags: string[] };
  /** Absolute URLs of the site's scanned pages (brand_settings.internal_links). */
  pages: string[];
  /** What the site's own pages say (site_pages), when they were read. */
  sitePages: SitePage[];
  topics: Array<{ id: string; name: string; keywords: string[] }>;
  articles: Array<{ id: string; title: string; keyword: string }>;
  /** The business was described anew (Brand settings) after its pages were read: they may be of what it was. */
  describedAfterScan?: boolean;
};

export type Suggestion = {
  keyword: string;
  title: string;
  intent: SearchIntent;
  topicId: string | null;
  evidenceKind: PlanEvidence;
  /** The page URL, topic id or tag the evidence names. */
  evidenceRef: string;
  /** The 'why this keyword' line. */
  rationale: string;
  /** Keyword-data figures, when a provider gave them. */
  volume?: number | null;
  difficulty?: number | null;
};

const GENERIC_SEGMENTS = new Set(
  `about about-us contact contact-us blog blogs news cart checkout login signin sign-in signup sign-up register account accounts my-account
  privacy privacy-policy terms terms-of-service tos legal imprint cookies cookie-policy faq faqs help support search home index careers jobs
  press team sitemap feed rss tag tags category categories page pages en us de fr es wp-admin wp-content amp all`.split(/\s+/),
);
const PRODUCT_SEGMENTS = new Set([
  "products",
  "product",
  "shop",
  "store",
  "collections",
  "collection",
  "p",
  "item",
  "items",
  "services",
  "service",
]);

/** "/products/cold-brew-kit.html" → { phrase: "cold brew kit", product: true }; null for generic or unreadable paths. */
export function pagePhrase(url: string): { phrase: string; product: boolean; path: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const segments = parsed.pathname
    .split("/")
    .map((s) =>
      decodeURIComponent(s)
        .toLowerCase()
        .replace(/\.[a-z0-9]+$/, ""),
    )
    .filter(Boolean);
  const last = segments.at(-1);
  if (!last || GENERIC_SEGMENTS.has(last) || PRODUCT_SEGMENTS.has(last)) return null;
  const words = last
    .split(/[-_+\s]+/)
    .filter((w) => /\p{L}/u.test(w) && !/^\d+$/.test(w))
    .map((w) => w.replace(/[^\p{L}\p{N}']/gu, ""))
    .filter(Boolean);
  if (words.length === 0 || words.length > 6 || words.join("").length < 3) return null;
  return { phrase: words.join(" "), product: segments.slice(0, -1).some((s) => PRODUCT_SEGMENTS.has(s)), path: parsed.pathname };
}

const T = (text: string) => titleCase(text);

/** The working title of a keyword typed or chosen as is, from its shape (decision 037). */
export function titleForKeyword(keyword: string, { brand = "", audience = "" } = {}) {
  const shape = keywordShape(keyword, { brandNames: brand ? [brand] : [] });
  const tail = audience ? ` for ${T(audience)}` : "";
  switch (shape.kind) {
    case "how-to":
      return `${shape.headline}: A Step-by-Step Guide`;
    case "question":
      return `${T(shape.question ?? keyword)} The Short Answer`;
    default:
      return `${shape.headline}: A Practical Guide${tail}`;
  }
}

/** A short plural audience ("coffee lovers") from the brand's audience sentence, or "". */
export function audienceOf(sentence: string) {
  const cleaned = cleanKeyword(sentence.toLowerCase()).replace(/^(for\s+|our\s+|the\s+)/, "");
  const words = cleaned.split(" ");
  if (words.length === 0 || words.length > 4 || !isPluralPhrase(cleaned)) return "";
  return cleaned;
}

type Seed = {
  /** A noun or verb phrase to build queries from, or a ready query (a FAQ question). */
  phrase: string;
  query?: Query;
  product?: boolean;
  kind: PlanEvidence;
  ref: string;
  rationale: string;
  topicId: string | null;
};

/**
 * The topic a phrase is about, or null when none fits (decision 070). A word every topic shares, or the brand's own
 * name or industry ('pottery' on a pottery studio's site), says nothing about which topic a phrase belongs to: only
 * the other words decide, so 'coil pottery' fits no topic rather than 'Glazing and firing' by its 'pottery'.
 */
export function bestTopic(phrase: string, topics: PlanSource["topics"], brand?: Pick<PlanSource["brand"], "name" | "industry">) {
  const words = topics.map((t) => tokens([t.name, ...t.keywords].join(" ")));
  const everywhere = topics.length > 1 ? [...words[0]!].filter((w) => words.every((set) => set.has(w))) : [];
  const site = new Set([...everywhere, ...tokens(`${brand?.name ?? ""} ${brand?.industry ?? ""}`)]);
  const telling = (set: Set<string>) => new Set([...set].filter((w) => !site.has(w)));
  const own = telling(tokens(phrase));
  let best: { id: string; score: number } | null = null;
  for (const [i, t] of topics.entries()) {
    const score = jaccard(own, telling(words[i]!));
    if (score > 0 && (!best || score > best.score)) best = { id: t.id, score };
  }
  return best?.id ?? null;
}

const quoted = (text: string) => `“${text}”`;

/**
 * The scanned pages that are about the business the brand settings describe (decision 070). Only when the business
 * was described anew after its pages were read, and most of them share no word with the new name, industry,
 * description, audience and tags (a studio that was a roastery), are the pages that do not fit left out of the
 * plan's evidence. Otherwise all count: a product name rarely repeats the brand's description.
 */
export function pagesOfTheBusiness(source: Pick<PlanSource, "brand" | "sitePages" | "describedAfterScan">) {
  if (!source.describedAfterScan) return source.sitePages;
  const { name, industry, description, audience, tags } = source.brand;
  const described = tokens([name, industry, description, audience, ...tags].join(" "));
  if (described.size === 0) return source.sitePages;
  // The path, not the host: the site's own domain names the brand on every page.
  const fits = (page: SitePage) => [...tokens(`${page.title} ${page.summary} ${pathOf(page.url)}`)].some((w) => described.has(w));
  const fitting = source.sitePages.filter(fits);
  return fitting.length * 3 >= source.sitePages.length ? source.sitePages : fitting;
}

function pathOf(url: string) {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The site's evidence in groups a plan takes in turn: products, FAQs, categories and pages, topics, brand tags. */
function seeds(source: PlanSource): Seed[][] {
  const topicOf = (phrase: string) => bestTopic(phrase, source.topics, source.brand);
  const products: Seed[] = [];
  const faqs: Seed[] = [];
  const pages: Seed[] = [];
  for (const page of pagesOfTheBusiness(source)) {
    const name = page.title.trim();
    if (name && page.kind === "product")
      products.push({
        phrase: name,
        product: true,
        kind: "product",
        ref: page.url,
        rationale: `From your product page ${name}.`,
        topicId: topicOf(name),
      });
    else if (name && page.kind !== "faq")
      pages.push({
        phrase: name,
        kind: "page",
        ref: page.url,
        rationale: `From your ${page.kind === "category" ? "category page" : "page"} ${name}.`,
        topicId: topicOf(name),
      });
    const about = normalisePhrase(name).split(" ");
    for (const { question } of page.faq) {
      const query = questionQuery(question);
      // A question about this product itself ("Can I use the espresso blend for filter?") is the shop's, not a search.
      const own = page.kind === "product" && about.some((w) => ` ${normalisePhrase(question)} `.includes(` the ${w} `));
      if (query && !own)
        faqs.push({
          phrase: query.query,
          query,
          kind: "page",
          ref: page.url,
          rationale: `From the FAQ on your page ${name || page.url}: customers ask ${quoted(question.trim())}`,
          topicId: topicOf(query.query),
        });
    }
  }
  // Before the site's pages were read, their paths are all there is.
  if (source.sitePages.length === 0) {
    for (const url of source.pages) {
      const page = pagePhrase(url);
      if (!page) continue;
      (page.product ? products : pages).push({
        phrase: page.phrase,
        product: page.product,
        kind: page.product ? "product" : "page",
        ref: url,
        rationale: `From your ${page.product ? "product page" : "page"} ${page.path}.`,
        topicId: topicOf(page.phrase),
      });
    }
  }
  const topics: Seed[] = source.topics.flatMap((topic) =>
    [...new Set(topic.keywords.map((k) => cleanKeyword(k.toLowerCase())).filter((k) => k.length > 2))].map((phrase) => ({
      phrase,
      kind: "topic" as const,
      ref: topic.id,
      topicId: topic.id,
      rationale: `Serves your topic ${quoted(topic.name)}, built on its keyword ${quoted(phrase)}.`,
    })),
  );
  const covered = tokens(source.articles.map((a) => `${a.keyword} ${a.title}`).join(" "));
  const count = source.articles.length;
  const tags: Seed[] = [...new Set(source.brand.tags.map((t) => cleanKeyword(t.toLowerCase())).filter((t) => t.length > 2))].map((tag) => {
    const gap = [...tokens(tag)].some((w) => !covered.has(w));
    return {
      phrase: tag,
      kind: gap ? "gap" : "brand",
      ref: tag,
      topicId: topicOf(tag),
      rationale: gap
        ? `Fills a gap: your brand profile names ${quoted(tag)}, and none of your ${count} ${count === 1 ? "article covers" : "articles cover"} it yet.`
        : `From your brand profile: ${quoted(tag)} is one of the subjects your site is about.`,
    };
  });
  return [products, faqs, pages, topics, tags];
}

/** A working title that fits the query's form. */
export function titleFor(query: Query, ctx: { brand?: string; audience?: string } = {}) {
  const text = titleCase(query.query);
  switch (query.form) {
    case "comparison":
      return `${text}: Which Should You Choose?`;
    case "question":
      if (/ worth it$/.test(query.query)) return `${text}? An Honest Look`;
      if (/ taste like$/.test(query.query)) return `${text}? A Tasting Guide`;
      return `${text}? The Short Answer`;
    case "how-to":
      return `${text}: A Step-by-Step Guide`;
    default:
      return titleForKeyword(query.query, ctx);
  }
}

/**
 * Every suggestion the site's data yields, in the order a plan takes them:
 * the groups in turn (products, FAQs, pages, topics, tags), each group's
 * phrases in turn, each phrase's first query before any second one, so
 * neighbouring days differ and no phrase takes two days in a row.
 */
export function suggestionStream(source: PlanSource): Suggestion[] {
  const ctx = { brand: source.brand.name.trim(), audience: audienceOf(source.brand.audience) };
  const brandNames = ctx.brand ? [ctx.brand] : [];
  const groups = seeds(source);
  const siblings = groups.flat().map((s) => normalisePhrase(s.phrase));
  const queues = groups.map((group) => {
    const perSeed = group.map((seed) => {
      if (seed.query) return [seed.query];
      // The brand's own name is nobody's topic ("About Northwind Coffee").
      if (brandNames.some((b) => normalisePhrase(seed.phrase).includes(normalisePhrase(b)))) return [];
      return queriesFor(seed.phrase, { siblings, product: seed.product, knownOnly: seed.kind === "page" });
    });
    const rounds = Math.max(0, ...perSeed.map((q) => q.length));
    const out: Array<{ seed: Seed; query: Query }> = [];
    for (let round = 0; round < rounds; round += 1)
      for (const [i, seed] of group.entries()) {
        const query = perSeed[i]![round];
        if (query) out.push({ seed, query });
      }
    return out;
  });
  // A query two sources give belongs to the first (a product before a brand tag), wherever it falls in the turn.
  const owner = new Map<string, Seed>();
  for (const queue of queues) for (const { seed, query } of queue) if (!owner.has(query.query)) owner.set(query.query, seed);
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...queues.map((q) => q.length));
  for (let i = 0; i < longest; i += 1)
    for (const queue of queues) {
      const next = queue[i];
      if (!next || seen.has(next.query.query) || owner.get(next.query.query) !== next.seed) continue;
      seen.add(next.query.query);
      const { seed, query } = next;
      out.push({
        keyword: query.query,
        title: titleFor(query, ctx),
        intent: classifyIntent(query.query, { brandNames }),
        topicId: seed.topicId ?? bestTopic(query.query, source.topics, source.brand),
        evidenceKind: seed.kind,
        evidenceRef: seed.ref,
        rationale: seed.rationale,
      });
    }
  return out;
}
export type PickOptions = {
  count: number;
  /** Keywords a fresh pick should not repeat (the plan being replaced); used only when nothing else is left. */
  avoid?: string[];
  /** Items already kept in the plan: nothing picked may compete with them. */
  keep?: Array<{ keyword: string; title: string; intent: string }>;
};

/**
 * Up to `count` suggestions that compete neither with the site's articles,
 * nor with the kept items, nor with each other; fresh ones (not in `avoid`)
 * first.
 */
export function pickSuggestions(source: PlanSource, { count, avoid = [], keep = [] }: PickOptions): Suggestion[] {
  const stream = suggestionStream(source);
  const avoided = new Set(avoid.map((k) => cleanKeyword(k.toLowerCase())));
  const taken: Array<{ keyword: string; title: string; intent: string }> = [
    ...keep,
    ...source.articles.map((a) => ({ keyword: a.keyword || a.title, title: a.title, intent: classifyIntent(a.keyword || a.title) })),
  ];
  const picked: Suggestion[] = [];
  const fits = (s: Suggestion) => !taken.some((t) => lexicalSimilarity(s, t) >= CONFLICT_THRESHOLD);
  for (const fresh of [true, false]) {
    for (const s of stream) {
      if (picked.length >= count) return picked;
      if (fresh === avoided.has(s.keyword.toLowerCase()) || picked.includes(s) || !fits(s)) continue;
      picked.push(s);
      taken.push(s);
    }
  }
  return picked;
}
