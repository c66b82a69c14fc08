import { childElements, eachElement, isElement, isInline, parseHtml, tableRows, textOf, walkBlocks } from "#app/utils/html-tree";
import type { ChildNode, Element } from "domhandler";

/**
 * Article HTML → a Wix Ricos document (docs/decisions/033), pure, no I/O. We
 * build the tree ourselves instead of calling Wix's converter so IMAGE nodes
 * carry the Media Manager file ids we uploaded (Wix does not render external
 * image URLs), and so the grammar Wix enforces holds by construction: TEXT
 * only inside PARAGRAPH, HEADING or CODE_BLOCK; lists hold LIST_ITEMs that hold
 * paragraphs; tables hold rows that hold cells that hold paragraphs; images
 * carry width and height.
 */

type RicosDecoration =
  | { type: "BOLD"; fontWeightValue: number }
  | { type: "ITALIC"; italicData: boolean }
  | { type: "UNDERLINE"; underlineData: boolean }
  | { type: "STRIKETHROUGH"; strikethroughData: boolean }
  | { type: "SUPERSCRIPT"; superscriptData: boolean }
  | { type: "SUBSCRIPT"; subscriptData: boolean }
  | { type: "LINK"; linkData: { link: { url: string; target: "BLANK" | "SELF"; rel?: { nofollow?: boolean; noreferrer?: boolean } } } };

export type RicosNode = {
  type: string;
  id: string;
  nodes: RicosNode[];
  [data: string]: unknown;
};

type RicosDocument = { nodes: RicosNode[]; metadata: { version: number } };

/** An image already in the site's Media Manager. */
export type RicosImage = { id: string; width: number; height: number };

export type RicosOptions = {
  /** The Media Manager file for an <img src>; null = not uploaded (becomes a link, never an external IMAGE). */
  resolveImage(src: string, alt: string): RicosImage | null;
  /** Resolves relative links (the site's public URL); without it relative links lose their link. */
  baseUrl?: string;
};

export type RicosResult = { document: RicosDocument; warnings: string[] };

const BOLD: RicosDecoration = { type: "BOLD", fontWeightValue: 700 };
const ITALIC: RicosDecoration = { type: "ITALIC", italicData: true };
const UNDERLINE: RicosDecoration = { type: "UNDERLINE", underlineData: true };
const STRIKE: RicosDecoration = { type: "STRIKETHROUGH", strikethroughData: true };

const DECORATION_OF_TAG: Record<string, RicosDecoration> = {
  strong: BOLD,
  b: BOLD,
  em: ITALIC,
  i: ITALIC,
  u: UNDERLINE,
  s: STRIKE,
  strike: STRIKE,
  del: STRIKE,
  sup: { type: "SUPERSCRIPT", superscriptData: true },
  sub: { type: "SUBSCRIPT", subscriptData: true },
};

class Builder {
  private counter = 0;
  readonly warnings: string[] = [];
  constructor(readonly options: RicosOptions) {}

  id() {
    return `ink${(++this.counter).toString(36)}`;
  }

  node(type: string, nodes: RicosNode[], data: Record<string, unknown> = {}): RicosNode {
    return { type, id: this.id(), nodes, ...data };
  }

  text(text: string, decorations: RicosDecoration[]): RicosNode {
    return { type: "TEXT", id: "", nodes: [], textData: { text, decorations: [...decorations] } };
  }

  linkUrl(href: string | undefined): string | null {
    if (!href) return null;
    try {
      const url = this.options.baseUrl ? new URL(href, this.options.baseUrl) : new URL(href);
      return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.toString() : null;
    } catch {
      return null;
    }
  }

  /** Inline HTML → TEXT leaves with accumulated decorations; whitespace collapsed as a browser would. */
  inline(children: ChildNode[], decorations: RicosDecoration[] = []): RicosNode[] {
    const out: RicosNode[] = [];
    for (const child of children) {
      if (child.type === "text") {
        const text = child.data.replace(/\s+/g, " ");
        if (text) out.push(this.text(text, decorations));
      } else if (isElement(child)) {
        if (child.name === "br") out.push(this.text("\n", decorations));
        else if (child.name === "a") {
          const url = this.linkUrl(child.attribs.href);
          const link: RicosDecoration | null = url
            ? {
                type: "LINK",
                linkData: {
                  link: {
                    url,
                    target: child.attribs.target === "_blank" ? "BLANK" : "SELF",
                    ...(/\bnofollow\b/.test(child.attribs.rel ?? "") ? { rel: { nofollow: true } } : {}),
                  },
                },
              }
            : null;
          out.push(...this.inline(child.children, link ? [...decorations, link] : decorations));
        } else if (child.name === "img") {
          // An image inside text: handled by the caller splitting runs; here only its alt survives.
          const alt = child.attribs.alt?.trim();
          if (alt) out.push(this.text(alt, decorations));
        } else if (child.name === "script" || child.name === "style") continue;
        else {
          const decoration = DECORATION_OF_TAG[child.name];
          out.push(...this.inline(child.children, decoration ? [...decorations, decoration] : decorations));
        }
      }
    }
    return out;
  }

