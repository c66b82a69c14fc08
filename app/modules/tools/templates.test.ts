import { describe, expect, test } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { freeTools } from "#app/modules/site-content/navigation";
import { agreement, isPlural, titleCase } from "#app/utils/wording";
import { TOOL_INPUTS, TOOLS, TOOL_SLUGS, toolPath } from "./catalog";
import {
  BLOG_TITLE_STYLES,
  CONTENT_TYPES,
  META_DESCRIPTION_LIMIT,
  OUTLINE_TYPES,
  PLATFORMS,
  PLATFORM_LIMITS,
  TONES,
  blogTitles,
  contentIdeas,
  headlines,
  metaDescriptions,
  seoTitles,
  socialCaptions,
} from "./templates";
import { contentOutline, outlineText } from "./outline-templates";

const TOPICS = ["email marketing", "vegan recipes", "SEO", "dog training for puppies", "WordPress security"];

/** Things a careless template would produce. */
function expectClean(text: string) {
  expect(text).not.toMatch(/undefined|null|NaN|\{|\}/);
  expect(text).not.toMatch(/ {2}| [.,!?:;]|\.\./);
  expect(text.trim()).toBe(text);
  expect(text[0]).toMatch(/[A-Z0-9#"“]/);
}

function expectDistinct(items: string[]) {
  expect(new Set(items.map((i) => i.toLowerCase())).size).toBe(items.length);
}

describe.each(TOPICS)("templates for %s", (topic) => {
  const mentions = (text: string) => text.toLowerCase().includes(topic.toLowerCase());

  test("8 distinct headlines with the topic", () => {
    const out = headlines(topic);
    expect(out).toHaveLength(8);
    expectDistinct(out);
    out.forEach(expectClean);
    expect(out.every(mentions)).toBe(true);
  });

  test("5 meta descriptions within 160 characters", () => {
    for (const summary of [
      "",
      "Easy weeknight ideas, shopping lists and a printable planner for busy families who want to eat better without spending hours in the kitchen every evening",
    ]) {
      const out = metaDescriptions(topic, summary);
      expect(out).toHaveLength(5);
      expectDistinct(out);
      out.forEach(expectClean);
      expect(out.every(mentions)).toBe(true);
      expect(out.every((d) => d.length <= META_DESCRIPTION_LIMIT)).toBe(true);
    }
  });

  test.each(CONTENT_TYPES)("8 content ideas of type %s", (type) => {
    const out = contentIdeas(topic, type);
    expect(out).toHaveLength(8);
    expectDistinct(out.map((i) => i.title));
    out.forEach((i) => {
      expectClean(i.title);
      expectClean(i.description);
    });
    expect(out.every((i) => mentions(i.title))).toBe(true);
  });

  test.each(BLOG_TITLE_STYLES)("5 blog titles in the %s style", (style) => {
    const out = blogTitles(topic, style);
    expect(out).toHaveLength(5);
    expectDistinct(out);
    out.forEach(expectClean);
    expect(out.every(mentions)).toBe(true);
    if (style === "listicle") expect(out.every((t) => /^\d+ /.test(t))).toBe(true);
    if (style === "how-to") expect(out.every((t) => t.startsWith("How to "))).toBe(true);
    if (style === "question") expect(out.every((t) => t.endsWith("?"))).toBe(true);
    if (style === "ultimate") expect(out.every((t) => t.includes("Ultimate"))).toBe(true);
  });

  test("5 SEO titles, scored and sorted, with the brand suffix", () => {
    const out = seoTitles(topic, "Acme");
    expect(out).toHaveLength(5);
    expectDistinct(out.map((t) => t.title));
    expect(out.every((t) => t.title.endsWith(" | Acme") && mentions(t.title))).toBe(true);
    expect(out.map((t) => t.score)).toEqual([...out.map((t) => t.score)].sort((a, b) => b - a));
    expect(out.every((t) => t.length === t.title.length)).toBe(true);
  });

  test.each(PLATFORMS.flatMap((p) => TONES.map((t) => [p, t] as const)))(
    "3 captions for %s in a %s tone within the limit",
    (platform, tone) => {
      const out = socialCaptions(topic, platform, tone);
      expect(out).toHaveLength(3);
      expectDistinct(out);
      out.forEach(expectClean);
      expect(out.every((c) => c.length <= PLATFORM_LIMITS[platform])).toBe(true);
      expect(out.every((c) => mentions(c))).toBe(true);
    },
  );

  test.each(OUTLINE_TYPES)("a 5-section %s outline with points", (type) => {
    const out = contentOutline(topic, type);
    expect(out).toHaveLength(5);
    expectDistinct(out.map((s) => s.heading));
    expect(out.every((s) => s.points.length >= 3)).toBe(true);
    out.forEach((s) => [s.heading, ...s.points].forEach(expectClean));
    expect(outlineText(out)).toContain(`1. ${out[0]!.heading}\n   - ${out[0]!.points[0]}`);
  });
});

test("output is stable for an input and varies across topics", () => {
  expect(headlines("email marketing")).toEqual(headlines("email marketing"));
  expect(headlines("  Email   marketing. ")).toEqual(headlines("Email marketing"));
  const shape = (topic: string) => headlines(topic).map((h) => h.replace(titleCase(topic), "X"));
  const shapes = new Set(
    ["email marketing", "vegan recipes", "dog training", "home gardening", "personal finance"].map((t) => shape(t).join("|")),
  );
  expect(shapes.size).toBeGreaterThan(1);
});

test("plural topics agree with their verbs", () => {
  expect(isPlural("vegan recipes")).toBe(true);
  expect(isPlural("email marketing")).toBe(false);
  expect(isPlural("data analytics")).toBe(false);
  expect(isPlural("fitness")).toBe(false);
  expect(isPlural("data analysis")).toBe(false);
  expect(agreement("vegan recipes").is).toBe("are");
  const all = [...headlines("vegan recipes"), ...BLOG_TITLE_STYLES.flatMap((s) => blogTitles("vegan recipes", s))].join("\n");
  expect(all).not.toMatch(/Is Vegan Recipes|Vegan Recipes Matters|Does It Matter/);
});

test("title case keeps acronyms and brand capitals", () => {
  expect(titleCase("seo tips for the iPhone and WordPress")).toBe("Seo Tips for the iPhone and WordPress");
  expect(titleCase("SEO tips")).toBe("SEO Tips");
});

test("twitter captions stay within 280 characters for the longest topic", () => {
  const topic = "a very long topic about sustainable urban gardening on small apartment balconies for complete beginners";
  for (const tone of TONES) expect(socialCaptions(topic, "twitter", tone).every((c) => c.length <= 280)).toBe(true);
});

describe("catalog", () => {
  test("lists the nine tools in the navigation's order and every description fits 160 characters", () => {
    expect(freeTools.map((l) => l.href)).toEqual(TOOL_SLUGS.map(toolPath));
    for (const tool of Object.values(TOOLS)) expect(tool.description.length).toBeLessThanOrEqual(160);
  });

  test("validates inputs on the server, one message per field", () => {
    const parse = <S extends keyof typeof TOOL_INPUTS>(slug: S, fields: Record<string, string>) =>
      parseWithZod(new URLSearchParams(fields), { schema: TOOL_INPUTS[slug] });
    expect(parse("headline-generator", { topic: "   " })).toMatchObject({ status: "error", error: { topic: ["Please enter a topic"] } });
    expect(parse("headline-generator", {})).toMatchObject({ status: "error", error: { topic: ["Please enter a topic"] } });
    expect(parse("content-idea-generator", { niche: "coffee", type: "podcast" })).toMatchObject({
      status: "error",
      error: { type: ["Please choose a content type"] },
    });
    expect(parse("readability-checker", { text: " \n " })).toMatchObject({
      status: "error",
      error: { text: ["Please paste some text to check"] },
    });
    expect(parse("seo-title-generator", { keyword: " crm software ", brand: "" })).toMatchObject({
      status: "success",
      value: { keyword: "crm software", brand: "" },
    });
  });
});

describe("keyword shapes", () => {
  const all = (topic: string) => [
    ...headlines(topic),
    ...BLOG_TITLE_STYLES.flatMap((style) => blogTitles(topic, style)),
    ...CONTENT_TYPES.flatMap((type) => contentIdeas(topic, type).map((i) => i.title)),
    ...seoTitles(topic).map((t) => t.title),
    ...OUTLINE_TYPES.flatMap((type) => contentOutline(topic, type).flatMap((s) => [s.heading, ...s.points])),
    ...metaDescriptions(topic),
  ];

  test.each([
    ["pottery for beginners", /beginner.*for beginners|for beginners.*beginner/i],
    ["how to glaze pottery", /(with|to|of|for|in|about|is|are|master) how to glaze/i],
    ["how do I glaze pottery", /\S how do i glaze pottery/i],
  ])("%s: never the keyword where it cannot sit", (topic, wrong) => {
    const out = all(topic);
    for (const text of out) expect(text).not.toMatch(wrong);
    out.forEach(expectClean);
  });

  test("a topic table: keyword → expected titles", () => {
    expect(headlines("pottery for beginners")).toContain("The Beginner's Guide to Pottery");
    expect(blogTitles("how to glaze pottery", "how-to")).toContain("How to Get Started with Glazing Pottery");
    expect(contentOutline("how do I glaze pottery", "blog-post")[2]!.heading).toMatch(/Glazing Pottery$/);
    // SEO titles keep a how-to or question as typed: it is what people search for.
    expect(seoTitles("how to glaze pottery").every((t) => t.title.startsWith("How to Glaze Pottery"))).toBe(true);
    expect(seoTitles("how do I glaze pottery").every((t) => t.title.startsWith("How Do I Glaze Pottery? "))).toBe(true);
  });
});
