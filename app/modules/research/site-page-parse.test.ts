import { describe, expect, it } from "vitest";
import { parseSitePage } from "./site-page-parse";

const AT = "2026-01-01T00:00:00.000Z";
const html = (head: string, body: string) =>
  `<!doctype html><html><head>${head}</head><body><nav><a href="/shop">Shop</a></nav><main>${body}</main><footer>© 2020 Shop</footer></body></html>`;

describe("parseSitePage", () => {
  it("reads a product from its JSON-LD: name, description, price, checkable facts", () => {
    const page = parseSitePage(
      html(
        `<title>Cold Brew Kit | Northwind Coffee</title><script type="application/ld+json">${JSON.stringify({
          "@context": "https://schema.org",
          "@graph": [
            {
              "@type": "Product",
              name: "Cold Brew Kit",
              description: "A jar and a filter for cold brew.",
              offers: { price: "34.00", priceCurrency: "EUR" },
            },
          ],
        })}</script>`,
        `<h1>Cold Brew Kit</h1><p>Our kit makes cold brew easy and clean every time you try it.</p>
         <ul><li>The 1.5 litre glass jar has a stainless steel mesh filter.</li><li>Steep 100 g of coarse coffee in 1 litre of cold water for 12 to 18 hours.</li><li>Simply lovely.</li></ul>`,
      ),
      "https://shop.test/kits/cold-brew-kit",
      AT,
    );
    expect(page).toMatchObject({ kind: "product", title: "Cold Brew Kit", summary: "A jar and a filter for cold brew.", fetchedAt: AT });
    expect(page.facts).toContain("Cold Brew Kit costs 34.00 EUR.");
    expect(page.facts).toContain("Steep 100 g of coarse coffee in 1 litre of cold water for 12 to 18 hours.");
    expect(page.facts).toContain("The 1.5 litre glass jar has a stainless steel mesh filter.");
    expect(page.facts).not.toContain("Simply lovely.");
    expect(page.links).toContain("https://shop.test/shop");
  });

  it("knows a product by og:type or its path, and a category by its path or its product links", () => {
    expect(parseSitePage(html('<meta property="og:type" content="product">', "<h1>Kettle</h1>"), "https://s.test/kettle", AT).kind).toBe(
      "product",
    );
    expect(parseSitePage(html("<title>V60 | Shop</title>", "<h1>V60 Dripper</h1>"), "https://s.test/products/v60", AT)).toMatchObject({
      kind: "product",
      title: "V60 Dripper",
    });
    const links = ["a", "b", "c"].map((p) => `<a href="/shop/${p}">${p}</a>`).join("");
    expect(parseSitePage(html("", `<h1>Brewing Gear</h1>${links}`), "https://s.test/shop/brewing-gear", AT).kind).toBe("category");
    expect(parseSitePage(html("", "<h1>Coffee</h1>"), "https://s.test/collections", AT).kind).toBe("category");
    expect(
      parseSitePage(html("", "<h1>About us</h1><p>We are a small roastery in Rotterdam since 2015.</p>"), "https://s.test/about", AT).kind,
    ).toBe("page");
  });

  it("reads FAQ pairs from FAQPage JSON-LD, or from question headings with their answers", () => {
    const ld = parseSitePage(
      html(
        `<script type="application/ld+json">${JSON.stringify({
          "@type": "FAQPage",
          mainEntity: [
            {
              "@type": "Question",
              name: "How long does cold brew last?",
              acceptedAnswer: { "@type": "Answer", text: "<p>Up to 2 weeks.</p>" },
            },
          ],
        })}</script>`,
        "<h1>FAQ</h1>",
      ),
      "https://s.test/help-centre",
      AT,
    );
    expect(ld).toMatchObject({ kind: "faq", faq: [{ question: "How long does cold brew last?", answer: "Up to 2 weeks." }] });
    const headings = parseSitePage(
      html(
        "",
        `<h1>Questions</h1><h2>What grind size should I use for pour over?</h2><p>Medium-fine, like table salt.</p><p>Coarser if it runs slow.</p>
         <h2>Do you ship to Germany?</h2><p>Yes, in 2 to 4 days.</p><h2>How do I store beans?</h2><p>Airtight, cool and dark.</p><h2>Our story</h2><p>Since 2015.</p>`,
      ),
      "https://s.test/questions",
      AT,
    );
    expect(headings.kind).toBe("faq");
    expect(headings.faq).toEqual([
      { question: "What grind size should I use for pour over?", answer: "Medium-fine, like table salt.Coarser if it runs slow." },
      { question: "Do you ship to Germany?", answer: "Yes, in 2 to 4 days." },
      { question: "How do I store beans?", answer: "Airtight, cool and dark." },
    ]);
    // An answer is the FAQ's, not a fact of the page.
    expect(headings.facts).not.toContain("Yes, in 2 to 4 days.");
  });

  it("survives broken JSON-LD and pages with nothing to say", () => {
    const page = parseSitePage(html('<script type="application/ld+json">{broken</script>', ""), "https://s.test/", AT);
    expect(page).toMatchObject({ kind: "page", facts: [], faq: [] });
  });
});
