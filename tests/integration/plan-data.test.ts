import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_LOCATIONS } from "#tests/fixtures/research/locations";
import type { DB } from "#app/db/client.server";
import type { TextGenerator } from "#app/modules/ai/types";
import { MAX_SERP_CANDIDATES, resultsOverlap } from "#app/modules/plan/data-planner.server";
import { generatePlan, swapItem } from "#app/modules/plan/plan.server";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import type { KeywordData, ResearchProvider, Serp } from "#app/modules/research/types";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeTopic, makeUser, type TestUser } from "#tests/setup/factories";
import { grammarProblems } from "#tests/setup/query-grammar";

/**
 * The data-backed planner against an in-memory provider: figures and reasons
 * that name them, clustering by search results, bounded and cached SERP
 * look-ups, the AI path on the same data, and the offline fallback when the
 * provider fails.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const TZ = "Europe/Amsterdam";
const site = (u: TestUser) => ({ id: u.siteId, timeZone: TZ });
const tenant = (u: TestUser) => ({ workspaceId: u.workspaceId, siteId: u.siteId, userId: u.userId });
const items = (siteId: string) => db.selectFrom("plan_items").selectAll().where("site_id", "=", siteId).orderBy("date").execute();

const FIGURES: Array<[keyword: string, volume: number, difficulty: number]> = [
  ["how to make cold brew at home", 880, 23],
  ["cold brew ratio", 9900, 17],
  ["cold brew coffee ratio", 4400, 16],
  ["how to use a gooseneck kettle", 1300, 12],
  ["gooseneck kettle temperature", 720, 9],
  ["burr grinder vs blade grinder", 2400, 13],
  ["how to clean a burr grinder", 1900, 11],
  ["what grind size for french press", 2900, 15],
  ["how long does cold brew last", 5400, 10],
  ["is a coffee subscription worth it", 1600, 21],
  ["swiss water decaf", 2400, 11],
  ["roasted", 90000, 50],
];

/** Each keyword's own ten results, except 'cold brew coffee ratio', which shares 7 of 10 with 'cold brew ratio'. */
function serpOf(keyword: string): Serp {
  const slug = keyword.replace(/\s+/g, "-");
  const own = Array.from({ length: 10 }, (_, i) => `https://site${i}.test/${slug}`);
  const urls =
    keyword === "cold brew coffee ratio"
      ? [...Array.from({ length: 7 }, (_, i) => `https://site${i}.test/cold-brew-ratio`), ...own.slice(7)]
      : own;
  return {
    keyword,
    results: urls.map((url, i) => ({ position: i + 1, url, domain: new URL(url).hostname, title: keyword, snippet: "" })),
    peopleAlsoAsk: [],
    relatedSearches: [],
  };
}

function memoryProvider({ fail = false } = {}) {
  const calls = { serp: 0, keywordData: 0, keywordIdeas: 0 };
  const serpsAsked: string[] = [];
  const data = (k: string): KeywordData | undefined => {
    const row = FIGURES.find(([kw]) => kw === k);
    return row ? { keyword: row[0], volume: row[1], difficulty: row[2], cpc: 1.2, intent: null } : undefined;
  };
  const provider: ResearchProvider = {
    name: "memory",
    async serp(keyword) {
      calls.serp++;
      serpsAsked.push(keyword);
      if (fail) throw new Error("DataForSEO answered HTTP 500");
      return serpOf(keyword);
    },
    async keywordData(keywords) {
      calls.keywordData++;
      if (fail) throw new Error("DataForSEO answered HTTP 500");
      return new Map(keywords.map((k) => [k, data(k)]).filter((e): e is [string, KeywordData] => !!e[1]));
    },
    async keywordIdeas() {
      calls.keywordIdeas++;
      if (fail) throw new Error("DataForSEO answered HTTP 500");
      return FIGURES.map(([k]) => data(k)!);
    },
    async locations() {
      if (fail) throw new Error("DataForSEO answered HTTP 500");
      return FIXTURE_LOCATIONS;
    },
  };
  return { provider, calls, serpsAsked };
}

async function shop() {
  const user = await makeUser(db, { site: { timezone: TZ } });
  await db
    .updateTable("brand_settings")
    .set({ brand_name: "Northwind Coffee", tags: JSON.stringify(["cold brew"]), updated_at: isoNow() })
    .where("site_id", "=", user.siteId)
    .execute();
  const page = (path: string, kind: "product" | "category" | "faq", title: string) => ({
    url: `https://northwind.test${path}`,
    kind,
    title,
    summary: "",
    facts: [],
    faq: [],
    fetchedAt: isoNow(),
  });
  await replaceSitePages(db, user.siteId, [
    page("/shop/cold-brew-kit", "product", "Cold Brew Kit"),
    page("/shop/gooseneck-kettle", "product", "Gooseneck Kettle"),
    page("/shop/burr-grinder", "product", "Burr Grinder"),
    page("/shop/subscription", "product", "Coffee Subscription"),
  ]);
  await makeTopic(db, user.siteId, { name: "Brewing methods", keywords: JSON.stringify(["french press", "cold brew"]) });
  await makeArticle(db, user.siteId, { title: "How Long Does Cold Brew Last?", target_keyword: "how long does cold brew last" });
  return user;
}

