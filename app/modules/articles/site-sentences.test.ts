import { describe, expect, it } from "vitest";
import { duplicatesFinding } from "./score/checks/duplicates";
import { bodySentences, normaliseSentence, sentenceHash, siteDuplicates } from "./site-sentences";

describe("the site's sentence index", () => {
  it("hashes a sentence's words, whatever its case, punctuation and spacing", () => {
    const [a] = bodySentences("<p>The first gain is time: a clear routine removes dozens of decisions.</p>");
    const [b] = bodySentences("<p>the FIRST gain  is time — a clear routine removes dozens of decisions!</p>");
    expect(a!.hash).toBe(b!.hash);
    expect(normaliseSentence("It’s a clear, simple routine.")).toEqual(["it’s", "a", "clear", "simple", "routine"]);
    expect(sentenceHash("a b c")).not.toBe(sentenceHash("a b d"));
    expect(Number.isSafeInteger(sentenceHash("anything at all"))).toBe(true);
  });

  it("keeps sentences of 8 words or more, once each, from paragraphs, lists and headings", () => {
    const html =
      "<h2>A heading that runs to eight words in all</h2><p>Grind just before you brew. Keep the beans in a sealed jar away from light.</p>" +
      "<ul><li>Keep the beans in a sealed jar away from light.</li></ul>";
    expect(bodySentences(html).map((s) => s.text)).toEqual([
      "A heading that runs to eight words in all",
      "Keep the beans in a sealed jar away from light.",
    ]);
  });

  it("reports the shared sentences with the other article's title", () => {
    const html = "<p>Keep the beans in a sealed jar away from light. Freeze what you cannot use within a month of roasting.</p>";
    const [first] = bodySentences(html);
    expect(siteDuplicates(html, { [first!.hash]: "Storing beans" })).toEqual({
      shared: [{ sentence: "Keep the beans in a sealed jar away from light.", article: "Storing beans" }],
      sentences: 2,
    });
  });
});

describe("the duplicate-content check", () => {
  const shared = (n: number) => Array.from({ length: n }, (_, i) => ({ sentence: `Sentence ${i}.`, article: `Article ${i % 2}` }));

  it("allows a sentence or two shared with other articles, and fails more", () => {
    expect(duplicatesFinding({ shared: shared(2), sentences: 80 }).passed).toBe(true);
    expect(duplicatesFinding({ shared: shared(3), sentences: 80 }).passed).toBe(false);
    // A short article sharing two of its twenty sentences (10%) fails too.
    expect(duplicatesFinding({ shared: shared(2), sentences: 20 }).passed).toBe(false);
  });

  it("names the articles and shows up to three examples", () => {
    const check = duplicatesFinding({ shared: shared(5), sentences: 50 });
    expect(check.detail).toMatch(/^5 of 50 sentences \(10%\) appear word for word in 2 of your other articles\./);
    expect(check.examples).toEqual([
      "“Sentence 0.” (also in “Article 0”)",
      "“Sentence 1.” (also in “Article 1”)",
      "“Sentence 2.” (also in “Article 0”)",
    ]);
  });
});
