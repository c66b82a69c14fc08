import { describe, expect, it } from "vitest";
import { buildGrounding, byRelevance, groupHeadings, missedByResults, snippetFacts } from "./grounding";
import type { ResultPage, Serp, SitePage } from "./types";

const page = (url: string, headings: string[]): ResultPage => ({ url, title: url, headings });

const sitePage = (over: Partial<SitePage>): SitePage => ({
  url: "https://roaster.example/",
  kind: "page",
  title: "",
  summary: "",
  facts: [],
  faq: [],
  fetchedAt: "2026-11-01T00:00:00.000Z",
  ...over,
});

describe("groupHeadings", () => {
  it("groups headings by meaning, most pages first, and drops boilerplate and the keyword alone", () => {
    const pages = [
      page("https://a.example/1", ["1. How long do coffee beans last?", "Use an airtight container", "Conclusion", "Coffee beans"]),
      page("https://b.example/2", ["Airtight containers for coffee", "Should you freeze coffee beans?", "FAQ"]),
      page("https://c.example/3", ["Freezing coffee beans", "Keep beans away from light", "Airtight container options"]),
    ];
    const groups = groupHeadings(pages, "how to store coffee beans");
    expect(groups[0]).toMatch(/airtight container/i);
    expect(groups.some((g) => /freez/i.test(g))).toBe(true);
    expect(groups.some((g) => /conclusion|faq/i.test(g))).toBe(false);
    expect(groups).not.toContain("Coffee beans");
    // Three pages speak of airtight containers: one group, not three.
    expect(groups.filter((g) => /airtight/i.test(g))).toHaveLength(1);
  });
});

describe("relevance", () => {
  it("ranks the site's pages by the keyword's terms, the title first", () => {
    const ranked = byRelevance("how to store coffee beans", [
      { title: "About us", summary: "A family roastery", url: "https://r.example/about" },
      { title: "Airtight Coffee Canister", summary: "Keeps beans fresh", url: "https://r.example/canister" },
      { title: "Whole Bean Coffee", summary: "Roasted weekly and stored cool", url: "https://r.example/beans" },
    ]);
    expect(ranked.map((r) => r.item.title)).toEqual(["Whole Bean Coffee", "Airtight Coffee Canister", "About us"]);
    expect(ranked.at(-1)!.score).toBe(0);
  });
});

describe("snippetFacts", () => {
  it("keeps only whole sentences with a figure", () => {
    expect(
      snippetFacts("Whole beans stay fresh for 2 to 4 weeks after roasting. Store them well. Ground coffee lasts 1 week and then..."),
    ).toEqual(["Whole beans stay fresh for 2 to 4 weeks after roasting."]);
  });

  it("leaves out sentences about the page itself, whose figure is a date or a count of tips", () => {
    expect(
      snippetFacts(
        "Updated for 2026: buy whole beans in small amounts, should you freeze coffee beans and more. " +
          "Everything you need to know about cold brew ratio, from 1:4 to 1:8. 7 tips to keep beans fresh for 30 days. " +
          "Concentrate made at 1:4 keeps up to 2 weeks in the fridge.",
      ),
    ).toEqual(["Concentrate made at 1:4 keeps up to 2 weeks in the fridge."]);
  });
});

describe("buildGrounding", () => {
  const serp: Serp = {
    keyword: "how to store coffee beans",
    results: [
      {
        position: 1,
        url: "https://a.example/1",
        domain: "a.example",
        title: "Storing beans",
        snippet: "Beans keep for 2 to 4 weeks after roasting.",
      },
      {
        position: 2,
        url: "https://b.example/2",
        domain: "b.example",
        title: "Freezing",
        snippet: "Frozen beans last up to 3 months in the freezer.",
      },
    ],
    peopleAlsoAsk: ["Should you freeze coffee beans?", "How long do coffee beans last?"],
    relatedSearches: ["coffee canister"],
  };
  const sitePages = [
    sitePage({
      url: "https://roaster.example/beans",
      kind: "product",
      title: "Whole Bean Coffee",
      summary: "Fresh roasted coffee beans",
      facts: ["Every bag is roasted within 48 hours of shipping."],
      faq: [
        { question: "How should I store my coffee beans?", answer: "In the valve bag, away from light." },
        { question: "Do you ship abroad?", answer: "Yes." },
      ],
    }),
    sitePage({ url: "https://roaster.example/jobs", title: "Jobs", summary: "Work with us", facts: ["We employ 12 people."] }),
  ];

  it("carries PAA then fitting FAQ questions, own facts with their page, and web facts only from verified results", () => {
    const grounding = buildGrounding({
      keyword: "how to store coffee beans",
      serp,
      pages: [],
      keywordData: null,
      sitePages,
      verified: new Set(["https://a.example/1"]),
      gaps: ["a gap"],
    });
    expect(grounding.questions).toEqual([
      "Should you freeze coffee beans?",
      "How long do coffee beans last?",
      "How should I store my coffee beans?",
    ]);
    expect(grounding.facts).toEqual([
      {
        text: "Every bag is roasted within 48 hours of shipping.",
        source: { url: "https://roaster.example/beans", title: "Whole Bean Coffee", kind: "own" },
      },
      { text: "Beans keep for 2 to 4 weeks after roasting.", source: { url: "https://a.example/1", title: "Storing beans", kind: "web" } },
    ]);
    // The jobs page says nothing about the keyword: neither it nor its facts are handed to the writer.
    expect(grounding.sitePages.map((p) => p.title)).toEqual(["Whole Bean Coffee"]);
    expect(grounding.relatedSearches).toEqual(["coffee canister"]);
    expect(grounding.gaps).toEqual(["a gap"]);
  });

  it("names what searchers ask that no covered heading answers", () => {
    const missed = missedByResults(
      {
        coveredByResults: ["Freezing coffee beans"],
        questions: ["Should you freeze coffee beans?", "How long do coffee beans last?"],
        relatedSearches: [],
      },
      "how to store coffee beans",
    );
    expect(missed).toEqual(["How long do coffee beans last?"]);
  });
});
