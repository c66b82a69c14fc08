import { languageName, systemPrompt, type Prompt } from "./prompts";
import { writingResearchLines } from "./research-prompts";
import type { ArticleBrief, DraftPart, Outline, RevisionRequest } from "./types";

/**
 * The prompt that sends the judge's findings back to the model for one weak part of its own draft
 * (docs/decisions/075-the-writer-revises.md): what the editor found, the sentences quoted, the part as it is, and
 * what a better part does. Pure; the writer answers with the part's new Markdown.
 */

/** How a revision renames its section: a first line with this prefix (a Markdown H2) holds the new heading. */
export const RETITLE_PREFIX = "## ";

/** The line the revision prompt's findings start with (the local fake model recognises a revision by it). */
export const FINDINGS_HEADER = "An editor read your draft and holds it back:";

export function revisePrompt(brief: ArticleBrief, outline: Outline, part: RevisionRequest): Prompt {
  const language = `${languageName(brief.language)} (${brief.language})`;
  return {
    system: systemPrompt(brief),
    user: [
      `You are revising one part of the article "${outline.title}" on "${brief.keyword}": the part "${part.heading}".`,
      FINDINGS_HEADER,
      ...part.findings.map((f) => `- ${f}`),
      part.quoted.length ? `Sentences of this part the editor marked:\n${part.quoted.map((q) => `- "${q}"`).join("\n")}` : "",
      part.wrongLanguage ? `This part is not written in ${language}. Write all of it in ${language}.` : "",
      "Rewrite the part so that every sentence gives the reader something: a step they can follow, a quantity with its unit, a named tool, material, product, place or time, a comparison, a reason.",
      "Cut the sentences that would fit any article on any topic: stock openings, praise, hedges and restatements of the keyword. Shorter and concrete is better than long and empty.",
      "Keep every concrete sentence, sourced fact and link that is already there. Never invent a figure, a study, a survey, a price or a claim about the brand: leave a claim out rather than invent its source.",
      ...writingResearchLines(brief),
      `Write in ${language}, about ${part.targetWords} words. Answer with the part's Markdown only, without its heading.`,
      part.canRetitle
        ? `If the heading "${part.heading}" no longer says what the part gives the reader, put a better one on the first line as "${RETITLE_PREFIX}<new heading>".`
        : "",
      `The part as it is now:\n---\n${part.markdown}\n---`,
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

/** How much of each part the topic review reads: enough to tell what it is about. */
const REVIEW_PART_CHARACTERS = 1500;

/** The editor's question about the draft as a whole: which parts stray from what the searcher came for. */
export function topicReviewPrompt(brief: ArticleBrief, outline: Outline, parts: DraftPart[]): Prompt {
  return {
    system: `You are a strict editor of search articles. You judge whether each part of a draft serves a reader who searched for "${brief.keyword}". Answer in English.`,
    user: [
      `The reader searched for "${brief.keyword}" and opened the article "${outline.title}", written in ${languageName(brief.language)}.`,
      "List the parts that stray from what that reader came for: history, background, the company's story or general advice where they wanted the answer, or another question than theirs. A part that helps answer the search, even briefly, does not stray. When every part serves the reader, the list is empty.",
      "For each straying part give its heading exactly as written below and one sentence on what it does instead of answering.",
      ...parts.map((p) => `### ${p.heading}\n${p.markdown.slice(0, REVIEW_PART_CHARACTERS)}`),
    ].join("\n\n"),
  };
}

export const TOPIC_REVIEW_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["straying"],
  properties: {
    straying: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["heading", "reason"],
        properties: { heading: { type: "string" }, reason: { type: "string" } },
      },
    },
  },
} as const;
