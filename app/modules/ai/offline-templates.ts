import type { KeywordShapeKind } from "#app/modules/articles/keyword-shape";

/**
 * The offline writer's few fixed words (offline-article.ts builds the article from the research). Every sentence
 * frame here takes the article's topic, a product or page name or a figure, so no frame yields the same sentence in
 * two articles of a site: what an article says comes from its research, not from these frames. Titles use the
 * keyword's shape (docs/decisions/037-keyword-shapes-and-content-checks.md): {K} the keyword as a headline, {Q} a
 * question keyword as asked.
 */

type Shaped = Record<"noun" | "how-to" | "question", string[]>;

export function shapeGroup(kind: KeywordShapeKind): keyof Shaped {
  return kind === "how-to" ? "how-to" : kind === "question" ? "question" : "noun";
}

export const TITLES: Shaped = {
  noun: [
    "{K}: A Practical Guide",
    "{K}: What to Know Before You Start",
    "A Practical Guide to {K}",
    "{K}, Explained",
    "Getting Started with {K}",
  ],
  "how-to": ["{K}: A Step-by-Step Guide", "{K}: A Practical Guide", "{K}, Step by Step", "{K}: What You Need to Know"],
  question: ["{Q} A Clear Answer", "{Q} What to Know", "{Q} A Practical Answer"],
};

/** Sentence frames; each takes the topic or a name, never stands alone. */
export const FRAMES = {
  covers: (keyword: string, list: string, count: number) =>
    `${keyword} comes down to what the top-ranking guides cover: ${list}${count > 1 ? ", taken here in that order" : ""}.`,
  questionCovers: (list: string, count: number) =>
    `The top-ranking answers cover ${list}${count > 1 ? ", and this article takes them in that order" : ""}.`,
  products: (brand: string, names: string, several: boolean) =>
    `${brand}'s ${names} ${several ? "come" : "comes"} up below where ${several ? "they fit" : "it fits"}.`,
  noResearch: (keyword: string, brand: string | null) =>
    brand ? `${keyword}: what ${brand} can tell you from its own pages.` : `${keyword} in brief.`,
  brandSays: (brand: string, about: string) => `${brand} describes itself this way: “${about.replace(/[.!]+$/, "")}.”`,
  sourced: (topic: string | null, facts: number) =>
    `${facts === 1 ? "The one fact" : `Each of the ${facts} facts`}${topic ? ` on ${topic}` : ""} above names or links the page it comes from, so you can check ${facts === 1 ? "it" : "each"} before you rely on it.`,
  forTopic: (topic: string) => `For ${topic}`,
  according: (source: string) => `According to ${source}`,
  factsHeading: "What the Research Says",
  ownHeading: "From Our Pages",
};

/** What the offline writer tells the editor it could not do (the write screen's note lists them). */
export const NO_MODEL_GAPS = {
  noResearch:
    "No research was available for this article (no search results, no facts with a source, and none of your scanned pages fit the keyword), so it only says what your brand settings say.",
  uncovered: (list: string) => `The top results also cover ${list}; the research held no facts for these, so the article leaves them out.`,
  unanswered: (list: string) => `Searchers also ask ${list}; neither your pages nor the research answer these, so the FAQ leaves them out.`,
  short: (words: number, min: number, max: number) =>
    `The research was enough for about ${words} words, fewer than the ${min}-${max} your length setting asks: the article is shorter rather than padded.`,
  needsModel:
    "Without an AI provider the writer cannot follow the top results' coverage in prose, answer questions your pages do not answer, or write original examples.",
};
