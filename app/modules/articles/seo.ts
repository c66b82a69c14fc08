import { ARTICLE_LENGTH_WORDS, type ArticleLength, type LinkAmount } from "#app/modules/settings/content-options";
import { analyzeReadability } from "#app/modules/tools/readability";
import * as textChecks from "./content-checks";
import { keywordShape } from "./keyword-shape";
import { linkCheck, type LinkShortfall } from "./seo-links";
import { coverageCheck, unsourcedCheck } from "./seo-research";
import { duplicatesCheck, failWhenEmpty, specificityCheck } from "./seo-substance";
import { longSentences } from "./specificity";
import { siteDuplicates, type SiteSentences } from "./site-sentences";
import { classifyLinks, parseArticleHtml, type ParsedHtml } from "./article-html";
import { countWords } from "./text";
import type { ResearchBasis } from "./coverage";

/**
 * The SEO panel's scorer. Pure and isomorphic: the write screen runs it in the
 * browser on every edit and the server runs it on the saved version (and the
 * AI pipeline on its output). It reads sanitized HTML with small regexes, which
 * is enough because the sanitizer guarantees a narrow, well-formed tag set.
 */

export type { ArticleLength as LengthBand, LinkAmount } from "#app/modules/settings/content-options";

const TITLE_MAX = 60;
const META_MAX = 160;
const READABILITY_MIN = 50;
/** A draft at or above this score "passes the SEO panel". */
export const SEO_PASS_SCORE = 80;
/** Below this the verdict is "Poor"; between it and SEO_PASS_SCORE, "Needs work". */
const SEO_FAIR_SCORE = 50;

export type SeoVerdict = { id: "good" | "needs-work" | "poor"; label: string };

/** The panel's verdict bands (the colours of the score: green, amber, red). */
export function seoVerdict(score: number): SeoVerdict {
  if (score >= SEO_PASS_SCORE) return { id: "good", label: "Good" };
  if (score >= SEO_FAIR_SCORE) return { id: "needs-work", label: "Needs work" };
  return { id: "poor", label: "Poor" };
}

export type SeoInput = {
  title: string;
  metaDescription: string;
  html: string;
  keyword: string;
  lengthBand: ArticleLength;
  internalLinksWanted: LinkAmount;
  externalLinksWanted: LinkAmount;
  /** The customer's site ("https://example.com") and its hosted blog ("https://app…/b/north"): links to either are internal. */
  siteOrigin?: string | null;
  ownBlog?: string | null;
  /** BCP 47 tag; Flesch reading ease is only meaningful for English. */
  language?: string;
  /**
   * What the Backlinks page's link checker last found for each href of the
   * article (a link missing here was never checked). Without it (no data
   * loaded, e.g. a preview) the link check is left out rather than guessed.
   */
  linkChecks?: Record<string, textChecks.LinkCheckState>;
  /** Which of the body's sentences the site's other articles hold (found on the server); without it the check is left out. */
  siteSentences?: SiteSentences;
  /** Why the writer of a generated article linked less than the settings ask (its generation's record). */
  linkShortfall?: LinkShortfall;
  /**
   * What the article's research found (researchBasis, on the server): topic coverage is measured against it and
   * its ledger's claims count as sources. Null: the article has no research (coverage is shown, not scored);
   * absent: not looked up (coverage is left out).
   */
  research?: ResearchBasis | null;
};

type SeoCheckId =
  | "keyword-title"
  | "keyword-intro"
  | "keyword-subheading"
  | "keyword-meta"
  | "title-length"
  | "meta-length"
  | "word-count"
  | "headings"
  | "internal-links"
  | "external-links"
  | "image-alt"
  | "readability"
  | "keyword-stuffing"
  | "repeated-sentences"
  | "keyword-grammar"
  | "links-verified"
  | "headings-title"
  | "specificity"
  | "duplicates"
  | "coverage"
  | "unsourced";