  /** Trims the run's outer whitespace and merges neighbours with the same decorations. */
  tidy(leaves: RicosNode[]): RicosNode[] {
    const merged: RicosNode[] = [];
    for (const leaf of leaves) {
      const last = merged.at(-1);
      const data = leaf.textData as { text: string; decorations: RicosDecoration[] };
      if (last) {
        const lastData = last.textData as { text: string; decorations: RicosDecoration[] };
        if (JSON.stringify(lastData.decorations) === JSON.stringify(data.decorations)) {
          lastData.text += data.text;
          continue;
        }
      }
      merged.push({ ...leaf, textData: { text: data.text, decorations: data.decorations } });
    }
    const first = merged[0]?.textData as { text: string } | undefined;
    if (first) first.text = first.text.replace(/^ +/, "");
    const end = merged.at(-1)?.textData as { text: string } | undefined;
    if (end) end.text = end.text.replace(/ +$/, "");
    return merged.filter((leaf) => (leaf.textData as { text: string }).text !== "");
  }

  paragraph(children: ChildNode[], decorations: RicosDecoration[] = []): RicosNode | null {
    const leaves = this.tidy(this.inline(children, decorations));
    return leaves.length ? this.node("PARAGRAPH", leaves, { paragraphData: {} }) : null;
  }

  image(element: Element, caption: string | null): RicosNode[] {
    const src = element.attribs.src ?? "";
    const alt = (element.attribs.alt ?? "").trim();
    const found = src ? this.options.resolveImage(src, alt) : null;
    if (!found) {
      // Wix does not render external images: keep the reader's way to it as a link.
      this.warnings.push(`image not in the Wix Media Manager, kept as a link: ${src.slice(0, 120)}`);
      const url = this.linkUrl(src);
      if (!url) return [];
      const link: RicosDecoration = { type: "LINK", linkData: { link: { url, target: "BLANK" } } };
      return [this.node("PARAGRAPH", [this.text(alt || url, [link])], { paragraphData: {} })];
    }
    return [
      this.node("IMAGE", [], {
        imageData: {
          containerData: { width: { size: "CONTENT" }, alignment: "CENTER", textWrap: true },
          image: { src: { id: found.id }, width: found.width, height: found.height },
          altText: alt,
          ...(caption ? { caption } : {}),
        },
      }),
    ];
  }

  list(element: Element, depth: number): RicosNode {
    const ordered = element.name === "ol";
    const items: RicosNode[] = [];
    for (const li of element.children) {
      if (!isElement(li) || li.name !== "li") continue;
      const content: RicosNode[] = [];
      let run: ChildNode[] = [];
      const flush = () => {
        const paragraph = this.paragraph(run);
        if (paragraph) content.push(paragraph);
        run = [];
      };
      for (const child of li.children) {
        if (isInline(child)) run.push(child);
        else if (isElement(child) && (child.name === "ul" || child.name === "ol")) {
          flush();
          content.push(this.list(child, depth + 1));
        } else if (isElement(child) && child.name === "p") {
          flush();
          run = [...child.children];
          flush();
        } else if (isElement(child)) {
          // Other blocks in a list item (images, quotes) keep their text as a paragraph.
          flush();
          run = [...child.children];
          flush();
        }
      }
      flush();
      if (!content.length) content.push(this.node("PARAGRAPH", [], { paragraphData: {} }));
      items.push(this.node("LIST_ITEM", content));
    }
    return ordered
      ? this.node("ORDERED_LIST", items, {
          orderedListData: { indentation: depth, ...(element.attribs.start ? { start: Number(element.attribs.start) || 1 } : {}) },
        })
      : this.node("BULLETED_LIST", items, { bulletedListData: { indentation: depth } });
  }

  table(element: Element): RicosNode[] {
    const found = tableRows(element);
    const headerRow = found[0]?.header ?? false;
    const rows = found.map((row) => row.cells);
    if (!rows.length) return [];
    const width = Math.max(1, ...rows.map((r) => r.length));
    const rowNodes = rows.map((cells) =>
      this.node(
        "TABLE_ROW",
        // Every row has the same number of cells, as Ricos tables require.
        Array.from({ length: width }, (_, i) => {
          const cell = cells[i];
          const paragraph = cell ? this.paragraph(cell.children, cell.name === "th" ? [BOLD] : []) : null;
          return this.node("TABLE_CELL", [paragraph ?? this.node("PARAGRAPH", [], { paragraphData: {} })], {
            tableCellData: { cellStyle: { verticalAlignment: "TOP" } },
          });
        }),
      ),
    );
    return [
      this.node("TABLE", rowNodes, {
        tableData: {
          containerData: { width: { size: "CONTENT" }, alignment: "CENTER" },
          dimensions: {
            colsWidthRatio: Array.from({ length: width }, () => 1),
            rowsHeight: rows.map(() => 47),
            colsMinWidth: Array.from({ length: width }, () => 120),
          },
          rowHeader: headerRow,
          columnHeader: false,
        },
      }),
    ];
  }

