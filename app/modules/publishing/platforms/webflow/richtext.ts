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

export function htmlToWebflowRichText(html: string, options: WebflowRichTextOptions = {}): WebflowRichTextResult {
  const warnings = new Set<string>();
  const out: string[] = [];

  const absolute = (value: string | undefined, kind: "link" | "image"): string | null => {
    const raw = value?.trim();
    if (!raw) return null;
    if (kind === "link" && (raw.startsWith("#") || /^(mailto|tel):/i.test(raw))) return raw;
    try {
      const url = options.baseUrl ? new URL(raw, options.baseUrl) : new URL(raw);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      return url.href;
    } catch {
      return null;
    }
  };

  const figure = (img: Element, caption = "") => {
    const src = absolute(img.attribs.src, "image");
    if (!src) {
      warnings.add(`an image without a usable address was left out (${(img.attribs.src ?? "").slice(0, 80)})`);
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
    out.push(
      `<figure class="w-richtext-figure-type-image w-richtext-align-fullwidth"${style}><div><img src="${escapeHtml(src)}" alt="${alt}"${size}></div>` +
        (caption ? `<figcaption>${caption}</figcaption>` : "") +
        "</figure>",
    );
  };

  /** Inline content as HTML; images met on the way are collected to follow the text as figures. */
  const inline = (nodes: ChildNode[], images: Element[]): string =>
    nodes
      .map((node) => {
        if (node.type === "text") return escapeHtml((node as unknown as { data: string }).data);
        if (!isElement(node) || DROPPED.has(node.name)) return "";
        const inner = () => inline(node.children, images);
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
            warnings.add("inline code became plain text (Webflow rich text has no code style)");
            return escapeHtml(textOf(node));
          case "a": {
            const href = absolute(node.attribs.href, "link");
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
      })
      .join("");

  const paragraph = (tag: string, nodes: ChildNode[]) => {
    const images: Element[] = [];
    const content = inline(nodes, images).trim();
    if (content.replace(/<br>/g, "").trim()) out.push(`<${tag}>${content}</${tag}>`);
    for (const img of images) figure(img);
  };

  const listItems = (list: Element, items: string[], images: Element[]) => {
    for (const child of list.children) {
      if (!isElement(child)) continue;
      if (child.name !== "li") {
        if (child.name === "ul" || child.name === "ol") listItems(child, items, images);
        continue;
      }
      const own = child.children.filter((c) => !(isElement(c) && (c.name === "ul" || c.name === "ol")));
      const ownHtml = own
        .map((c) => (isElement(c) && (c.name === "p" || c.name === "div") ? inline(c.children, images) : inline([c], images)))
        .join(" ")
        .trim();
      if (ownHtml) items.push(ownHtml);
      for (const nested of child.children) {
        if (isElement(nested) && (nested.name === "ul" || nested.name === "ol")) {
          warnings.add("nested lists were flattened (Webflow rich text has one list level)");
          listItems(nested, items, images);
        }
      }
    }
  };

  const table = (node: Element) => {
    const rows = tableRows(node).map((row) => row.cells);
    if (rows.length === 0) return;
    warnings.add("a table became a list, one item per row (Webflow rich text has no tables)");
    const images: Element[] = [];
    const cell = (c: Element) => inline(c.children, images).trim();
    const first = rows[0]!;
    const hasHeader = first.length > 0 && first.every((c) => c.name === "th");
    const headers = hasHeader ? first.map(cell) : [];
    const items = (hasHeader ? rows.slice(1) : rows)
      .map((row) =>
        row
          .map((c, i) => {
            const value = cell(c);
            return headers[i] ? `<strong>${headers[i]}:</strong> ${value}` : value;
          })
          .filter(Boolean)
          .join("; "),
      )
      .filter(Boolean);
    if (items.length === 0 && headers.length) items.push(headers.join("; "));
    if (items.length) out.push(`<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`);
    for (const img of images) figure(img);
  };

  // Comments and what Webflow drops leave the text around them in one paragraph.
  const skip = (node: ChildNode) => {
    if (!isElement(node)) return node.type !== "text";
    if (!DROPPED.has(node.name)) return false;
    if (node.name === "script" || node.name === "form") warnings.add(`a <${node.name}> was left out (Webflow rich text drops it)`);
    return true;
  };
  const isInline = (node: ChildNode) => !isElement(node) || (node.name !== "img" && !BLOCKS.has(node.name));
  const blocks = (nodes: ChildNode[]) => walkBlocks(nodes, { skip, isInline, run: (pending) => paragraph("p", pending), block });

  const block = (node: Element) => {
    if (node.name === "img") figure(node);
    else if (node.name === "p") paragraph("p", node.children);
    else if (HEADING_TAGS.has(node.name)) paragraph(node.name, node.children);
    else if (CONTAINERS.has(node.name)) blocks(node.children);
    else if (node.name === "ul" || node.name === "ol") {
      const items: string[] = [];
      const images: Element[] = [];
      listItems(node, items, images);
      if (items.length) out.push(`<${node.name}>${items.map((i) => `<li>${i}</li>`).join("")}</${node.name}>`);
      for (const img of images) figure(img);
    } else if (node.name === "blockquote") {
      const images: Element[] = [];
      const parts = node.children
        .map((c) => (isElement(c) && (c.name === "p" || c.name === "div") ? inline(c.children, images).trim() : inline([c], images)))
        .filter((part) => part.trim());
      if (parts.length) out.push(`<blockquote>${parts.join("<br>").trim()}</blockquote>`);
      for (const img of images) figure(img);
    } else if (node.name === "pre") {
      const lines = textOf(node, "\n").replace(/\n+$/, "").split("\n");
      if (lines.some((l) => l.trim())) {
        warnings.add("a code block became a quote (Webflow rich text drops code blocks)");
        // Leading spaces would collapse; non-breaking ones keep the indentation readable.
        const body = lines.map((l) => escapeHtml(l).replace(/^ +/, (s) => "&nbsp;".repeat(s.length))).join("<br>");
        out.push(`<blockquote>${body}</blockquote>`);
      }
    } else if (node.name === "figure") {
      const img = findElement(node, "img");
      const caption = findElement(node, "figcaption");
      if (img) figure(img, caption ? inline(caption.children, []).trim() : "");
      else blocks(node.children);
    } else if (node.name === "table") table(node);
    else if (node.name === "dl") blocks(node.children);
    else if (node.name === "iframe" || node.name === "video" || node.name === "embed" || node.name === "object") {
      const src = absolute(node.attribs.src ?? node.attribs.data ?? findElement(node, "source")?.attribs.src, "link");
      warnings.add(`an embedded <${node.name}> became a link (Webflow rich text drops embeds sent over the API)`);
      if (src) out.push(`<p><a href="${escapeHtml(src)}">${escapeHtml(src)}</a></p>`);
    }
    // hr and anything else block-level without text: nothing Webflow would keep.
  };

  blocks(parseHtml(html));
  return { html: out.join(""), warnings: [...warnings] };
}

function wrap(tag: string, content: string) {
  return content ? `<${tag}>${content}</${tag}>` : "";
}
