import * as cheerio from "cheerio/slim";
import type { CmsPlatform } from "#app/db/schema";
import type { ExtractedLink } from "#app/modules/backlinks/extract";
import { CLIENT_RENDERED, canonicalFix, h1Fix, imageLayoutFix, imagesFix, metaFix, quote, titleFix } from "./live-check-fixes";
import { imageLayoutFindings, laidOutImage, type LaidOutImage, type PageImageLoad } from "./live-check-images";

/**
 * The after-publish check of a live post (docs/product.md, Publishing), the pure part: the
 * page's HTML against what we sent. No database, no network, so every rule is
 * unit-tested over plain HTML (live-check-page.test.ts). Comparisons are
 * forgiving where platforms legitimately differ (WordPress curls quotes in
 * titles, CDNs resize images and add ?v=, trackers add utm_ parameters) and
 * strict where it matters for search (a canonical pointing elsewhere, a link
 * to a different page). Which checks apply to which platform, and the fixes,
 * are decided here from the platform id (PlatformFacts has no field for them).
 */

type LiveCheckState = "ok" | "problem" | "not_applicable";
export type LiveCheckId = "title" | "h1" | "meta_description" | "canonical" | "images" | "image_layout" | "links";

export type LiveCheckItem = {
  id: LiveCheckId;
  label: string;
  state: LiveCheckState;
  /** Plain words: what was found. */
  detail: string;
  /** What the customer can do (problems only, when there is something to do). */
  fix?: string;
};

/** What live_check holds (JSON). `version` lets a later shape read old rows. */
export type LiveCheckResult =
  | {
      version: 1;
      outcome: "checked";
      url: string;
      /** Where the page ended after redirects. */
      finalUrl: string;
      httpStatus: number;
      checks: LiveCheckItem[];
      problems: number;
      /** The article was edited after this publication went out: the page shows the older text. */
      stale: boolean;
    }
  | {
      version: 1;
      outcome: "unreachable";
      url: string;
      httpStatus: number | null;
      detail: string;
      fix: string | null;
    };

export type ExpectedImage = {
  /** Addresses the image may have on the page: the media library URL, our public URL. */
  urls: string[];
  alt: string;
  featured: boolean;
};

export type ExpectedPage = {
  platform: CmsPlatform;
  /** The publication's remote URL (what we fetched). */
  postUrl: string;
  /** Where the fetch ended (after redirects); relative links on the page resolve against it. */
  pageUrl: string;
  title: string;
  metaDescription: string;
  /** The canonical we asked for, when the article has one; otherwise the post itself is expected. */
  canonicalUrl: string | null;
  images: ExpectedImage[];
  links: ExtractedLink[];
  /** WordPress: an SEO plugin (Yoast, Rank Math) was found writable at connect, so the description was sent. */
  wordpressSeoPlugin?: boolean;
  /** How each of the article's images on the page answered when fetched (articleImagesOnPage's URLs). */
  imageLoads?: PageImageLoad[];
};

const LABELS: Record<LiveCheckId, string> = {
  title: "Page title",
  h1: "Main heading (H1)",
  meta_description: "Meta description",
  canonical: "Canonical link",
  images: "Images",
  image_layout: "Image sizes",
  links: "Links",
};

/** Query parameters that only track a visit; a link differing only in these is the same link. */
const TRACKING_PARAMS = /^(utm_\w+|gclid|dclid|fbclid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|ref_src)$/i;