  video(src: string | undefined): RicosNode[] {
    let url: URL;
    try {
      url = new URL(src ?? "");
    } catch {
      return [];
    }
    const match = /^\/embed\/([\w-]{6,20})/.exec(url.pathname);
    if (/(^|\.)youtube(-nocookie)?\.com$/.test(url.hostname) && match) {
      return [
        this.node("VIDEO", [], {
          videoData: {
            containerData: { width: { size: "CONTENT" }, alignment: "CENTER" },
            video: { src: { url: `https://www.youtube.com/watch?v=${match[1]}` } },
          },
        }),
      ];
    }
    if (url.protocol !== "https:") return [];
    // Other embeds (Vimeo…): a link paragraph, which every Wix blog shows.
    const link: RicosDecoration = { type: "LINK", linkData: { link: { url: url.toString(), target: "BLANK" } } };
    return [this.node("PARAGRAPH", [this.text(url.toString(), [link])], { paragraphData: {} })];
  }

  blocks(children: ChildNode[]): RicosNode[] {
    const out: RicosNode[] = [];
    const run = (pending: ChildNode[]) => {
      const paragraph = this.paragraph(pending);
      if (paragraph) out.push(paragraph);
    };
    walkBlocks(children, { run, block: (child) => out.push(...this.block(child)) });
    return out;
  }

  /** One block-level element → its Ricos nodes. */
  block(child: Element): RicosNode[] {
    const out: RicosNode[] = [];
    switch (child.name) {
      case "p":
        out.push(...this.withImages(child.children, (run) => this.paragraph(run)));
        break;
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6": {
        const level = Math.max(2, Number(child.name[1]));
        const leaves = this.tidy(this.inline(child.children));
        if (leaves.length) out.push(this.node("HEADING", leaves, { headingData: { level } }));
        break;
      }
      case "ul":
      case "ol":
        out.push(this.list(child, 0));
        break;
      case "blockquote": {
        const inner = this.blocks(child.children).filter((n) => n.type === "PARAGRAPH");
        if (inner.length) out.push(this.node("BLOCKQUOTE", inner, { blockquoteData: { indentation: 1 } }));
        break;
      }
      case "pre": {
        const text = textOf(child).replace(/\n$/, "");
        if (text) out.push(this.node("CODE_BLOCK", [this.text(text, [])], { codeBlockData: { textStyle: { textAlignment: "AUTO" } } }));
        break;
      }
      case "hr":
        out.push(this.node("DIVIDER", [], { dividerData: { lineStyle: "SINGLE", width: "LARGE", alignment: "CENTER" } }));
        break;
      case "img":
        out.push(...this.image(child, null));
        break;
      case "figure": {
        const captionEl = childElements(child, "figcaption")[0];
        const caption = captionEl ? textOf(captionEl).replace(/\s+/g, " ").trim() : null;
        for (const inner of child.children) {
          if (inner === captionEl) continue;
          if (isElement(inner) && inner.name === "img") out.push(...this.image(inner, caption));
          else out.push(...this.blocks([inner]));
        }
        break;
      }
      case "table":
        out.push(...this.table(child));
        break;
      case "iframe":
        out.push(...this.video(child.attribs.src));
        break;
      default:
        // Containers (div, section…) pass their content through.
        out.push(...this.blocks(child.children));
    }
    return out;
  }

  /** A paragraph with images inside: text runs and IMAGE nodes in order, as Ricos has no inline images. */
  withImages(children: ChildNode[], make: (run: ChildNode[]) => RicosNode | null): RicosNode[] {
    const out: RicosNode[] = [];
    let run: ChildNode[] = [];
    const flush = () => {
      const node = make(run);
      if (node) out.push(node);
      run = [];
    };
    for (const child of children) {
      if (isElement(child) && child.name === "img") {
        flush();
        out.push(...this.image(child, null));
      } else run.push(child);
    }
    flush();
    return out;
  }
}

export function htmlToRicos(html: string, options: RicosOptions): RicosResult {
  const builder = new Builder(options);
  return { document: { nodes: builder.blocks(parseHtml(html)), metadata: { version: 1 } }, warnings: builder.warnings };
}

