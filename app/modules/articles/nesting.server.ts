import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";
import { P_CLOSING_TAGS, VOID_TAGS } from "#app/utils/html-tree";

/**
 * Drops the tags of markup nested deeper than `maxDepth`, keeping their text,
 * in one linear pass over htmlparser2's tokenizer.
 *
 * Why: htmlparser2's parser (used by sanitize-html and cheerio) keeps its open
 * elements with Array#unshift, so parsing costs the square of the nesting
 * depth: 40,000 nested spans held the event loop for seconds. This pass keeps
 * its own stack (push/pop), so what reaches the parser is never deep. It only
 * removes tags; the sanitizer that runs next is still the gate for safety.
 */

// Sloppy but valid HTML, such as a run of unclosed paragraphs or list items, must not count as nesting.
// Opening the key ends an open element of the listed names (the list items and table cells HTML lets go unclosed).
const CLOSES_SIBLING: Record<string, string[]> = {
  li: ["li"],
  dt: ["dt", "dd"],
  dd: ["dt", "dd"],
  tr: ["td", "th", "tr"],
  td: ["td", "th"],
  th: ["td", "th"],
  option: ["option"],
};

export function limitNesting(html: string, maxDepth: number): string {
  const stack: string[] = [];
  const dropped = new Map<string, number>();
  const cuts: Array<[number, number]> = [];
  let openStart = 0;
  let openName = "";
  let openDropped = false;

  const ignore = () => {};
  const callbacks: TokenizerCallbacks = {
    onattribdata: ignore,
    onattribentity: ignore,
    onattribend: ignore,
    onattribname: ignore,
    oncdata: ignore,
    oncomment: ignore,
    ondeclaration: ignore,
    onend: ignore,
    onprocessinginstruction: ignore,
    ontext: ignore,
    ontextentity: ignore,
    onopentagname(start, end) {
      openStart = start - 1;
      openName = html.slice(start, end).toLowerCase();
      if (stack.at(-1) === "p" && P_CLOSING_TAGS.has(openName)) stack.pop();
      const siblings = CLOSES_SIBLING[openName];
      while (siblings && siblings.includes(stack.at(-1) ?? "")) stack.pop();
      openDropped = stack.length >= maxDepth;
    },
    onopentagend(end) {
      if (openDropped) {
        cuts.push([openStart, end + 1]);
        if (!VOID_TAGS.has(openName)) dropped.set(openName, (dropped.get(openName) ?? 0) + 1);
      } else if (!VOID_TAGS.has(openName)) stack.push(openName);
    },
    onselfclosingtag(end) {
      if (openDropped) cuts.push([openStart, end + 1]);
    },
    onclosetag(start, end) {
      const name = html.slice(start, end).toLowerCase();
      const close = html.indexOf(">", end);
      const pending = dropped.get(name) ?? 0;
      if (pending > 0) {
        dropped.set(name, pending - 1);
        cuts.push([start - 2, close === -1 ? html.length : close + 1]);
        return;
      }
      // Depth is bounded by maxDepth, so this search is too.
      const index = stack.lastIndexOf(name);
      if (index !== -1) stack.length = index;
    },
  };
  const tokenizer = new Tokenizer({}, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  if (cuts.length === 0) return html;

  const parts: string[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    parts.push(html.slice(from, start));
    from = end;
  }
  parts.push(html.slice(from));
  return parts.join("");
}
