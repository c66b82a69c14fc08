import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $isTableSelection, type TableSelection } from "@lexical/table";
import { $dfs, $findMatchingParent } from "@lexical/utils";
import {
  $createParagraphNode,
  $createRangeSelection,
  $getSelection,
  $insertNodes,
  $isDecoratorNode,
  $getNodeByKey,
  $getRoot,
  $isElementNode,
  $isParagraphNode,
  $isRangeSelection,
  $isRootNode,
  $isRootOrShadowRoot,
  $isTextNode,
  $setSelection,
  HISTORY_PUSH_TAG,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
  type PointType,
  type RangeSelection,
} from "lexical";

/**
 * The toolbar's view of the selection (its block), and 'AI edit' of a
 * selection: what is sent to the model, and how the accepted rewrite takes the
 * place of exactly the selected nodes, keeping block boundaries
 * (docs/decisions/036-ai-edits-reviewed-before-applied.md).
 */

/** The block the toolbar reports: inside a table cell, the cell's own paragraph or list. */
export function topLevelElement(node: LexicalNode): ElementNode | null {
  const element =
    node.getKey() === "root"
      ? null
      : $findMatchingParent(node, (n) => {
          const parent = n.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        });
  return element && $isElementNode(element) ? element : null;
}

/** The document's own child holding a node (a table, not the paragraph in its cell). */
function topLevel(node: LexicalNode): LexicalNode | null {
  if ($isRootNode(node)) return null;
  return $findMatchingParent(node, (n) => $isRootNode(n.getParent()));
}

/** Lexical wraps plain runs in white-space spans; the model (and the diff) only needs the words and their formatting. */
function cleanSelectionHtml(html: string) {
  return html.replace(/<span style="white-space: pre-wrap;">([^<]*)<\/span>/g, "$1");
}

/** A rewrite of text inside one paragraph comes back as a paragraph: unwrap it so it does not split the line. */
function fitRewrite(selectionHtml: string, rewrite: string) {
  const blockish = /<(p|h[1-6]|ul|ol|li|blockquote|pre|table|figure)\b/i;
  if (blockish.test(selectionHtml)) return rewrite;
  const single = /^\s*<p>([\s\S]*)<\/p>\s*$/i.exec(rewrite);
  return single && !/<p\b/i.test(single[1]!) ? single[1]! : rewrite;
}

const isBlock = (node: LexicalNode) => ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();

/** The innermost block holding a point: paragraph, heading, list item, quote, code. */
function blockOf(node: LexicalNode): LexicalNode | null {
  if (isBlock(node)) return node;
  return $findMatchingParent(node, isBlock);
}

/** Leaves in document order: text, inline decorators and empty elements. */
function leaves(): LexicalNode[] {
  return $dfs()
    .map((entry) => entry.node)
    .filter((node) => !$isRootOrShadowRoot(node) && (!$isElementNode(node) || node.getChildrenSize() === 0));
}

function leafAt(point: PointType): LexicalNode {
  const node = point.getNode();
  if (!$isElementNode(node) || node.getChildrenSize() === 0) return node;
  const child = node.getChildAtIndex(Math.min(point.offset, node.getChildrenSize() - 1))!;
  return $isElementNode(child) ? (child.getFirstDescendant() ?? child) : child;
}

const size = (leaf: LexicalNode) => ($isTextNode(leaf) ? leaf.getTextContentSize() : 0);

/** Where a point sits: the index of its leaf and the offset in it (element points past the last child count as its end). */
function locate(point: PointType, all: LexicalNode[]): [number, number] {
  const node = point.getNode();
  if ($isElementNode(node) && node.getChildrenSize() > 0 && point.offset >= node.getChildrenSize()) {
    const last = node.getLastDescendant() ?? node;
    return [all.indexOf(last), $isTextNode(last) ? last.getTextContentSize() : 1];
  }
  const leaf = leafAt(point);
  const index = all.indexOf(leaf);
  if ($isTextNode(leaf) && leaf === node) return [index, point.offset];
  return [index, 0];
}

function setPoint(selection: RangeSelection, which: "anchor" | "focus", leaf: LexicalNode, offset: number, atEnd: boolean) {
  if ($isTextNode(leaf)) selection[which].set(leaf.getKey(), offset, "text");
  else if ($isElementNode(leaf)) selection[which].set(leaf.getKey(), 0, "element");
  else {
    const parent = leaf.getParentOrThrow();
    selection[which].set(parent.getKey(), leaf.getIndexWithinParent() + (atEnd ? 1 : 0), "element");
  }
}

/**
 * The selection as the AI edit should see it: forwards, and not reaching into a
 * block it only touches. Triple-clicking a paragraph ends the browser's
 * selection at the start of the next block; taken literally, replacing it
 * would join the rewrite to that block ("…to start with.Each part…").
 * A selection over more than one block is widened to the whole top-level
 * blocks it touches (paragraphs, headings, lists, tables), so the rewrite
 * replaces whole blocks and never joins or splits one.
 */
