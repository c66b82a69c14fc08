import { analyzeReadability } from "#app/modules/articles/readability";
import { countWords } from "#app/utils/text";
import { asksHowTo } from "../language/how-to";
import { articleBlocks, keywordStuffing, type ContentBlock } from "../content-checks";
import { classifyLinks, parseArticleHtml, type ParsedHtml } from "../article-html";
import { keywordShape, type KeywordShape } from "../keyword-shape";
import { keywordMatcher } from "../language/keyword-match";
import { languageKit } from "../language/kit";
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
  /** Whether a text holds the keyword's words, inflected and in any order, close together (language/keyword-match.ts). */
  has: (text: string) => boolean;
  shape: KeywordShape;
  links: { internal: number; external: number };
  stuffing: ReturnType<typeof keywordStuffing>;
  english: boolean;
  /** The keyword asks how to do something (language/how-to.ts). */
  howTo: boolean;
  readability: () => ReturnType<typeof analyzeReadability>;
};

function normaliseSpace(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

export function scoreContext(input: SeoInput): ScoreContext {
  const keyword = normaliseSpace(input.keyword);
  const parsed = parseArticleHtml(input.html);
  // Japanese and Chinese have no spaces: their words are what the language's segmenter finds.
  const kit = languageKit(input.language ?? "en");
  const words = kit.unspaced ? kit.words(parsed.text).length : countWords(parsed.text);
  let readability: ReturnType<typeof analyzeReadability> | undefined;
  return {
    input,
    title: normaliseSpace(input.title),
    meta: normaliseSpace(input.metaDescription),
    keyword,
    parsed,
    blocks: articleBlocks(input.html),
    words,
    has: keywordMatcher(keyword, input.language),
    shape: keywordShape(keyword),
    links: classifyLinks(parsed.links, input.siteOrigin, input.ownBlog),
    stuffing: keywordStuffing(parsed.text, keyword, words),
    english: !input.language || /^en\b/i.test(input.language),
    howTo: asksHowTo(keyword, input.language),
    readability: () => (readability ??= analyzeReadability(parsed.text)),
  };
}