/** Every <img src> of the HTML with its alt, in order: what must be resolved to Media Manager files first. */
export function imageSources(html: string): Array<{ src: string; alt: string; width: number | null; height: number | null }> {
  const found: Array<{ src: string; alt: string; width: number | null; height: number | null }> = [];
  eachElement(parseHtml(html), (node) => {
    if (node.name === "img" && node.attribs.src) {
      const size = (v: string | undefined) => (v && /^\d{1,5}$/.test(v) && Number(v) > 0 ? Number(v) : null);
      found.push({
        src: node.attribs.src,
        alt: node.attribs.alt ?? "",
        width: size(node.attribs.width),
        height: size(node.attribs.height),
      });
    }
  });
  return found;
}

/**
 * Problems Wix would refuse the document for (the grammar above); empty when
 * valid. Used by our tests and the fake, and as a last check before sending.
 */
export function ricosViolations(document: { nodes?: unknown }): string[] {
  const problems: string[] = [];
  const CHILDREN: Record<string, string[] | null> = {
    ROOT: ["PARAGRAPH", "HEADING", "BULLETED_LIST", "ORDERED_LIST", "BLOCKQUOTE", "CODE_BLOCK", "DIVIDER", "IMAGE", "TABLE", "VIDEO"],
    PARAGRAPH: ["TEXT"],
    HEADING: ["TEXT"],
    CODE_BLOCK: ["TEXT"],
    BULLETED_LIST: ["LIST_ITEM"],
    ORDERED_LIST: ["LIST_ITEM"],
    LIST_ITEM: ["PARAGRAPH", "BULLETED_LIST", "ORDERED_LIST"],
    BLOCKQUOTE: ["PARAGRAPH"],
    TABLE: ["TABLE_ROW"],
    TABLE_ROW: ["TABLE_CELL"],
    TABLE_CELL: ["PARAGRAPH", "BULLETED_LIST", "ORDERED_LIST", "IMAGE"],
    TEXT: [],
    IMAGE: [],
    DIVIDER: [],
    VIDEO: [],
  };
  const visit = (node: unknown, parent: string, path: string) => {
    if (!node || typeof node !== "object") return problems.push(`${path}: not a node`);
    const n = node as { type?: unknown; nodes?: unknown; [k: string]: unknown };
    const type = typeof n.type === "string" ? n.type : "";
    const allowed = CHILDREN[parent];
    if (!(type in CHILDREN)) return problems.push(`${path}: unknown node type ${String(n.type)}`);
    if (allowed && !allowed.includes(type)) problems.push(`${path}: ${type} cannot be inside ${parent}`);
    if (type === "TEXT") {
      const data = n.textData as { text?: unknown } | undefined;
      if (typeof data?.text !== "string") problems.push(`${path}: TEXT without textData.text`);
    }
    if (type === "HEADING") {
      const level = (n.headingData as { level?: unknown } | undefined)?.level;
      if (typeof level !== "number" || level < 1 || level > 6) problems.push(`${path}: HEADING needs headingData.level 1-6`);
    }
    if (type === "IMAGE") {
      const image = (n.imageData as { image?: { src?: { id?: unknown; url?: unknown }; width?: unknown; height?: unknown } } | undefined)
        ?.image;
      if (!image?.src || typeof image.src.id !== "string" || !image.src.id)
        problems.push(`${path}: IMAGE needs image.src.id (a Wix file id)`);
      if (typeof image?.src?.url === "string" || /^https?:/i.test(String(image?.src?.id ?? "")))
        problems.push(`${path}: IMAGE with an external src; import it into the Media Manager first`);
      if (!(Number(image?.width) > 0) || !(Number(image?.height) > 0)) problems.push(`${path}: IMAGE needs width and height`);
    }
    if (type === "TABLE") {
      const rows = Array.isArray(n.nodes) ? (n.nodes as Array<{ nodes?: unknown[] }>) : [];
      const widths = new Set(rows.map((r) => (Array.isArray(r.nodes) ? r.nodes.length : 0)));
      if (widths.size > 1) problems.push(`${path}: TABLE rows have different numbers of cells`);
      const dims = (n.tableData as { dimensions?: { colsWidthRatio?: unknown[] } } | undefined)?.dimensions;
      if (!Array.isArray(dims?.colsWidthRatio) || (rows[0] && dims.colsWidthRatio.length !== (rows[0].nodes?.length ?? 0)))
        problems.push(`${path}: TABLE needs tableData.dimensions.colsWidthRatio, one per column`);
    }
    const children = n.nodes;
    if (children !== undefined && !Array.isArray(children)) return problems.push(`${path}: nodes must be a list`);
    (children ?? []).forEach((child: unknown, i: number) => visit(child, type, `${path}.nodes[${i}]`));
    return undefined;
  };
  if (!Array.isArray(document.nodes)) return ["richContent.nodes must be a list"];
  document.nodes.forEach((node, i) => visit(node, "ROOT", `richContent.nodes[${i}]`));
  return problems;
}
