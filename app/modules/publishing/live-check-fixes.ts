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

export function titleFix(platform: CmsPlatform) {
  switch (platform) {
    case "wordpress":
    case "wordpress_com":
      return "A title template in your theme or SEO plugin replaces the post title. In Yoast (Settings → Content types → Posts) or Rank Math (Titles & Meta → Posts), keep the post title variable in the SEO title.";
    case "shopify":
      return "Your theme's theme.liquid should use {{ page_title }} in its <title>; open Online Store → Themes → Edit code to check.";
    case "ghost":
      return "Your Ghost theme should print {{meta_title}} in its <title>; switch to a default theme (Source or Casper) to compare.";
    case "webflow":
      return "In the Webflow Designer, open the collection template's page settings and bind the Title Tag to the post's name field.";
    case "wix":
      return "In Wix, open Marketing & SEO → SEO Settings → Blog posts and keep the post title variable in the title tag pattern.";
    case "hosted":
      return "This is on Inkpilot's side: please contact support with the check's details.";
    default:
      return "Check how your site builds the page's <title> from the post title.";
  }
}

export function h1Fix(platform: CmsPlatform) {
  switch (platform) {
    case "wordpress":
    case "wordpress_com":
      return "Your theme shows the post title without an <h1>. Choose a theme that marks the post title as the page's H1 (most current themes do), or edit the single post template.";
    case "shopify":
      return "Edit the article template of your theme (sections/main-article.liquid) so the article title is an <h1>.";
    case "webflow":
      return "In the collection template, set the heading bound to the post's name to H1.";
    case "hosted":
      return "This is on Inkpilot's side: please contact support with the check's details.";
    default:
      return "Make sure the page template shows the post title as its main <h1> heading.";
  }
}

export function metaFix(page: { platform: CmsPlatform; wordpressSeoPlugin?: boolean }) {
  switch (page.platform) {
    case "wordpress":
      return page.wordpressSeoPlugin
        ? "Your SEO plugin has the description, but the page does not show it: clear your caching plugin's cache, and check in Yoast (Search appearance) or Rank Math that posts are shown in search results."
        : "Install Yoast SEO or Rank Math so Inkpilot can set the meta description, then run Check again on the connection and publish again.";
    case "wordpress_com":
      return "WordPress.com sets a custom meta description only on plans with SEO tools (Business and up); otherwise it uses the excerpt.";
    case "shopify":
      return 'Your theme\'s theme.liquid should print {{ page_description }} in a <meta name="description"> tag; open Online Store → Themes → Edit code to check.';
    case "ghost":
      return "Your Ghost theme must include {{ghost_head}} in default.hbs: it writes the meta description.";
    case "webflow":
      return "In the Webflow Designer, open the collection template's page settings and bind the Meta Description to the field Inkpilot fills with the summary.";
    case "wix":
      return "In Wix, open Marketing & SEO → SEO Settings → Blog posts and make sure the meta description pattern uses the post's description.";
    case "hosted":
      return "This is on Inkpilot's side: please contact support with the check's details.";
    default:
      return 'Make sure your site prints the post\'s description in a <meta name="description"> tag.';
  }
}

export function canonicalFix(platform: CmsPlatform, kind: "missing" | "elsewhere") {
  switch (platform) {
    case "wordpress":
    case "wordpress_com":
      return kind === "missing"
        ? "WordPress adds a canonical link unless the theme or a plugin removes it: install Yoast SEO or Rank Math, or restore wp_head() in your theme."
        : "A canonical set in the post's SEO settings (Yoast → Advanced, Rank Math → Advanced) or a plugin points elsewhere; clear it so the post is its own canonical.";
    case "shopify":
      return kind === "missing"
        ? 'Your theme\'s theme.liquid should have <link rel="canonical" href="{{ canonical_url }}">; Shopify articles cannot take a canonical of their own.'
        : "Shopify articles cannot take a canonical of their own; the theme's {{ canonical_url }} points elsewhere, so check theme.liquid or an SEO app.";
    case "wix":
      return "Wix sets the canonical itself: open Marketing & SEO → SEO Settings → Blog posts and reset the canonical URL pattern.";
    case "ghost":
      return kind === "missing"
        ? "Your Ghost theme must include {{ghost_head}} in default.hbs: it writes the canonical link."
        : "The post's canonical URL was changed in Ghost (post settings → Meta data → Canonical URL); clear it.";
    case "webflow":
      return "In Webflow, Site settings → SEO → Global canonical tag URL should be your site's address, and the template must not set another canonical.";
    case "hosted":
      return "This is on Inkpilot's side: please contact support with the check's details.";
    default:
      return 'Add a <link rel="canonical"> to the post page that points to the post\'s own address.';
  }
}

export function imagesFix(platform: CmsPlatform, featuredMissing: boolean) {
  if (featuredMissing) {
    switch (platform) {
      case "wordpress":
      case "wordpress_com":
        return "The featured image is set on the post, but your theme does not show it on the post page. Turn it on in Appearance → Customize (often 'Show featured image on posts'), or choose a theme that shows it.";
      case "shopify":
        return "The article's image is set, but your theme's article template does not show it; turn it on in the theme editor's blog post section.";
      case "ghost":
        return "The feature image is set, but your Ghost theme does not show it on posts; switch on 'Show feature image' in Design settings or use a theme that shows it.";
      case "webflow":
        return "Bind an Image element on the collection template to the post's main image field.";
      default:
        return "The post's cover image is set, but the page template does not show it.";
    }
  }
  switch (platform) {
    case "webflow":
    case "wix":
      return "Open the post in the platform's editor: images it could not import are left out. Publishing again re-sends them.";
    case "hosted":
      return "This is on Inkpilot's side: please contact support with the check's details.";
    default:
      return "Open the post in its editor and check the missing images; publishing again re-sends them. A lazy-loading or image optimisation plugin can also hide them from the page's HTML.";
  }
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
