/**
 * The AI layer's interfaces, one per kind of work (docs/decisions/021-ai-interfaces.md):
 * ArticleWriter (articles and rewrites), TextGenerator (short text: brand
 * profile, keyword ideas, the free tools' lists), ImageGenerator and
 * VideoSearch. Implementations import this module; callers get them from
 * providers.server.ts. This module imports no implementation.
 */

import { ARTICLE_LENGTH_WORDS, type ArticleLength, type BrandMentions, type LinkAmount } from "#app/modules/settings/content-options";
import type { ArticleGrounding } from "#app/modules/research/types";
import type { z } from "zod";

export type { ArticleLength, BrandMentions, LinkAmount };

/** The word range of each length (docs/product.md "Plans and limits") and how many H2 sections fill it. */
export const LENGTH_BANDS: Record<ArticleLength, { min: number; max: number; sections: number }> = {
  short: { ...ARTICLE_LENGTH_WORDS.short, sections: 4 },
  medium: { ...ARTICLE_LENGTH_WORDS.medium, sections: 5 },
  long: { ...ARTICLE_LENGTH_WORDS.long, sections: 7 },
};

/** How many links the writer aims for, inside each amount's range (content-options LINK_AMOUNT_RANGES). */
export const LINK_COUNTS: Record<LinkAmount, number> = { none: 0, few: 2, regular: 3, many: 6 };

export const BRAND_MENTION_COUNTS: Record<BrandMentions, number> = { none: 0, minimal: 1, regular: 3, maximal: 5 };

export type BrandBrief = {
  name: string;
  description: string;
  audience: string;
  industry: string;
  tone: string;
  tags: string[];
};

/** Everything a writer needs to know about the article to write, from settings and research. */
export type ArticleBrief = {
  keyword: string;
  /** Extra keywords to work in (generator page). */
  keywords: string[];
  /** BCP 47 tag, e.g. en-US. */
  language: string;
  minWords: number;
  maxWords: number;
  sectionCount: number;
  tone: string;
  /** null when useBrandInfo is off or no brand is known. */
  brand: BrandBrief | null;
  brandMentions: number;
  internalLinks: number;
  externalLinks: number;
  instructions: string;
  exclusions: string;
  imageStyle: string;
  /** Titles of the site's existing articles, to avoid writing the same piece twice. */
  avoidTitles: string[];
  /** The research the article is grounded in (docs/decisions/058-research.md); absent for rewrites without it. */
  grounding?: ArticleGrounding;
  /**
   * Hashes (site-sentences.ts sentenceHash) of the sentences the site's other articles already hold, set by the
   * pipeline's site-reuse guard: a writer that can rewrite for free rephrases or leaves out any sentence with one.
   */
  avoidSentences?: number[];
};

export type OutlineSection = { heading: string; intent: string; targetWords: number; subheadings: string[] };
type TableSpec = { caption: string; columns: string[]; purpose: string };
type ImagePlan = { prompt: string; alt: string };
/** The headings and notices the pipeline adds itself (FAQ, conclusion, link and video lines), in the article's language. */
export type ArticleLabels = { faq: string; conclusion: string; more: string; source: string; video: string };
export type Outline = {
  title: string;
  metaDescription: string;
  slug: string;
  sections: OutlineSection[];
  faqQuestions: string[];
  table: TableSpec | null;
  imagePrompts: ImagePlan[];
  /** The model's words for the pipeline's own headings and notices; absent from the offline writer (English only). */
  labels?: ArticleLabels;
};
export type FaqItem = { question: string; answer: string };
export type TableData = { caption: string; columns: string[]; rows: string[][] };
export type LinkCandidate = { url: string; title: string; kind: "internal" | "external" };
export type LinkChoice = { url: string; anchor: string; sectionIndex: number; kind: "internal" | "external" };
export type GeneratedImage = {
  bytes: Uint8Array;
  contentType: string;
  ext: "png" | "jpg" | "webp" | "svg";
  /** The prompt the image API says it actually drew (DALL-E 3 rewrites prompts), when it tells. */
  revisedPrompt?: string;
};
export type TokenUsage = { promptTokens: number; completionTokens: number };

/** Per-call hooks: cancellation, token accounting, streamed text and timing (the benchmark reads it). */
export type CallContext = {
  signal?: AbortSignal;
  onUsage?: (usage: TokenUsage) => void;
  onDelta?: (text: string) => void;
  onCall?: (call: { name: string; startedAt: number; endedAt: number }) => void;
};

type AiKind = "openai" | "offline";

/** One part of a draft as written: its heading ("Introduction" / "Conclusion" for those) and Markdown. */
export type DraftPart = { heading: string; markdown: string };
type StrayingPart = { heading: string; reason: string };

/** One part of a draft to revise (a section, the introduction or the conclusion) and what the judge found in it. */
export type RevisionRequest = {
  /** The part's heading, or "Introduction" / "Conclusion". */
  heading: string;
  markdown: string;
  /** About as long as it is now. */
  targetWords: number;
  /** The judge's failed checks, in its words (label, finding, how to fix). */
  findings: string[];
  /** This part's sentences the judge quoted as weak. */
  quoted: string[];
  /** The part is written in another language than the brief's. */
  wrongLanguage: boolean;
  /** A section may get a new heading with its revision (the introduction and conclusion have none of their own). */
  canRetitle: boolean;
};

