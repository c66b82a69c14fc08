import { analyzeReadability } from "#app/modules/articles/readability";
import { countWords } from "#app/utils/text";
import { articleBlocks, keywordStuffing, type ContentBlock } from "../content-checks";
import { classifyLinks, parseArticleHtml, type ParsedHtml } from "../article-html";
import { keywordShape, type KeywordShape } from "../keyword-shape";
import type { SeoInput } from "./input";

/**
 * What every check reads, worked out once per scoring: the normalised title, meta and keyword, the parsed body,
 * its blocks and words, the keyword's matcher and shape. Readability is computed only when a check asks.
 */
export type ScoreContext = {
  input: SeoInput;
  title: string;
  meta: string;
  keyword: string;
  parsed: ParsedHtml;
  blocks: ContentBlock[];
  words: number;
  /** Whether a text holds the keyword as whole words (any script, any run of spaces inside). */
  has: (text: string) => boolean;
  shape: KeywordShape;
  links: { internal: number; external: number };
  stuffing: ReturnType<typeof keywordStuffing>;
  english: boolean;
  readability: () => ReturnType<typeof analyzeReadability>;
};

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function normaliseSpace(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

function keywordMatcher(keyword: string): (text: string) => boolean {
  const kw = normaliseSpace(keyword).toLowerCase();
  if (!kw) return () => false;
  // Whole-word match in any script; inner spaces match any run of whitespace.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(kw).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "iu");
  return (text) => pattern.test(text);
}

export function scoreContext(input: SeoInput): ScoreContext {
  const keyword = normaliseSpace(input.keyword);
  const parsed = parseArticleHtml(input.html);
  const words = countWords(parsed.text);
  let readability: ReturnType<typeof analyzeReadability> | undefined;
  return {
    input,
    title: normaliseSpace(input.title),
    meta: normaliseSpace(input.metaDescription),
    keyword,
    parsed,
    blocks: articleBlocks(input.html),
    words,
    has: keywordMatcher(keyword),
    shape: keywordShape(keyword),
    links: classifyLinks(parsed.links, input.siteOrigin, input.ownBlog),
    stuffing: keywordStuffing(parsed.text, keyword, words),
    english: !input.language || /^en\b/i.test(input.language),
    readability: () => (readability ??= analyzeReadability(parsed.text)),
  };
}
