import * as cheerio from "cheerio/slim";
import { nameAfterBrand, setSiteUrl } from "#app/modules/workspaces/accounts.server";
import { saveScannedBrand } from "#app/modules/settings/defaults.server";
import { followBrandName } from "#app/modules/hosted-blog/blog-slug.server";
import { inTransaction, type DB } from "#app/db/client.server";
import { getTextGenerator, offline } from "#app/modules/ai/providers.server";
import type { BrandProfile, PageFacts, TextGenerator } from "#app/modules/ai/types";
import { RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { guardedFetch, OutboundRequestError, type OutboundErrorCode } from "#app/utils/http.server";
import { logger } from "#app/utils/logger.server";
import { requestContactSync } from "#app/modules/crm/hubspot.server";
import { isoNow } from "#app/utils/time";
import { completeOnboardingOnce } from "#app/modules/auth/users.server";
import { normalizeInputUrl } from "#app/modules/workspaces/input-url";

/**
 * The onboarding website scan: fetch the user's page through the SSRF guard,
 * read it with a real HTML parser, let the AI provider (or the offline
 * extractor) derive the brand, and store it as the current site's brand settings.
 */

const SCAN_TIMEOUT_MS = 10_000;
const SCAN_MAX_BYTES = 2 * 1024 * 1024;
const MAX_INTERNAL_LINKS = 10;
const MAX_MAIN_TEXT = 20_000;

export type ScanResult = BrandProfile & { url: string; internalLinks: string[] };

/**
 * Why a scan did not fill the brand: a short code that travels in the dialog's
 * URL (?scanError=) back to the URL field, so the field shows the reason with
 * and without JavaScript, and a page's URL can only ever show our own wording.
 * `http_<status>` carries the website's answer.
 */
export type ScanErrorCode = OutboundErrorCode | "required" | "rate_limited" | "not_html" | "failed" | `http_${number}`;

export const SCAN_FALLBACK = "Failed to scan website. You can set up your brand manually in settings.";

const SCAN_MESSAGES: Record<"required" | "rate_limited" | "not_html" | "failed", string> = {
  // The spec's 'URL Required' text.
  required: "Please enter your website URL",
  rate_limited: RATE_LIMIT_MESSAGE,
  not_html: "That address does not return a web page.",
  failed: SCAN_FALLBACK,
};

const OUTBOUND_CODES: ReadonlySet<string> = new Set<OutboundErrorCode>([
  "invalid_url",
  "protocol",
  "port",
  "credentials",
  "blocked_address",
  "dns",
  "timeout",
  "too_large",
  "too_many_redirects",
  "network",
]);

/** The message for a code from the URL; null for anything that is not one of ours. */
export function scanErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (Object.hasOwn(SCAN_MESSAGES, code)) return SCAN_MESSAGES[code as keyof typeof SCAN_MESSAGES];
  // The guard's own wording for refused addresses.
  if (OUTBOUND_CODES.has(code)) return new OutboundRequestError(code as OutboundErrorCode, "").message;
  const status = /^http_([1-5]\d\d)$/.exec(code)?.[1];
  return status ? `The website answered with HTTP status ${status}. Please check the address.` : null;
}

/** A scan failure whose message is written for the user. */
export class ScanError extends Error {
  readonly code: ScanErrorCode;
  constructor(code: ScanErrorCode, options?: { cause?: unknown }) {
    super(scanErrorMessage(code) ?? SCAN_FALLBACK, options);
    this.name = "ScanError";
    this.code = code;
  }
}

export { normalizeInputUrl };

