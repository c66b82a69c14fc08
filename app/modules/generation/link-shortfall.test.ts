import { describe, expect, it } from "vitest";
import { scoreArticle } from "#app/modules/articles/seo";
import { linkAmount } from "#app/modules/articles/score/checks/link-amount";
import type { LinkCandidate, LinkChoice } from "#app/modules/ai/types";
import { linkShortfall } from "./link-shortfall";
import type { GenerationState } from "./steps";

const page = (n: number): LinkCandidate => ({ url: `https://shop.example/p${n}`, title: `Page ${n}`, kind: "internal" });
const source = (n: number): LinkCandidate => ({ url: `https://source${n}.example/`, title: `Source ${n}`, kind: "external" });
const chose = (c: LinkCandidate): LinkChoice => ({ url: c.url, anchor: c.title, sectionIndex: 0, kind: c.kind });
const regular = { internal: "regular", external: "regular" } as const;

describe("why the writer linked less than the settings ask", () => {
  it("says the offline writer links to no outside page, and how many of the site's pages it knew", () => {
    const found = linkShortfall({ candidates: [page(1), source(1)], links: [chose(page(1))] }, "offline", regular);
    expect(found.internal).toMatch(/^it knew only 1 of your pages to link to\. It links only to your site's pages/);
    expect(found.external).toBe("the built-in offline writer cannot read or check outside pages, so it links to none.");
  });

  it("says the grounded offline writer links only its facts' sources, and how many the research had", () => {
    const fact = (n: number) => ({
      text: `Fact ${n}.`,
      source: { url: `https://source${n}.example/`, title: `Source ${n}`, kind: "web" as const },
    });
    const grounding = {
      coveredByResults: [],
      questions: [],
      relatedSearches: [],
      facts: [fact(1), fact(1)],
      sitePages: [],
      keywordData: null,
      gaps: [],
    };
    const brief = { grounding } as unknown as NonNullable<GenerationState["brief"]>;
    expect(linkShortfall({ candidates: [], links: [], brief }, "offline", regular).external).toBe(
      "the built-in offline writer links only to the sources of the research's facts, and this article's research had 1.",
    );
  });

  it("says a model writer had no sources, or found too few", () => {
    expect(linkShortfall({ candidates: [], links: [] }, "ai", regular).external).toMatch(/external search is off/);
    expect(linkShortfall({ candidates: [source(1), source(2)], links: [] }, "ai", regular).external).toBe(
      "it found 2 sources it could link to for this topic.",
    );
  });

  it("says nothing when the writer met the settings, or the settings ask for none", () => {
    const pages = [page(1), page(2), page(3)];
    const sources = [source(1), source(2), source(3)];
    expect(linkShortfall({ candidates: [...pages, ...sources], links: [...pages, ...sources].map(chose) }, "ai", regular)).toEqual({});
    expect(linkShortfall({ candidates: [], links: [] }, "offline", { internal: "none", external: "none" })).toEqual({});
  });
});

describe("the panel's link checks", () => {
  it("ask for nothing the settings do not ask for", () => {
    for (const id of ["internal-links", "external-links"] as const) {
      const check = linkAmount(id, 0, "none", "never shown");
      expect(check.passed).toBe(true);
      expect(check.detail).not.toMatch(/Add|never shown/);
    }
    const result = scoreArticle({
      title: "Cold brew",
      metaDescription: "",
      html: "<p>x</p>",
      keyword: "cold brew",
      lengthBand: "short",
      internalLinksWanted: "none",
      externalLinksWanted: "none",
    });
    expect(result.checks.filter((c) => c.id.endsWith("-links")).every((c) => c.passed)).toBe(true);
  });

  it("say why the writer added fewer than asked", () => {
    const check = linkAmount(
      "external-links",
      0,
      "regular",
      "the built-in offline writer cannot read or check outside pages, so it links to none.",
    );
    expect(check.detail).toBe(
      "0 external links; your content settings ask for 3-4 (regular). Add 3 more. Links to authoritative sources build trust. Why the writer added fewer: the built-in offline writer cannot read or check outside pages, so it links to none.",
    );
  });
});
