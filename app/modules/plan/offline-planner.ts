import { cleanKeyword, isPluralPhrase, keywordShape } from "#app/modules/articles/keyword-shape";
import { titleCase } from "#app/modules/tools/text";
import { classifyIntent, type SearchIntent } from "./intent";
import { CONFLICT_THRESHOLD, jaccard, lexicalSimilarity, tokens } from "./similarity";

/**
 * The offline content planner (docs/decisions/050-content-plan.md): keyword
 * suggestions derived only from the site's own data — its scanned pages (a
 * product page gives buying and comparing keywords, another page learning
 * keywords), its topics and their keywords, and its brand tags that no
 * article covers yet (a gap). Each suggestion names that evidence. Pure and
 * deterministic: the same data gives the same plan; `avoid` (the plan being
 * replaced) makes a regenerated plan prefer keywords it did not have.
 */

type PlanEvidence = "page" | "product" | "topic" | "gap" | "brand";

export type PlanSource = {
  brand: { name: string; description: string; audience: string; industry: string; tags: string[] };
  /** Absolute URLs of the site's scanned pages (brand_settings.internal_links). */
  pages: string[];
  topics: Array<{ id: string; name: string; keywords: string[] }>;
  articles: Array<{ id: string; title: string; keyword: string }>;
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

type Pattern = { keyword: (p: string) => string; title: (p: string, ctx: TitleContext) => string };
type TitleContext = { brand: string; audience: string; plural: boolean };

const T = (text: string) => titleCase(text);
const forAudience = (ctx: TitleContext) => (ctx.audience ? ` for ${T(ctx.audience)}` : "");

const PRODUCT_PATTERNS: Pattern[] = [
  { keyword: (p) => `best ${p}`, title: (p) => `Best ${T(p)}: How to Choose the Right One` },
  { keyword: (p) => `${p} price`, title: (p) => `${T(p)} Price: What You Pay For and Why` },
  { keyword: (p) => `how to use ${p}`, title: (p, c) => `How to Use ${T(p)}: A Step-by-Step Guide${forAudience(c)}` },
  { keyword: (p) => `${p} review`, title: (p, c) => `${T(p)} Review: An Honest Look${c.brand ? ` from ${c.brand}` : ""}` },
];
const PAGE_PATTERNS: Pattern[] = [
  { keyword: (p) => `${p} for beginners`, title: (p) => `${T(p)} for Beginners: Where to Start` },
  { keyword: (p) => `${p} tips`, title: (p, c) => `${T(p)} Tips${c.brand ? ` From ${c.brand}` : ""}` },
  { keyword: (p) => `common ${p} mistakes`, title: (p) => `Common ${T(p)} Mistakes and How to Avoid Them` },
  { keyword: (p) => `${p} checklist`, title: (p, c) => `The ${T(p)} Checklist${forAudience(c)}` },
];
const GAP_PATTERNS: Pattern[] = [
  {
    keyword: (p) => `what ${isPluralPhrase(p) ? "are" : "is"} ${p}`,
    title: (p, c) => `What ${c.plural ? "Are" : "Is"} ${T(p)}? A Plain Explanation`,
  },
  { keyword: (p) => `${p} ideas`, title: (p) => `${T(p)} Ideas Worth Trying This Month` },
  { keyword: (p) => `${p} for beginners`, title: (p) => `${T(p)} for Beginners: Where to Start` },
  { keyword: (p) => `${p} tips`, title: (p, c) => `${T(p)} Tips${c.brand ? ` From ${c.brand}` : ""}` },
  { keyword: (p) => `common ${p} mistakes`, title: (p) => `Common ${T(p)} Mistakes and How to Avoid Them` },
];
const TOPIC_VARIANTS: Pattern[] = [
  { keyword: (p) => `${p} tips`, title: (p, c) => `${T(p)} Tips${c.brand ? ` From ${c.brand}` : ""}` },
  { keyword: (p) => `common ${p} mistakes`, title: (p) => `Common ${T(p)} Mistakes and How to Avoid Them` },
  { keyword: (p) => `${p} ideas`, title: (p) => `${T(p)} Ideas Worth Trying This Month` },
  { keyword: (p) => `${p} checklist`, title: (p, c) => `The ${T(p)} Checklist${forAudience(c)}` },
];

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

type Base = {
  phrase: string;
  kind: PlanEvidence;
  ref: string;
  patterns: Pattern[];
  rationale: (keyword: string) => string;
  topicId: string | null;
};

function bestTopic(phrase: string, topics: PlanSource["topics"]) {
  const words = tokens(phrase);
  let best: { id: string; score: number } | null = null;
  for (const t of topics) {
    const score = jaccard(words, tokens([t.name, ...t.keywords].join(" ")));
    if (score > 0 && (!best || score > best.score)) best = { id: t.id, score };
  }
  return best?.id ?? null;
}

function bases(source: PlanSource): Base[][] {
  const pages: Base[] = [];
  const seen = new Set<string>();
  for (const url of source.pages) {
    const page = pagePhrase(url);
    if (!page || seen.has(page.phrase)) continue;
    seen.add(page.phrase);
    pages.push({
      phrase: page.phrase,
      kind: page.product ? "product" : "page",
      ref: url,
      patterns: page.product ? PRODUCT_PATTERNS : PAGE_PATTERNS,
      topicId: bestTopic(page.phrase, source.topics),
      rationale: () =>
        page.product
          ? `From your product page ${page.path}: people comparing or ready to buy search this.`
          : `From your page ${page.path}: readers who search this want what that page covers.`,
    });
  }
  const topics: Base[] = [];
  for (const topic of source.topics) {
    const phrases = [...new Set([...topic.keywords, topic.name].map((k) => cleanKeyword(k.toLowerCase())).filter((k) => k.length > 2))];
    for (const phrase of phrases) {
      const own = topic.keywords.some((k) => cleanKeyword(k.toLowerCase()) === phrase);
      topics.push({
        phrase,
        kind: "topic",
        ref: topic.id,
        topicId: topic.id,
        patterns: [{ keyword: (p) => p, title: (p, c) => titleForKeyword(p, c) }, ...TOPIC_VARIANTS],
        rationale: (keyword) =>
          keyword === phrase && own
            ? `Serves your topic “${topic.name}”: it is one of the topic's keywords.`
            : `Serves your topic “${topic.name}”${own ? `, built on its keyword “${phrase}”` : ""}.`,
      });
    }
  }
  const covered = tokens(source.articles.map((a) => `${a.keyword} ${a.title}`).join(" "));
  const gaps: Base[] = [];
  const tags = [...new Set(source.brand.tags.map((t) => cleanKeyword(t.toLowerCase())).filter((t) => t.length > 2))];
  if (tags.length === 0 && source.brand.industry) tags.push(cleanKeyword(source.brand.industry.toLowerCase().replace(/&/g, "and")));
  for (const tag of tags) {
    const tagWords = tokens(tag);
    const isGap = [...tagWords].some((w) => !covered.has(w));
    const articleCount = source.articles.length;
    gaps.push({
      phrase: tag,
      kind: isGap ? "gap" : "brand",
      ref: tag,
      topicId: bestTopic(tag, source.topics),
      patterns: GAP_PATTERNS,
      rationale: () =>
        isGap
          ? `Fills a gap: your brand is about “${tag}”, and none of your ${articleCount} ${articleCount === 1 ? "article covers" : "articles cover"} it yet.`
          : `From your brand profile: “${tag}” is one of the subjects your site is about.`,
    });
  }
  return [pages, topics, gaps].filter((group) => group.length > 0);
}

/**
 * Every suggestion the site's data yields, in the order a plan takes them:
 * sources in turn (pages, topics, tags), each source's phrases in turn, and
 * for each phrase its patterns in turn, so neighbouring days differ.
 */
export function suggestionStream(source: PlanSource): Suggestion[] {
  const groups = bases(source);
  const ctxBase = { brand: source.brand.name.trim(), audience: audienceOf(source.brand.audience) };
  const brandNames = ctxBase.brand ? [ctxBase.brand] : [];
  const out: Suggestion[] = [];
  const maxPatterns = Math.max(0, ...groups.flat().map((b) => b.patterns.length));
  const maxBases = Math.max(0, ...groups.map((g) => g.length));
  for (let round = 0; round < maxPatterns; round += 1) {
    for (let i = 0; i < maxBases; i += 1) {
      for (const group of groups) {
        const base = group[(i + round) % group.length];
        if (!base || i >= group.length) continue;
        const pattern = base.patterns[round];
        if (!pattern) continue;
        const keyword = cleanKeyword(pattern.keyword(base.phrase));
        const ctx = { ...ctxBase, plural: isPluralPhrase(base.phrase) };
        out.push({
          keyword,
          title: pattern.title(base.phrase, ctx),
          intent: classifyIntent(keyword, { brandNames }),
          topicId: base.topicId,
          evidenceKind: base.kind,
          evidenceRef: base.ref,
          rationale: base.rationale(keyword),
        });
      }
    }
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
