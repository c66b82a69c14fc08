import { describe, expect, it } from "vitest";
import { DEMO_SCAN, DEMO_TOPICS } from "#app/modules/demo/brand";
import { DEMO_ARTICLES } from "#app/modules/demo/articles";
import { DEMO_SITE_PAGES } from "#app/modules/demo/site-pages";
import { grammarProblems } from "#tests/setup/query-grammar";
import { classifyIntent } from "#app/modules/research/intent";
import {
  audienceOf,
  bestTopic,
  pagePhrase,
  pagesOfTheBusiness,
  pickSuggestions,
  type PlanSource,
  suggestionStream,
  titleForKeyword,
} from "./offline-planner";
import { queriesFor, questionQuery } from "./queries";
import { CONFLICT_THRESHOLD, lexicalSimilarity } from "./similarity";

const page = (
  url: string,
  kind: "product" | "category" | "faq" | "page",
  title: string,
  faq: Array<{ question: string; answer: string }> = [],
) => ({
  url,
  kind,
  title,
  summary: "",
  facts: [],
  faq,
  fetchedAt: "2026-01-01T00:00:00.000Z",
});

/** The coffee roaster of the issue: tags that are adjectives, participles and place names, and pages only by their paths. */
const roaster: PlanSource = {
  brand: {
    name: "Northwind Coffee",
    description: "Fresh roasted coffee",
    audience: "Home baristas",
    industry: "Food & Beverage",
    tags: ["roasted", "brew", "colombia", "coffee subscription", "fresh", "cold brew"],
  },
  pages: [
    "https://northwind.test/products/cold-brew-kit",
    "https://northwind.test/products/ethiopian-yirgacheffe",
    "https://northwind.test/about",
  ],
  sitePages: [],
  topics: [
    { id: "t1", name: "Brewing methods", keywords: ["pour over", "french press", "aeropress recipe"] },
    { id: "t2", name: "Coffee origins", keywords: ["single origin coffee", "colombian coffee", "ethiopian coffee"] },
  ],
  articles: [{ id: "a2", title: "Pour Over Basics", keyword: "pour over" }],
};

const demo: PlanSource = {
  brand: {
    name: DEMO_SCAN.brandName,
    description: DEMO_SCAN.description,
    audience: DEMO_SCAN.targetAudience,
    industry: DEMO_SCAN.industry,
    tags: DEMO_SCAN.tags,
  },
  pages: DEMO_SCAN.internalLinks,
  sitePages: DEMO_SITE_PAGES.map((p) => ({ ...p, fetchedAt: "2026-01-01T00:00:00.000Z" })),
  topics: DEMO_TOPICS.map((t, i) => ({ id: `t${i}`, name: t.name, keywords: t.keywords ?? [] })),
  articles: DEMO_ARTICLES.map((a, i) => ({ id: `a${i}`, title: a.title, keyword: a.keyword })),
};

const pottery: PlanSource = {
  brand: { name: "Clay Corner", description: "Pottery classes", audience: "", industry: "Arts & Crafts", tags: ["pottery", "glazing"] },
  pages: [],
  sitePages: [
    page("https://clay.test/classes/wheel-throwing", "product", "Wheel Throwing Class"),
    page("https://clay.test/shop/stoneware-clay", "product", "Stoneware Clay"),
    page("https://clay.test/shop/glazes", "category", "Glazes"),
    page("https://clay.test/faq", "faq", "FAQ", [
      { question: "How do I center clay on the wheel?", answer: "…" },
      { question: "Do you offer gift cards?", answer: "…" },
    ]),
  ],
  topics: [{ id: "p1", name: "Throwing", keywords: ["centering clay", "trimming pottery"] }],
  articles: [],
};

describe("queries from the site's phrases", () => {
  it("reads a phrase by its head noun", () => {
    expect(queriesFor("Cold Brew Kit", { siblings: ["french press coffee"] }).map((q) => q.query)).toEqual([
      "how to make cold brew at home",
      "cold brew kit vs french press",
    ]);
    expect(queriesFor("moka pot")[0]!.query).toBe("how to use a moka pot");
    expect(queriesFor("coffee grind size", { siblings: ["pour-over coffee"] }).map((q) => q.query)).toEqual([
      "coffee grind size",
      "what grind size for pour over",
    ]);
    expect(queriesFor("coffee subscription")[0]!.query).toBe("is a coffee subscription worth it");
    expect(queriesFor("steaming milk")[0]!.query).toBe("how to steam milk");
    expect(queriesFor("dialling in espresso")[0]!.query).toBe("how to dial in espresso");
    expect(queriesFor("store coffee beans")[0]!.query).toBe("how to store coffee beans");
    expect(queriesFor("flat white")[0]!.query).toBe("how to make a flat white at home");
    expect(queriesFor("colombian coffee", { siblings: ["ethiopian coffee"] }).map((q) => q.query)).toEqual([
      "what does colombian coffee taste like",
      "colombian vs ethiopian coffee",
    ]);
    expect(queriesFor("House Espresso Blend", { product: true })[0]!.query).toBe("what is an espresso blend");
    expect(queriesFor("Ethiopia Guji", { product: true })[0]!.query).toBe("ethiopia guji");
  });

  it("never makes a topic of an adjective, a participle or a bare place name (the issue's 'what is roasted')", () => {
    for (const bad of ["roasted", "fresh", "brew", "colombia", "organic", "handmade", "ethiopian", "washed"])
      expect(queriesFor(bad)).toEqual([]);
    expect(queriesFor("brewing gear", { knownOnly: true })[0]!.query).toBe("how to choose brewing gear");
    expect(queriesFor("Visit the Roastery", { knownOnly: true })).toEqual([]);
  });

  it("gives at most two queries per phrase", () => {
    for (const phrase of ["cold brew kit", "burr grinder", "coffee subscription", "coffee beans"])
      expect(queriesFor(phrase).length).toBeLessThanOrEqual(2);
  });

  it("turns a FAQ question into the search, and drops questions about the shop", () => {
    expect(questionQuery("What grind size should I use for pour over?")?.query).toBe("what grind size for pour over");
    expect(questionQuery("How do I store my beans?")?.query).toBe("how to store beans");
    expect(questionQuery("Do you ship to Germany?")).toBeNull();
    expect(questionQuery("Can I pause my subscription?")).toBeNull();
  });
});

