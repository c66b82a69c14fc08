import type { KeywordData, ResearchProvider, ResultPage, Serp } from "#app/modules/research/types";
import { FIXTURE_LOCATIONS } from "#tests/fixtures/research/locations";

/**
 * An in-memory research provider for tests of the research step: search results, result pages and keyword
 * figures set by the test, every call counted, and failures armed per method.
 */
export function memoryResearch(data: { serps: Serp[]; pages?: ResultPage[]; figures?: KeywordData[] }) {
  const calls = { serp: 0, keywordData: 0, keywordIdeas: 0, pages: 0 };
  const failing = new Set<"serp" | "keywordData">();
  const provider: ResearchProvider = {
    name: "Memory research",
    async serp(keyword) {
      calls.serp++;
      if (failing.has("serp")) throw new Error("serp down");
      const found = data.serps.find((s) => s.keyword === keyword);
      return found ?? { keyword, results: [], peopleAlsoAsk: [], relatedSearches: [] };
    },
    async keywordData(keywords) {
      calls.keywordData++;
      if (failing.has("keywordData")) throw new Error("keyword data down");
      return new Map((data.figures ?? []).filter((f) => keywords.includes(f.keyword)).map((f) => [f.keyword, f]));
    },
    async keywordIdeas() {
      calls.keywordIdeas++;
      return [];
    },
    async locations() {
      return FIXTURE_LOCATIONS;
    },
  };
  const resultPages = async (_db: unknown, _siteId: string, serp: Serp) => {
    calls.pages++;
    return serp.results.map((r) => data.pages?.find((p) => p.url === r.url) ?? { url: r.url, title: r.title, headings: null });
  };
  return { provider, resultPages, calls, failing };
}

/** Research for 'how to store coffee beans' on a coffee roaster's site, in the providers' shapes. */
export const COFFEE_STORAGE = {
  keyword: "how to store coffee beans",
  serp: {
    keyword: "how to store coffee beans",
    results: [
      {
        position: 1,
        url: "https://www.ncausa.org/storing-coffee",
        domain: "ncausa.org",
        title: "How to Store Coffee | NCA",
        snippet: "Keep beans in an opaque, airtight container at room temperature. Whole beans stay fresh for 2 to 4 weeks after roasting.",
      },
      {
        position: 2,
        url: "https://coffee-guide.example/freeze-coffee-beans",
        domain: "coffee-guide.example",
        title: "Should You Freeze Coffee Beans?",
        snippet: "Sealed in small portions, frozen beans keep for up to 3 months in the freezer.",
      },
      {
        position: 3,
        url: "https://dead-link.example/store",
        domain: "dead-link.example",
        title: "Coffee storage tips",
        snippet: "Store coffee for 10 years in a vault.",
      },
    ],
    peopleAlsoAsk: ["Should you freeze coffee beans?", "How long do coffee beans last once opened?"],
    relatedSearches: ["best coffee storage container", "coffee canister"],
  },
  pages: [
    {
      url: "https://www.ncausa.org/storing-coffee",
      title: "How to Store Coffee",
      headings: [
        "Use an airtight container",
        "Keep coffee away from light, heat and moisture",
        "Should you refrigerate coffee?",
        "Conclusion",
      ],
    },
    {
      url: "https://coffee-guide.example/freeze-coffee-beans",
      title: "Freeze coffee beans",
      headings: ["Freezing coffee beans the right way", "Airtight containers for coffee", "Thawing frozen beans"],
    },
  ],
  figures: [{ keyword: "how to store coffee beans", volume: 880, difficulty: 23, cpc: 0.6, intent: "informational" as const }],
};
