import * as cheerio from "cheerio/slim";
// Types only: cheerio builds its tree from domhandler nodes.
import sanitizeHtml from "sanitize-html";
import { ARTICLE_TAGS, BLOCK_TAGS, isElement, NON_CONTENT_TAGS } from "#app/utils/html-tree";
import { limitNesting } from "./nesting.server";
import type { ChildNode, Element, ParentNode } from "domhandler";

/**
 * The one gate every stored article body passes: an allowlist sanitizer plus
 * the product's normalisation (docs/product.md "Write"; div → p, default image classes, self-closing
 * line breaks, collapsed blank runs). Whatever arrives (editor HTML, Markdown
 * converted by marked, AI output, a hand-crafted POST), what leaves contains
 * no script, no event handler and no URL outside the allowed schemes.
 */

const VIDEO_EMBED_PREFIXES = [
  "https://www.youtube.com/embed/",
  "https://www.youtube-nocookie.com/embed/",
  "https://player.vimeo.com/video/",
];

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i, /^[a-z]{3,20}$/i];
const FONT_SIZE = [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/];
// Family names only: no parentheses or backslashes, so no url()/expression()/escapes.
const FONT_FAMILY = [/^[a-z0-9 ,'"-]{1,120}$/i];
const TEXT_ALIGN = [/^(left|right|center|justify|start|end)$/];
const DIRECTION = [/^(ltr|rtl)$/];
// Lexical writes indentation as `padding-inline-start: calc(N * 40px)`.
const INDENT = [/^\d{1,3}(px|em|rem)$/, /^calc\(\d{1,2} \* \d{1,3}px\)$/];

const blockStyles = { "text-align": TEXT_ALIGN, direction: DIRECTION, "padding-inline-start": INDENT };
// `dir` values are checked in the "*" transform (an allowlisted value list would leave a bare `dir`).
const blockAttrs = ["style", "dir"];

const IMAGE_CLASSES = [/^align(left|right|center|none)$/, /^wp-image(-\d{1,12})?$/, /^size-(thumbnail|medium|medium_large|large|full)$/];

const REL_KEPT = new Set(["nofollow", "sponsored", "ugc", "noopener", "noreferrer"]);

function isSafeImageSrc(src: string) {
  if (/^data:/i.test(src)) return DATA_IMAGE.test(src);
  return /^https?:\/\//i.test(src) || /^\/(?!\/)/.test(src) || /^[\w.-]+(\/|$)/.test(src);
}

function isVideoEmbed(src: string) {
  return VIDEO_EMBED_PREFIXES.some((prefix) => src.startsWith(prefix)) && !/["'<>\\\s]/.test(src);
}

// No article nests 40 levels; every step after limitNesting walks a tree of bounded depth.
const MAX_NESTING = 40;

// sanitize-html 2.17 supports allowedEmptyAttributes; its type definitions lag behind.
const SANITIZE_OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: {
    span: ["style"],
    div: blockAttrs,
    p: blockAttrs,
    h2: blockAttrs,
    h3: blockAttrs,
    h4: blockAttrs,
    h5: blockAttrs,
    h6: blockAttrs,
    ul: blockAttrs,
    ol: [...blockAttrs, "start"],
    li: [...blockAttrs, "value"],
    blockquote: blockAttrs,
    figure: blockAttrs,
    figcaption: blockAttrs,
    th: [...blockAttrs, "colspan", "rowspan", "scope"],
    td: [...blockAttrs, "colspan", "rowspan"],
    pre: [...blockAttrs, "data-language"],
    code: ["class"],
    // data-unverified: an AI-added external link the link checker has not fetched yet.
    a: [
      "href",
      "title",
      "rel",
      { name: "target", multiple: false, values: ["_blank"] },
      { name: "data-unverified", multiple: false, values: ["true"] },
    ],
    img: ["src", "alt", "width", "height", "class", "title", "loading"],
    iframe: ["src", "allowfullscreen", "title", "width", "height", "frameborder"],
  },
  allowedClasses: {
    code: [/^language-[\w-]{1,40}$/],
    // Alignment and WordPress's own image classes only: arbitrary classes would let
    // a post borrow the page's utility classes (a full-screen overlay in preview).
    img: IMAGE_CLASSES,
  },
  allowedStyles: {
    span: { color: COLOR, "background-color": COLOR, "font-size": FONT_SIZE, "font-family": FONT_FAMILY },
    div: blockStyles,
    p: blockStyles,
    h2: blockStyles,
    h3: blockStyles,
    h4: blockStyles,
    h5: blockStyles,
    h6: blockStyles,
    li: blockStyles,
    ul: blockStyles,
    ol: blockStyles,
    blockquote: blockStyles,
    figure: blockStyles,
    figcaption: blockStyles,
    th: blockStyles,
    td: blockStyles,
    pre: blockStyles,
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
  allowedEmptyAttributes: ["alt", "allowfullscreen"],
  disallowedTagsMode: "discard",
  // limitNesting already dropped deeper tags before parsing; this keeps the parser's
  // own view of depth (its implied closes) bounded too.
  nestingLimit: MAX_NESTING,
  // Drop the contents of these along with the tags, not just the tags.
  nonTextTags: [...NON_CONTENT_TAGS, "textarea", "option", "noscript", "svg", "math", "object", "embed", "title", "head"],
  transformTags: {
    "*": (tagName, attribs) => {
      if (attribs.dir === undefined || /^(ltr|rtl|auto)$/.test(attribs.dir)) return { tagName, attribs };
      const { dir: _dropped, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    h1: (_tag, attribs) => ({ tagName: "h2", attribs }),
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      const rel = new Set(
        (attribs.rel ?? "")
          .toLowerCase()
          .split(/\s+/)
          .filter((t) => REL_KEPT.has(t)),
      );
      if (/^https?:\/\//i.test(href) || attribs.target === "_blank") {
        rel.add("noopener");
        rel.add("noreferrer");
      }
      const next: Record<string, string> = { ...attribs, href };
      if (rel.size > 0) next.rel = [...rel].join(" ");
      else delete next.rel;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      const src = (attribs.src ?? "").trim();
      if (!isSafeImageSrc(src)) delete next.src;
      else next.src = src;
      const classes = (next.class ?? "").split(/\s+/).filter((name) => IMAGE_CLASSES.some((rule) => rule.test(name)));
      next.class = classes.length ? classes.join(" ") : "wp-image aligncenter";
      return { tagName, attribs: next };
    },
    iframe: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      const src = (attribs.src ?? "").trim();
      if (!isVideoEmbed(src)) delete next.src;
      else next.src = src;
      return { tagName, attribs: next };
    },
  },
  // Images and embeds that lost their source are dropped entirely.
  exclusiveFilter: (frame) => (frame.tag === "img" || frame.tag === "iframe") && !frame.attribs.src,
};

/**
 * Unwraps divs holding blocks and turns the others into paragraphs, in one
 * post-order walk of the parsed tree (each node is visited once, each child
 * list rebuilt once). Runs on sanitized HTML, so the tree's depth is bounded.
 */
function normaliseDivs(html: string) {
  if (!/<div\b/i.test(html)) return html;
  const $ = cheerio.load(html, null, false);
  const paragraph = $("<p></p>")[0] as Element;
  const walk = (parent: ParentNode) => {
    const children: ChildNode[] = [];
    for (const child of parent.children) {
      if (!isElement(child)) {
        children.push(child);
        continue;
      }
      walk(child);
      if (child.name !== "div") {
        children.push(child);
        continue;
      }
      if (child.children.some((grandchild) => isElement(grandchild) && BLOCK_TAGS.has(grandchild.name))) {
        children.push(...child.children);
      } else {
        const p = paragraph.cloneNode(false);
        for (const name of ["style", "dir"]) if (child.attribs[name]) p.attribs[name] = child.attribs[name];
        p.children = child.children;
        children.push(p);
      }
    }
    parent.children = children;
    for (const [index, child] of children.entries()) {
      child.parent = parent;
      child.prev = children[index - 1] ?? null;
      child.next = children[index + 1] ?? null;
    }
  };
  const root = $.root()[0] as unknown as ParentNode;
  walk(root);
  return $.html();
}

const EMPTY_P = String.raw`<p\b[^>]*>(?:\s|&nbsp;|&#160;|\u00a0|<br />)*</p>`;

/** Collapses runs of blank lines and empty paragraphs outside <pre> blocks. */
function collapseBlankRuns(html: string) {
  return html
    .split(/(<pre\b[\s\S]*?<\/pre>)/i)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      return part
        .replace(new RegExp(`(?:${EMPTY_P}\\s*){2,}`, "g"), "<p><br /></p>\n")
        .replace(/(?:<br \/>\s*){3,}/g, "<br /><br />")
        .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, "\n\n");
    })
    .join("")
    .replace(new RegExp(`^(?:\\s*${EMPTY_P})+`), "")
    .replace(new RegExp(`(?:${EMPTY_P}\\s*)+$`), "")
    .trim();
}