export type SeoCheck = {
  id: SeoCheckId;
  label: string;
  passed: boolean;
  /** What was found and why it matters. */
  detail: string;
  weight: number;
  /** How to fix it, when it failed. */
  fix?: string;
  /** Sentences or links that show the problem, a few at most. */
  examples?: string[];
  /** False: shown but not scored, as there is nothing to measure against (its weight is 0). */
  counted?: false;
};

export type SeoResult = {
  score: number;
  passed: boolean;
  verdict: SeoVerdict;
  checks: SeoCheck[];
  stats: {
    words: number;
    internalLinks: number;
    externalLinks: number;
    images: number;
    fleschReadingEase: number | null;
    keywordUses: number;
    keywordDensity: number;
  };
};

const WEIGHTS: Record<SeoCheckId, number> = {
  "keyword-title": 12,
  "keyword-intro": 10,
  "keyword-subheading": 8,
  "keyword-meta": 8,
  "title-length": 8,
  "meta-length": 8,
  "word-count": 12,
  headings: 10,
  "internal-links": 8,
  "external-links": 6,
  "image-alt": 5,
  readability: 5,
  // Content checks (docs/decisions/037): weighted so that filler which passes every structural check still lands in "Needs work".
  "keyword-stuffing": 20,
  "repeated-sentences": 15,
  "keyword-grammar": 15,
  "links-verified": 10,
  "headings-title": 10,
  specificity: 20,
  duplicates: 15,
  // Checks against the article's research (topic coverage) and its sources (docs/decisions/057).
  coverage: 15,
  unsourced: 10,
};

/** Filler, whatever else it gets right, is not "Good": while one of these fails the score stays below SEO_PASS_SCORE. */
const BLOCKING: ReadonlySet<SeoCheckId> = new Set([
  "keyword-stuffing",
  "repeated-sentences",
  "keyword-grammar",
  "specificity",
  "duplicates",
  "coverage",
]);
/** The checks that read the text itself: an empty or near-empty draft passes none of them. */
const CONTENT_CHECKS: ReadonlySet<string> = new Set([...BLOCKING, "links-verified", "headings-title", "unsourced"]);
const BLOCKING_NOTE = ` Until this is fixed the score stays below ${SEO_PASS_SCORE}.`;

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

