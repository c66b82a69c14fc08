import { diffWordsWithSpace } from "diff";
import { attr } from "#app/modules/articles/article-html";
import { htmlToText } from "#app/utils/text";
import { escapeHtml } from "#app/utils/html";

/**
 * What an AI edit changed, word by word, for the review before Accept
 * (docs/decisions/036-ai-edits-reviewed-before-applied.md). Compares the
 * visible text (blocks on their own lines), not the HTML, so a reader sees
 * words added and removed rather than tags. Isomorphic: the no-JS review page
 * renders it on the server, the editor's dialog in the browser.
 */

type DiffPart = { kind: "same" | "added" | "removed"; text: string } | { kind: "gap"; words: number };

/** Past the word diff's budget: what changed, counted by blocks (headings, paragraphs, list items, images). */
export type BlockSummary = { blocksAdded: number; blocksRemoved: number; blocksKept: number; wordsBefore: number; wordsAfter: number };

/** `summary` is set (and `parts` empty) when the changes were too many to show word by word. */
export type ArticleDiff = { parts: DiffPart[]; added: number; removed: number; summary?: BlockSummary };

/**
 * The word diff's budget (docs/decisions/061-bounded-text-work.md): Myers' diff costs the text's length times the
 * number of edits, so two long, different versions would take seconds. Past either bound the diff gives up and
 * the reader gets a block-level summary instead.
 */
const MAX_EDIT_TOKENS = 4_000;
const DIFF_TIMEOUT_MS = 250;

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

/** Blocks (one per line of the visible text) added and removed, as multisets: linear in the text's length. */
export function summariseBlocks(beforeText: string, afterText: string): BlockSummary {
  const lines = (text: string) =>
    text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
  const remaining = new Map<string, number>();
  for (const line of lines(beforeText)) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  const after = lines(afterText);
  let blocksKept = 0;
  for (const line of after) {
    const left = remaining.get(line) ?? 0;
    if (left === 0) continue;
    remaining.set(line, left - 1);
    blocksKept += 1;
  }
  const beforeCount = [...remaining.values()].reduce((sum, n) => sum + n, 0) + blocksKept;
  return {
    blocksAdded: after.length - blocksKept,
    blocksRemoved: beforeCount - blocksKept,
    blocksKept,
    wordsBefore: words(beforeText),
    wordsAfter: words(afterText),
  };
}

const attribute = (tag: string, name: string) => attr(tag, name) ?? "";

/**
 * The visible text plus what a reader would miss in it: each picture or embed as a line of its own ('[Image: alt]')
 * and each link's address after its text ('[link: url]'), so a diff shows a lost photo or a changed link. One pass
 * over the tags (a stack for the open links), linear in the length.
 */
export function diffableText(html: string): string {
  const openLinks: string[] = [];
  const marked = html.replace(/<(\/?)(a|img|iframe)\b[^>]*>/gi, (tag, closing: string, name: string) => {
    const kind = name.toLowerCase();
    if (kind === "a") {
      if (!closing) {
        openLinks.push(attribute(tag, "href"));
        return "";
      }
      const href = openLinks.pop();
      return href ? ` [link: ${href}]` : "";
    }
    if (closing) return "";
    const src = attribute(tag, "src");
    const label = kind === "img" ? "Image" : "Embed";
    const caption = attribute(tag, kind === "img" ? "alt" : "title") || src.split(/[?#]/)[0]!.split("/").pop() || src;
    return `<p>[${label}: ${caption}]</p>`;
  });
  return htmlToText(marked);
}

/**
 * Word-level diff of two article (or fragment) HTML strings, within the budget above. On the server call it
 * through `diffArticleHtmlOffThread` (edit-diff.server.ts) so a long diff never holds the main thread.
 */
export function diffArticleHtml(beforeHtml: string, afterHtml: string): ArticleDiff {
  const beforeText = diffableText(beforeHtml);
  const afterText = diffableText(afterHtml);
  const changes = diffWordsWithSpace(beforeText, afterText, { maxEditLength: MAX_EDIT_TOKENS, timeout: DIFF_TIMEOUT_MS });
  if (!changes) {
    const summary = summariseBlocks(beforeText, afterText);
    return { parts: [], added: summary.wordsAfter, removed: summary.wordsBefore, summary };
  }
  const parts: DiffPart[] = [];
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.added) added += words(change.value);
    else if (change.removed) removed += words(change.value);
  }
  const runs = readableRuns(changes.map((c) => ({ kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value })));
  runs.forEach((run, index) => {
    if (run.kind === "same") parts.push(...shorten(run.text, index === 0, index === runs.length - 1));
    else parts.push(run);
  });
  return { parts, added, removed };
}

type Run = { kind: "same" | "added" | "removed"; text: string };

/** Unchanged words between two changes, up to this many, read as part of the change (see readableRuns). */
const BRIDGE_WORDS = 2;

/**
 * A word diff of two different sentences alternates word by word ('Glazing~~How~~ at~~to~~ Clay…'), which nobody can
 * read. As diff-match-patch's semantic cleanup does, a short unchanged stretch between changes (at most BRIDGE_WORDS
 * words, and no longer than the change before it) joins both sides, and the changes between two kept stretches
 * read as one removal followed by one addition.
 */
function readableRuns(edits: Run[]): Run[] {
  const out: Run[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) out.push({ kind: "removed", text: removed });
    if (added) out.push({ kind: "added", text: added });
    removed = "";
    added = "";
  };
  edits.forEach((edit, index) => {
    if (edit.kind === "removed") removed += edit.text;
    else if (edit.kind === "added") added += edit.text;
    else {
      const next = edits[index + 1];
      const bridges =
        (removed || added) &&
        next &&
        next.kind !== "same" &&
        words(edit.text) <= BRIDGE_WORDS &&
        edit.text.length <= Math.max(removed.length, added.length);
      if (bridges) {
        removed += edit.text;
        added += edit.text;
      } else {
        flush();
        out.push(edit);
      }
    }
  });
  flush();
  return out;
}

/**
 * The text a diff compares: the title, meta description and cover image above the body, so a change to any of them
 * shows (the body's pictures and links show through diffableText).
 */
export const comparable = (r: { title: string; meta_description: string; featured_image: string | null; content_html: string }) =>
  `<h1>${escapeHtml(r.title)}</h1>${r.meta_description ? `<p>${escapeHtml(r.meta_description)}</p>` : ""}${
    r.featured_image ? `<p>[Cover image: ${escapeHtml(r.featured_image.split("/").pop() ?? "")}]</p>` : ""
  }${r.content_html}`;
