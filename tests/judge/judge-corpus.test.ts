import { describe, expect, it } from "vitest";
import { scoreArticle } from "#app/modules/articles/seo";
import { judgeInput, loadJudgeCorpus, siteOf } from "#tests/fixtures/judge";

/**
 * The judge against its labelled corpus (tests/fixtures/judge, docs/decisions/074-the-judge.md): "Good" for every
 * article an editor would publish and for none they would hold, but for the disagreements listed with why. The
 * list may only shrink: a listed article the judge now gets right fails the test until it is taken off.
 */
const DISAGREEMENTS: Record<string, string> = {
  "en/saas-off-topic-1.md":
    "drift that keeps naming the topic and gives 3 instructions among the history: without research results, nothing lexical tells it apart",
  "fr/pottery-off-topic-1.md":
    "drift that keeps naming the topic, on a keyword that is not a how-to: without research results, nothing lexical tells it apart",
  "en/pottery-good-2.md":
    "a good firing article whose sentences name cones and temperatures more often than the keyword's words (specificity 52%)",
};

const { articles, sites } = loadJudgeCorpus();
const judged = articles.map((article) => ({ article, result: scoreArticle(judgeInput(article, siteOf(article, sites))) }));

describe("the judge on its labelled corpus", () => {
  it("holds at least 60 articles in English, German, Spanish, French and Japanese, in every failure mode", () => {
    expect(articles.length).toBeGreaterThanOrEqual(60);
    expect(new Set(articles.map((a) => a.language.split("-")[0]))).toEqual(new Set(["en", "de", "es", "fr", "ja"]));
    const modes = new Set(articles.map((a) => a.mode));
    for (const mode of [
      "good",
      "filler",
      "invented-figures",
      "stuffing",
      "off-topic",
      "near-copy",
      "wrong-language",
      "truncated",
      "hallucinated-product",
      "stub",
    ]) {
      expect(modes, mode).toContain(mode);
    }
  });

  it("calls an article 'Good' exactly when an editor would publish it, but for the listed disagreements", () => {
    const wrong = judged
      .filter(({ article, result }) => (result.verdict.id === "good") !== (article.label === "publish"))
      .map(
        ({ article, result }) =>
          `${article.id} (${article.label}, ${result.score}: ${result.checks.filter((c) => !c.passed && c.weight > 0).map((c) => c.id)})`,
      );
    expect(wrong.filter((w) => !(w.split(" ")[0]! in DISAGREEMENTS))).toEqual([]);
    expect(Object.keys(DISAGREEMENTS).filter((id) => !wrong.some((w) => w.startsWith(`${id} `)))).toEqual([]);
  });

  it("holds every filler, invented-figures, wrong-language, truncated, copied and made-up article below 'Good'", () => {
    const caught = ["filler", "invented-figures", "wrong-language", "truncated", "near-copy", "hallucinated-product", "stuffing", "stub"];
    for (const { article, result } of judged.filter(({ article }) => caught.includes(article.mode))) {
      expect(result.verdict.id, `${article.id}: ${result.score}`).not.toBe("good");
    }
  });

  it("quotes the emptiest sentences of filler in its own language", () => {
    for (const { article, result } of judged.filter(({ article }) => article.mode === "filler")) {
      const substance = result.checks.find((c) => c.id === "substance")!;
      expect(substance.passed, article.id).toBe(false);
      expect(substance.examples?.length, article.id).toBeGreaterThan(0);
    }
  });

  it("never jumps with a few more words: a draft's score grows with its length", () => {
    const { article } = judged.find(({ article }) => article.id === "en/coffee-good-1.md")!;
    const blocks = article.html.match(/<(h[1-6]|p|ul|ol|table)\b[\s\S]*?<\/\1>/g)!;
    let previous: { words: number; score: number } | null = null;
    for (let i = 1; i <= blocks.length; i++) {
      const result = scoreArticle({ ...judgeInput(article, siteOf(article, sites)), html: blocks.slice(0, i).join("") });
      if (previous && result.stats.words - previous.words <= 80) {
        // The draft cap rises about 9 points over 33 words; the 104-word jump this replaced was 43 points.
        expect(result.score - previous.score, `${previous.words} → ${result.stats.words} words`).toBeLessThanOrEqual(15);
      }
      previous = { words: result.stats.words, score: result.score };
    }
    expect(previous!.score).toBeGreaterThanOrEqual(80);
  });
});
