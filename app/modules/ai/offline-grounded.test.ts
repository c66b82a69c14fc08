import { describe, expect, it } from "vitest";
import { articleBlocks } from "#app/modules/articles/content-checks";
import { scoreArticle } from "#app/modules/articles/seo";
import { bodySentences } from "#app/modules/articles/site-sentences";
import { specificity } from "#app/modules/articles/specificity";
import { htmlToText } from "#app/utils/text";
import { DEMO_SCAN } from "#app/modules/demo/brand";
import { DEMO_SITE_PAGES } from "#app/modules/demo/site-pages";
import { assemble } from "#app/modules/generation/assemble";
import { rewriteRepeats } from "#app/modules/generation/site-reuse.server";
import type { GenerationState } from "#app/modules/generation/steps";
import { NORTHWIND_GROUNDING } from "#tests/fakes/northwind-grounding";
import { planArticle } from "./offline-plan";
import { offlineGaps, offlineWriter } from "./offline-writer.server";
import type { ArticleBrief, LinkCandidate } from "./types";

/**
 * The offline writer builds from the research: three articles for three coffee keywords of the demo shop share
 * no sentence of 8+ words, name their topic in nearly every sentence, cite each fact's source, meet the content
 * settings' internal links, and say what they could not do without a model.
 */

const KEYWORDS = Object.keys(NORTHWIND_GROUNDING);
const SHOP = "https://northwind-coffee.example";

function brief(keyword: string, overrides: Partial<ArticleBrief> = {}): ArticleBrief {
  return {
    keyword,
    keywords: [],
    language: "en-US",
    minWords: 1200,
    maxWords: 1600,
    sectionCount: 5,
    tone: DEMO_SCAN.toneOfVoice,
    brand: {
      name: DEMO_SCAN.brandName,
      description: DEMO_SCAN.description,
      audience: DEMO_SCAN.targetAudience,
      industry: DEMO_SCAN.industry,
      tone: DEMO_SCAN.toneOfVoice,
      tags: DEMO_SCAN.tags,
    },
    brandMentions: 3,
    internalLinks: 3,
    externalLinks: 2,
    instructions: "",
    exclusions: "",
    imageStyle: "",
    avoidTitles: [],
    grounding: NORTHWIND_GROUNDING[keyword],
    ...overrides,
  };
}

/** The pipeline's link candidates for the demo: its scanned pages (live posts come on top in the app). */
const candidates: LinkCandidate[] = DEMO_SCAN.internalLinks.map((url) => ({
  url,
  title: new URL(url).pathname.split("/").filter(Boolean).at(-1)?.replace(/-/g, " ") ?? "Northwind Coffee",
  kind: "internal",
}));

/** What the pipeline does with the offline writer: every part, then the site-reuse guard against the site's sentences. */
async function generate(b: ArticleBrief, site: Set<number>) {
  const outline = await offlineWriter.outline(b);
  const state = {
    kind: "generate",
    keyword: b.keyword,
    brief: b,
    outline,
    sections: await Promise.all(outline.sections.map((_, i) => offlineWriter.section(b, outline, i))),
    introConclusion: await offlineWriter.introConclusion(b, outline),
    faq: await offlineWriter.faq(b, outline),
    table: await offlineWriter.table(b, outline),
    links: await offlineWriter.selectLinks(b, outline, candidates),
    images: [],
    video: null,
  } as GenerationState;
  const found = await rewriteRepeats(
    state,
    offlineWriter,
    async (html) =>
      bodySentences(html)
        .map((s) => s.hash)
        .filter((h) => site.has(h)),
    assemble,
  );
  const html = assemble(state);
  for (const s of bodySentences(html)) site.add(s.hash);
  return { state, html, found };
}

async function generateAll() {
  const site = new Set<number>();
  const out = [];
  for (const keyword of KEYWORDS) out.push({ keyword, ...(await generate(brief(keyword), site)) });
  return out;
}

