import { analyseArticleNow } from "#app/modules/articles/analysis";
import { articleBlocks, repeatedSentences } from "#app/modules/articles/content-checks";
import { markdownToHtml } from "#app/modules/articles/markdown";
import { sanitizeArticleHtml } from "#app/modules/articles/sanitize.server";
import { scoreArticle } from "#app/modules/articles/seo";
import { bodySentences } from "#app/modules/articles/site-sentences";
import { specificity } from "#app/modules/articles/specificity";
import { countHtmlWords, htmlToText } from "#app/utils/text";
import { unsourcedFacts } from "#app/modules/articles/unsourced";
import { diffArticleHtml } from "#app/modules/generation/edit-diff";
import { analyzeReadability } from "#app/modules/articles/readability";

/**
 * Every text algorithm a request can reach, timed on one article of `words` words in this thread (where a
 * request handler would run it unless it is sent to the CPU workers). Used by bench:hostile; what takes over
 * 50 ms here must not run on the server's main thread (docs/decisions/061-bounded-text-work.md).
 */

const VOCABULARY =
  "coffee grinder burrs beans roast water temperature minutes grams ratio brush clean dry oils fines retention espresso filter kettle scale cup taste bitter sweet acid body crema".split(
    " ",
  );

/** A long article of varied sentences (a seeded walk through the vocabulary), headings every ten paragraphs. */
function longArticle(words: number, seed = 1) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const parts: string[] = [];
  let written = 0;
  for (let p = 0; written < words; p++) {
    if (p % 10 === 0) parts.push(`<h2>Part ${p / 10 + 1}: ${VOCABULARY[Math.floor(next() * VOCABULARY.length)]}</h2>`);
    const sentence = () => {
      const length = 8 + Math.floor(next() * 14);
      written += length;
      const body = Array.from({ length }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]).join(" ");
      return `${body.charAt(0).toUpperCase()}${body.slice(1)} ${Math.floor(next() * 100)} times.`;
    };
    parts.push(`<p>${Array.from({ length: 4 }, sentence).join(" ")}</p>`);
  }
  return parts.join("");
}

export type AlgorithmTiming = { name: string; ms: number; where: "main thread" | "CPU worker"; note: string };

export function timeTextAlgorithms(words = 80_000): AlgorithmTiming[] {
  const html = longArticle(words);
  const other = longArticle(words, 7);
  const text = htmlToText(html);
  const markdown = text.replace(/\n/g, "\n\n");
  const seo = {
    title: "How to clean a burr grinder",
    metaDescription: "Clean a burr grinder: brush, dry, no rice.",
    keyword: "clean a burr grinder",
    lengthBand: "long" as const,
    internalLinksWanted: "regular" as const,
    externalLinksWanted: "regular" as const,
  };
  const runs: Array<[string, AlgorithmTiming["where"], () => unknown]> = [
    ["sanitize article HTML", "CPU worker", () => sanitizeArticleHtml(html)],
    ["HTML to text", "main thread", () => htmlToText(html)],
    // Counted once when an article is saved (analysis on the CPU worker); views read the stored word_count.
    ["count words", "CPU worker", () => countHtmlWords(html)],
    ["Markdown to HTML", "main thread", () => markdownToHtml(markdown)],
    ["SEO score (scoreArticle)", "CPU worker", () => scoreArticle({ ...seo, html })],
    ["analyse article (sanitize, count, score)", "CPU worker", () => analyseArticleNow({ html, sanitize: true, seo })],
    ["repeated sentences", "CPU worker", () => repeatedSentences(articleBlocks(html), seo.keyword)],
    ["specificity", "CPU worker", () => specificity(articleBlocks(html), seo.keyword, seo.title)],
    ["unsourced figures", "CPU worker", () => unsourcedFacts(html)],
    ["site duplicate sentences (hashing)", "main thread", () => bodySentences(html)],
    // The free tool takes at most 50,000 characters (app/modules/tools/catalog.ts), so that is what a request can send.
    ["readability tool (its 50,000-character limit)", "main thread", () => analyzeReadability(text.slice(0, 50_000))],
    ["word diff, one word changed", "CPU worker", () => diffArticleHtml(html, html.replace("coffee", "tea"))],
    ["word diff, every word changed", "CPU worker", () => diffArticleHtml(html, other)],
  ];
  return runs.map(([name, where, run]) => {
    const started = performance.now();
    let note = "";
    try {
      const result = run() as { summary?: unknown } | undefined;
      if (result && typeof result === "object" && "summary" in result && result.summary) note = "past the budget: block summary";
    } catch (error) {
      note = `refused: ${error instanceof Error ? error.name : "error"}`;
    }
    return { name, where, ms: Math.round(performance.now() - started), note };
  });
}
