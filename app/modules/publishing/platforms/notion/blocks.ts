import { childElements, isElement, isInline, parseHtml, tableRows, textOf, walkBlocks } from "#app/utils/html-tree";
import type { ChildNode, Element } from "domhandler";

/**
 * Article HTML → Notion blocks, pure (no I/O), within Notion's request limits:
 * 2,000 characters per rich-text item, 100 rich-text items per array, 100
 * children per block, two levels of nesting in one request (a list item with
 * its sub-list, a table with its rows). Deeper lists are flattened into the
 * second level; tables longer than 100 rows are split, repeating the header.
 */

export const MAX_TEXT = 2000;
const MAX_RICH_TEXT_ITEMS = 100;
const MAX_CHILDREN = 100;
const MAX_URL = 2000;

export type Annotations = { bold: boolean; italic: boolean; strikethrough: boolean; underline: boolean; code: boolean };
export type RichText = {
  type: "text";
  text: { content: string; link: { url: string } | null };
  annotations: Annotations;
};
export type NotionBlock = { object: "block"; type: string; [key: string]: unknown };

export type ConvertOptions = {
  /** Resolves relative links and image paths (the site's public URL); without it they are dropped. */
  baseUrl?: string;
};

export type ConvertResult = { blocks: NotionBlock[]; warnings: string[] };

const PLAIN: Annotations = { bold: false, italic: false, strikethrough: false, underline: false, code: false };

// Notion validates `code.language` against its own list; anything else is refused.
const LANGUAGES: Record<string, string> = {
  js: "javascript",
  javascript: "javascript",
  jsx: "javascript",
  ts: "typescript",
  tsx: "typescript",
  typescript: "typescript",
  py: "python",
  python: "python",
  sh: "shell",
  shell: "shell",
  bash: "bash",
  zsh: "shell",
  html: "html",
  xml: "xml",
  css: "css",
  scss: "scss",
  json: "json",
  sql: "sql",
  java: "java",
  go: "go",
  rust: "rust",
  php: "php",
  ruby: "ruby",
  c: "c",
  cpp: "c++",
  "c++": "c++",
  csharp: "c#",
  cs: "c#",
  yaml: "yaml",
  yml: "yaml",
  markdown: "markdown",
  md: "markdown",
  kotlin: "kotlin",
  swift: "swift",
  graphql: "graphql",
  diff: "diff",
  docker: "docker",
  dockerfile: "docker",
  toml: "toml",
};

type Segment = { text: string; annotations: Annotations; link: string | null };

/** A stand-in <br> between paragraphs joined into one block (a quote, a list item). */
function lineBreak(): ChildNode {
  return { type: "tag", name: "br", attribs: {}, children: [] } as unknown as ChildNode;
}

/** An absolute http(s) or mailto URL within Notion's length limit, or null. */
function absoluteUrl(raw: string | undefined, baseUrl?: string, schemes = ["http:", "https:", "mailto:"]): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim(), baseUrl);
    if (!schemes.includes(url.protocol)) return null;
    return url.href.length <= MAX_URL ? url.href : null;
  } catch {
    return null;
  }
}

function collectSegments(nodes: ChildNode[], annotations: Annotations, link: string | null, options: ConvertOptions, out: Segment[]) {
  for (const node of nodes) {
    if (node.type === "text") {
      // HTML whitespace collapses as a browser shows it; code keeps it as written.
      const text = annotations.code ? node.data : node.data.replace(/\s+/g, " ");
      if (text) out.push({ text, annotations, link });
      continue;
    }
    if (!isElement(node) || node.type !== "tag") continue;
    const name = node.name;
    if (name === "br") {
      out.push({ text: "\n", annotations, link });
      continue;
    }
    if (name === "img") continue;
    let next = annotations;
    let nextLink = link;
    if (name === "strong" || name === "b") next = { ...next, bold: true };
    else if (name === "em" || name === "i" || name === "cite" || name === "dfn") next = { ...next, italic: true };
    else if (name === "s" || name === "del" || name === "strike") next = { ...next, strikethrough: true };
    else if (name === "u" || name === "ins") next = { ...next, underline: true };
    else if (name === "code" || name === "kbd" || name === "samp") next = { ...next, code: true };
    else if (name === "a") nextLink = absoluteUrl(node.attribs.href, options.baseUrl) ?? link;
    collectSegments(node.children, next, nextLink, options, out);
  }
}