/**
 * Writes the article: one method per pipeline step, and rewrites for Edit
 * with AI. Bodies are Markdown; the pipeline converts, links and sanitizes them.
 */
export interface ArticleWriter {
  readonly kind: AiKind;
  outline(brief: ArticleBrief, ctx?: CallContext): Promise<Outline>;
  /** The body of one H2 section in Markdown, without its H2 heading. */
  section(brief: ArticleBrief, outline: Outline, index: number, ctx?: CallContext): Promise<string>;
  introConclusion(brief: ArticleBrief, outline: Outline, ctx?: CallContext): Promise<{ intro: string; conclusion: string }>;
  faq(brief: ArticleBrief, outline: Outline, ctx?: CallContext): Promise<FaqItem[]>;
  table(brief: ArticleBrief, outline: Outline, ctx?: CallContext): Promise<TableData | null>;
  selectLinks(brief: ArticleBrief, outline: Outline, candidates: LinkCandidate[], ctx?: CallContext): Promise<LinkChoice[]>;
  /** Applies an instruction to HTML and returns HTML (Edit with AI). */
  rewrite(html: string, instruction: string, brief: ArticleBrief, ctx?: CallContext): Promise<string>;
  /** Throws WriterLimitError, before anything is charged, when this writer cannot carry out the instruction at all. */
  checkInstruction?(instruction: string): void;
  /**
   * Rewrites one weak part of its own draft against the judge's findings (Markdown in, Markdown out). Absent for a
   * writer that would write the same text again (the offline writer is deterministic).
   */
  revisePart?(brief: ArticleBrief, outline: Outline, part: RevisionRequest, ctx?: CallContext): Promise<string>;
  /**
   * Reads its own draft as an editor for the search: the parts that stray from what a reader of the keyword came
   * for (history, stories, another question), by heading, with why. What no lexical check can tell.
   */
  reviewTopic?(brief: ArticleBrief, outline: Outline, parts: DraftPart[], ctx?: CallContext): Promise<StrayingPart[]>;
}

/**
 * Draws one image for a prompt in a style (article images, the generator page). `cover`: the article's featured
 * image, which platforms show beside the post's title, so it never carries words of its own (decision 068).
 */
export interface ImageGenerator {
  readonly kind: AiKind;
  image(prompt: string, style: string, ctx?: CallContext & { cover?: boolean }): Promise<GeneratedImage>;
}

/** What the website scan read from a page, handed to the text generator. */
export type PageFacts = {
  url: string;
  title: string;
  metaDescription: string;
  metaKeywords: string[];
  /** Open Graph properties without the "og:" prefix (site_name, title, description, locale ...). */
  openGraph: Record<string, string>;
  headings: Array<{ level: 1 | 2 | 3; text: string }>;
  paragraphs: string[];
  mainText: string;
  /** The page's declared language (html lang, Content-Language or og:locale), raw. */
  lang: string;
  navLinks: Array<{ text: string; href: string }>;
};

/** Brand settings derived from a page; the scan adds internal links itself. */
export type BrandProfile = {
  brandName: string;
  industry: string;
  toneOfVoice: string;
  tags: string[];
  description: string;
  targetAudience: string;
  /** BCP 47, e.g. en-US. */
  language: string;
};

export type JsonSchema = Record<string, unknown>;

/** A list of short items under a JSON schema (the free tools); items that do not validate are dropped. */
export type ListRequest<T> = {
  /** The response_format schema name, e.g. "tool_headlines". */
  name: string;
  instructions: string;
  prompt: string;
  /** JSON schema of one item (strict mode: objects list every property as required). */
  itemSchema: JsonSchema;
  /** Validates (and may normalise) one item; invalid items are dropped. */
  item: z.ZodType<T>;
  /** Fewer valid items than this is a failure. */
  count: number;
  correlationId?: string;
  signal?: AbortSignal;
};

/** Short text: the onboarding brand profile, the generator page's keyword ideas, the free tools' lists. */
export interface TextGenerator {
  readonly kind: AiKind;
  extractBrand(page: PageFacts, options?: { correlationId?: string }): Promise<BrandProfile>;
  keywordIdeas(topic: string, language: string, ctx?: CallContext): Promise<string[]>;
  /** Throws when it cannot answer; the tools then answer from their templates. */
  list<T>(request: ListRequest<T>): Promise<T[]>;
  /**
   * One embedding vector per text, in order (the content plan's cannibalisation check, decision 050);
   * null when the implementation offers none (offline). Throws on a provider failure.
   */
  embed(texts: string[], ctx?: CallContext): Promise<number[][] | null>;
}

export type Video = { id: string; title: string };

/** Finds a video to embed in an article (YouTube Data API, or nothing without a key). */
export interface VideoSearch {
  readonly kind: "youtube" | "none";
  /** The best embeddable video for a keyword, or null; only a cancelled signal throws. */
  find(keyword: string, language: string, signal: AbortSignal): Promise<Video | null>;
}

/** The error a writer throws for something it cannot do; its message is shown to the user. */
export class WriterLimitError extends Error {
  override name = "WriterLimitError";
}
