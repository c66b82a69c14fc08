import { CodeHighlightNode, CodeNode } from "@lexical/code";
import { $generateNodesFromDOM } from "@lexical/html";
import { AutoLinkNode, LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { TRANSFORMERS, type ElementTransformer, type TextMatchTransformer, type Transformer } from "@lexical/markdown";
import { $isHorizontalRuleNode, HorizontalRuleNode } from "@lexical/react/LexicalHorizontalRuleNode";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import {
  $isTableCellNode,
  $isTableNode,
  $isTableRowNode,
  TableCellHeaderStates,
  TableCellNode,
  TableNode,
  TableRowNode,
} from "@lexical/table";
import { $getEditor, type EditorThemeClasses, type Klass, type LexicalNode } from "lexical";
import { $createImageNode, $createVideoNode, $isImageNode, $isVideoNode, ImageNode, VideoNode } from "./nodes";

/**
 * What the article editor can hold and how it converts to Markdown. Shared by
 * the browser editor and the headless round-trip test, so both use exactly the
 * same nodes and transformers.
 */

export const EDITOR_NODES: Klass<LexicalNode>[] = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  CodeNode,
  CodeHighlightNode,
  LinkNode,
  AutoLinkNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  HorizontalRuleNode,
  ImageNode,
  VideoNode,
];

export const EDITOR_THEME: EditorThemeClasses = {
  paragraph: "mb-3",
  heading: {
    h1: "mb-3 mt-6 text-3xl font-bold",
    h2: "mb-3 mt-6 text-2xl font-bold",
    h3: "mb-2 mt-5 text-xl font-semibold",
    h4: "mb-2 mt-4 text-lg font-semibold",
    h5: "mb-2 mt-4 text-base font-semibold",
    h6: "mb-2 mt-4 text-sm font-semibold uppercase",
  },
  quote: "mb-3 border-l-4 border-slate-300 pl-4 italic text-slate-700",
  code: "mb-3 block overflow-x-auto rounded bg-slate-900 p-3 font-mono text-sm text-slate-100",
  list: {
    ul: "mb-3 list-disc pl-6",
    ol: "mb-3 list-decimal pl-6",
    listitem: "mb-1",
    nested: { listitem: "list-none" },
  },
  link: "text-brand-700 underline",
  text: {
    bold: "font-bold",
    italic: "italic",
    underline: "underline",
    strikethrough: "line-through",
    underlineStrikethrough: "underline line-through",
    subscript: "align-sub text-[0.75em]",
    superscript: "align-super text-[0.75em]",
    code: "rounded bg-slate-100 px-1 font-mono text-[0.9em]",
  },
  table: "mb-3 w-full border-collapse",
  tableCell: "border border-slate-300 p-2 align-top",
  tableCellHeader: "bg-slate-50 font-semibold",
  hr: "my-6 border-slate-300",
};

function escapeAttr(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function unescapeAttr(value: string) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&amp;/g, "&");
}

function escapeText(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `![alt](src)`; listed before the link transformer, whose pattern it contains. */
const IMAGE: TextMatchTransformer = {
  type: "text-match",
  dependencies: [ImageNode],
  export: (node) =>
    $isImageNode(node) ? `![${node.getAlt().replace(/[[\]]/g, "")}](${node.getSrc().replace(/[()\s]/g, encodeURIComponent)})` : null,
  importRegExp: /!\[([^\]]*)\]\(([^()\s]+)\)/,
  regExp: /!\[([^\]]*)\]\(([^()\s]+)\)$/,
  replace: (textNode, match) => {
    textNode.replace($createImageNode({ src: match[2] ?? "", alt: match[1] ?? "" }));
  },
  trigger: ")",
};

/** Video embeds have no Markdown syntax; they travel as the iframe HTML line marked passes through. */
const VIDEO: ElementTransformer = {
  type: "element",
  dependencies: [VideoNode],
  export: (node) => {
    if (!$isVideoNode(node)) return null;
    const title = node.getTitle() ? ` title="${escapeAttr(node.getTitle())}"` : "";
    return `<iframe src="${escapeAttr(node.getSrc())}"${title} allowfullscreen></iframe>`;
  },
  regExp: /^<iframe src="([^"]+)"(?: title="([^"]*)")?[^>]*><\/iframe>\s*$/,
  replace: (parentNode, _children, match) => {
    parentNode.replace($createVideoNode(unescapeAttr(match[1] ?? ""), unescapeAttr(match[2] ?? "")));
  },
};

const HR: ElementTransformer = {
  type: "element",
  dependencies: [HorizontalRuleNode],
  export: (node) => ($isHorizontalRuleNode(node) ? "***" : null),
  regExp: /^(\*\*\*|___)\s?$/,
  replace: (parentNode, _children, _match, isImport) => {
    const line = new HorizontalRuleNode();
    if (isImport || parentNode.getNextSibling() != null) parentNode.replace(line);
    else parentNode.insertBefore(line);
    line.selectNext();
  },
};

/** Tables travel as one line of HTML (which Markdown allows and marked keeps). */
const TABLE: ElementTransformer = {
  type: "element",
  dependencies: [TableNode, TableRowNode, TableCellNode],
  export: (node) => {
    if (!$isTableNode(node)) return null;
    const rows = node.getChildren().filter($isTableRowNode);
    const html = rows
      .map((row) => {
        const cells = row
          .getChildren()
          .filter($isTableCellNode)
          .map((cell) => {
            const tag = cell.getHeaderStyles() !== TableCellHeaderStates.NO_STATUS ? "th" : "td";
            const span =
              (cell.getColSpan() > 1 ? ` colspan="${cell.getColSpan()}"` : "") +
              (cell.getRowSpan() > 1 ? ` rowspan="${cell.getRowSpan()}"` : "");
            return `<${tag}${span}>${escapeText(cell.getTextContent().trim())}</${tag}>`;
          })
          .join("");
        return `<tr>${cells}</tr>`;
      })
      .join("");
    return `<table>${html}</table>`;
  },
  regExp: /^<table\b.*<\/table>\s*$/,
  replace: (parentNode, _children, match) => {
    const dom = new DOMParser().parseFromString(match[0] ?? "", "text/html");
    const table = $generateNodesFromDOM($getEditor(), dom).find($isTableNode);
    if (table) parentNode.replace(table);
  },
};

export const MARKDOWN_TRANSFORMERS: Transformer[] = [IMAGE, VIDEO, HR, TABLE, ...TRANSFORMERS];
