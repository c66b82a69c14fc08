import { gfm } from "@joplin/turndown-plugin-gfm";
import TurndownService from "turndown";

/** An article's HTML as Markdown (GitHub flavour: tables, strikethrough), for exports and platforms that take Markdown. */
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
turndown.use(gfm);

export function htmlToMarkdown(html: string) {
  return turndown.turndown(html);
}
