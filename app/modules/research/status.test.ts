import { describe, expect, it } from "vitest";
import { researchStatus } from "./status";
import type { ResearchSnapshot } from "./types";

const snapshot = (overrides: Partial<ResearchSnapshot> = {}): ResearchSnapshot => ({
  keyword: "how to glaze pottery",
  provider: "DataForSEO",
  serp: {
    keyword: "how to glaze pottery",
    results: [1, 2, 3].map((position) => ({
      position,
      url: `https://r${position}.example/`,
      domain: `r${position}.example`,
      title: "T",
      snippet: "",
    })),
    peopleAlsoAsk: ["Can you glaze without a kiln?", "What is underglaze?"],
    relatedSearches: [],
  },
  pages: [
    { url: "https://r1.example/", title: "T", headings: ["Dipping", "Brushing"] },
    { url: "https://r2.example/", title: "T", headings: null },
  ],
  keywordData: null,
  sitePages: [],
  gatheredAt: "2026-11-20T10:00:00.000Z",
  facts: [],
  gaps: [],
  ...overrides,
});

describe("researchStatus: one record of what research ran and found", () => {
  it("names the provider and what it found, even with no fact and no fitting page", () => {
    const status = researchStatus(snapshot());
    expect(status.sentence).toBe(
      "Researched with DataForSEO: 3 top results, 1 page of them read, 2 questions searchers ask, 0 facts with a source, 0 of your pages that fit.",
    );
    expect(status.foundAnything).toBe(true);
  });

  it("says no provider is configured, and never claims search results, when none ran", () => {
    const status = researchStatus(snapshot({ provider: null, serp: null, pages: [] }));
    expect(status.sentence).toBe(
      "No research provider is configured, so only your site's pages were read: 0 facts with a source, 0 of your pages that fit.",
    );
    expect(status.foundAnything).toBe(false);
  });

  it("says when the provider gave no search results", () => {
    const status = researchStatus(
      snapshot({ serp: null, pages: [], sitePages: [{ url: "https://s.example/a", title: "A", kind: "page" }] }),
    );
    expect(status.sentence).toMatch(
      /^Researched with DataForSEO, which gave no search results: 0 facts with a source, 1 of your pages that fits\.$/,
    );
    expect(status.foundAnything).toBe(true);
  });
});