function sameStyle(a: Segment, b: Segment) {
  const x = a.annotations;
  const y = b.annotations;
  return (
    a.link === b.link &&
    x.bold === y.bold &&
    x.italic === y.italic &&
    x.strikethrough === y.strikethrough &&
    x.underline === y.underline &&
    x.code === y.code
  );
}

/** Splits text into pieces of at most `max` UTF-16 units without cutting a surrogate pair. */
export function splitText(text: string, max = MAX_TEXT): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = max;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut--;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function trimSegments(segments: Segment[]) {
  // Collapsed whitespace at the edges of a block is not shown by a browser either.
  const out = segments.filter((s) => s.text !== "");
  while (out.length && !out[0]!.annotations.code && /^[ \t]*$/.test(out[0]!.text)) out.shift();
  while (out.length && !out.at(-1)!.annotations.code && /^[ \t]*$/.test(out.at(-1)!.text)) out.pop();
  if (out[0] && !out[0].annotations.code) out[0] = { ...out[0], text: out[0].text.replace(/^[ \t]+/, "") };
  const last = out.at(-1);
  if (last && !last.annotations.code) out[out.length - 1] = { ...last, text: last.text.replace(/[ \t]+$/, "") };
  return out.filter((s) => s.text !== "");
}

/** Rich-text items for segments: neighbours with the same style merged, then cut at 2,000 characters. */
function toRichText(segments: Segment[]): RichText[] {
  const merged: Segment[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (last && sameStyle(last, segment)) merged[merged.length - 1] = { ...last, text: last.text + segment.text };
    else merged.push(segment);
  }
  return merged.flatMap((s) =>
    splitText(s.text).map((content) => ({
      type: "text" as const,
      text: { content, link: s.link ? { url: s.link } : null },
      annotations: { ...s.annotations },
    })),
  );
}

/** Plain text as rich-text items (for titles, properties and code). */
export function plainRichText(text: string, annotations: Annotations = PLAIN): RichText[] {
  return toRichText([{ text, annotations, link: null }]);
}

function inlineRichText(nodes: ChildNode[], options: ConvertOptions, base: Annotations = PLAIN): RichText[] {
  const segments: Segment[] = [];
  collectSegments(nodes, base, null, options, segments);
  return toRichText(trimSegments(segments));
}

function textBlock(type: string, richText: RichText[], extra: Record<string, unknown> = {}): NotionBlock[] {
  if (richText.length === 0) return [];
  // A rich-text array holds at most 100 items: longer text continues in further blocks of the same kind
  // (headings continue as paragraphs, so the outline keeps one heading).
  const blocks: NotionBlock[] = [];
  for (let i = 0; i < richText.length; i += MAX_RICH_TEXT_ITEMS) {
    const blockType = i === 0 || !type.startsWith("heading_") ? type : "paragraph";
    blocks.push({ object: "block", type: blockType, [blockType]: { rich_text: richText.slice(i, i + MAX_RICH_TEXT_ITEMS), ...extra } });
  }
  return blocks;
}

function imageBlock(node: Element, caption: RichText[], options: ConvertOptions, warnings: string[]): NotionBlock[] {
  // Notion fetches external images itself: only public http(s) URLs can work.
  const url = absoluteUrl(node.attribs.src, options.baseUrl, ["http:", "https:"]);
  if (!url) {
    warnings.push(`Image skipped: Notion needs a public web address, got ${String(node.attribs.src ?? "").slice(0, 80)}`);
    return [];
  }
  return [
    {
      object: "block",
      type: "image",
      image: { type: "external", external: { url }, caption: caption.slice(0, MAX_RICH_TEXT_ITEMS) },
    },
  ];
}

function codeBlock(node: Element): NotionBlock[] {
  const code = childElements(node, "code")[0];
  const classes = `${code?.attribs.class ?? ""} ${node.attribs.class ?? ""}`;
  const match = /(?:language|lang)-([\w+#-]+)/i.exec(classes);
  const language = (match && LANGUAGES[match[1]!.toLowerCase()]) ?? "plain text";
  const text = textOf(node).replace(/\n$/, "");
  if (!text) return [];
  return textBlock("code", plainRichText(text), { language });
}

function youTubeWatchUrl(src: string) {
  const match = /^https:\/\/www\.youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,20})/.exec(src);
  return match ? `https://www.youtube.com/watch?v=${match[1]}` : null;
}

