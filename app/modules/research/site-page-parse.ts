import * as cheerio from "cheerio/slim";
import type { SitePage, SitePageKind } from "./types";

/**
 * What one of the site's own pages says, read from its HTML
 * (docs/decisions/058-research.md): its kind (a product by JSON-LD Product,
 * og:type product or a product path; a FAQ by FAQPage JSON-LD or question
 * headings; a category by CollectionPage/ItemList or a shop path; else a
 * page), the name a reader sees, a summary, the sentences that state
 * something checkable (a price, a size, an origin, a time, a number with its
 * unit) and its question-and-answer pairs. Pure.
 */

const MAX_FACTS = 12;
const MAX_FAQ = 20;
const MAX_SUMMARY = 300;
const MAX_SENTENCE = 240;

const PRODUCT_SEGMENTS = new Set(["products", "product", "shop", "store", "p", "item", "items", "collections", "collection"]);
const CATEGORY_SEGMENTS = new Set(["collections", "collection", "category", "categories", "shop", "store", "products"]);
const FAQ_SEGMENTS = new Set(["faq", "faqs", "help", "questions"]);

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** A number with a unit, a price, a percentage, a time of day, a year, an altitude or an origin: what a reader could check. */
const CHECKABLE = new RegExp(
  [
    String.raw`[€$£]\s?\d`,
    String.raw`\d[\d.,]*\s?(%|°\s?[CF]|g|kg|mg|ml|cl|l|litres?|liters?|oz|lbs?|mm|cm|m|km|in|inches|minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|months?|years?|cups?|bags?|shots?|servings?|users?|seats?|GB|MB|TB)\b`,
    String.raw`\b\d{1,2}[:.]\d{2}\b`,
    String.raw`\b\d[\d.,]*\s?(EUR|USD|GBP)\b`,
    String.raw`\b(19|20)\d{2}\b`,
    String.raw`\b(grown|made|roasted|sourced|produced|fired|built|handmade|designed) (in|at|by) [A-Z]`,
    String.raw`\b\d+\s?(to|-|–)\s?\d+\b`,
  ].join("|"),
);

function sentences(text: string) {
  return clean(text)
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\d€$£"“])/u)
    .map(clean)
    .filter(Boolean);
}

type JsonLd = Record<string, unknown>;

/** Every JSON-LD object on the page, @graph members included. */
function jsonLdObjects($: cheerio.CheerioAPI): JsonLd[] {
  const out: JsonLd[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const obj = value as JsonLd;
      out.push(obj);
      if (obj["@graph"]) visit(obj["@graph"]);
    }
  };
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      visit(JSON.parse($(el).text()));
    } catch {
      // A broken JSON-LD block says nothing.
    }
  });
  return out;
}

const typesOf = (obj: JsonLd) => (Array.isArray(obj["@type"]) ? obj["@type"] : [obj["@type"]]).map(String);
const text = (value: unknown) => (typeof value === "string" ? clean(cheerio.load(value).text()) : "");

function segmentsOf(url: string) {
  try {
    return new URL(url).pathname
      .split("/")
      .filter(Boolean)
      .map((s) => s.toLowerCase());
  } catch {
    return [];
  }
}

function kindOf(url: string, ld: JsonLd[], ogType: string, faqCount: number, productLinks: number): SitePageKind {
  const types = ld.flatMap(typesOf);
  const segments = segmentsOf(url);
  const last = segments.at(-1) ?? "";
  if (types.includes("Product") || ogType.startsWith("product")) return "product";
  if (types.includes("FAQPage") || FAQ_SEGMENTS.has(last)) return "faq";
  if (types.includes("CollectionPage") || types.includes("ItemList") || CATEGORY_SEGMENTS.has(last)) return "category";
  if (segments.length >= 2 && segments.slice(0, -1).some((s) => PRODUCT_SEGMENTS.has(s))) return productLinks >= 3 ? "category" : "product";
  if (faqCount >= 3) return "faq";
  return "page";
}

/** "Cold Brew Kit | Northwind Coffee" → "Cold Brew Kit". */
function withoutSiteName(title: string) {
  const parts = title.split(/\s+[|–—·]\s+|\s+-\s+/);
  return clean(parts[0] ?? title);
}

export type ParsedSitePage = SitePage & { links: string[] };