/** Lower case, letters and digits only: WordPress curls quotes, turns -- into dashes and … into one glyph. */
export function normalizeText(value: string) {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * A URL as compared: resolved against the page, no fragment, no tracking
 * parameters, remaining parameters sorted, host without www., no trailing
 * slash. The scheme is kept apart (see sameUrl) so http→https upgrades still match.
 */
export function comparableUrl(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return url.href;
  url.hash = "";
  const params = [...url.searchParams].filter(([key]) => !TRACKING_PARAMS.test(key)).sort(([a], [b]) => a.localeCompare(b));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : "";
  const host = url.host.toLowerCase().replace(/^www\./, "");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  return `${host}${path}${query}`;
}

function schemeOf(href: string, base: string) {
  try {
    return new URL(href.trim(), base).protocol;
  } catch {
    return null;
  }
}

/**
 * The file an image URL names, without the variants CDNs and media libraries
 * make of it: WordPress "-1024x576", Shopify "_800x", query strings.
 */
export function imageKey(src: string, base: string) {
  let path: string;
  try {
    path = new URL(src.trim(), base).pathname;
  } catch {
    return null;
  }
  const file = decodeURIComponent(path.split("/").pop() ?? "").toLowerCase();
  const dot = file.lastIndexOf(".");
  if (dot <= 0) return file || null;
  const stem = file
    .slice(0, dot)
    .replace(/-\d+x\d+$/, "")
    .replace(/-scaled$/, "")
    .replace(/_\d*x\d*$/, "");
  return stem ? `${stem}.${file.slice(dot + 1).replace(/^jpeg$/, "jpg")}` : null;
}

function item(id: LiveCheckId, state: LiveCheckState, detail: string, fix?: string): LiveCheckItem {
  return fix && state === "problem" ? { id, label: LABELS[id], state, detail, fix } : { id, label: LABELS[id], state, detail };
}

type PageImage = { keys: Set<string>; urls: Set<string>; alt: string };

function pageImageOf(sources: string[], alt: string, base: string): PageImage {
  const urls = new Set<string>();
  const keys = new Set<string>();
  for (const src of sources) {
    const url = comparableUrl(src, base);
    if (url) urls.add(url.replace(/\?.*$/, ""));
    const key = imageKey(src, base);
    if (key) keys.add(key);
  }
  return { urls, keys, alt: normalizeText(alt) };
}

function pageImages($: cheerio.CheerioAPI, base: string) {
  const found: PageImage[] = [];
  $("img, source").each((_, element) => {
    const el = $(element);
    const sources = ["src", "data-src", "data-lazy-src", "data-original"].map((a) => el.attr(a) ?? "").filter(Boolean);
    for (const attr of ["srcset", "data-srcset", "data-lazy-srcset"]) {
      for (const part of (el.attr(attr) ?? "").split(",")) {
        const url = part.trim().split(/\s+/)[0];
        if (url) sources.push(url);
      }
    }
    found.push(pageImageOf(sources, el.attr("alt") ?? "", base));
  });
  return found;
}

function imageFound(image: ExpectedImage, onPage: PageImage[], base: string) {
  const urls = image.urls.map((u) => comparableUrl(u, base)?.replace(/\?.*$/, "")).filter((u): u is string => !!u);
  const keys = image.urls.map((u) => imageKey(u, base)).filter((k): k is string => !!k);
  const alt = normalizeText(image.alt);
  return onPage.some((p) => urls.some((u) => p.urls.has(u)) || keys.some((k) => p.keys.has(k)) || (alt.length >= 3 && p.alt === alt));
}

function checkTitle($: cheerio.CheerioAPI, page: ExpectedPage) {
  const title = $("head > title").first().text() || $("title").first().text();
  const want = normalizeText(page.title);
  if (!title.trim())
    return item("title", "problem", "The page has no <title>, so search results show no title for it.", titleFix(page.platform));
  if (normalizeText(title).includes(want)) return item("title", "ok", `The page title is ${quote(title)}.`);
  return item(
    "title",
    "problem",
    `The page title is ${quote(title)}; it does not contain the article's title ${quote(page.title)}.`,
    titleFix(page.platform),
  );
}

function checkH1($: cheerio.CheerioAPI, page: ExpectedPage) {
  const headings = $("h1")
    .toArray()
    .map((el) => $(el).text().replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const want = normalizeText(page.title);
  if (!headings.length) return item("h1", "problem", "The page has no <h1> heading.", h1Fix(page.platform));
  if (headings.some((h) => normalizeText(h) === want)) {
    return item(
      "h1",
      "ok",
      headings.length > 1
        ? `The article's title is an H1 (the page has ${headings.length} H1 headings in all).`
        : "The article's title is the page's H1.",
    );
  }
  return item("h1", "problem", `The page's H1 is ${quote(headings[0]!)}, not the article's title.`, h1Fix(page.platform));
}

/** Close enough: the same words, or one cut short of the other (platforms truncate at 155–160 characters). */
function closeText(a: string, b: string) {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length >= 50 && longer.startsWith(shorter.slice(0, Math.max(50, shorter.length - 12)))) return true;
  const words = (s: string) => new Set(s.split(" ").filter(Boolean));
  const wa = words(a);
  const wb = words(b);
  const common = [...wa].filter((w) => wb.has(w)).length;
  return common / Math.max(1, new Set([...wa, ...wb]).size) >= 0.8;
}

function checkMeta($: cheerio.CheerioAPI, page: ExpectedPage) {
  if (page.platform === "notion" || page.platform === "webhook") {
    return item(
      "meta_description",
      "not_applicable",
      page.platform === "notion"
        ? "Notion pages have no meta description."
        : "Your receiver decides the page's meta description; Inkpilot sends it in the message.",
    );
  }
  const content = ($('meta[name="description" i]').first().attr("content") ?? "").trim();
  const ours = normalizeText(page.metaDescription);
  if (!content) {
    return item(
      "meta_description",
      "problem",
      ours
        ? "The page has no meta description, so search engines pick a snippet themselves."
        : "The page has no meta description, and the article has none either.",
      ours ? metaFix(page) : "Write a meta description in the article's SEO panel, then publish again.",
    );
  }
  if (!ours) return item("meta_description", "ok", `The page has a description of its own: ${quote(content)}.`);
  if (closeText(normalizeText(content), ours)) return item("meta_description", "ok", "The page's meta description is the article's.");
  return item(
    "meta_description",
    "problem",
    `The page's meta description is ${quote(content)}, not the article's.`,
    page.platform === "wordpress" && !page.wordpressSeoPlugin
      ? metaFix(page)
      : "Another plugin, app or template setting writes its own description; make the post's description the one it uses.",
  );
}

function checkCanonical($: cheerio.CheerioAPI, page: ExpectedPage) {
  if (page.platform === "notion") return item("canonical", "not_applicable", "Notion pages have no canonical link.");
  const href = ($('link[rel~="canonical" i]').first().attr("href") ?? "").trim();
  if (!href) {
    return item(
      "canonical",
      "problem",
      "The page has no canonical link, so search engines may treat copies of it (with tracking parameters, say) as separate pages.",
      canonicalFix(page.platform, "missing"),
    );
  }
  const target = comparableUrl(href, page.pageUrl);
  if (page.canonicalUrl) {
    if (target === comparableUrl(page.canonicalUrl, page.pageUrl))
      return item("canonical", "ok", "The canonical link points to the original you set.");
    // Shopify and Wix cannot take a canonical of their own (their cards say so).
    const noField = page.platform === "shopify" || page.platform === "wix";
    return item(
      "canonical",
      "problem",
      `The canonical link points to ${href}, not to the original you set (${page.canonicalUrl}).`,
      noField
        ? "This platform cannot set a canonical link for a post, so search engines may see this copy as the original. Publish the original first, or leave this copy out of search."
        : canonicalFix(page.platform, "elsewhere"),
    );
  }
  const own = new Set([comparableUrl(page.postUrl, page.pageUrl), comparableUrl(page.pageUrl, page.pageUrl)]);
  if (target && own.has(target)) {
    const scheme = schemeOf(href, page.pageUrl);
    if (scheme === "http:" && schemeOf(page.pageUrl, page.pageUrl) === "https:") {
      return item(
        "canonical",
        "problem",
        `The canonical link points to the http:// address of the post (${href}).`,
        "Set your site's address to https:// in its settings (WordPress: Settings → General), so canonical links use it.",
      );
    }
    return item("canonical", "ok", "The canonical link points to the post itself.");
  }
  return item(
    "canonical",
    "problem",
    `The canonical link points to ${href}, not to the post itself.`,
    canonicalFix(page.platform, "elsewhere"),
  );
}

function checkImages($: cheerio.CheerioAPI, page: ExpectedPage) {
  if (!page.images.length) return item("images", "ok", "The article has no images.");
  const onPage = pageImages($, page.pageUrl);
  const missing = page.images.filter((image) => !imageFound(image, onPage, page.pageUrl));
  const total = page.images.length;
  if (!missing.length)
    return item(
      "images",
      "ok",
      total === 1 ? "The article's image is on the page." : `All ${total} images of the article are on the page.`,
    );
  const featuredMissing = missing.some((m) => m.featured);
  const named = missing
    .slice(0, 3)
    .map((m) => (m.featured ? "the featured image" : m.alt ? quote(m.alt, 40) : (imageKey(m.urls[0] ?? "", page.pageUrl) ?? "an image")))
    .join(", ");
  const featured = missing.find((m) => m.featured);
  const ogImage = $('meta[property="og:image" i]').attr("content") ?? "";
  const preview = ogImage ? pageImageOf([ogImage], "", page.pageUrl) : null;
  const onlyInPreview = Boolean(featured && preview && imageFound(featured, [preview], page.pageUrl));
  return item(
    "images",
    "problem",
    `${total - missing.length} of ${total} images are on the page; missing: ${named}${missing.length > 3 ? ` and ${missing.length - 3} more` : ""}.${onlyInPreview ? " The featured image appears only in the social preview tags." : ""}`,
    imagesFix(page.platform, featuredMissing && missing.length === 1),
  );
}

/** The page's <img> elements that are the article's images, each with its absolute address. */
function articleImages($: cheerio.CheerioAPI, page: ExpectedPage): LaidOutImage[] {
  const found: LaidOutImage[] = [];
  $("img").each((_, element) => {
    const src = $(element).attr("src") ?? "";
    const seen = pageImageOf(src ? [src] : [], $(element).attr("alt") ?? "", page.pageUrl);
    if (!src || !page.images.some((image) => imageFound(image, [seen], page.pageUrl))) return;
    let url: string;
    try {
      url = new URL(src, page.pageUrl).href;
    } catch {
      return;
    }
    found.push(laidOutImage($, element, url));
  });
  return found;
}

/** The addresses of the article's images as the page has them: what the server part fetches to see they load. */
export function articleImagesOnPage(html: string, page: ExpectedPage) {
  return [...new Set(articleImages(cheerio.load(html), page).map((i) => i.url))].filter((u) => /^https?:/i.test(u));
}

function checkImageLayout($: cheerio.CheerioAPI, page: ExpectedPage) {
  const images = articleImages($, page);
  if (!images.length) return item("image_layout", "not_applicable", "None of the article's images is on the page to look at.");
  const findings = imageLayoutFindings(images, page.imageLoads ?? []);
  const limits = "Read from the page's HTML: the theme's stylesheet is not applied, so an image it sizes is not judged.";
  if (!findings.length) {
    return item(
      "image_layout",
      "ok",
      `${images.length === 1 ? "The image has" : `All ${images.length} images have`} a width and height${page.imageLoads?.length ? ", load" : ""} and are held to the column. ${limits}`,
    );
  }
  const named = findings
    .slice(0, 3)
    .map((f) => `${f.alt ? quote(f.alt, 40) : (imageKey(f.url, page.pageUrl) ?? "an image")} ${f.detail}`)
    .join("; ");
  return item(
    "image_layout",
    "problem",
    `${named}${findings.length > 3 ? ` and ${findings.length - 3} more` : ""}. ${limits}`,
    imageLayoutFix(
      page.platform,
      new Set(findings.map((f) => f.problem)),
      findings.every((f) => f.block),
    ),
  );
}

function checkLinks($: cheerio.CheerioAPI, page: ExpectedPage) {
  if (!page.links.length) return item("links", "ok", "The article has no links.");
  const byUrl = new Set<string>();
  const byText = new Map<string, string>();
  $("a[href]").each((_, element) => {
    const href = $(element).attr("href") ?? "";
    const url = comparableUrl(href, page.pageUrl);
    if (url) byUrl.add(url);
    const text = normalizeText($(element).text());
    if (text && !byText.has(text)) byText.set(text, href);
  });
  const missing: string[] = [];
  const changed: string[] = [];
  for (const link of page.links) {
    const url = comparableUrl(link.url, page.pageUrl);
    if (url && byUrl.has(url)) continue;
    const sameText = byText.get(normalizeText(link.anchorText));
    if (sameText !== undefined && link.anchorText.trim())
      changed.push(`${quote(link.anchorText, 40)} points to ${sameText} instead of ${link.url}`);
    else missing.push(link.url);
  }
  const total = page.links.length;
  if (!missing.length && !changed.length)
    return item("links", "ok", total === 1 ? "The article's link is on the page." : `All ${total} links of the article are on the page.`);
  const parts = [
    `${total - missing.length - changed.length} of ${total} links arrived as written.`,
    missing.length ? `Missing: ${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ` and ${missing.length - 3} more` : ""}.` : "",
    changed.length ? `Changed: ${changed.slice(0, 2).join("; ")}${changed.length > 2 ? ` and ${changed.length - 2} more` : ""}.` : "",
  ];
  const fix = changed.length
    ? "A plugin or the platform rewrote these links (affiliate, link-cloaking or redirect plugins do). Check them in the post's editor."
    : page.platform === "webflow" || page.platform === "wix"
      ? "The platform's rich text dropped these links (links inside tables or embeds are not kept). Check the post in its editor and add them there."
      : "Open the post in its editor and check the missing links; publishing again re-sends them.";
  return item("links", "problem", parts.filter(Boolean).join(" "), fix);
}

/** Every check of a live page against what we sent; the order is the order shown. */
export function analyzeLivePage(html: string, page: ExpectedPage): LiveCheckItem[] {
  const $ = cheerio.load(html);
  const checks = [
    checkTitle($, page),
    checkH1($, page),
    checkMeta($, page),
    checkCanonical($, page),
    checkImages($, page),
    checkImageLayout($, page),
    checkLinks($, page),
  ];
  if (!CLIENT_RENDERED.has(page.platform)) return checks;
  // The page's body is drawn in the browser: only what the server sends (the title) can be judged.
  return checks.map((check) =>
    check.id === "title" || check.state === "not_applicable"
      ? check
      : item(check.id, "not_applicable", "Notion draws its public pages in the browser, so this cannot be read from the page."),
  );
}