function tableBlocks(node: Element, options: ConvertOptions): NotionBlock[] {
  const rows = tableRows(node).map(({ cells, header }) => ({
    cells: cells.map((c) => inlineRichText(c.children, options).slice(0, MAX_RICH_TEXT_ITEMS)),
    header,
  }));
  if (rows.length === 0) return [];
  const width = Math.max(1, ...rows.map((r) => r.cells.length));
  const hasHeader = rows[0]!.header;
  const toRow = (cells: RichText[][]) => ({
    object: "block" as const,
    type: "table_row",
    // Every row of a Notion table has exactly table_width cells.
    table_row: { cells: Array.from({ length: width }, (_, i) => cells[i] ?? []) },
  });
  const header = hasHeader ? rows[0]! : null;
  const body = hasHeader ? rows.slice(1) : rows;
  const perTable = MAX_CHILDREN - (header ? 1 : 0);
  const tables: NotionBlock[] = [];
  for (let i = 0; i === 0 || i < body.length; i += perTable) {
    const slice = body.slice(i, i + perTable);
    const children = [...(header ? [toRow(header.cells)] : []), ...slice.map((r) => toRow(r.cells))];
    tables.push({
      object: "block",
      type: "table",
      table: { table_width: width, has_column_header: Boolean(header), has_row_header: false, children },
    });
  }
  return tables;
}

type ListContext = { depth: number };

function listBlocks(node: Element, options: ConvertOptions, warnings: string[], context: ListContext): NotionBlock[] {
  const type = node.name === "ol" ? "numbered_list_item" : "bulleted_list_item";
  const items: NotionBlock[] = [];
  for (const li of node.children) {
    if (!isElement(li) || li.name !== "li") continue;
    const inline: ChildNode[] = [];
    const nested: NotionBlock[] = [];
    for (const child of li.children) {
      if (isInline(child)) inline.push(child);
      else if (isElement(child) && (child.name === "ul" || child.name === "ol")) {
        nested.push(...listBlocks(child, options, warnings, { depth: context.depth + 1 }));
      } else if (isElement(child) && child.name === "img") nested.push(...imageBlock(child, [], options, warnings));
      else if (isElement(child)) {
        // A paragraph inside a list item continues the item's text on a new line.
        if (inline.length) inline.push(lineBreak());
        inline.push(...child.children);
      }
    }
    const richText = inlineRichText(inline, options);
    const blocks = textBlock(type, richText.length ? richText : [], {});
    const item: NotionBlock = blocks[0] ?? { object: "block", type, [type]: { rich_text: [] } };
    if (context.depth === 0 && nested.length) {
      // Two levels in one request: nested items go one level down, deeper levels join it.
      (item[type] as Record<string, unknown>).children = nested.slice(0, MAX_CHILDREN);
      items.push(item, ...blocks.slice(1), ...nested.slice(MAX_CHILDREN));
    } else {
      items.push(item, ...blocks.slice(1), ...nested);
    }
  }
  return items;
}

function convertNodes(nodes: ChildNode[], options: ConvertOptions, warnings: string[]): NotionBlock[] {
  const blocks: NotionBlock[] = [];
  const run = (pending: ChildNode[]) => blocks.push(...textBlock("paragraph", inlineRichText(pending, options)));
  walkBlocks(nodes, { run, block: (node) => blocks.push(...elementBlocks(node, options, warnings)) });
  return blocks;
}

