import {
  BLOCK_TAGS,
  CONTAINER_TAGS,
  findElement,
  HEADING_TAGS,
  isElement,
  parseHtml,
  tableRows,
  textOf,
  walkBlocks,
} from "#app/utils/html-tree";
import { escapeHtml } from "#app/utils/html";
import type { ChildNode, Element } from "domhandler";

/**
 * Article HTML → the HTML a Webflow Rich text field keeps, pure (no I/O).
 *
 * Webflow's rich text holds headings, paragraphs, flat lists, links, bold and
 * italic, blockquotes and image figures; it drops code blocks, scripts,
 * iframes and tags it does not know (docs/decisions/033). Rather than
 * let Webflow silently lose content, what it would drop is turned into what it
 * keeps, and each change is reported as a warning for the diagnostic log:
 * - a code block (<pre>) becomes a blockquote with one line per <br>
 *   (the text survives; monospace and highlighting do not);
 * - a table becomes a list, one item per row ("Header: cell; …");
 * - nested lists are flattened into their parent list;
 * - an iframe or video becomes a link to its source;
 * - inline code becomes plain text; images become figures with absolute URLs.
 */

export type WebflowRichTextResult = { html: string; warnings: string[] };
export type WebflowRichTextOptions = {
  /** Resolves relative links and image paths (this app's public URL); without it they are dropped. */
  baseUrl?: string;
};

const DROPPED = new Set(["script", "style", "noscript", "template", "head", "title", "meta", "link", "form", "input", "button", "svg"]);
// A whole page pasted in passes through as its content, like any container.
const CONTAINERS = new Set([...CONTAINER_TAGS, "body", "html", "center"]);
// Stray list items, captions, addresses and fieldsets stay text of the paragraph around them.
const KEPT_INLINE = new Set(["li", "figcaption", "address", "fieldset"]);
const BLOCKS = new Set([...[...BLOCK_TAGS].filter((tag) => !KEPT_INLINE.has(tag)), ...CONTAINERS]);

/** The conversion under way: the HTML written so far, what was changed on the way, and where relative URLs resolve. */
type Conversion = { out: string[]; warnings: Set<string>; baseUrl: string | undefined };

export function htmlToWebflowRichText(html: string, options: WebflowRichTextOptions = {}): WebflowRichTextResult {
  const conversion: Conversion = { out: [], warnings: new Set<string>(), baseUrl: options.baseUrl };
  writeBlocks(conversion, parseHtml(html));
  return { html: conversion.out.join(""), warnings: [...conversion.warnings] };
}

/** An http(s) URL resolved against the base, or null; links may also be fragments, mailto: and tel:. */
function absolute(c: Conversion, value: string | undefined, kind: "link" | "image"): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  if (kind === "link" && (raw.startsWith("#") || /^(mailto|tel):/i.test(raw))) return raw;
  try {
    const url = c.baseUrl ? new URL(raw, c.baseUrl) : new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href;
  } catch {
    return null;
  }
}

function writeFigure(c: Conversion, img: Element, caption = "") {
  const src = absolute(c, img.attribs.src, "image");
  if (!src) {
    c.warnings.add(`an image without a usable address was left out (${(img.attribs.src ?? "").slice(0, 80)})`);
    return;
  }
  const alt = escapeHtml(img.attribs.alt ?? "");
  // Its size when known (the engine's figures carry it). Webflow keeps only src and alt on the image, and a
  // style on the figure, as its own editor writes it: max-width at the image's width, so a small image is not
  // stretched while a large one fills the rich text's column and no more.
  const width = Number(img.attribs.width) || 0;
  const height = Number(img.attribs.height) || 0;
  const size = width && height ? ` width="${width}" height="${height}"` : "";
  const style = width ? ` style="max-width:${width}px"` : "";
  c.out.push(
    `<figure class="w-richtext-figure-type-image w-richtext-align-fullwidth"${style}><div><img src="${escapeHtml(src)}" alt="${alt}"${size}></div>` +
      (caption ? `<figcaption>${caption}</figcaption>` : "") +
      "</figure>",
  );
}

