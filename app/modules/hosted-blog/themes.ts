/**
 * The hosted blog's themes (docs/decisions/077-blog-themes.md): what the Blog tab offers and the preview accepts.
 * Each wears the brand's logo, name, accent colour and font pairing; their styles are the blog pages' own
 * (app/routes/hosted-blog/themes/). Client-safe.
 */

export const BLOG_THEMES = [
  {
    id: "magazine",
    name: "Magazine",
    description: "A front page of cards with cover images and bold headlines; the newest post leads.",
  },
  {
    id: "longread",
    name: "Long-read",
    description: "Quiet and bookish: a narrow column, generous line spacing and a contents list, for posts read to the end.",
  },
  {
    id: "journal",
    name: "Shop journal",
    description: "Warm and inviting: a prominent brand header and posts shown like product cards.",
  },
] as const;

export type BlogThemeId = (typeof BLOG_THEMES)[number]["id"];
export const BLOG_THEME_IDS = BLOG_THEMES.map((t) => t.id) as [BlogThemeId, ...BlogThemeId[]];

/** The look of a blog that chose none: the narrow reading column the hosted blog always had. */
export const DEFAULT_BLOG_THEME: BlogThemeId = "longread";

/** The theme a stored or asked value names, or null for anything else. */
export function blogThemeOf(value: string | null | undefined): BlogThemeId | null {
  return BLOG_THEME_IDS.find((id) => id === value) ?? null;
}
