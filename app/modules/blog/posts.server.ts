import { parsePost, type BlogPost } from "./markdown.server";

/**
 * All posts, bundled into the server build at build time (no files to ship or
 * read at runtime) and parsed once per process, newest first.
 */
const files = import.meta.glob<string>("/content/blog/*.md", { query: "?raw", import: "default", eager: true });

let cache: BlogPost[] | undefined;

export function listPosts(): BlogPost[] {
  cache ??= Object.entries(files)
    .map(([file, raw]) => parsePost(file.replace(/^.*\/([^/]+)\.md$/, "$1"), raw))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return cache;
}

export function getPost(slug: string): BlogPost | undefined {
  return listPosts().find((post) => post.slug === slug);
}
