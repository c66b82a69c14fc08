import * as cheerio from "cheerio/slim";
import sanitizeHtml from "sanitize-html";

/**
 * The one gate every stored article body passes: an allowlist sanitizer plus
 * the spec-000 normalisation (div → p, default image classes, self-closing
 * line breaks, collapsed blank runs). Whatever arrives (editor HTML, Markdown
 * converted by marked, AI output, a hand-crafted POST), what leaves contains
 * no script, no event handler and no URL outside the allowed schemes.
 */

const BLOCK_TAGS = new Set([
  "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure",
  "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "iframe", "li", "main", "nav", "ol", "p",
  "pre", "section", "table", "ul", "video",
]);

const VIDEO_EMBED_PREFIXES = [
  "https://www.youtube.com/embed/",
  "https://www.youtube-nocookie.com/embed/",
  "https://player.vimeo.com/video/",
];

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+))?\s*\)$/i,
  /^[a-z]{3,20}$/i,
];
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

const REL_KEPT = new Set(["nofollow", "sponsored", "ugc", "noopener", "noreferrer"]);

function isSafeImageSrc(src: string) {
  if (/^data:/i.test(src)) return DATA_IMAGE.test(src);
  return /^https?:\/\//i.test(src) || /^\/(?!\/)/.test(src) || /^[\w.-]+(\/|$)/.test(src);
}

function isVideoEmbed(src: string) {
  return VIDEO_EMBED_PREFIXES.some((prefix) => src.startsWith(prefix)) && !/["'<>\\\s]/.test(src);
}

// sanitize-html 2.17 supports allowedEmptyAttributes; its type definitions lag behind.
const SANITIZE_OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [
    "h2", "h3", "h4", "h5", "h6", "p", "br", "strong", "b", "em", "i", "u", "s", "strike", "del", "sub", "sup",
    "span", "ul", "ol", "li", "blockquote", "pre", "code", "a", "img", "figure", "figcaption", "table", "thead",
    "tbody", "tfoot", "tr", "th", "td", "hr", "iframe",
  ],
  allowedAttributes: {
    span: ["style"],
    p: blockAttrs, h2: blockAttrs, h3: blockAttrs, h4: blockAttrs, h5: blockAttrs, h6: blockAttrs,
    ul: blockAttrs, ol: [...blockAttrs, "start"], li: [...blockAttrs, "value"], blockquote: blockAttrs,
    figure: blockAttrs, figcaption: blockAttrs,
    th: [...blockAttrs, "colspan", "rowspan", "scope"], td: [...blockAttrs, "colspan", "rowspan"],
    pre: [...blockAttrs, "data-language"],
    code: ["class"],
    // data-unverified: an AI-added external link the link checker has not fetched yet.
    a: ["href", "title", "rel", { name: "target", multiple: false, values: ["_blank"] }, { name: "data-unverified", multiple: false, values: ["true"] }],
    img: ["src", "alt", "width", "height", "class", "title", "loading"],
    iframe: ["src", "allowfullscreen", "title", "width", "height", "frameborder"],
  },
  allowedClasses: {
    code: [/^language-[\w-]{1,40}$/],
    img: [/^[a-z][\w-]{0,60}$/i],
  },
  allowedStyles: {
    span: { color: COLOR, "background-color": COLOR, "font-size": FONT_SIZE, "font-family": FONT_FAMILY },
    p: blockStyles, h2: blockStyles, h3: blockStyles, h4: blockStyles, h5: blockStyles, h6: blockStyles,
    li: blockStyles, ul: blockStyles, ol: blockStyles, blockquote: blockStyles, figure: blockStyles,
    figcaption: blockStyles, th: blockStyles, td: blockStyles, pre: blockStyles,
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
  allowedEmptyAttributes: ["alt", "allowfullscreen"],
  disallowedTagsMode: "discard",
  // Drop the contents of these along with the tags, not just the tags.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "svg", "math", "template", "object", "embed", "title", "head"],
  transformTags: {
    "*": (tagName, attribs) => {
      if (attribs.dir === undefined || /^(ltr|rtl|auto)$/.test(attribs.dir)) return { tagName, attribs };
      const { dir: _dropped, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    h1: (_tag, attribs) => ({ tagName: "h2", attribs }),
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      const rel = new Set((attribs.rel ?? "").toLowerCase().split(/\s+/).filter((t) => REL_KEPT.has(t)));
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
      if (!next.class?.trim()) next.class = "wp-image aligncenter";
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

/** Unwraps divs holding blocks and turns text-only divs into paragraphs. */
function normaliseDivs(html: string) {
  if (!/<div\b/i.test(html)) return html;
  const $ = cheerio.load(html, null, false);
  // Innermost first so an outer div sees its children already converted.
  const divs = $("div").toArray().reverse();
  for (const el of divs) {
    const div = $(el);
    const hasBlockChild = div.children().toArray().some((child) => BLOCK_TAGS.has(child.tagName.toLowerCase()));
    if (hasBlockChild) div.replaceWith(div.contents());
    else {
      const p = $("<p></p>");
      const style = div.attr("style");
      const dir = div.attr("dir");
      if (style) p.attr("style", style);
      if (dir) p.attr("dir", dir);
      p.append(div.contents());
      div.replaceWith(p);
    }
  }
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

const BARE_SPAN = /<span>((?:(?!<\/?span\b)[\s\S])*)<\/span>/g;

/** Editors wrap text in spans whose styles the allowlist removed; bare ones add nothing. */
function unwrapBareSpans(html: string) {
  let previous: string;
  let current = html;
  do {
    previous = current;
    current = current.replace(BARE_SPAN, "$1");
  } while (current !== previous);
  return current;
}

export function sanitizeArticleHtml(html: string): string {
  const clean = sanitizeHtml(normaliseDivs(html ?? ""), SANITIZE_OPTIONS);
  return collapseBlankRuns(unwrapBareSpans(clean));
}