describe("the data-backed planner", () => {
  it("plans keywords with their figures, reasons that name them, one per set of search results", async () => {
    const user = await shop();
    const { provider, calls, serpsAsked } = memoryProvider();
    const result = await generatePlan(db, site(user), tenant(user), { research: provider });
    expect(result.keywordData).toBe(true);
    const rows = await items(user.siteId);
    const data = rows.filter((r) => r.volume !== null);
    expect(data.length).toBeGreaterThanOrEqual(7);
    const first = data.find((r) => r.keyword === "how to make cold brew at home")!;
    expect(first).toMatchObject({ volume: 880, keyword_difficulty: 23, difficulty: "Easy", evidence_kind: "product" });
    expect(first.rationale).toBe("880 searches a month, difficulty 23, supports your product page Cold Brew Kit.");
    for (const r of data)
      expect(r.rationale).toMatch(/^[\d,]+ searches a month, difficulty \d+, supports your (product page|category page|page|topic) /);
    const keywords = rows.map((r) => r.keyword);
    // Ranked by opportunity: many searches and an easy, close fit come before few.
    expect(keywords.indexOf("cold brew ratio")).toBeGreaterThanOrEqual(0);
    expect(keywords.indexOf("cold brew ratio")).toBeLessThan(keywords.indexOf("how to make cold brew at home"));
    // The same results as 'cold brew ratio' (7 of 10 URLs): only the better one is planned.
    expect(keywords).not.toContain("cold brew coffee ratio");
    // An article already targets it; nothing of the site supports 'swiss water decaf'; 'roasted' is no topic.
    expect(keywords).not.toContain("how long does cold brew last");
    expect(keywords).not.toContain("swiss water decaf");
    expect(keywords).not.toContain("roasted");
    expect(grammarProblems(keywords)).toEqual([]);
    for (const [i, a] of data.entries())
      for (const b of data.slice(i + 1))
        expect(
          resultsOverlap(
            serpOf(a.keyword).results.map((x) => x.url),
            serpOf(b.keyword).results.map((x) => x.url),
          ),
        ).toBeLessThanOrEqual(0.5);
    expect(calls.serp).toBeLessThanOrEqual(MAX_SERP_CANDIDATES);
    expect(calls.keywordIdeas).toBe(1);
    // A second plan is answered from the site's cache: no keyword's results are asked for twice, ideas not again.
    await generatePlan(db, site(user), tenant(user), { research: provider });
    expect(new Set(serpsAsked).size).toBe(serpsAsked.length);
    expect(calls.keywordIdeas).toBe(1);
  });

  it("swaps a day for the next candidate with data, never the same keyword", async () => {
    const user = await shop();
    const { provider } = memoryProvider();
    await generatePlan(db, site(user), tenant(user), { research: provider });
    const [first] = await items(user.siteId);
    const result = await swapItem(db, site(user), tenant(user), first!.id, { research: provider });
    expect(result.after).not.toBe(result.before);
    const swapped = (await items(user.siteId)).find((r) => r.id === first!.id)!;
    expect(swapped.keyword).toBe(result.after);
    expect(swapped.volume).not.toBeNull();
    expect(swapped.rationale).toMatch(/^[\d,]+ searches a month/);
  });

  it("falls back to the offline planner when the provider fails: never a failed plan", async () => {
    const user = await shop();
    const { provider } = memoryProvider({ fail: true });
    const result = await generatePlan(db, site(user), tenant(user), { research: provider });
    expect(result).toMatchObject({ origin: "offline", keywordData: false });
    const rows = await items(user.siteId);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.volume === null)).toBe(true);
    expect(rows.some((r) => r.rationale === "From your product page Cold Brew Kit.")).toBe(true);
  });

  it("gives the AI planner the same candidates: its picks keep their figures, picks outside them are dropped", async () => {
    const user = await shop();
    const { provider } = memoryProvider();
    const prompts: string[] = [];
    const text: TextGenerator = {
      kind: "openai",
      extractBrand: () => Promise.reject(new Error("unused")),
      keywordIdeas: () => Promise.resolve([]),
      embed: () => Promise.resolve(null),
      list: <T>(request: { prompt: string }) => {
        prompts.push(request.prompt);
        return Promise.resolve([
          {
            keyword: "burr grinder vs blade grinder",
            title: "Burr or Blade?",
            intent: "commercial",
            topic: "",
            evidence_kind: "product",
            evidence_ref: "https://northwind.test/shop/burr-grinder",
            why: "Product.",
          },
          {
            keyword: "coffee grinder reviews",
            title: "Reviews",
            intent: "commercial",
            topic: "",
            evidence_kind: "product",
            evidence_ref: "https://northwind.test/shop/burr-grinder",
            why: "Product.",
          },
        ] as T[]);
      },
    } as TextGenerator;
    const result = await generatePlan(db, site(user), tenant(user), { research: provider, text });
    expect(result.origin).toBe("ai");
    expect(prompts[0]).toContain("- cold brew ratio: 9900 searches a month, difficulty 17");
    const rows = await items(user.siteId);
    expect(rows[0]).toMatchObject({ keyword: "burr grinder vs blade grinder", title: "Burr or Blade?", volume: 2400, origin: "ai" });
    expect(rows[0]!.rationale).toBe("2,400 searches a month, difficulty 13, supports your product page Burr Grinder.");
    expect(rows.map((r) => r.keyword)).not.toContain("coffee grinder reviews");
  });
});