function elementBlocks(node: Element, options: ConvertOptions, warnings: string[]): NotionBlock[] {
  const blocks: NotionBlock[] = [];
  if (node.type !== "tag") return blocks;
  switch (node.name) {
    case "p": {
      // Images inside a paragraph become image blocks between its text runs.
      let run: ChildNode[] = [];
      for (const child of node.children) {
        if (isElement(child) && child.name === "img") {
          blocks.push(...textBlock("paragraph", inlineRichText(run, options)));
          run = [];
          blocks.push(...imageBlock(child, [], options, warnings));
        } else run.push(child);
      }
      blocks.push(...textBlock("paragraph", inlineRichText(run, options)));
      break;
    }
    case "h1":
      blocks.push(...textBlock("heading_1", inlineRichText(node.children, options)));
      break;
    case "h2":
      blocks.push(...textBlock("heading_2", inlineRichText(node.children, options)));
      break;
    case "h3":
    case "h4":
      // Notion's API documents three heading levels; h4 takes the smallest one.
      blocks.push(...textBlock("heading_3", inlineRichText(node.children, options)));
      break;
    case "h5":
    case "h6":
      blocks.push(...textBlock("paragraph", inlineRichText(node.children, options, { ...PLAIN, bold: true })));
      break;
    case "ul":
    case "ol":
      blocks.push(...listBlocks(node, options, warnings, { depth: 0 }));
      break;
    case "blockquote": {
      const parts: ChildNode[] = [];
      for (const child of node.children) {
        if (isElement(child) && !isInline(child)) {
          if (parts.length) parts.push(lineBreak());
          parts.push(...child.children);
        } else parts.push(child);
      }
      blocks.push(...textBlock("quote", inlineRichText(parts, options)));
      break;
    }
    case "pre":
      blocks.push(...codeBlock(node));
      break;
    case "hr":
      blocks.push({ object: "block", type: "divider", divider: {} });
      break;
    case "img":
      blocks.push(...imageBlock(node, [], options, warnings));
      break;
    case "figure": {
      const caption = childElements(node, "figcaption")[0];
      const captionText = caption ? inlineRichText(caption.children, options) : [];
      for (const child of node.children) {
        if (child === caption) continue;
        if (isElement(child) && child.name === "img") blocks.push(...imageBlock(child, captionText, options, warnings));
        else blocks.push(...convertNodes([child], options, warnings));
      }
      break;
    }
    case "table":
      blocks.push(...tableBlocks(node, options));
      break;
    case "iframe": {
      const src = absoluteUrl(node.attribs.src, options.baseUrl, ["https:"]);
      const watch = src ? youTubeWatchUrl(src) : null;
      if (watch) blocks.push({ object: "block", type: "video", video: { type: "external", external: { url: watch } } });
      else if (src) blocks.push({ object: "block", type: "embed", embed: { url: src } });
      break;
    }
    case "video": {
      const src = absoluteUrl(
        node.attribs.src ?? node.children.filter(isElement).find((c) => c.name === "source")?.attribs.src,
        options.baseUrl,
        ["http:", "https:"],
      );
      if (src) blocks.push({ object: "block", type: "video", video: { type: "external", external: { url: src } } });
      break;
    }
    default:
      // Containers (div, section, article, aside…) pass their content through.
      blocks.push(...convertNodes(node.children, options, warnings));
  }
  return blocks;
}

export function htmlToNotionBlocks(html: string, options: ConvertOptions = {}): ConvertResult {
  const warnings: string[] = [];
  return { blocks: convertNodes(parseHtml(html), options, warnings), warnings };
}

function elementCount(block: NotionBlock): number {
  const body = block[block.type] as { children?: NotionBlock[] } | undefined;
  return 1 + (body?.children ?? []).reduce((sum, child) => sum + elementCount(child), 0);
}

/**
 * Consecutive batches for one request each: at most 100 top-level blocks, 1,000
 * block elements and about 400 KB of JSON (Notion's limits are 100, 1,000 and 500 KB).
 */
export function batchBlocks(blocks: NotionBlock[], limits = { blocks: MAX_CHILDREN, elements: 1000, bytes: 400_000 }): NotionBlock[][] {
  const batches: NotionBlock[][] = [];
  let current: NotionBlock[] = [];
  let elements = 0;
  let bytes = 0;
  for (const block of blocks) {
    const count = elementCount(block);
    const size = Buffer.byteLength(JSON.stringify(block));
    if (current.length && (current.length >= limits.blocks || elements + count > limits.elements || bytes + size > limits.bytes)) {
      batches.push(current);
      current = [];
      elements = 0;
      bytes = 0;
    }
    current.push(block);
    elements += count;
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}
