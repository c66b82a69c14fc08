/**
 * Text helpers over sanitized article HTML, isomorphic (server and browser) and
 * dependency-free so the live SEO panel can run them on every keystroke.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[body.toLowerCase()] ?? match;
  });
}

/**
 * Visible text of an HTML fragment. Block ends become line breaks so sentences
 * and headings do not run together; embedded code and scripts are not prose.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<\/(p|h[1-6]|li|blockquote|pre|td|th|tr|figcaption|div)>|<br\s*\/?>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "word" }) : null;

/**
 * Node 20's word segmenter takes time quadratic in the length of the string it walks (16,000 words: 2.8 s, 64,000:
 * 81 s), so one pasted or posted body could hold the server for minutes: the text is walked in pieces of about
 * 2,000 characters cut at whitespace or punctuation (anywhere only in a run of 1,000 without either), which keeps
 * it linear.
 */
const SEGMENT_CHUNK = 2000;

/** The last index in (from, to] whose character matches, or undefined. */
function cutBefore(text: string, from: number, to: number, boundary: RegExp) {
  for (let at = to; at > from; at--) if (boundary.test(text[at]!)) return at;
  return undefined;
}

function* textPieces(text: string) {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + SEGMENT_CHUNK);
    if (end < text.length)
      end = cutBefore(text, start + SEGMENT_CHUNK / 2, end, /\s/) ?? cutBefore(text, start + SEGMENT_CHUNK / 2, end, /\p{P}/u) ?? end;
    yield text.slice(start, end);
    start = end;
  }
}

/** Words in any script: the Unicode word segmenter also splits Chinese and Japanese. */
export function countWords(text: string): number {
  if (!text.trim()) return 0;
  if (segmenter) {
    let count = 0;
    for (const piece of textPieces(text)) for (const segment of segmenter.segment(piece)) if (segment.isWordLike) count++;
    return count;
  }
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

export function countHtmlWords(html: string): number {
  return countWords(htmlToText(html));
}

/**
 * The one slug rule (article URLs, site slugs, blog heading anchors): accents
 * folded, lowercase, apostrophes dropped, other non-letters hyphenated, at most
 * 80 characters; `fallback` when nothing is left.
 */
export function slugify(title: string, fallback = "article"): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || fallback;
}