export function parseSitePage(html: string, url: string, fetchedAt: string): ParsedSitePage {
  const $ = cheerio.load(html);
  const ld = jsonLdObjects($);
  const meta = (selector: string) => clean($(selector).first().attr("content") ?? "");
  const ogType = meta('meta[property="og:type"]').toLowerCase();
  const origin = new URL(url).origin;

  const links = new Set<string>();
  $("a[href]").each((_, el) => {
    try {
      const link = new URL($(el).attr("href") ?? "", url);
      link.hash = "";
      link.search = "";
      if (link.origin === origin && link.href !== url) links.add(link.href);
    } catch {
      // Not a URL.
    }
  });
  const productLinks = [...links].filter((l) => {
    const segs = segmentsOf(l);
    return segs.length >= 2 && segs.slice(0, -1).some((s) => PRODUCT_SEGMENTS.has(s));
  }).length;

  // FAQ pairs: FAQPage JSON-LD first, else headings that ask with the text up to the next heading, else <details>.
  const faq: SitePage["faq"] = [];
  const addFaq = (question: string, answer: string) => {
    const q = clean(question);
    const a = clean(answer).slice(0, 600);
    if (q.endsWith("?") && a && faq.length < MAX_FAQ && !faq.some((f) => f.question === q)) faq.push({ question: q, answer: a });
  };
  for (const obj of ld.filter((o) => typesOf(o).includes("FAQPage"))) {
    const entities = Array.isArray(obj.mainEntity) ? obj.mainEntity : [obj.mainEntity];
    for (const entity of entities as JsonLd[]) {
      if (!entity || typeof entity !== "object") continue;
      const answer = entity.acceptedAnswer as JsonLd | undefined;
      addFaq(text(entity.name), text(answer?.text));
    }
  }
  const root = $("main").first().length ? $("main").first() : $("body");
  const main = root.clone();
  main.find("nav, header, footer, script, style, noscript, template, svg, iframe, form").remove();
  if (faq.length === 0) {
    main.find("h2, h3, h4, dt, summary").each((_, el) => {
      const question = clean($(el).text());
      if (!question.endsWith("?")) return;
      const tag = el.tagName.toLowerCase();
      const answer =
        tag === "dt"
          ? $(el).next("dd").text()
          : tag === "summary"
            ? $(el).parent().clone().children("summary").remove().end().text()
            : $(el).nextUntil("h1, h2, h3, h4").text();
      addFaq(question, answer);
    });
  }

  const product = ld.find((o) => typesOf(o).includes("Product"));
  const h1 = clean(main.find("h1").first().text());
  const title =
    text(product?.name) || withoutSiteName(meta('meta[property="og:title"]')) || h1 || withoutSiteName(clean($("title").first().text()));
  const paragraphs = main
    .find("p")
    .map((_, el) => clean($(el).text()))
    .get()
    .filter((p) => p.length > 20);
  const summary = (text(product?.description) || meta('meta[name="description" i]') || paragraphs[0] || "").slice(0, MAX_SUMMARY);

  // Facts: checkable sentences of the page's own text (paragraphs, list items, table rows), FAQ answers left to the FAQ.
  const blocks: string[] = [];
  main.find("p, li, td").each((_, el) => {
    if ($(el).closest("details, dd").length === 0) blocks.push($(el).text());
  });
  if (product) blocks.unshift(text(product.description));
  const offers = product?.offers as JsonLd | JsonLd[] | undefined;
  const offer = Array.isArray(offers) ? offers[0] : offers;
  if (offer?.price !== undefined) {
    const currency = typeof offer.priceCurrency === "string" ? offer.priceCurrency : "";
    blocks.unshift(`${title} costs ${String(offer.price)}${currency ? ` ${currency}` : ""}.`);
  }
  const facts: string[] = [];
  for (const block of blocks) {
    const cleaned = clean(block);
    if (faq.some((f) => f.answer.includes(cleaned))) continue;
    for (const sentence of sentences(block)) {
      if (facts.length >= MAX_FACTS) break;
      if (sentence.length < 12 || sentence.length > MAX_SENTENCE || sentence.endsWith("?")) continue;
      if (CHECKABLE.test(sentence) && !facts.includes(sentence)) facts.push(sentence);
    }
  }

  return {
    url,
    kind: kindOf(url, ld, ogType, faq.length, productLinks),
    title: title.slice(0, 200),
    summary,
    facts,
    faq,
    fetchedAt,
    links: [...links],
  };
}
