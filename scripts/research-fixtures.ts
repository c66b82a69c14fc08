// Writes tests/fixtures/research/*.json: research fixtures for three industries in
// DataForSEO's raw response shapes (Labs keyword items, SERP live advanced results) plus each
// result URL's outline. Deterministic: the same tables give the same files. Run after editing
// the tables in scripts/research-fixtures/: `npx tsx scripts/research-fixtures.ts`.
// The sites, titles, snippets and headings are invented for the fixtures; none is a real site's text.
import fs from "node:fs";
import path from "node:path";
import type { FixturePage, ResearchFixture } from "#tests/fixtures/research";
import type { RawLabsKeywordItem } from "#app/modules/research/provider.server";
import { COFFEE } from "./research-fixtures/coffee";
import { POTTERY } from "./research-fixtures/pottery";
import { SAAS } from "./research-fixtures/saas";
import type { DomainSpec, IndustrySpec, KeywordSpec } from "./research-fixtures/types";

const OUT = path.join(import.meta.dirname, "../tests/fixtures/research");
const FETCHED_AT = "2026-11-02 09:14:07 +00:00";
const YEAR = 2026;

function rng(seedText: string) {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof rng>;
const pick = <T>(rand: Rand, list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
function shuffle<T>(rand: Rand, list: readonly T[]) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const SMALL = new Set(["a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"]);
const titleCase = (text: string) =>
  text
    .split(" ")
    .map((w, i) => (i > 0 && SMALL.has(w) ? w : /^[a-z]/.test(w) ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");
const PROPER =
  /^(V60|AeroPress|Chemex|French|Ethiopia|Ethiopian|Colombia|Kenya|Kenyan|Guji|Swiss|Huila|SL28|AA|AP|ACH|OCR|ERP|KPIs?|DPO|PEPPOL|Peppol|W-9|1099|QuickBooks|NetSuite|Xero|Raku|Cone|SaaS|Net|ROI)\b/;
const lowerFirst = (text: string) => (PROPER.test(text) ? text : text[0]!.toLowerCase() + text.slice(1)).replace(/[?.]$/, "");

/** A keyword's short topic for titles: "how to store coffee beans" stays, "best coffee subscription" becomes "coffee subscriptions". */
function titleFor(rand: Rand, spec: KeywordSpec, site: DomainSpec) {
  const kw = titleCase(spec.keyword);
  const n = 5 + Math.floor(rand() * 6);
  const stripped = titleCase(spec.keyword.replace(/^(best|top) /, ""));
  const base = titleCase(spec.keyword.replace(/ near me$/, ""));
  const byIntent: Record<string, string[]> = {
    informational: spec.keyword.startsWith("how to")
      ? [
          `${kw}: A Step-by-Step Guide`,
          `${kw}: Tips That Actually Work`,
          `${kw} the Right Way`,
          `${kw}, Explained Simply`,
          `${kw}: What We Learned`,
        ]
      : spec.keyword.includes(" vs ")
        ? [`${kw}: What's the Difference?`, `${kw}: Which Should You Choose?`, `${kw} Compared`, `${kw}: A Side-by-Side Look`]
        : [
            `${kw}: The Complete Guide`,
            `${kw} Explained`,
            `A Beginner's Guide to ${kw}`,
            `${kw}: Everything You Need to Know`,
            `What to Know About ${kw}`,
          ],
    commercial: [
      `The ${n} Best ${stripped} in ${YEAR}`,
      `Best ${stripped}: Our Top Picks`,
      `${kw}: Tested and Reviewed`,
      `${kw} (${YEAR} Buyer's Guide)`,
    ],
    // Shops and studios sell; guides and magazines rank with advice on choosing.
    transactional:
      site.kind === "shop" || site.kind === "brand"
        ? [`${base}: Prices and Options`, `${base} | Order or Book Online`, `Our ${base}`, `${base}: See What's Available`]
        : [`${base}: What to Know Before You Choose`, `How to Choose ${base}`, `${base}: Prices Compared`, `Where to Find ${base}`],
    navigational: [`${kw}`, `${kw}: Plan Your Visit`, `${kw} | Book Now`],
  };
  const title = pick(rand, byIntent[spec.intent]!);
  if (site.kind === "forum")
    return `${pick(rand, [`${kw}? Advice wanted`, `Help with ${spec.keyword}`, `${kw}: what works for you?`])} | ${site.name}`;
  return `${title} | ${site.name}`;
}

function snippetFor(rand: Rand, spec: KeywordSpec, facets: string[]) {
  const [a, b, c] = facets.map(lowerFirst);
  const options = [
    `Everything you need to know about ${spec.keyword}, from ${a} to ${b}.`,
    `${a![0]!.toUpperCase()}${a!.slice(1)}, ${b} and ${c ?? "more"}: a practical guide to ${spec.keyword}.`,
    `We explain ${spec.keyword} in plain words: ${a}, ${b} and the mistakes to avoid.`,
    `Updated for ${YEAR}: ${a}, ${b} and more, with examples.`,
  ];
  if (spec.intent === "commercial") options.push(`We compared the options on ${a} and ${b}. Here is what we would choose and why.`);
  if (spec.intent === "transactional")
    options.push(
      `Looking for ${spec.keyword.replace(/ near me$/, "")}? ${a![0]!.toUpperCase()}${a!.slice(1)}, ${b} and prices, in one place.`,
    );
  return pick(rand, options);
}

const CLOSINGS = ["The bottom line", "Final thoughts", "Key takeaways", "Related guides", "Summary"];

function outlineFor(rand: Rand, spec: KeywordSpec, title: string): FixturePage["headings"] {
  const h1 = title.replace(/ \| .*$/, "");
  const count = Math.min(spec.facets.length, 3 + Math.floor(rand() * 3));
  const keep = new Set(
    shuffle(
      rand,
      spec.facets.map((_, i) => i),
    ).slice(0, count),
  );
  const facets = spec.facets.filter((_, i) => keep.has(i));
  const headings: FixturePage["headings"] = [[1, h1], ...facets.map((f) => [2, f] as [2, string])];
  if (rand() < 0.5 && spec.paa.length) {
    headings.push(
      [2, "Frequently asked questions"],
      ...shuffle(rand, spec.paa)
        .slice(0, 3)
        .map((q) => [3, q] as [3, string]),
    );
  }
  if (rand() < 0.6) headings.push([2, pick(rand, CLOSINGS)]);
  return headings;
}

function urlFor(rand: Rand, spec: KeywordSpec, site: DomainSpec) {
  const s = slug(spec.keyword.replace(/^how to /, rand() < 0.5 ? "how-to " : ""));
  const section: Record<DomainSpec["kind"], string[]> = {
    blog: ["blog", "posts", ""],
    magazine: ["guides", `${YEAR - 1}/0${1 + Math.floor(rand() * 9)}`, "features"],
    shop: spec.intent === "transactional" ? ["collections", "products"] : ["blogs/journal", "learn"],
    guide: ["learn", "guide", "basics"],
    forum: [`t/${s}/${10000 + Math.floor(rand() * 89999)}`],
    brand: ["journal", "stories", "pages"],
  };
  const prefix = pick(rand, section[site.kind]);
  if (site.kind === "forum") return `https://${site.domain}/${prefix}`;
  return `https://${site.domain}/${prefix ? `${prefix}/` : ""}${s}`;
}

type Organic = { url: string; domain: string; title: string; description: string; website_name: string; page: FixturePage };
type GroupBase = { organic: Organic[]; order: number[] };

/** The keyword's ten organic results, each from one of the industry's sites, with its page's outline. */
function organicResults(rand: Rand, kw: KeywordSpec, domains: DomainSpec[]): Organic[] {
  const sites = shuffle(rand, domains).slice(0, 10);
  return sites.map((site) => {
    const title = titleFor(rand, kw, site);
    const url = urlFor(rand, kw, site);
    const page = { url, title: title.replace(/ \| .*$/, ""), headings: outlineFor(rand, kw, title) };
    return {
      url,
      domain: new URL(url).host,
      title,
      description: snippetFor(rand, kw, shuffle(rand, kw.facets).slice(0, 3)),
      website_name: site.name,
      page,
    };
  });
}

/**
 * Keywords of one group share results: the group's first keyword sets them (and one order for the whole group, so
 * members share as many with each other); a later one keeps its first `share` URLs and fills the rest with its own.
 */
function sharedWithGroup(rand: Rand, kw: KeywordSpec, organic: Organic[], groupBase: Map<string, GroupBase>) {
  if (!kw.group) return organic;
  const base = groupBase.get(kw.group);
  if (!base) {
    groupBase.set(kw.group, {
      organic,
      order: shuffle(
        rand,
        organic.map((_, i) => i),
      ),
    });
    return organic;
  }
  const kept = new Set(base.order.slice(0, kw.share ?? 8));
  const own = organic.filter((o) => !base.organic.some((b) => b.domain === o.domain));
  const shared = base.organic.map((b, i) => (kept.has(i) ? b : (own.shift() ?? b)));
  if (rand() < 0.7) {
    const i = Math.floor(rand() * 9);
    [shared[i], shared[i + 1]] = [shared[i + 1]!, shared[i]!];
  }
  return shared;
}

/** The SERP's items: the organic results with 'People also ask' at `paaAt`, then the related searches. */
function serpItems(kw: KeywordSpec, organic: Organic[], paaAt: number) {
  const items: unknown[] = [];
  organic.forEach((o, i) => {
    if (i === paaAt) {
      items.push({
        type: "people_also_ask",
        rank_group: 1,
        rank_absolute: items.length + 1,
        position: "left",
        items: kw.paa.map((q) => ({ type: "people_also_ask_element", title: q })),
      });
    }
    items.push({
      type: "organic",
      rank_group: i + 1,
      rank_absolute: items.length + 1,
      domain: o.domain,
      title: o.title,
      url: o.url,
      description: o.description,
    });
  });
  items.push({ type: "related_searches", rank_group: 1, rank_absolute: items.length + 1, position: "left", items: kw.related });
  return items;
}

/** One SERP live advanced result; the pages of its results are added to `pages`. */
function serpFor(spec: IndustrySpec, kw: KeywordSpec, groupBase: Map<string, GroupBase>, pages: Map<string, FixturePage>) {
  const rand = rng(`${spec.industry}|${kw.keyword}`);
  const organic = sharedWithGroup(rand, kw, organicResults(rand, kw, spec.domains), groupBase);
  for (const o of organic) if (!pages.has(o.url)) pages.set(o.url, o.page);
  const paaAt = 2 + Math.floor(rand() * 2);
  const items = serpItems(kw, organic, paaAt);
  const q = encodeURIComponent(kw.keyword).replace(/%20/g, "+");
  return {
    keyword: kw.keyword,
    type: "organic",
    se_domain: "google.com",
    location_code: 2840,
    language_code: "en",
    check_url: `https://www.google.com/search?q=${q}&num=10&hl=en&gl=US&gws_rd=cr&ie=UTF-8&oe=UTF-8`,
    datetime: FETCHED_AT,
    spell: null,
    item_types: ["organic", "people_also_ask", "related_searches"],
    se_results_count: Math.round(kw.volume * (400 + rand() * 3000)),
    items_count: items.length,
    items,
  };
}

/** One Labs keyword item: volume, a year of monthly searches, competition, difficulty and intent. */
function labsItem(spec: IndustrySpec, kw: KeywordSpec): RawLabsKeywordItem {
  const rand = rng(`labs|${kw.keyword}`);
  const competition = Math.min(1, Math.max(0, kw.cpc / 3.5 + (rand() - 0.5) * 0.2));
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = ((9 - i + 12) % 12) + 1;
    const year = i <= 9 ? YEAR : YEAR - 1;
    return { year, month, search_volume: Math.round(kw.volume * (0.8 + rand() * 0.4)) };
  });
  const group = kw.group ? spec.keywords.find((k) => k.group === kw.group)!.keyword : null;
  const secondary: Record<string, string[] | null> = {
    informational: null,
    commercial: ["transactional"],
    transactional: ["commercial"],
    navigational: ["transactional"],
  };
  return {
    se_type: "google",
    keyword: kw.keyword,
    location_code: 2840,
    language_code: "en",
    keyword_info: {
      se_type: "google",
      last_updated_time: FETCHED_AT,
      competition: Math.round(competition * 100) / 100,
      competition_level: competition < 0.33 ? "LOW" : competition < 0.66 ? "MEDIUM" : "HIGH",
      cpc: kw.cpc,
      search_volume: kw.volume,
      low_top_of_page_bid: Math.round(kw.cpc * 45) / 100,
      high_top_of_page_bid: Math.round(kw.cpc * 210) / 100,
      categories: spec.categories,
      monthly_searches: months,
    },
    keyword_properties: {
      se_type: "google",
      core_keyword: group && group !== kw.keyword ? group : null,
      synonym_clustering_algorithm: "text_processing",
      keyword_difficulty: kw.difficulty,
      detected_language: "en",
      is_another_language: false,
      words_count: kw.keyword.split(" ").length,
    },
    search_intent_info: {
      se_type: "google",
      main_intent: kw.intent,
      foreign_intent: secondary[kw.intent] ?? null,
      last_updated_time: FETCHED_AT,
    },
  } as RawLabsKeywordItem;
}

function buildIndustry(spec: IndustrySpec): ResearchFixture {
  const pages = new Map<string, FixturePage>();
  const groupBase = new Map<string, GroupBase>();
  const serps = spec.keywords.map((kw) => serpFor(spec, kw, groupBase, pages));
  const keywords = spec.keywords.map((kw) => labsItem(spec, kw));
  return { industry: spec.industry, seeds: spec.seeds, keywords, serps, pages: [...pages.values()] };
}

/** One array element a line: small diffs, and still plain JSON. */
function write(file: string, fixture: ResearchFixture) {
  const lines = (list: unknown[]) => list.map((item) => `    ${JSON.stringify(item)}`).join(",\n");
  const text = `{
  "industry": ${JSON.stringify(fixture.industry)},
  "seeds": ${JSON.stringify(fixture.seeds)},
  "keywords": [
${lines(fixture.keywords)}
  ],
  "serps": [
${lines(fixture.serps)}
  ],
  "pages": [
${lines(fixture.pages)}
  ]
}
`;
  fs.writeFileSync(path.join(OUT, file), text);
  console.log(`${file}: ${fixture.keywords.length} keywords, ${fixture.pages.length} pages, ${(text.length / 1024).toFixed(0)} KB`);
}

write("coffee-roaster.json", buildIndustry(COFFEE));
write("pottery-studio.json", buildIndustry(POTTERY));
write("b2b-saas.json", buildIndustry(SAAS));