export function $rewriteRange(selection: RangeSelection): RangeSelection | null {
  if (selection.isCollapsed()) return null;
  const all = leaves();
  const [start, end] = selection.isBackward() ? [selection.focus, selection.anchor] : [selection.anchor, selection.focus];
  let [startIndex, startOffset] = locate(start, all);
  let [endIndex, endOffset] = locate(end, all);
  if (startIndex < 0 || endIndex < 0) return null;
  // Ends at the very start of a later block: end instead where the block before it ends.
  while (endIndex > startIndex && endOffset === 0 && firstOfBlock(all[endIndex]!)) {
    endIndex -= 1;
    endOffset = size(all[endIndex]!);
  }
  // Starts at the very end of a block: start where the next one begins.
  while (startIndex < endIndex && startOffset >= size(all[startIndex]!) && lastOfBlock(all[startIndex]!)) {
    startIndex += 1;
    startOffset = 0;
  }
  // Spaces at the edges stay where they are: an HTML fragment cannot carry them, so a rewrite would drop them.
  while (startIndex < endIndex || startOffset < endOffset) {
    const text = textAt(all[startIndex]!);
    if (startOffset >= text.length) {
      if (startIndex === endIndex || !$isTextNode(all[startIndex]) || !$isTextNode(all[startIndex + 1])) break;
      startIndex += 1;
      startOffset = 0;
    } else if (/\s/.test(text[startOffset]!)) startOffset += 1;
    else break;
  }
  while (startIndex < endIndex || startOffset < endOffset) {
    const text = textAt(all[endIndex]!);
    if (endOffset === 0 || !$isTextNode(all[endIndex])) {
      if (startIndex === endIndex || !$isTextNode(all[endIndex - 1])) break;
      endIndex -= 1;
      endOffset = size(all[endIndex]!);
    } else if (/\s/.test(text[endOffset - 1]!)) endOffset -= 1;
    else break;
  }
  if (startIndex === endIndex && startOffset >= endOffset && $isTextNode(all[startIndex])) return null;
  if (blockOf(all[startIndex]!) !== blockOf(all[endIndex]!)) {
    const first = topLevel(all[startIndex]!);
    const last = topLevel(all[endIndex]!);
    if (first && last) {
      startIndex = all.indexOf($isElementNode(first) ? (first.getFirstDescendant() ?? first) : first);
      endIndex = all.indexOf($isElementNode(last) ? (last.getLastDescendant() ?? last) : last);
      startOffset = 0;
      endOffset = size(all[endIndex]!);
    }
  }
  const range = $createRangeSelection();
  setPoint(range, "anchor", all[startIndex]!, startOffset, false);
  setPoint(range, "focus", all[endIndex]!, endOffset, true);
  return range.isCollapsed() ? null : range;
}

/** Cells selected across a table: the edit takes the whole table. */
function $wholeTable(selection: TableSelection) {
  const table = $getNodeByKey(selection.tableKey);
  if (!$isElementNode(table)) return null;
  const range = $createRangeSelection();
  const first = table.getFirstDescendant() ?? table;
  const last = table.getLastDescendant() ?? table;
  setPoint(range, "anchor", first, 0, false);
  setPoint(range, "focus", last, size(last), true);
  return range;
}

const textAt = (leaf: LexicalNode) => ($isTextNode(leaf) ? leaf.getTextContent() : "");

function firstOfBlock(leaf: LexicalNode) {
  const block = blockOf(leaf);
  return !block || !$isElementNode(block) || block.getFirstDescendant() === leaf || block === leaf;
}

function lastOfBlock(leaf: LexicalNode) {
  const block = blockOf(leaf);
  return !block || !$isElementNode(block) || block.getLastDescendant() === leaf || block === leaf;
}

/** What 'AI edit' sends for the current selection, and the range its rewrite will replace; null when nothing is selected. */
export function $selectionForRewrite(editor: LexicalEditor): { html: string; range: RangeSelection } | null {
  const selection = $getSelection();
  const range = $isRangeSelection(selection) ? $rewriteRange(selection) : $isTableSelection(selection) ? $wholeTable(selection) : null;
  if (!range) return null;
  const html = cleanSelectionHtml(wholeBlocksHtml(editor, range) ?? $generateHtmlFromNodes(editor, range));
  if (!html.replace(/<[^>]*>/g, "").trim() && !/<(img|iframe|hr)\b/i.test(html)) return null;
  return { html, range };
}

/** The top-level blocks a range covers from first to last character, or null when it covers part of one. */
function wholeBlocks(range: RangeSelection): [LexicalNode, LexicalNode] | null {
  const [start, end] = range.isBackward() ? [range.focus, range.anchor] : [range.anchor, range.focus];
  const first = topLevel(start.getNode());
  const last = topLevel(end.getNode());
  if (!first || !last) return null;
  const all = leaves();
  return startsBlock(start, first, all) && endsBlock(end, last, all) ? [first, last] : null;
}