/**
 * Editors wrap text in spans whose styles the allowlist removed; bare ones add
 * nothing. One left-to-right scan of sanitized (balanced) HTML with a stack of
 * open spans: a bare span's tags are dropped, its content kept.
 */
function unwrapBareSpans(html: string) {
  if (!html.includes("<span>")) return html;
  const bare: boolean[] = [];
  return html.replace(/<span\b[^>]*>|<\/span>/g, (tag) => {
    if (tag.startsWith("</")) return bare.pop() ? "" : tag;
    bare.push(tag === "<span>");
    return tag === "<span>" ? "" : tag;
  });
}

/**
 * The most HTML one article may hold: about ten times a long article, far
 * beyond anything written by hand or by the engine, and small enough that
 * sanitizing it never holds the server up.
 */
export const ARTICLE_HTML_MAX_BYTES = 512 * 1024;
export const ARTICLE_TOO_LARGE_MESSAGE =
  "This article is too long: an article can hold up to 512 KB of HTML (about ten long articles). Please shorten it or split it in two.";

export class ArticleTooLargeError extends Error {
  override name = "ArticleTooLargeError";
  constructor() {
    super(ARTICLE_TOO_LARGE_MESSAGE);
  }
}

export function isArticleTooLargeError(error: unknown): error is ArticleTooLargeError {
  return error instanceof ArticleTooLargeError;
}

export function isArticleTooLarge(html: string) {
  return Buffer.byteLength(html ?? "", "utf8") > ARTICLE_HTML_MAX_BYTES;
}

/** Sanitizes and normalises one article body; throws ArticleTooLargeError past ARTICLE_HTML_MAX_BYTES. */
export function sanitizeArticleHtml(html: string): string {
  if (isArticleTooLarge(html)) throw new ArticleTooLargeError();
  const clean = sanitizeHtml(limitNesting(html ?? "", MAX_NESTING), SANITIZE_OPTIONS);
  // Divs become paragraphs on the tree; the second pass puts that back in the sanitizer's own serialisation.
  const withoutDivs = /<div\b/.test(clean) ? sanitizeHtml(normaliseDivs(clean), SANITIZE_OPTIONS) : clean;
  return collapseBlankRuns(unwrapBareSpans(withoutDivs));
}