function plural(n: number, word: string) {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

const quote = (text: string, max = 140) => `“${text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : text}”`;

/** The checks that tell filler from writing (docs/decisions/037). */
function contentChecks(input: SeoInput, parsed: ParsedHtml, title: string, keyword: string, words: number) {
  const checks: Omit<SeoCheck, "weight">[] = [];
  const noKeyword = "Set a target keyword to check this.";
  const stuffing = textChecks.keywordStuffing(parsed.text, keyword, words);
  checks.push({
    id: "keyword-stuffing",
    label: "No keyword stuffing",
    passed: !stuffing.stuffed,
    detail: !keyword
      ? noKeyword
      : stuffing.stuffed
        ? `“${keyword}” appears ${plural(stuffing.uses, "time")} in ${plural(words, "word")} (${stuffing.density}% of the text). Repeating the exact phrase this often reads as stuffing to people, and search engines rank stuffed pages lower.${BLOCKING_NOTE}`
        : `“${keyword}” appears ${plural(stuffing.uses, "time")} (${stuffing.density}% of the text): natural.`,
    ...(stuffing.stuffed
      ? {
          fix: `Keep the exact phrase in the title, the opening, one heading and a few natural places (about ${stuffing.limit} in all); elsewhere write “it” or name the detail you mean.`,
        }
      : {}),
  });

  const blocks = textChecks.articleBlocks(input.html);
  const repeated = textChecks.repeatedSentences(blocks, keyword);
  const copies = repeated.reduce((n, r) => n + r.count - 1, 0);
  const templated = copies >= 2 || repeated.some((r) => r.count >= 3);
  checks.push({
    id: "repeated-sentences",
    label: "No repeated template sentences",
    passed: !templated,
    detail: templated
      ? `${plural(copies + repeated.length, "sentence")} in different sections say the same thing, or use the same sentence frame with a few words swapped. Readers notice text filled in from a template and stop trusting the rest.${BLOCKING_NOTE}`
      : copies === 1
        ? "One sentence is repeated in another section; the rest of the text does not repeat itself."
        : "No sentence repeats another section's wording or frame.",
    ...(templated
      ? {
          fix: "Rewrite the copies so each section adds something new (an example, a number, a step), or cut them.",
          examples: repeated.slice(0, 3).map((r) => quote(r.example)),
        }
      : {}),
  });

  const shape = keywordShape(keyword);
  const misplaced = keyword
    ? textChecks.misplacedKeyword([title, normaliseSpace(input.metaDescription), ...blocks.map((b) => b.text)], shape)
    : [];
  const kindName = shape.kind === "how-to" ? "a how-to phrase" : "a question";
  const instead = shape.topic ? ` or a noun such as “${shape.topic}”` : "";
  checks.push({
    id: "keyword-grammar",
    label: "Keyword reads naturally",
    passed: misplaced.length === 0,
    detail: !keyword
      ? noKeyword
      : misplaced.length
        ? `“${keyword}” is ${kindName}, not a noun, and ${plural(misplaced.length, "sentence")} ${misplaced.length === 1 ? "uses" : "use"} it as one. Forced-in keywords read as broken English and tell readers the text was written for search engines.${BLOCKING_NOTE}`
        : shape.kind === "how-to" || shape.kind === "question"
          ? `“${keyword}” only appears where ${kindName} reads as English.`
          : `“${keyword}” is a noun phrase and reads naturally wherever it appears.`,
    ...(misplaced.length
      ? {
          fix:
            shape.kind === "question"
              ? `Ask the question once, as a heading or an FAQ of its own; elsewhere use the answer's words${instead}.`
              : `Reword around it (“learn ${keyword}”, “this guide shows ${keyword}”)${instead}.`,
          examples: misplaced.slice(0, 3).map((m) => quote(m.sentence)),
        }
      : {}),
  });

  if (input.linkChecks) {
    const { unverified, unreachable } = textChecks.linkVerification(parsed.links, input.linkChecks);
    const problems = [...unreachable, ...unverified];
    const parts = [
      unreachable.length ? `${plural(unreachable.length, "link")} failed ${unreachable.length === 1 ? "its" : "their"} last check` : "",
      unverified.length ? `${plural(unverified.length, "link")} ${unverified.length === 1 ? "has" : "have"} not been checked yet` : "",
    ].filter(Boolean);
    checks.push({
      id: "links-verified",
      label: "Links checked and working",
      passed: problems.length === 0,
      detail: problems.length
        ? `${capitalise(parts.join(" and "))}. A link nobody has opened may lead nowhere, and readers who hit a dead link stop trusting the page.`
        : parsed.links.length
          ? "Every link worked when it was last checked."
          : "No links to check.",
      ...(problems.length
        ? {
            fix: "Check them on the Backlinks page (‘Check links now’), then replace or remove the ones that fail. Links are also checked daily.",
            examples: problems.slice(0, 3),
          }
        : {}),
    });
  }

  const headings = parsed.headings.filter((h) => h.level > 1).map((h) => h.text);
  const repeats = textChecks.headingsRepeatingTitle(headings, title, keyword);
  checks.push({
    id: "headings-title",
    label: "Headings name their sections",
    passed: !repeats.failed,
    detail: repeats.failed
      ? repeats.copies.length
        ? `${plural(repeats.copies.length, "heading")} nearly ${repeats.copies.length === 1 ? "repeats" : "repeat"} the title. Headings are how readers scan a page; one that repeats the title tells them nothing new.`
        : `${repeats.withKeyword.length} of ${plural(headings.length, "heading")} repeat “${keyword}” from the title instead of saying what their section covers. Readers scanning the page see the same words over and over.`
      : headings.length
        ? "Each heading says what its section covers."
        : "No headings to check.",
    ...(repeats.failed
      ? {
          fix: "Keep the keyword in one or two headings and name the other sections by what they cover (“Prepare the surface”, “Fix common problems”).",
          examples: repeats.repeating.slice(0, 3).map((h) => quote(h)),
        }
      : {}),
  });
  checks.push(specificityCheck(blocks, keyword, title, BLOCKING_NOTE));
  if (input.siteSentences) checks.push(duplicatesCheck(siteDuplicates(input.html, input.siteSentences), BLOCKING_NOTE));
  if (input.research !== undefined) checks.push(coverageCheck(input.html, title, keyword, input.research, BLOCKING_NOTE));
  checks.push(unsourcedCheck(input.html, input.research?.claims ?? [], longSentences(blocks).length));
  return { checks: failWhenEmpty(checks, words, CONTENT_CHECKS), stuffing };
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Score, pass and verdict of weighted checks: the share of weight passed, held under the pass mark by a blocking failure. */
function tally(checks: SeoCheck[]) {
  const total = checks.reduce((sum, c) => sum + c.weight, 0);
  const earned = checks.reduce((sum, c) => sum + (c.passed ? c.weight : 0), 0);
  let score = total === 0 ? 0 : Math.round((earned / total) * 100);
  if (checks.some((c) => !c.passed && BLOCKING.has(c.id))) score = Math.min(score, SEO_PASS_SCORE - 1);
  return { score, passed: score >= SEO_PASS_SCORE, verdict: seoVerdict(score) };
}

/**
 * The verdict scoreArticle gives without `linkChecks`, from one it gave with them: the same checks less the
 * links' one, tallied again. Saves scoring a body twice when both are wanted (the generation pipeline).
 */
export function withoutLinkChecks(result: SeoResult): SeoResult {
  const checks = result.checks.filter((c) => c.id !== "links-verified");
  return { ...result, ...tally(checks), checks };
}

export function scoreArticle(input: SeoInput): SeoResult {
  const title = normaliseSpace(input.title);
  const meta = normaliseSpace(input.metaDescription);
  const keyword = normaliseSpace(input.keyword);
  const parsed = parseArticleHtml(input.html);
  const has = keywordMatcher(keyword);
  const noKeyword = "Set a target keyword to check this.";
  const checks: Omit<SeoCheck, "weight">[] = [];

  checks.push({
    id: "keyword-title",
    label: "Keyword in title",
    passed: has(title),
    detail: !keyword
      ? noKeyword
      : has(title)
        ? `The title contains “${keyword}”.`
        : `Put “${keyword}” in the title, ideally near the start.`,
  });
  checks.push({
    id: "keyword-intro",
    label: "Keyword in first paragraph",
    passed: has(parsed.firstParagraph),
    detail: !keyword
      ? noKeyword
      : has(parsed.firstParagraph)
        ? "The opening paragraph mentions the keyword."
        : `Mention “${keyword}” in the first paragraph so readers and search engines see the topic at once.`,
  });
  const subheadings = parsed.headings.filter((h) => h.level === 2 || h.level === 3);
  const inSubheading = subheadings.some((h) => has(h.text));
  checks.push({
    id: "keyword-subheading",
    label: "Keyword in a subheading",
    passed: inSubheading,
    detail: !keyword
      ? noKeyword
      : inSubheading
        ? "At least one H2 or H3 contains the keyword."
        : `Use “${keyword}” in at least one H2 or H3 heading.`,
  });
  checks.push({
    id: "keyword-meta",
    label: "Keyword in meta description",
    passed: has(meta),
    detail: !keyword
      ? noKeyword
      : has(meta)
        ? "The meta description contains the keyword."
        : `Include “${keyword}” in the meta description; search results show it in bold.`,
  });

  const titleOk = title.length > 0 && title.length <= TITLE_MAX;
  checks.push({
    id: "title-length",
    label: `Title at most ${TITLE_MAX} characters`,
    passed: titleOk,
    detail: !title
      ? "Add a title."
      : titleOk
        ? `${title.length} characters: it will show in full in search results.`
        : `${title.length} characters: search results cut titles after about ${TITLE_MAX}. Shorten it by ${title.length - TITLE_MAX}.`,
  });
  const metaOk = meta.length > 0 && meta.length <= META_MAX;
  checks.push({
    id: "meta-length",
    label: `Meta description at most ${META_MAX} characters`,
    passed: metaOk,
    detail: !meta
      ? "Add a meta description: a one- or two-sentence summary that invites the click."
      : metaOk
        ? `${meta.length} characters.`
        : `${meta.length} characters: search results cut it after about ${META_MAX}. Shorten it by ${meta.length - META_MAX}.`,
  });

  const words = countWords(parsed.text);
  const band = ARTICLE_LENGTH_WORDS[input.lengthBand];
  const wordsOk = words >= band.min && words <= band.max;
  checks.push({
    id: "word-count",
    label: "Length",
    passed: wordsOk,
    detail: `${plural(words, "word")}; the ${input.lengthBand} length aims for ${band.min.toLocaleString("en-US")}-${band.max.toLocaleString("en-US")}.${
      wordsOk
        ? ""
        : words < band.min
          ? ` Add about ${(band.min - words).toLocaleString("en-US")} words.`
          : ` Cut about ${(words - band.max).toLocaleString("en-US")} words.`
    }`,
  });

  const h2Count = parsed.headings.filter((h) => h.level === 2).length;
  const h1Count = parsed.headings.filter((h) => h.level === 1).length;
  let skipped: { from: number; to: number } | null = null;
  let previous = 1; // the article title is the page's H1
  for (const h of parsed.headings) {
    if (h.level > previous + 1) {
      skipped = { from: previous, to: h.level };
      break;
    }
    previous = h.level;
  }
  const headingsOk = h2Count > 0 && !skipped && h1Count === 0;
  checks.push({
    id: "headings",
    label: "Heading structure",
    passed: headingsOk,
    detail:
      h2Count === 0
        ? "Split the article into sections with H2 headings."
        : h1Count > 0
          ? "The title is the page's H1; use H2 and H3 inside the article."
          : skipped
            ? `An H${skipped.to} follows an H${skipped.from}: don't skip heading levels.`
            : `${plural(h2Count, "H2 section")}, no skipped levels.`,
  });
  const links = classifyLinks(parsed.links, input.siteOrigin, input.ownBlog);
  checks.push(linkCheck("internal-links", links.internal, input.internalLinksWanted, input.linkShortfall?.internal));
  checks.push(linkCheck("external-links", links.external, input.externalLinksWanted, input.linkShortfall?.external));

  const missingAlt = parsed.images.filter((img) => !img.alt).length;
  const imagesOk = parsed.images.length > 0 && missingAlt === 0;
  checks.push({
    id: "image-alt",
    label: "Images with alt text",
    passed: imagesOk,
    detail:
      parsed.images.length === 0
        ? "Add at least one image with descriptive alt text."
        : missingAlt > 0
          ? `${plural(missingAlt, "image")} of ${parsed.images.length} without alt text: describe each image for screen readers and image search.`
          : `All ${plural(parsed.images.length, "image")} have alt text.`,
  });

  const english = !input.language || /^en\b/i.test(input.language);
  let flesch: number | null = null;
  if (english) {
    const stats = analyzeReadability(parsed.text);
    flesch = stats.wordCount > 0 ? stats.fleschScore : null;
    const ok = flesch !== null && flesch >= READABILITY_MIN;
    checks.push({
      id: "readability",
      label: "Readability",
      passed: ok,
      detail:
        flesch === null
          ? "Write some text to measure readability."
          : `Flesch reading ease ${flesch} (${stats.band}), ${stats.avgWordsPerSentence} words per sentence.${
              ok ? "" : ` Aim for ${READABILITY_MIN} or more: shorter sentences and simpler words.`
            }`,
    });
  }

  const content = contentChecks(input, parsed, title, keyword, words);
  checks.push(...content.checks);

  const weighted = checks.map((check) => ({ ...check, weight: check.counted === false ? 0 : WEIGHTS[check.id] }));
  return {
    ...tally(weighted),
    checks: weighted,
    stats: {
      words,
      internalLinks: links.internal,
      externalLinks: links.external,
      images: parsed.images.length,
      fleschReadingEase: flesch,
      keywordUses: content.stuffing.uses,
      keywordDensity: content.stuffing.density,
    },
  };
}
