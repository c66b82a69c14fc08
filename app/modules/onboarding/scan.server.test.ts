import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { normalizeLanguage } from "#app/modules/ai/language";
import { extractBrandOffline } from "#app/modules/ai/offline-text.server";
import type { TextGenerator } from "#app/modules/ai/types";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { HOME_HTML, startTestSite, TEST_SITE, type TestSite } from "#tests/fakes/test-site";
import { testDb } from "#tests/setup/db";
import { allowPrivateHosts, forgetPrivateHosts } from "#tests/setup/private-hosts";
import {
  internalLinksOf,
  normalizeInputUrl,
  parsePage,
  saveBrandFromScan,
  SCAN_FALLBACK,
  scanErrorMessage,
  scanWebsite,
  ScanError,
} from "./scan.server";

const PAGE_URL = "https://northwind.example/";

describe("parsePage", () => {
  const page = parsePage(HOME_HTML, PAGE_URL);

  test("reads title, meta, Open Graph, language and headings", () => {
    expect(page.title).toBe(TEST_SITE.title);
    expect(page.metaDescription).toBe(TEST_SITE.description);
    expect(page.metaKeywords).toEqual(["specialty coffee", "coffee subscription", "single-origin beans"]);
    expect(page.openGraph).toMatchObject({ site_name: TEST_SITE.brandName, type: "website", locale: "en_US" });
    expect(page.lang).toBe("en-us");
    expect(page.headings[0]).toEqual({ level: 1, text: "Freshly roasted specialty coffee, delivered" });
    expect(page.headings.filter((h) => h.level === 3).map((h) => h.text)).toEqual(["Ethiopia Yirgacheffe", "Colombia Huila"]);
  });

  test("main text is the <main> content without navigation, footer or scripts", () => {
    expect(page.mainText).toContain("We roast small batches of single-origin coffee");
    expect(page.mainText).not.toContain("dataLayer");
    expect(page.mainText).not.toContain("All rights reserved");
    expect(page.mainText).not.toContain("Brew guides Our story");
    expect(page.paragraphs[0]).toMatch(/^We roast small batches/);
  });

  test("without <main>, the body minus nav, header, footer, script and style", () => {
    const html = `<html><head><style>.x{color:red}</style></head><body><header>Logo</header><nav><a href="/a">A</a></nav>
      <div><h1>Hello</h1><p>Body copy here.</p></div><script>var secret = 1;</script><footer>Footer text</footer></body></html>`;
    const bare = parsePage(html, PAGE_URL);
    expect(bare.mainText).toBe("Hello Body copy here.");
    expect(bare.lang).toBe("");
  });

  test("navigation links are absolute; internal links are same-origin, deduplicated, at most 10", () => {
    expect(page.navLinks.map((l) => l.href)).toContain("https://northwind.example/shop");
    expect(internalLinksOf(page)).toEqual([
      "https://northwind.example/shop",
      "https://northwind.example/subscriptions",
      "https://northwind.example/brew-guides",
      "https://northwind.example/about",
    ]);
    const many = Array.from({ length: 15 }, (_, i) => `<a href="/p${i}">P${i}</a>`).join("");
    expect(internalLinksOf(parsePage(`<nav>${many}<a href="https://other.example/x">X</a></nav>`, PAGE_URL))).toHaveLength(10);
  });

  test("falls back to header links and honours <base href>", () => {
    const html = `<html><head><base href="https://northwind.example/en/"></head><body><header><a href="pricing">Pricing</a></header></body></html>`;
    expect(parsePage(html, PAGE_URL).navLinks).toEqual([{ text: "Pricing", href: "https://northwind.example/en/pricing" }]);
  });
});

describe("offline brand extraction", () => {
  test("derives the brand from the fixture page", () => {
    const brand = extractBrandOffline(parsePage(HOME_HTML, PAGE_URL));
    expect(brand.brandName).toBe("Northwind Coffee Roasters");
    expect(brand.industry).toBe("Food & Beverage");
    expect(brand.toneOfVoice).toBe("Friendly and conversational");
    expect(brand.tags).toContain("coffee");
    expect(brand.tags).toContain("specialty coffee");
    expect(brand.tags).not.toContain("northwind");
    expect(brand.tags).not.toContain("the");
    expect(brand.tags.length).toBeLessThanOrEqual(8);
    expect(new Set(brand.tags).size).toBe(brand.tags.length);
    expect(brand.description).toBe(TEST_SITE.description);
    expect(brand.targetAudience).toMatch(/^Home baristas interested in /);
    expect(brand.language).toBe("en-US");
  });

  test("is deterministic", () => {
    const page = parsePage(HOME_HTML, PAGE_URL);
    expect(extractBrandOffline(page)).toEqual(extractBrandOffline(page));
  });

  test("brand name from the title before its separator, else from the host", () => {
    const titled = parsePage("<title>Acme Tools – Software for plumbers</title>", "https://acme.example/");
    expect(extractBrandOffline(titled).brandName).toBe("Acme Tools");
    const untitled = parsePage("<p>hi</p>", "https://www.bluebird.example/");
    expect(extractBrandOffline(untitled).brandName).toBe("Bluebird");
  });

  test("description falls back to the first real paragraph; industry to General", () => {
    const page = parsePage(
      `<html lang="de"><body><main><p>Short.</p><p>Wir sind ein kleines Team mit grossen Ideen und viel Erfahrung.</p></main></body></html>`,
      PAGE_URL,
    );
    const brand = extractBrandOffline(page);
    expect(brand.description).toBe("Wir sind ein kleines Team mit grossen Ideen und viel Erfahrung.");
    expect(brand.industry).toBe("General");
    expect(brand.language).toBe("de-DE");
  });

  test("industry and tone from keywords", () => {
    const saas = parsePage(
      `<title>Deployly</title><h1>Deploy your API in seconds</h1><h2>Developer platform with integrations</h2>
       <main><p>Our API and SDK let developers deploy infrastructure. Read the documentation for every integration.</p></main>`,
      PAGE_URL,
    );
    expect(extractBrandOffline(saas)).toMatchObject({ industry: "Software & SaaS", toneOfVoice: "Technical and precise" });
    const fun = parsePage(`<h1>Party time!</h1><main><p>Games! Music! Fun for everyone!</p></main>`, PAGE_URL);
    expect(extractBrandOffline(fun).toneOfVoice).toBe("Playful and energetic");
  });

  test("language tags are normalised to BCP 47 with a region", () => {
    expect(normalizeLanguage("en")).toBe("en-US");
    expect(normalizeLanguage("EN-gb")).toBe("en-GB");
    expect(normalizeLanguage("pt_br")).toBe("pt-BR");
    expect(normalizeLanguage("fr")).toBe("fr-FR");
    expect(normalizeLanguage("")).toBe("");
    expect(normalizeLanguage("!!")).toBe("");
  });
});

