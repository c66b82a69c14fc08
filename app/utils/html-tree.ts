import { parseDocument } from "htmlparser2";
import type { ChildNode, Element } from "domhandler";

/**
 * The one tag vocabulary and tree walk of article HTML, shared by the
 * sanitizer, the nesting limit and the publishing converters (Wix Ricos,
 * Notion blocks, Webflow rich text), so that "is this a block?" has one
 * answer. Each consumer keeps only what its own grammar adds (see the
 * converter's header). Pure, no I/O; htmlparser2 builds domhandler trees.
 */

/** Tags that never have content or a closing tag. */
export const VOID_TAGS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

export const HEADING_TAGS: ReadonlySet<string> = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Elements that only group other blocks; a converter passes their content through. */
export const CONTAINER_TAGS: ReadonlySet<string> = new Set([
  "article",
  "aside",
  "details",
  "div",
  "footer",
  "header",
  "main",
  "nav",
  "section",
]);

/** Embedded players and objects: block-level, but opening one does not end a paragraph. */
export const EMBED_TAGS: ReadonlySet<string> = new Set(["iframe", "video", "embed", "object"]);

/** Opening one of these ends an open <p>, as browsers (and htmlparser2) do. */
export const P_CLOSING_TAGS: ReadonlySet<string> = new Set([
  ...HEADING_TAGS,
  ...CONTAINER_TAGS,
  "address",
  "blockquote",
  "dl",
  "fieldset",
  "figcaption",
  "figure",
  "form",
  "hr",
  "li",
  "ol",
  "p",
  "pre",
  "table",
  "ul",
]);

/** Block-level elements: everything that breaks a run of text into another block. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([...P_CLOSING_TAGS, ...EMBED_TAGS]);

/** Phrasing elements: they stay inside the paragraph, heading or list item around them. */
export const INLINE_TAGS: ReadonlySet<string> = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "br",
  "cite",
  "code",
  "data",
  "del",
  "dfn",
  "em",
  "i",
  "ins",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "wbr",
]);

/** Elements that hold no article content: a converter ends the text run at one and leaves it out. */
export const NON_CONTENT_TAGS: ReadonlySet<string> = new Set(["script", "style", "template"]);

/** The tags a stored article may hold (the sanitizer's allowlist; h1 arrives and becomes h2). */
export const ARTICLE_TAGS: readonly string[] = [
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "sub",
  "sup",
  "div",
  "span",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "code",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "hr",
  "iframe",
];

/** The top-level nodes of an HTML fragment, entities decoded. */
export function parseHtml(html: string): ChildNode[] {
  return parseDocument(html, { decodeEntities: true }).children;
}

/** An element node (htmlparser2 gives <script> and <style> their own node types). */
export function isElement(node: ChildNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

/** Text, or an element that stays inside the block around it. */
export function isInline(node: ChildNode): boolean {
  return node.type === "text" || (isElement(node) && INLINE_TAGS.has(node.name));
}

/** The text of a node and its descendants; a <br> counts as `lineBreak`. */
export function textOf(node: ChildNode, lineBreak = ""): string {
  if (node.type === "text") return node.data;
  if (!isElement(node)) return "";
  if (node.name === "br") return lineBreak;
  return node.children.map((child) => textOf(child, lineBreak)).join("");
}

/** The element children of `parent` with one of the given names, in order. */
export function childElements(parent: Element, ...names: string[]): Element[] {
  return parent.children.filter((child): child is Element => isElement(child) && names.includes(child.name));
}

/** The first descendant element named `name`, depth first, or null. */
export function findElement(parent: Element, name: string): Element | null {
  for (const child of parent.children) {
    if (!isElement(child)) continue;
    if (child.name === name) return child;
    const found = findElement(child, name);
    if (found) return found;
  }
  return null;
}

export type TableRow = { cells: Element[]; header: boolean };

/**
 * The rows of a table in order, through <thead>, <tbody> and <tfoot>, each with
 * its <td> and <th> cells; a header row is one inside <thead> or of <th> only.
 */
export function tableRows(table: Element): TableRow[] {
  const rows: TableRow[] = [];
  const walk = (parent: Element, inHead: boolean) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      if (child.name === "thead") walk(child, true);
      else if (child.name === "tbody" || child.name === "tfoot") walk(child, inHead);
      else if (child.name === "tr") {
        const cells = childElements(child, "td", "th");
        rows.push({ cells, header: inHead || (cells.length > 0 && cells.every((cell) => cell.name === "th")) });
      }
    }
  };
  walk(table, false);
  return rows;
}

/** Visits every element of the nodes, depth first, parents before children. */
export function eachElement(nodes: ChildNode[], visit: (element: Element) => void): void {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    visit(node);
    eachElement(node.children, visit);
  }
}

export type BlockVisitor = {
  /** A run of consecutive inline nodes, never empty: the converter's paragraph. */
  run(nodes: ChildNode[]): void;
  /** An element that is not inline (never one of NON_CONTENT_TAGS). */
  block(element: Element): void;
  /** Inline by the converter's own grammar; the shared vocabulary by default. */
  isInline?(node: ChildNode): boolean;
  /** Nodes passed over without ending the current run (by default none: a comment ends it). */
  skip?(node: ChildNode): boolean;
};

/**
 * The block walk every converter shares: consecutive inline nodes are gathered
 * into one run, and each other node ends the run; the elements among them are
 * then handed over as blocks, in document order, except those without content.
 */
export function walkBlocks(nodes: ChildNode[], visitor: BlockVisitor): void {
  const inline = visitor.isInline ?? isInline;
  let pending: ChildNode[] = [];
  const flush = () => {
    if (pending.length) visitor.run(pending);
    pending = [];
  };
  for (const node of nodes) {
    if (visitor.skip?.(node)) continue;
    if (inline(node)) {
      pending.push(node);
      continue;
    }
    flush();
    if (isElement(node) && !NON_CONTENT_TAGS.has(node.name)) visitor.block(node);
  }
  flush();
}