describe("the offline writer, grounded", () => {
  it("writes three articles that share no sentence of 8+ words and stay on their topic", async () => {
    const articles = await generateAll();
    const figures = articles.map(({ keyword, html, state }) => {
      const spec = specificity(articleBlocks(html), keyword, state.outline!.title);
      const score = scoreArticle({
        title: state.outline!.title,
        metaDescription: state.outline!.metaDescription,
        html,
        keyword,
        lengthBand: "medium",
        internalLinksWanted: "regular",
        externalLinksWanted: "few",
        siteOrigin: SHOP,
      });
      return {
        keyword,
        failed: score.checks.filter((c) => !c.passed).map((c) => `${c.id}: ${c.detail}`),
        offTopic: spec.share,
        sentences: spec.sentences,
        examples: spec.examples,
        score: score.score,
        html,
      };
    });
    console.info(figures.map(({ html: _, ...f }) => f));
    for (const f of figures) console.info(htmlToText(f.html));
    for (let i = 0; i < articles.length; i++)
      for (let j = i + 1; j < articles.length; j++) {
        const a = new Set(bodySentences(articles[i]!.html).map((s) => s.hash));
        const shared = bodySentences(articles[j]!.html).filter((s) => a.has(s.hash));
        expect(shared.map((s) => s.text)).toEqual([]);
      }
    for (const f of figures) {
      expect(f.sentences).toBeGreaterThanOrEqual(8);
      expect(f.offTopic, f.examples.join(" | ")).toBeLessThanOrEqual(0.25);
    }
  });

  it("says what the research holds: every fact with its source, nothing generic", async () => {
    const [storing] = await generateAll();
    const text = htmlToText(storing!.html);
    expect(text).toMatch(/airtight/i);
    expect(text).toMatch(/heat, light and moisture|Oxygen, heat, light and moisture/);
    expect(text).toMatch(/fridge/);
    expect(storing!.html).toContain('href="https://coffee-science.example/storage"');
    expect(storing!.html).toContain(`href="${SHOP}/shop/brewing-gear/bean-canister"`);
    expect(text).not.toMatch(/The first gain is time|a clear routine removes dozens/);
    // The FAQ answers only from the site's FAQ or a fact.
    expect(storing!.state.faq!.map((f) => f.question)).toContain("Should I freeze coffee beans?");
    expect(storing!.state.faq!.find((f) => f.question === "Should I freeze coffee beans?")!.answer).toMatch(/single-week portions/);
  });

  it("meets the content settings' internal links, counting the pages its facts link", async () => {
    for (const { html } of await generateAll()) {
      const internal = [...html.matchAll(/<a href="(https:\/\/northwind-coffee\.example[^"]*)"/g)].map((m) => m[1]);
      expect(internal.length).toBe(3);
      expect(new Set(internal).size).toBe(3);
      const external = [...html.matchAll(/<a href="(https:\/\/(?!northwind)[^"]+)"/g)].map((m) => m[1]);
      expect(new Set(external).size).toBe(external.length);
      expect(external.length).toBeLessThanOrEqual(2);
    }
  });

  it("rephrases or drops a sentence the site already holds", async () => {
    const site = new Set<number>();
    const first = await generate(brief("how to store coffee beans"), site);
    expect(first.found).toBe(0);
    const again = await generate(brief("how to store coffee beans"), site);
    expect(again.found).toBeGreaterThan(0);
    const before = new Set(bodySentences(first.html).map((s) => s.hash));
    expect(bodySentences(again.html).filter((s) => before.has(s.hash))).toEqual([]);
    // A third time, the rephrased sentences are copies too: they are left out, and a section left empty goes.
    const third = await generate(brief("how to store coffee beans"), site);
    const seen = new Set([...before, ...bodySentences(again.html).map((s) => s.hash)]);
    expect(bodySentences(third.html).filter((s) => seen.has(s.hash))).toEqual([]);
    expect(third.html).not.toMatch(/<\/h2>\s*<h2>/);
    expect(third.state.outline!.sections.length).toBe(third.state.sections!.length);
    expect(third.state.outline!.sections.length).toBeLessThan(first.state.outline!.sections.length);
    // The second one still says what the research holds, said again for its topic or from its source.
    expect(bodySentences(again.html).length).toBeGreaterThanOrEqual(8);
  });

  it("names what it could not do without a model, and writes less rather than pad", async () => {
    const gaps = offlineGaps(brief("how to store coffee beans"));
    expect(gaps.join(" ")).toMatch(/shorter rather than padded/);
    expect(gaps.join(" ")).toMatch(
      /cannot follow the top results' coverage in prose, answer questions your pages do not answer, or write original examples/,
    );
    const none = brief("how to store coffee beans", { grounding: undefined });
    const html = (await generate(none, new Set())).html;
    expect(htmlToText(html)).not.toMatch(/The first gain is time/);
    expect(offlineGaps(none).join(" ")).toMatch(/No research was available/);
  });

  it("never says no research was available when the research found the top results' headings and questions", () => {
    const base = NORTHWIND_GROUNDING["how to store coffee beans"]!;
    // A provider ran: its headings and questions came back, but no fact had a source and no page of the site fits.
    const headingsOnly = brief("how to store coffee beans", { grounding: { ...base, facts: [], sitePages: [] } });
    expect(headingsOnly.grounding!.coveredByResults.length).toBeGreaterThan(0);
    expect(offlineGaps(headingsOnly).join(" ")).not.toMatch(/No research was available/);
  });
});

describe("the FAQ answers a question only with what answers it", () => {
  const kit = DEMO_SITE_PAGES.find((p) => p.title === "Cold Brew Kit")!;
  const faqPage = DEMO_SITE_PAGES.find((p) => p.title === "Brewing FAQ")!;
  const faqBrief = (questions: string[]): ArticleBrief => ({
    keyword: "cold brew ratio",
    keywords: [],
    language: "en",
    minWords: 800,
    maxWords: 1200,
    sectionCount: 5,
    tone: "",
    brand: { name: "Northwind Coffee", description: "A roastery.", audience: "", industry: "Food & Beverage", tone: "", tags: [] },
    brandMentions: 1,
    internalLinks: 3,
    externalLinks: 0,
    instructions: "",
    exclusions: "",
    imageStyle: "",
    avoidTitles: [],
    grounding: {
      coveredByResults: [],
      questions,
      relatedSearches: [],
      facts: kit.facts.map((text) => ({ text, source: { url: kit.url, title: kit.title, kind: "own" as const } })),
      sitePages: [kit, faqPage].map((p) => ({ url: p.url, title: p.title, kind: p.kind, summary: p.summary, faq: p.faq })),
      keywordData: null,
      gaps: [],
    },
  });
  const answers = (questions: string[]) =>
    planArticle(faqBrief(questions)).faq.map((f) => [
      f.question,
      f.item.kind === "fact" ? f.item.fact.text : f.item.kind === "faq" ? f.item.answer : "",
    ]);

  it("a question of the keyword's words alone needs all of them: keeping times do not answer 'the best ratio'", () => {
    expect(answers(["What is the best ratio for cold brew?"])).toEqual([]);
  });

  it("a fact needs two of the question's words: a jar's size in litres does not say how much coffee goes in a litre", () => {
    expect(answers(["How much coffee for 1 litre of cold brew?"])).toEqual([
      ["How much coffee for 1 litre of cold brew?", "Steep 100 g of coarse coffee in 1 litre of cold water for 12 to 18 hours."],
    ]);
  });
});
