import { describe, expect, it } from "vitest";
import { termsOf } from "./grounding";
import { deriveLedger, sourceLabel, statesFact } from "./ledger";

const facts = [
  {
    text: "Every bag is roasted within 48 hours of shipping.",
    source: { url: "https://roaster.example/beans", title: "Whole Bean Coffee", kind: "own" as const },
  },
  {
    text: "Frozen beans last up to 3 months in the freezer.",
    source: { url: "https://b.example/2", title: "Freezing", kind: "web" as const },
  },
  {
    text: "Beans keep for 2 to 4 weeks after roasting.",
    source: { url: "https://a.example/1", title: "Storing beans", kind: "web" as const },
  },
];

describe("claim ledger", () => {
  it("lists the sources whose facts the article states or which it links, own pages first", () => {
    const html = `<p>We roast every bag within 48 hours of shipping, so it arrives fresh.</p>
      <p>Sealed and frozen, beans last up to 3 months (<a href="https://b.example/2">a freezing guide</a>).</p>
      <p>See <a href="https://roaster.example/grinder/">our grinder</a> and <a href="https://c.example/x">another page</a>.</p>`;
    const ledger = deriveLedger({
      html,
      facts,
      webSources: [
        { url: "https://b.example/2", title: "Freezing" },
        { url: "https://c.example/x", title: "Other" },
      ],
      ownPages: [{ url: "https://roaster.example/grinder", title: "Burr Grinder" }],
    });
    expect(ledger).toEqual([
      { url: "https://roaster.example/beans", title: "Whole Bean Coffee", kind: "own", claims: [facts[0]!.text] },
      { url: "https://roaster.example/grinder", title: "Burr Grinder", kind: "own", claims: [] },
      { url: "https://b.example/2", title: "Freezing", kind: "web", claims: [facts[1]!.text] },
      { url: "https://c.example/x", title: "Other", kind: "web", claims: [] },
    ]);
    // The 2-4 weeks fact is not in the text: its source is not listed.
    expect(ledger.some((e) => e.url === "https://a.example/1")).toBe(false);
  });

  it("does not count a sentence with the words but another figure", () => {
    const one = (text: string) => [{ text, terms: termsOf(text) }];
    expect(statesFact(one("Frozen beans last up to 6 months in the freezer."), "", facts[1]!.text)).toBe(false);
    expect(statesFact(one("Sealed, frozen beans last up to 3 months in a freezer."), "", facts[1]!.text)).toBe(true);
  });

  it("labels own pages as 'your page X' and web sources by domain", () => {
    expect(sourceLabel({ kind: "own", title: "Cold Brew Kit", url: "https://r.example/kit" })).toBe("your page Cold Brew Kit");
    expect(sourceLabel({ kind: "web", title: "x", url: "https://www.ncausa.org/about" })).toBe("ncausa.org");
  });
});
