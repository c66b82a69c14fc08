import type { ArticleDiff } from "#app/modules/generation/edit-diff";

/**
 * An AI edit's word-level diff (app/modules/generation/edit-diff.ts): removed
 * words struck through in red, added words underlined in green, long unchanged
 * stretches shortened. <del>/<ins> carry the meaning for screen readers.
 */
export function DiffView({ diff }: { diff: ArticleDiff }) {
  if (diff.summary) return <BlockSummaryView summary={diff.summary} />;
  return (
    <div data-testid="ai-diff">
      <p className="text-sm text-slate-600">
        {diff.added + diff.removed === 0
          ? "The AI returned the same words; only formatting may differ."
          : `${diff.added} ${diff.added === 1 ? "word" : "words"} added, ${diff.removed} ${diff.removed === 1 ? "word" : "words"} removed.`}
      </p>
      <div className="mt-2 max-h-[50vh] overflow-y-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed text-slate-900">
        {diff.parts.map((part, index) =>
          part.kind === "gap" ? (
            <span key={index} className="my-1 block text-xs italic text-slate-500">
              … {part.words} unchanged words …
            </span>
          ) : part.kind === "added" ? (
            <ins key={index} className="rounded-sm bg-emerald-100 text-emerald-900 decoration-emerald-700">
              {part.text}
            </ins>
          ) : part.kind === "removed" ? (
            <del key={index} className="rounded-sm bg-red-100 text-red-900 decoration-red-700">
              {part.text}
            </del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </div>
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** Past the word diff's budget: what changed, block by block. */
function BlockSummaryView({ summary }: { summary: NonNullable<ArticleDiff["summary"]> }) {
  return (
    <div data-testid="ai-diff" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900">
      <p className="font-medium">Too many changes to show word by word</p>
      <p className="mt-1 text-slate-700">
        {count(summary.blocksAdded, "paragraph or heading", "paragraphs and headings")} added,{" "}
        {count(summary.blocksRemoved, "removed", "removed")}, {count(summary.blocksKept, "kept as it was", "kept as they were")}. The text
        went from {count(summary.wordsBefore, "word", "words")} to {count(summary.wordsAfter, "word", "words")}.
      </p>
    </div>
  );
}