/** Inline content as HTML; images met on the way are collected to follow the text as figures. */
function inlineHtml(c: Conversion, nodes: ChildNode[], images: Element[]): string {
  return nodes.map((node) => inlineNodeHtml(c, node, images)).join("");
}

function inlineNodeHtml(c: Conversion, node: ChildNode, images: Element[]): string {
  if (node.type === "text") return escapeHtml((node as unknown as { data: string }).data);
  if (!isElement(node) || DROPPED.has(node.name)) return "";
  const inner = () => inlineHtml(c, node.children, images);
  switch (node.name) {
    case "strong":
    case "b":
      return wrap("strong", inner());
    case "em":
    case "i":
      return wrap("em", inner());
    case "br":
      return "<br>";
    case "img":
      images.push(node);
      return "";
    case "code":
    case "kbd":
    case "samp":
      c.warnings.add("inline code became plain text (Webflow rich text has no code style)");
      return escapeHtml(textOf(node));
    case "a": {
      const href = absolute(c, node.attribs.href, "link");
      const content = inner();
      if (!href) return content;
      return `<a href="${escapeHtml(href)}">${content}</a>`;
    }
    case "iframe":
    case "video":
    case "embed":
    case "object":
      return "";
    default:
      return inner();
  }
}

function writeParagraph(c: Conversion, tag: string, nodes: ChildNode[]) {
  const images: Element[] = [];
  const content = inlineHtml(c, nodes, images).trim();
  if (content.replace(/<br>/g, "").trim()) c.out.push(`<${tag}>${content}</${tag}>`);
  for (const img of images) writeFigure(c, img);
}

const isList = (node: ChildNode) => isElement(node) && (node.name === "ul" || node.name === "ol");

/** The list's items, nested lists' items following their parent's (Webflow rich text has one list level). */
function collectListItems(c: Conversion, list: Element, items: string[], images: Element[]) {
  for (const child of list.children) {
    if (!isElement(child)) continue;
    if (child.name !== "li") {
      if (isList(child)) collectListItems(c, child, items, images);
      continue;
    }
    const own = child.children.filter((n) => !isList(n));
    const ownHtml = own
      .map((n) => (isElement(n) && (n.name === "p" || n.name === "div") ? inlineHtml(c, n.children, images) : inlineHtml(c, [n], images)))
      .join(" ")
      .trim();
    if (ownHtml) items.push(ownHtml);
    for (const nested of child.children) {
      if (isElement(nested) && isList(nested)) {
        c.warnings.add("nested lists were flattened (Webflow rich text has one list level)");
        collectListItems(c, nested, items, images);
      }
    }
  }
}

function writeList(c: Conversion, node: Element) {
  const items: string[] = [];
  const images: Element[] = [];
  collectListItems(c, node, items, images);
  if (items.length) c.out.push(`<${node.name}>${items.map((i) => `<li>${i}</li>`).join("")}</${node.name}>`);
  for (const img of images) writeFigure(c, img);
}

/** A table as a list, one item per row ("Header: cell; …"). */
function writeTable(c: Conversion, node: Element) {
  const rows = tableRows(node).map((row) => row.cells);
  if (rows.length === 0) return;
  c.warnings.add("a table became a list, one item per row (Webflow rich text has no tables)");
  const images: Element[] = [];
  const cell = (td: Element) => inlineHtml(c, td.children, images).trim();
  const first = rows[0]!;
  const hasHeader = first.length > 0 && first.every((td) => td.name === "th");
  const headers = hasHeader ? first.map(cell) : [];
  const items = (hasHeader ? rows.slice(1) : rows)
    .map((row) =>
      row
        .map((td, i) => {
          const value = cell(td);
          return headers[i] ? `<strong>${headers[i]}:</strong> ${value}` : value;
        })
        .filter(Boolean)
        .join("; "),
    )
    .filter(Boolean);
  if (items.length === 0 && headers.length) items.push(headers.join("; "));
  if (items.length) c.out.push(`<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`);
  for (const img of images) writeFigure(c, img);
}