/**
 * The HTML of whole blocks, taken from the document's own export (a range over
 * a table exports nothing: tables copy through table selections only).
 */
function wholeBlocksHtml(editor: LexicalEditor, range: RangeSelection) {
  const blocks = wholeBlocks(range);
  if (!blocks) return null;
  const body = new DOMParser().parseFromString($generateHtmlFromNodes(editor, null), "text/html").body;
  const top = $getRoot().getChildren();
  if (body.children.length !== top.length || body.childNodes.length !== top.length) return null;
  const from = top.indexOf(blocks[0]);
  const to = top.indexOf(blocks[1]);
  return Array.from(body.children)
    .slice(from, to + 1)
    .map((element) => element.outerHTML)
    .join("");
}

function startsBlock(point: PointType, block: LexicalNode, all: LexicalNode[]) {
  const first = $isElementNode(block) ? (block.getFirstDescendant() ?? block) : block;
  const [index, offset] = locate(point, all);
  return all[index] === first && offset === 0;
}

function endsBlock(point: PointType, block: LexicalNode, all: LexicalNode[]) {
  const last = $isElementNode(block) ? (block.getLastDescendant() ?? block) : block;
  const [index, offset] = locate(point, all);
  return all[index] === last && (offset >= size(last) || !$isTextNode(last));
}

function parse(editor: LexicalEditor, html: string) {
  return $generateNodesFromDOM(editor, new DOMParser().parseFromString(html, "text/html"));
}

/** Top-level nodes from the rewrite: stray inline runs get a paragraph. */
function asBlocks(nodes: LexicalNode[]) {
  const out: LexicalNode[] = [];
  let paragraph: ElementNode | null = null;
  for (const node of nodes) {
    if (isBlock(node)) {
      paragraph = null;
      out.push(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        out.push(paragraph);
      }
      paragraph.append(node);
    }
  }
  return out;
}

/**
 * Puts an accepted rewrite in place of the range taken by $selectionForRewrite.
 * Whole top-level blocks are swapped for the rewrite's blocks; a whole block
 * rewritten as plain words keeps its kind; part of a block takes the words in
 * line. Returns false when the range no longer exists in the document.
 */
function $applyRewrite(editor: LexicalEditor, range: RangeSelection, selectionHtml: string, rewrite: string) {
  if (!range.anchor.getNode().isAttached() || !range.focus.getNode().isAttached()) return false;
  const [start, end] = range.isBackward() ? [range.focus, range.anchor] : [range.anchor, range.focus];
  const whole = wholeBlocks(range);
  if (whole) {
    const [first, last] = whole;
    const nodes = keepKind(first, last, parse(editor, fitRewrite(selectionHtml, rewrite)));
    if (first === last && $isElementNode(first) && !nodes.some(isBlock) && first.getChildren().every((c) => !isBlock(c))) {
      first.clear();
      first.append(...nodes);
      first.selectEnd();
      return true;
    }
    const blocks = asBlocks(nodes);
    const replaced: LexicalNode[] = [];
    for (let node: LexicalNode | null = first; node; node = node === last ? null : node.getNextSibling()) replaced.push(node);
    if (blocks.length === 0) blocks.push($createParagraphNode());
    for (const block of blocks) first.insertBefore(block);
    for (const node of replaced) node.remove();
    const lastBlock = blocks[blocks.length - 1];
    if ($isElementNode(lastBlock)) lastBlock.selectEnd();
    return true;
  }
  let nodes = parse(editor, fitRewrite(selectionHtml, rewrite));
  if (blockOf(start.getNode()) === blockOf(end.getNode())) nodes = unwrapSingle(nodes);
  $setSelection(range.clone());
  $insertNodes(nodes);
  return true;
}

/** One heading, quote or paragraph rewritten as one paragraph stays what it was: models answer in paragraphs. */
function keepKind(first: LexicalNode, last: LexicalNode, nodes: LexicalNode[]) {
  const [only] = nodes;
  if (first !== last || nodes.length !== 1 || !$isParagraphNode(only) || !$isElementNode(first)) return nodes;
  if (first.getChildren().some(isBlock)) return nodes;
  return only.getChildren();
}

/** Words from inside one block come back wrapped in it (a list item in its list, a paragraph): take the words. */
function unwrapSingle(nodes: LexicalNode[]): LexicalNode[] {
  let current = nodes;
  while (current.length === 1 && $isElementNode(current[0]) && isBlock(current[0])) current = current[0].getChildren();
  return current.some(isBlock) ? nodes : current;
}

/** Accept as one step of the editor's own undo history. */
export function acceptRewrite(editor: LexicalEditor, range: RangeSelection, selectionHtml: string, rewrite: string) {
  let applied = false;
  editor.update(
    () => {
      applied = $applyRewrite(editor, range, selectionHtml, rewrite);
    },
    { tag: HISTORY_PUSH_TAG, discrete: true },
  );
  return applied;
}