describe("the grammar check the plan tests use", () => {
  it("rejects the issue's month: bare words and participles as topics, one head with template suffixes", () => {
    const issue = ["what is roasted", "what is brew", "what is colombia", "colombia ideas", "colombia tips", "roasted for beginners"];
    const problems = grammarProblems(issue);
    expect(problems).toEqual(
      expect.arrayContaining([
        "a question about one bare word: 'what is roasted'",
        "a question about one bare word: 'what is brew'",
        "an adjective or participle as the topic: 'roasted for beginners'",
        "'colombia' repeated with template suffixes",
      ]),
    );
    expect(grammarProblems(["how to make cold brew at home", "cold brew kit vs french press", "what grind size for pour over"])).toEqual(
      [],
    );
  });
});

describe("intent from the query's form", () => {
  it("reads a question as learning or weighing, not buying", () => {
    expect(classifyIntent("is a coffee subscription worth it")).toBe("commercial");
    expect(classifyIntent("how does a coffee subscription work")).toBe("informational");
    expect(classifyIntent("coffee subscription")).toBe("transactional");
    expect(classifyIntent("cold brew kit vs french press")).toBe("commercial");
    expect(classifyIntent("how much does a burr grinder cost")).toBe("transactional");
  });
});

describe("the offline planner", () => {
  it("plans the issue's coffee roaster without its bad keywords", () => {
    const picks = pickSuggestions(roaster, { count: 30 });
    const keywords = picks.map((p) => p.keyword);
    expect(grammarProblems(keywords)).toEqual([]);
    for (const bad of [
      "what is roasted",
      "what is brew",
      "what is colombia",
      "colombia ideas",
      "roasted for beginners",
      "what is coffee subscription",
    ])
      expect(keywords).not.toContain(bad);
    expect(keywords).toContain("how to make cold brew at home");
    expect(picks.find((p) => p.keyword === "is a coffee subscription worth it")?.intent).toBe("commercial");
    expect(picks.every((p) => !p.rationale.includes("“roasted”"))).toBe(true);
  });

  it("plans the demo's month from its products, FAQ, categories and topics, each reason naming its source", () => {
    const picks = pickSuggestions(demo, { count: 30 });
    expect(picks).toHaveLength(30);
    expect(grammarProblems(picks.map((p) => p.keyword))).toEqual([]);
    expect(picks.find((p) => p.keyword === "how to make cold brew at home")?.rationale).toBe("From your product page Cold Brew Kit.");
    expect(picks.find((p) => p.keyword === "what grind size for pour over")?.rationale).toContain("From the FAQ on your page Brewing FAQ");
    for (const p of picks)
      expect(p.rationale).toMatch(
        /^(From your (product page|category page|page) |From your brand profile: |From the FAQ on your page |Serves your topic |Fills a gap)/,
      );
    // A day says its topic when one fits; 'coffee' alone (the brand's own word) fits none ('what is specialty coffee').
    expect(picks.filter((p) => p.topicId).length).toBeGreaterThanOrEqual(23);
    expect(new Set(picks.map((p) => p.intent)).size).toBeGreaterThanOrEqual(2);
  });

  it("never plans a keyword that competes with an article, nor two that compete with each other", () => {
    const picks = pickSuggestions(demo, { count: 30 });
    for (const [i, p] of picks.entries()) {
      for (const a of demo.articles)
        expect(lexicalSimilarity(p, { keyword: a.keyword, title: a.title, intent: classifyIntent(a.keyword) })).toBeLessThan(
          CONFLICT_THRESHOLD,
        );
      for (const q of picks.slice(i + 1)) expect(lexicalSimilarity(p, q)).toBeLessThan(CONFLICT_THRESHOLD);
    }
  });

  it("varies neighbouring days: consecutive picks come from different sources", () => {
    const picks = pickSuggestions(demo, { count: 8 });
    for (let i = 1; i < picks.length; i += 1) expect(picks[i]!.evidenceRef).not.toBe(picks[i - 1]!.evidenceRef);
  });

  it("is deterministic, and a regenerated plan prefers keywords the old one did not have", () => {
    const first = pickSuggestions(pottery, { count: 3 });
    expect(pickSuggestions(pottery, { count: 3 })).toEqual(first);
    const second = pickSuggestions(pottery, { count: 3, avoid: first.map((p) => p.keyword) });
    expect(second.filter((p) => first.some((f) => f.keyword === p.keyword))).toEqual([]);
  });

  it("derives a different plan from different data (nothing canned)", () => {
    const keywords = suggestionStream(pottery).map((p) => p.keyword);
    expect(keywords).toContain("how to center clay on the wheel");
    expect(keywords).toContain("how to center clay");
    expect(keywords).toContain("how to choose stoneware clay");
    expect(keywords.some((k) => k.includes("gift"))).toBe(false);
    expect(grammarProblems(keywords)).toEqual([]);
  });

  it("yields nothing from nothing", () => {
    const bare = {
      brand: { name: "", description: "", audience: "", industry: "Gardening", tags: [] },
      pages: [],
      sitePages: [],
      topics: [],
      articles: [],
    };
    expect(pickSuggestions(bare, { count: 30 })).toEqual([]);
  });
});

