import { diffWordsWithSpace } from "diff";
import { htmlToText } from "#app/modules/articles/text";

/**
 * What an AI edit changed, word by word, for the review before Accept
 * (docs/decisions/036-ai-edits-reviewed-before-applied.md). Compares the
 * visible text (blocks on their own lines), not the HTML, so a reader sees
 * words added and removed rather than tags. Isomorphic: the no-JS review page
 * renders it on the server, the editor's dialog in the browser.
 */

type DiffPart = { kind: "same" | "added" | "removed"; text: string } | { kind: "gap"; words: number };

export type ArticleDiff = { parts: DiffPart[]; added: number; removed: number };

/** Unchanged runs longer than this many words are shortened to their ends, so a one-section change is not lost in the article. */
const CONTEXT_WORDS = 30;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

function shorten(text: string, first: boolean, last: boolean): DiffPart[] {
  // Tokens keep their whitespace so the kept ends read exactly as before.
  const tokens = text.split(/(\s+)/);
  const wordIndexes = tokens.flatMap((t, i) => (t && !/^\s+$/.test(t) ? [i] : []));
  const keepHead = first ? 0 : CONTEXT_WORDS;
  const keepTail = last ? 0 : CONTEXT_WORDS;
  if (wordIndexes.length <= keepHead + keepTail + CONTEXT_WORDS) return [{ kind: "same", text }];
  const headEnd = keepHead ? wordIndexes[keepHead - 1]! + 1 : 0;
  const tailStart = keepTail ? wordIndexes[wordIndexes.length - keepTail]! : tokens.length;
  const out: DiffPart[] = [];
  if (headEnd > 0) out.push({ kind: "same", text: tokens.slice(0, headEnd).join("") + " " });
  out.push({ kind: "gap", words: wordIndexes.length - keepHead - keepTail });
  if (tailStart < tokens.length) out.push({ kind: "same", text: " " + tokens.slice(tailStart).join("").trimStart() });
  return out;
}

/** Word-level diff of two article (or fragment) HTML strings. */
export function diffArticleHtml(beforeHtml: string, afterHtml: string): ArticleDiff {
  const changes = diffWordsWithSpace(htmlToText(beforeHtml), htmlToText(afterHtml));
  const parts: DiffPart[] = [];
  let added = 0;
  let removed = 0;
  changes.forEach((change, index) => {
    if (change.added) {
      added += words(change.value);
      parts.push({ kind: "added", text: change.value });
    } else if (change.removed) {
      removed += words(change.value);
      parts.push({ kind: "removed", text: change.value });
    } else {
      parts.push(...shorten(change.value, index === 0, index === changes.length - 1));
    }
  });
  return { parts, added, removed };
}
