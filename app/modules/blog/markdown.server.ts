import matter from "gray-matter";
import { Marked, type Tokens } from "marked";
import { z } from "zod";
import { slugify } from "#app/utils/text";

/**
 * The product blog's posts are markdown files with frontmatter
 * (content/blog/<slug>.md). This turns one file into a rendered post:
 * HTML with ids on every heading, a table of contents and a reading time.
 */

const WORDS_PER_MINUTE = 200;

const FrontmatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: z.union([z.string(), z.date()]).transform((v) => (v instanceof Date ? v : new Date(v)).toISOString().slice(0, 10)),
  author: z.string().min(1),
  image: z.string().min(1),
  imageAlt: z.string().optional(),
});

type TocEntry = { id: string; text: string; depth: 2 | 3 };

export type BlogPost = z.output<typeof FrontmatterSchema> & {
  slug: string;
  html: string;
  toc: TocEntry[];
  wordCount: number;
  readingMinutes: number;
};

/** Minutes to read at 200 words a minute, rounded up, at least 1. */
export function readingTime(wordCount: number) {
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));
}

/** Words of the visible text of a markdown body (code, links' URLs and markup left out). */
export function countWords(markdown: string) {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#>*_`|~-]+/g, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** A heading's anchor: "Why it matters: 3 tips" → "why-it-matters-3-tips" (inline tags and entities left out). */
export function headingId(text: string) {
  return slugify(text.replace(/<[^>]+>/g, "").replace(/&[a-z]+;|&#\d+;/gi, ""), "section");
}

/** Renders markdown; h2 and h3 headings get unique ids and form the table of contents. */
export function renderMarkdown(markdown: string) {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading["tokens"]): string } }, { tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const base = headingId(text);
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        if (depth === 2 || depth === 3) toc.push({ id, text: inner.replace(/<[^>]+>/g, ""), depth });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { html, toc };
}

export function parsePost(slug: string, raw: string): BlogPost {
  const file = matter(raw);
  const frontmatter = FrontmatterSchema.parse(file.data);
  const { html, toc } = renderMarkdown(file.content);
  const wordCount = countWords(file.content);
  return { ...frontmatter, slug, html, toc, wordCount, readingMinutes: readingTime(wordCount) };
}
