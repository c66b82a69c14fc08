import { EMPTY_DRAFT_WORDS, specificity, SPECIFICITY_MAX_OFF_TOPIC } from "./specificity";
import type { ContentBlock } from "./content-checks";

/**
 * The checks that ask whether the text says anything: specificity (sentences about the topic) and duplicate
 * content across the site, and the rule that an empty draft passes no content check. Pure and isomorphic
 * like seo.ts; the site's duplicates are found on the server (site-duplicates.server.ts) and passed in.
 */

/** A check as seo.ts lists it, before weighting (its SeoCheck less the weight). */
type Check<Id extends string = string> = {
  id: Id;
  label: string;
  passed: boolean;
  detail: string;
  fix?: string;
  examples?: string[];
  counted?: false;
};

/** What the server found of the body's sentences in the site's other articles (absent: not looked up). */
export type SiteDuplicates = {
  /** Sentences of 8+ words shared word for word (normalised) with another article of the site. */
  shared: Array<{ sentence: string; article: string }>;
  /** The body's sentences of 8+ words, for the share. */
  sentences: number;
};

/** More shared sentences than this, or more than DUPLICATE_MAX_SHARE of them, fails the check. */
const DUPLICATE_MAX_SENTENCES = 2;
const DUPLICATE_MAX_SHARE = 0.05;

const quote = (text: string, max = 140) => `“${text.length > max ? `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : text}”`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

export function specificityCheck(blocks: ContentBlock[], keyword: string, title: string, blockingNote: string): Check<"specificity"> {
  const found = specificity(blocks, keyword, title);
  const passed = found.share <= SPECIFICITY_MAX_OFF_TOPIC;
  const label = "Sentences about the topic";
  if (!found.terms.length) return { id: "specificity", label, passed: false, detail: "Set a target keyword and a title to check this." };
  const share = `${found.offTopic} of ${found.sentences} sentences (${percent(found.share)})`;
  return {
    id: "specificity",
    label,
    passed,
    detail: passed
      ? `${share} name nothing of the topic; the rest are about it.`
      : `${share} name nothing of the topic: no word of the keyword, the title or the headings. Sentences that could stand in any article tell readers nothing, and search engines treat such pages as thin content.${blockingNote}`,
    ...(passed
      ? {}
      : {
          fix: "Rewrite or cut them: give each one a detail of this topic (a quantity, a tool, a step, a reason, an example).",
          examples: found.examples.map((s) => quote(s)),
        }),
  };
}

export function duplicatesCheck(duplicates: SiteDuplicates, blockingNote: string): Check<"duplicates"> {
  const count = duplicates.shared.length;
  const share = duplicates.sentences ? count / duplicates.sentences : 0;
  const passed = count <= DUPLICATE_MAX_SENTENCES && share <= DUPLICATE_MAX_SHARE;
  const articles = [...new Set(duplicates.shared.map((d) => d.article))];
  return {
    id: "duplicates",
    label: "No text copied from your other articles",
    passed,
    detail: !count
      ? "No sentence is the same as one in your other articles."
      : `${count} of ${duplicates.sentences} sentences (${percent(share)}) appear word for word in ${
          articles.length === 1 ? `“${articles[0]}”` : `${articles.length} of your other articles`
        }.${passed ? "" : ` Search engines show one page of a set of near-duplicates and leave the others out.${blockingNote}`}`,
    ...(passed
      ? {}
      : {
          fix: "Rewrite the shared sentences for this article's topic, or cut them.",
          examples: duplicates.shared.slice(0, 3).map((d) => `${quote(d.sentence)} (also in “${d.article}”)`),
        }),
  };
}

/** An empty or near-empty body passes no content check: there is nothing for them to find yet. */
export function failWhenEmpty<T extends Check>(checks: T[], words: number, contentIds: ReadonlySet<string>): T[] {
  if (words >= EMPTY_DRAFT_WORDS) return checks;
  const detail =
    words === 0
      ? "There is no text to check yet: write the article first."
      : `There are only ${words} words, too few to check: write the article first.`;
  // A check that does not count (nothing to measure against) keeps saying why.
  return checks.map((c) =>
    contentIds.has(c.id) && c.counted !== false ? { ...c, passed: false, detail, fix: undefined, examples: undefined } : c,
  );
}