function clean(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

function absolute(href: string, base: string) {
  try {
    const url = new URL(href, base);
    url.hash = "";
    return url;
  } catch {
    return null;
  }
}

/** Reads the facts the brand extraction needs from an HTML document. */
export function parsePage(html: string, pageUrl: string, contentLanguage = ""): PageFacts {
  const $ = cheerio.load(html);
  const meta = (selector: string) => clean($(selector).first().attr("content") ?? "");
  const base = absolute($("base[href]").first().attr("href") ?? "", pageUrl)?.href ?? pageUrl;

  const openGraph: Record<string, string> = {};
  $('meta[property^="og:"]').each((_, el) => {
    const key = ($(el).attr("property") ?? "").slice(3).toLowerCase();
    const value = clean($(el).attr("content") ?? "");
    if (key && value && !(key in openGraph)) openGraph[key] = value;
  });

  const headings: PageFacts["headings"] = [];
  $("h1, h2, h3").each((_, el) => {
    const text = clean($(el).text());
    if (text && headings.length < 40) headings.push({ level: Number(el.tagName.slice(1)) as 1 | 2 | 3, text });
  });

  // Links of the site's navigation, or of its header when it has no <nav>.
  const navLinks: PageFacts["navLinks"] = [];
  const navAnchors = $("nav a[href]").length ? $("nav a[href]") : $("header a[href]");
  navAnchors.each((_, el) => {
    const href = absolute($(el).attr("href") ?? "", base);
    if (href && (href.protocol === "http:" || href.protocol === "https:")) navLinks.push({ text: clean($(el).text()), href: href.href });
  });

  const root = $("main").first().length ? $("main").first() : $("article").first().length ? $("article").first() : $("body");
  const main = root.clone();
  main.find("nav, header, footer, script, style, noscript, template, svg, iframe, form").remove();
  const paragraphs = main
    .find("p")
    .map((_, el) => clean($(el).text()))
    .get()
    .filter(Boolean);
  // Block elements end with a space so their words do not run together.
  main.find("p, li, h1, h2, h3, h4, h5, h6, div, section, br, td").after(" ");
  const mainText = clean(main.text()).slice(0, MAX_MAIN_TEXT);

  return {
    url: pageUrl,
    title: clean($("head title").first().text() || $("title").first().text()),
    metaDescription: meta('meta[name="description" i]'),
    metaKeywords: meta('meta[name="keywords" i]').split(",").map(clean).filter(Boolean),
    openGraph,
    headings,
    paragraphs,
    mainText,
    lang: clean($("html").attr("lang") ?? "") || meta('meta[http-equiv="content-language" i]') || contentLanguage,
    navLinks,
  };
}

/** Same-origin navigation links, absolute, deduplicated, at most 10; the scanned page itself is left out. */
export function internalLinksOf(page: PageFacts) {
  const origin = new URL(page.url).origin;
  const self = new URL(page.url).href;
  const seen = new Set<string>();
  for (const link of page.navLinks) {
    const url = new URL(link.href);
    if (url.origin !== origin || url.href === self) continue;
    seen.add(url.href);
    if (seen.size >= MAX_INTERNAL_LINKS) break;
  }
  return [...seen];
}

/**
 * Scans one website. Every failure is a ScanError carrying a message for the
 * user (refused addresses keep the guard's own wording).
 */
export async function scanWebsite(
  input: string,
  { correlationId, provider }: { correlationId?: string; provider?: Pick<TextGenerator, "extractBrand"> } = {},
): Promise<ScanResult> {
  let response;
  try {
    response = await guardedFetch(normalizeInputUrl(input), { timeoutMs: SCAN_TIMEOUT_MS, maxBytes: SCAN_MAX_BYTES, correlationId });
  } catch (error) {
    if (error instanceof OutboundRequestError) throw new ScanError(error.code, { cause: error });
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    throw new ScanError(`http_${response.status}`);
  }
  const type = String(response.headers["content-type"] ?? "").toLowerCase();
  if (type && !type.includes("html")) throw new ScanError("not_html");

  const page = parsePage(response.text(), response.url, String(response.headers["content-language"] ?? ""));
  const ai = provider ?? (await getTextGenerator());
  let brand: BrandProfile;
  try {
    brand = await ai.extractBrand(page, { correlationId });
  } catch (error) {
    // An AI outage should not cost the user their setup: the offline extractor
    // reads the same page deterministically.
    logger.warn(
      { correlationId, err: error instanceof Error ? error.message : String(error) },
      "AI brand extraction failed; using the offline extractor",
    );
    brand = await offline.text.extractBrand(page);
  }
  return { ...brand, url: response.url, internalLinks: internalLinksOf(page) };
}

/** Stores a scan as the brand settings of this site (and remembers the site's URL). */
export async function saveBrandFromScan(db: DB, siteId: string, result: ScanResult) {
  const now = isoNow();
  const values = {
    brand_name: result.brandName,
    industry: result.industry,
    tone_of_voice: result.toneOfVoice,
    tags: JSON.stringify(result.tags),
    description: result.description,
    target_audience: result.targetAudience,
    language: result.language,
    internal_links: JSON.stringify(result.internalLinks),
    updated_at: now,
  };
  await inTransaction(db, async (trx) => {
    await saveScannedBrand(trx, siteId, values);
    await setSiteUrl(trx, siteId, result.url, now);
    if (result.brandName) {
      await nameAfterBrand(trx, siteId, result.brandName);
      await followBrandName(trx, siteId, result.brandName);
    }
  });
}

/**
 * Onboarding is over once the dialog is finished or skipped; then a verified user
 * (a Google sign-up among them) is synced to the CRM, once per address (docs/product.md).
 */
export async function completeOnboarding(db: DB, userId: string) {
  if (await completeOnboardingOnce(db, userId)) await requestContactSync(db, userId);
}