describe("pagePhrase", () => {
  it("reads a phrase from the last path segment and knows product pages", () => {
    expect(pagePhrase("https://x.test/products/cold-brew-kit.html")).toEqual({
      phrase: "cold brew kit",
      product: true,
      path: "/products/cold-brew-kit.html",
    });
    expect(pagePhrase("https://x.test/about")).toBeNull();
    expect(pagePhrase("not a url")).toBeNull();
  });
});

describe("titles", () => {
  it("writes a working title from the keyword's shape", () => {
    expect(titleForKeyword("how to descale a kettle")).toBe("How to Descale a Kettle: A Step-by-Step Guide");
    expect(audienceOf("Home baristas")).toBe("home baristas");
  });
});

describe("topics by what a phrase is about", () => {
  const topics = [
    { id: "glazing", name: "Glazing and firing", keywords: ["pottery glazes", "kiln firing", "glaze recipes"] },
    { id: "wheel", name: "Wheel throwing", keywords: ["pottery wheel", "centering clay"] },
  ];
  const brand = { name: "Clay & Kiln Studio", industry: "Pottery studio" };

  it("never files a phrase under a topic by a word every topic or the brand shares", () => {
    expect(bestTopic("coil pottery", topics, brand)).toBeNull();
    expect(bestTopic("pottery studio near me", topics, brand)).toBeNull();
  });

  it("files a phrase under the topic its telling words name", () => {
    expect(bestTopic("how to glaze pottery", topics, brand)).toBe("glazing");
    expect(bestTopic("best glaze recipes for stoneware", topics, brand)).toBe("glazing");
    expect(bestTopic("centering clay on the wheel", topics, brand)).toBe("wheel");
  });
});

describe("a business described anew", () => {
  // The demo roastery's site, re-described in Brand settings as a pottery studio, with pottery topics.
  const redescribed: PlanSource = {
    ...demo,
    brand: {
      name: "Clay & Kiln Studio",
      description: "Pottery classes and handmade stoneware in Portland.",
      audience: "Adults new to pottery",
      industry: "Pottery studio",
      tags: ["pottery classes", "glazing", "wheel throwing"],
    },
    topics: [
      { id: "glaze", name: "Glazing and firing", keywords: ["pottery glazes", "kiln firing"] },
      { id: "hand", name: "Hand building", keywords: ["coil pottery", "slab building"] },
    ],
    articles: [],
    describedAfterScan: true,
  };

  it("plans from the new description, not from scanned pages about another business", () => {
    expect(pagesOfTheBusiness(redescribed)).toEqual([]);
    // The site's own domain names the brand on every page: it is not what a page is about.
    const onStudioDomain = redescribed.sitePages.map((p) => ({
      ...p,
      url: p.url.replace(/^https:\/\/[^/]+/, "https://clay-kiln.example"),
    }));
    expect(pagesOfTheBusiness({ ...redescribed, sitePages: onStudioDomain })).toEqual([]);
    expect(pagesOfTheBusiness(demo)).toHaveLength(demo.sitePages.length);
    // Described so before the scan (or never re-described), every page counts: product names rarely repeat the brand.
    expect(pagesOfTheBusiness({ ...redescribed, describedAfterScan: false })).toHaveLength(demo.sitePages.length);
    const picks = pickSuggestions(redescribed, { count: 30 });
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.filter((p) => /coffee|espresso|brew|grind|roast/.test(p.keyword))).toEqual([]);
    expect(picks.some((p) => p.keyword.includes("glaz"))).toBe(true);
    // Each day says where it came from, and the reasons differ.
    expect(new Set(picks.map((p) => p.rationale)).size).toBeGreaterThan(1);
  });
});
