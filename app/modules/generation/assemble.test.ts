import { describe, expect, it } from "vitest";
import type { ArticleBrief, Outline } from "#app/modules/ai/types";
import { assemble } from "./assemble";
import type { GenerationState } from "./steps";

const outline = (labels?: Outline["labels"]): Outline => ({
  title: "Title",
  metaDescription: "Meta",
  slug: "title",
  sections: [{ heading: "One", intent: "", targetWords: 100, subheadings: [] }],
  faqQuestions: ["Why?"],
  table: null,
  imagePrompts: [],
  labels,
});

function state(language: string, labels?: Outline["labels"]): GenerationState {
  return {
    kind: "generate",
    keyword: "k",
    brief: { language } as ArticleBrief,
    outline: outline(labels),
    sections: ["Body."],
    introConclusion: { intro: "Intro.", conclusion: "The end." },
    faq: [{ question: "Why?", answer: "Because." }],
    links: [{ url: "https://example.com/a", anchor: "A post", sectionIndex: 0, kind: "internal" }],
  };
}

const JAPANESE = { faq: "よくある質問", conclusion: "まとめ", more: "あわせて読みたい：", source: "参考：", video: "動画：" };

describe("assemble's own headings and notices", () => {
  it("uses the model's words in a language the product has no words of its own for", () => {
    const html = assemble(state("ja-JP", JAPANESE));
    expect(html).toContain("<h2>よくある質問</h2>");
    expect(html).toContain("<h2>まとめ</h2>");
    expect(html).toContain("<p>あわせて読みたい： <a");
  });

  it("keeps its own checked words in the 7 languages it has them for", () => {
    expect(assemble(state("de-DE", JAPANESE))).toContain("<h2>Häufig gestellte Fragen</h2>");
  });

  it("falls back to English for a writer that gives none, and escapes what a model gives", () => {
    expect(assemble(state("ja-JP"))).toContain("<h2>Frequently Asked Questions</h2>");
    expect(assemble(state("ko-KR", { ...JAPANESE, faq: "<script>x</script>" }))).toContain("<h2>&lt;script&gt;x&lt;/script&gt;</h2>");
  });
});