test("normalizeInputUrl adds https only to bare host names", () => {
  expect(normalizeInputUrl(" example.com/blog ")).toBe("https://example.com/blog");
  expect(normalizeInputUrl("http://example.com")).toBe("http://example.com");
  expect(normalizeInputUrl("ftp://example.com")).toBe("ftp://example.com");
  expect(normalizeInputUrl("file:///etc/passwd")).toBe("file:///etc/passwd");
  expect(normalizeInputUrl("javascript:alert(1)")).toBe("javascript:alert(1)");
});

describe("scanWebsite on a local site (allowed by the test-only allowlist)", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
    allowPrivateHosts(`127.0.0.1:${site.port}`);
  });
  afterAll(async () => {
    forgetPrivateHosts();
    await site.close();
  });

  test("scans with the offline extractor when no AI is configured", async () => {
    const result = await scanWebsite(`${site.url}/`);
    expect(result).toMatchObject({ url: `${site.url}/`, brandName: TEST_SITE.brandName, industry: "Food & Beverage", language: "en-US" });
    expect(result.internalLinks).toEqual([`${site.url}/shop`, `${site.url}/subscriptions`, `${site.url}/brew-guides`, `${site.url}/about`]);
  });

  test("failures become ScanErrors with a code and a message for the user", async () => {
    await expect(scanWebsite("http://127.0.0.1/")).rejects.toThrow(new ScanError("blocked_address"));
    await expect(scanWebsite("http://127.0.0.1/")).rejects.toMatchObject({
      code: "blocked_address",
      message: "That address is not allowed: it points to a private or local network.",
    });
    await expect(scanWebsite(`${site.url}/redirect-to-metadata`)).rejects.toThrow(/private or local network/);
    await expect(scanWebsite(`${site.url}/missing`)).rejects.toMatchObject({
      code: "http_404",
      message: expect.stringMatching(/HTTP status 404/),
    });
    await expect(scanWebsite(`${site.url}/not-html`)).rejects.toThrow("That address does not return a web page.");
    await expect(scanWebsite("ftp://example.com/")).rejects.toBeInstanceOf(ScanError);
  });

  test("a code from the URL maps to our own wording only", () => {
    expect(scanErrorMessage("required")).toBe("Please enter your website URL");
    expect(scanErrorMessage("dns")).toBe("We could not find that website. Please check the address.");
    expect(scanErrorMessage("http_503")).toBe("The website answered with HTTP status 503. Please check the address.");
    expect(scanErrorMessage("failed")).toBe(SCAN_FALLBACK);
    for (const foreign of ["Your account is locked, call 555", "http_99999", "toString", "__proto__", "", null]) {
      expect(scanErrorMessage(foreign)).toBeNull();
    }
  });

  test("an AI outage falls back to the offline extractor", async () => {
    const broken: Pick<TextGenerator, "kind" | "extractBrand"> = {
      kind: "openai",
      extractBrand: () => Promise.reject(new Error("503 from provider")),
    };
    const result = await scanWebsite(`${site.url}/`, { provider: broken });
    expect(result.brandName).toBe(TEST_SITE.brandName);
  });
});

test("saveBrandFromScan writes only the given site's brand settings and URL", async () => {
  const db = await testDb();
  const a = await createAccount(db, { email: "a@example.com", passwordHash: null, emailVerified: true });
  const b = await createAccount(db, { email: "b@example.com", passwordHash: null, emailVerified: true });
  await saveBrandFromScan(db, a.siteId, {
    url: "https://northwind.example/",
    brandName: "Northwind",
    industry: "Food & Beverage",
    toneOfVoice: "Friendly and conversational",
    tags: ["coffee"],
    description: "Coffee.",
    targetAudience: "Home baristas.",
    language: "en-US",
    internalLinks: ["https://northwind.example/shop"],
  });
  const rows = await db.selectFrom("brand_settings").selectAll().execute();
  const mine = rows.find((r) => r.site_id === a.siteId)!;
  const theirs = rows.find((r) => r.site_id === b.siteId)!;
  expect(mine).toMatchObject({ brand_name: "Northwind", tags: '["coffee"]', internal_links: '["https://northwind.example/shop"]' });
  expect(theirs).toMatchObject({ brand_name: "", tags: "[]" });
  const sites = await db.selectFrom("sites").select(["id", "url"]).execute();
  expect(sites.find((s) => s.id === a.siteId)?.url).toBe("https://northwind.example/");
  expect(sites.find((s) => s.id === b.siteId)?.url).toBeNull();
});
