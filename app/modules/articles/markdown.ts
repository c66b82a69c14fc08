import { Marked } from "marked";

/**
 * Markdown → HTML for the write screen's Markdown mode (GitHub-flavoured: tables,
 * strikethrough). Isomorphic: the server converts submitted Markdown before the
 * sanitizer sees it, the browser converts for the live SEO panel. The output is
 * NOT safe by itself; stored content always goes through sanitizeArticleHtml.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown ?? "", { async: false });
}

export type ContentFormat = "html" | "markdown";

export function parseContentFormat(value: unknown): ContentFormat {
  return value === "markdown" ? "markdown" : "html";
}

/** The HTML a submitted content field stands for, in either format. */
export function contentToHtml(content: string, format: ContentFormat): string {
  return format === "markdown" ? markdownToHtml(content) : content;
}
