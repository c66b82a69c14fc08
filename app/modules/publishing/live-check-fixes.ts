import type { CmsPlatform } from "#app/db/schema";

/**
 * What the customer can do when the live page differs from what we sent, per
 * platform (its theme, SEO plugin or settings): the fix texts of the live check
 * (live-check-page.ts).
 */

export function quote(text: string, max = 80) {
  const clean = text.replace(/\s+/g, " ").trim();
  return `“${clean.length > max ? `${clean.slice(0, max - 1)}…` : clean}”`;
}

/** Notion builds its public pages in the browser: the HTML a checker gets has no article in it. */
export const CLIENT_RENDERED: ReadonlySet<CmsPlatform> = new Set(["notion"]);

const SUPPORT = "This is on Inkpilot's side: please contact support with the check's details.";

/**
 * Each fix is a table with a row for every platform (null: the general advice), so a new platform is a type error
 * here until its advice is written (docs/decisions/072).
 */
type PerPlatform<T> = Record<CmsPlatform, T | null>;

const WORDPRESS_TITLE =
  "A title template in your theme or SEO plugin replaces the post title. In Yoast (Settings → Content types → Posts) or Rank Math (Titles & Meta → Posts), keep the post title variable in the SEO title.";
const TITLE_FIX: PerPlatform<string> = {
  wordpress: WORDPRESS_TITLE,
  wordpress_com: WORDPRESS_TITLE,
  shopify: "Your theme's theme.liquid should use {{ page_title }} in its <title>; open Online Store → Themes → Edit code to check.",
  ghost: "Your Ghost theme should print {{meta_title}} in its <title>; switch to a default theme (Source or Casper) to compare.",
  webflow: "In the Webflow Designer, open the collection template's page settings and bind the Title Tag to the post's name field.",
  wix: "In Wix, open Marketing & SEO → SEO Settings → Blog posts and keep the post title variable in the title tag pattern.",
  hosted: SUPPORT,
  notion: null,
  webhook: null,
};

export function titleFix(platform: CmsPlatform) {
  return TITLE_FIX[platform] ?? "Check how your site builds the page's <title> from the post title.";
}

const WORDPRESS_H1 =
  "Your theme shows the post title without an <h1>. Choose a theme that marks the post title as the page's H1 (most current themes do), or edit the single post template.";
const H1_FIX: PerPlatform<string> = {
  wordpress: WORDPRESS_H1,
  wordpress_com: WORDPRESS_H1,
  shopify: "Edit the article template of your theme (sections/main-article.liquid) so the article title is an <h1>.",
  webflow: "In the collection template, set the heading bound to the post's name to H1.",
  hosted: SUPPORT,
  ghost: null,
  wix: null,
  notion: null,
  webhook: null,
};

export function h1Fix(platform: CmsPlatform) {
  return H1_FIX[platform] ?? "Make sure the page template shows the post title as its main <h1> heading.";
}

const META_FIX: PerPlatform<string | ((seoPlugin: boolean) => string)> = {
  wordpress: (seoPlugin) =>
    seoPlugin
      ? "Your SEO plugin has the description, but the page does not show it: clear your caching plugin's cache, and check in Yoast (Search appearance) or Rank Math that posts are shown in search results."
      : "Install Yoast SEO or Rank Math so Inkpilot can set the meta description, then run Check again on the connection and publish again.",
  wordpress_com:
    "WordPress.com sets a custom meta description only on plans with SEO tools (Business and up); otherwise it uses the excerpt.",
  shopify:
    'Your theme\'s theme.liquid should print {{ page_description }} in a <meta name="description"> tag; open Online Store → Themes → Edit code to check.',
  ghost: "Your Ghost theme must include {{ghost_head}} in default.hbs: it writes the meta description.",
  webflow:
    "In the Webflow Designer, open the collection template's page settings and bind the Meta Description to the field Inkpilot fills with the summary.",
  wix: "In Wix, open Marketing & SEO → SEO Settings → Blog posts and make sure the meta description pattern uses the post's description.",
  hosted: SUPPORT,
  notion: null,
  webhook: null,
};

export function metaFix(page: { platform: CmsPlatform; wordpressSeoPlugin?: boolean }) {
  const fix = META_FIX[page.platform];
  if (typeof fix === "function") return fix(Boolean(page.wordpressSeoPlugin));
  return fix ?? 'Make sure your site prints the post\'s description in a <meta name="description"> tag.';
}