function writeQuote(c: Conversion, node: Element) {
  const images: Element[] = [];
  const parts = node.children
    .map((n) =>
      isElement(n) && (n.name === "p" || n.name === "div") ? inlineHtml(c, n.children, images).trim() : inlineHtml(c, [n], images),
    )
    .filter((part) => part.trim());
  if (parts.length) c.out.push(`<blockquote>${parts.join("<br>").trim()}</blockquote>`);
  for (const img of images) writeFigure(c, img);
}

/** A code block as a quote with one line per <br>: the text survives, monospace and highlighting do not. */
function writeCodeBlock(c: Conversion, node: Element) {
  const lines = textOf(node, "\n").replace(/\n+$/, "").split("\n");
  if (!lines.some((l) => l.trim())) return;
  c.warnings.add("a code block became a quote (Webflow rich text drops code blocks)");
  // Leading spaces would collapse; non-breaking ones keep the indentation readable.
  const body = lines.map((l) => escapeHtml(l).replace(/^ +/, (s) => "&nbsp;".repeat(s.length))).join("<br>");
  c.out.push(`<blockquote>${body}</blockquote>`);
}

function writeEmbed(c: Conversion, node: Element) {
  const src = absolute(c, node.attribs.src ?? node.attribs.data ?? findElement(node, "source")?.attribs.src, "link");
  c.warnings.add(`an embedded <${node.name}> became a link (Webflow rich text drops embeds sent over the API)`);
  if (src) c.out.push(`<p><a href="${escapeHtml(src)}">${escapeHtml(src)}</a></p>`);
}

/** Comments and what Webflow drops leave the text around them in one paragraph. */
function skipped(c: Conversion, node: ChildNode) {
  if (!isElement(node)) return node.type !== "text";
  if (!DROPPED.has(node.name)) return false;
  if (node.name === "script" || node.name === "form") c.warnings.add(`a <${node.name}> was left out (Webflow rich text drops it)`);
  return true;
}

const isInline = (node: ChildNode) => !isElement(node) || (node.name !== "img" && !BLOCKS.has(node.name));

function writeBlocks(c: Conversion, nodes: ChildNode[]) {
  walkBlocks(nodes, {
    skip: (node) => skipped(c, node),
    isInline,
    run: (pending) => writeParagraph(c, "p", pending),
    block: (node) => writeBlock(c, node),
  });
}

function writeBlock(c: Conversion, node: Element) {
  if (node.name === "img") writeFigure(c, node);
  else if (node.name === "p") writeParagraph(c, "p", node.children);
  else if (HEADING_TAGS.has(node.name)) writeParagraph(c, node.name, node.children);
  else if (CONTAINERS.has(node.name)) writeBlocks(c, node.children);
  else if (isList(node)) writeList(c, node);
  else if (node.name === "blockquote") writeQuote(c, node);
  else if (node.name === "pre") writeCodeBlock(c, node);
  else if (node.name === "figure") {
    const img = findElement(node, "img");
    const caption = findElement(node, "figcaption");
    if (img) writeFigure(c, img, caption ? inlineHtml(c, caption.children, []).trim() : "");
    else writeBlocks(c, node.children);
  } else if (node.name === "table") writeTable(c, node);
  else if (node.name === "dl") writeBlocks(c, node.children);
  else if (node.name === "iframe" || node.name === "video" || node.name === "embed" || node.name === "object") writeEmbed(c, node);
  // hr and anything else block-level without text: nothing Webflow would keep.
}

function wrap(tag: string, content: string) {
  return content ? `<${tag}>${content}</${tag}>` : "";
}