type CanonicalKind = "missing" | "elsewhere";
const WORDPRESS_CANONICAL: Record<CanonicalKind, string> = {
  missing:
    "WordPress adds a canonical link unless the theme or a plugin removes it: install Yoast SEO or Rank Math, or restore wp_head() in your theme.",
  elsewhere:
    "A canonical set in the post's SEO settings (Yoast → Advanced, Rank Math → Advanced) or a plugin points elsewhere; clear it so the post is its own canonical.",
};
const both = (text: string): Record<CanonicalKind, string> => ({ missing: text, elsewhere: text });
const CANONICAL_FIX: PerPlatform<Record<CanonicalKind, string>> = {
  wordpress: WORDPRESS_CANONICAL,
  wordpress_com: WORDPRESS_CANONICAL,
  shopify: {
    missing:
      'Your theme\'s theme.liquid should have <link rel="canonical" href="{{ canonical_url }}">; Shopify articles cannot take a canonical of their own.',
    elsewhere:
      "Shopify articles cannot take a canonical of their own; the theme's {{ canonical_url }} points elsewhere, so check theme.liquid or an SEO app.",
  },
  wix: both("Wix sets the canonical itself: open Marketing & SEO → SEO Settings → Blog posts and reset the canonical URL pattern."),
  ghost: {
    missing: "Your Ghost theme must include {{ghost_head}} in default.hbs: it writes the canonical link.",
    elsewhere: "The post's canonical URL was changed in Ghost (post settings → Meta data → Canonical URL); clear it.",
  },
  webflow: both(
    "In Webflow, Site settings → SEO → Global canonical tag URL should be your site's address, and the template must not set another canonical.",
  ),
  hosted: both(SUPPORT),
  notion: null,
  webhook: null,
};

export function canonicalFix(platform: CmsPlatform, kind: CanonicalKind) {
  return CANONICAL_FIX[platform]?.[kind] ?? 'Add a <link rel="canonical"> to the post page that points to the post\'s own address.';
}

const WORDPRESS_FEATURED =
  "The featured image is set on the post, but your theme does not show it on the post page. Turn it on in Appearance → Customize (often 'Show featured image on posts'), or choose a theme that shows it.";
const FEATURED_FIX: PerPlatform<string> = {
  wordpress: WORDPRESS_FEATURED,
  wordpress_com: WORDPRESS_FEATURED,
  shopify:
    "The article's image is set, but your theme's article template does not show it; turn it on in the theme editor's blog post section.",
  ghost:
    "The feature image is set, but your Ghost theme does not show it on posts; switch on 'Show feature image' in Design settings or use a theme that shows it.",
  webflow: "Bind an Image element on the collection template to the post's main image field.",
  wix: null,
  hosted: null,
  notion: null,
  webhook: null,
};
const IMPORTED_BY_EDITOR =
  "Open the post in the platform's editor: images it could not import are left out. Publishing again re-sends them.";
const IMAGES_FIX: PerPlatform<string> = {
  webflow: IMPORTED_BY_EDITOR,
  wix: IMPORTED_BY_EDITOR,
  hosted: SUPPORT,
  wordpress: null,
  wordpress_com: null,
  shopify: null,
  ghost: null,
  notion: null,
  webhook: null,
};

export function imagesFix(platform: CmsPlatform, featuredMissing: boolean) {
  if (featuredMissing) return FEATURED_FIX[platform] ?? "The post's cover image is set, but the page template does not show it.";
  return (
    IMAGES_FIX[platform] ??
    "Open the post in its editor and check the missing images; publishing again re-sends them. A lazy-loading or image optimisation plugin can also hide them from the page's HTML."
  );
}

/**
 * What to do about images that may show badly (live-check-images.ts). `asSent`: every such image is still the
 * image block Inkpilot's latest publication sent, so publishing again would send the same and is not advised.
 */
export function imageLayoutFix(platform: CmsPlatform, problems: Set<"no_size" | "may_overflow" | "not_loading">, asSent = false) {
  if (problems.has("not_loading")) {
    return platform === "hosted"
      ? "An image of the article is gone from the image store: replace it in the editor, then publish again."
      : "An image the post shows does not load: it may have been deleted from the media library. Publish again to upload it anew.";
  }
  if ((platform === "wordpress" || platform === "wordpress_com") && asSent) {
    return "Inkpilot sent these images as WordPress image blocks with their width and height; the page shows them without, so the theme or a plugin (lazy loading, image optimisation, a page builder) rewrites them. Check its settings: publishing again would send the same.";
  }
  if (platform === "wordpress" || platform === "wordpress_com") {
    return "Publish again: Inkpilot now sends images as WordPress image blocks with their size. A post edited by hand keeps its old images until then.";
  }
  return "Publish again: Inkpilot sends each image with its width and height and held to the column. If the theme still shows it too wide, its stylesheet needs img { max-width: 100%; height: auto }.";
}
