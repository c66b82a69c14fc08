import type { ArticleBrief, ArticleWriter } from "#app/modules/ai/types";
import type { ArticleGrounding, GroundingFact, SitePage } from "#app/modules/research/types";

/**
 * Research for three of the demo's coffee keywords, as the research step hands it to the writer: what the top
 * results' headings cover and 'People also ask' (as in the coffee research fixture,
 * app/modules/research/fixtures/coffee-roaster.json), facts with their sources, and Northwind Coffee's own pages
 * that fit (app/modules/demo/brand.ts). The web facts' sources live on reserved .example domains. Pages and their FAQ overlap between
 * keywords on purpose, as on a real shop: the subscription page fits storing beans and cold brew alike.
 */

const SHOP = "https://northwind-coffee.example";
type Page = Pick<SitePage, "url" | "title" | "kind" | "summary" | "faq">;

const page = (path: string, title: string, kind: SitePage["kind"], summary: string, faq: Page["faq"] = []): Page => ({
  url: `${SHOP}${path}`,
  title,
  kind,
  summary,
  faq,
});

const PAGES = {
  subscriptions: page(
    "/shop/subscriptions",
    "Coffee Subscriptions",
    "product",
    "Fresh beans every one, two or four weeks, roasted on Monday and posted the same day. Pause or skip a delivery any time.",
    [
      {
        question: "How fresh are subscription beans?",
        answer:
          "Subscription beans are roasted on Monday and posted the same day, so they reach most of Europe within three days of roasting.",
      },
    ],
  ),
  canister: page(
    "/shop/brewing-gear/bean-canister",
    "Airtight Bean Canister",
    "product",
    "A 500 g stainless steel canister with a one-way valve that lets carbon dioxide out and keeps air out.",
  ),
  guji: page(
    "/shop/ethiopia-guji",
    "Ethiopia Guji",
    "product",
    "A washed Ethiopian coffee with notes of bergamot and peach, roasted light for filter and cold brew.",
  ),
  espresso: page(
    "/shop/espresso-blend",
    "House Espresso Blend",
    "product",
    "Brazil and Colombia roasted medium-dark for espresso, with notes of cocoa and hazelnut.",
  ),
  coldBrewKit: page(
    "/shop/brewing-gear/cold-brew-kit",
    "Cold Brew Kit",
    "product",
    "A 1-litre glass jar with a fine stainless steel filter and 250 g of coarse-ground Ethiopia Guji.",
    [
      {
        question: "How long does the Cold Brew Kit take?",
        answer: "Steep the Cold Brew Kit in the fridge for 16 to 18 hours, then lift out the filter.",
      },
    ],
  ),
  frenchPress: page(
    "/shop/brewing-gear/french-press",
    "Northwind French Press",
    "product",
    "An 8-cup borosilicate French press with a double steel mesh filter.",
  ),
  grinder: page(
    "/shop/brewing-gear/burr-grinder",
    "Hand Burr Grinder",
    "product",
    "A hand grinder with 40 mm steel conical burrs and 30 click settings from espresso to French press.",
  ),
  faq: page("/faq", "Shipping and Freshness FAQ", "faq", "Answers about roasting days, shipping and keeping beans fresh.", [
    {
      question: "Should I freeze coffee beans?",
      answer:
        "Freeze beans only in sealed single-week portions and take out one portion at a time; thawing and refreezing lets moisture condense on the beans.",
    },
    {
      question: "When do you roast?",
      answer: "We roast every Monday and Thursday in Rotterdam and print the roast date on every bag.",
    },
  ]),
};

const own = (p: Page, text: string): GroundingFact => ({ text, source: { url: p.url, title: p.title, kind: "own" } });
const web = (url: string, title: string, text: string): GroundingFact => ({ text, source: { url, title, kind: "web" } });

export const NORTHWIND_GROUNDING: Record<string, ArticleGrounding> = {
  "how to store coffee beans": {
    coveredByResults: [
      "Use an airtight, opaque container",
      "Keep beans away from heat, light and moisture",
      "Should you freeze coffee beans?",
      "Why the roast date matters",
      "How long do coffee beans stay fresh?",
      "Buy whole beans in small amounts",
    ],
    questions: [
      "How long do coffee beans last once opened?",
      "Is it OK to store coffee beans in the fridge?",
      "Do coffee canisters with a valve work?",
      "Should coffee beans be stored in a glass jar?",
      "Should I freeze coffee beans?",
    ],
    relatedSearches: ["best container for coffee beans", "coffee bean storage jar"],
    facts: [
      web(
        "https://coffee-science.example/storage",
        "Coffee Science: storing coffee",
        "Oxygen, heat, light and moisture are the four things that make roasted coffee go stale.",
      ),
      web(
        "https://coffee-science.example/storage",
        "Coffee Science: storing coffee",
        "Whole beans stored airtight at room temperature keep most of their aroma for two to four weeks after the roast date.",
      ),
      web(
        "https://barista-guild.example/freshness",
        "Barista Guild freshness guide",
        "Ground coffee loses much of its aroma within 15 minutes of grinding, so grind just before brewing.",
      ),
      web(
        "https://barista-guild.example/freshness",
        "Barista Guild freshness guide",
        "A fridge is a poor place for coffee beans: they absorb odours and moisture condenses on them each time the container is opened.",
      ),
      own(
        PAGES.canister,
        "The Airtight Bean Canister holds 500 g and its one-way valve lets carbon dioxide escape without letting air in.",
      ),
      own(PAGES.subscriptions, "Coffee Subscriptions deliver beans every one, two or four weeks, so you never keep more than you drink."),
    ],
    sitePages: [PAGES.canister, PAGES.subscriptions, PAGES.faq, PAGES.grinder],
    keywordData: { keyword: "how to store coffee beans", volume: 2400, difficulty: 18, cpc: 0.4, intent: "informational" },
    gaps: [],
  },
  "how to make cold brew coffee": {
    coveredByResults: [
      "Filtering the concentrate",
      "What you need for cold brew",
      "Coarse grind and ratio",
      "Steeping time in the fridge or on the counter",
      "Diluting and serving",
      "How long cold brew keeps",
    ],
    questions: [
      "How long should cold brew steep?",
      "Can you make cold brew with regular ground coffee?",
      "Is cold brew stronger than regular coffee?",
      "How long does the Cold Brew Kit take?",
    ],
    relatedSearches: ["cold brew concentrate ratio", "cold brew vs iced coffee"],
    facts: [
      web(
        "https://brew-lab.example/cold-brew",
        "Brew Lab: cold brew basics",
        "A ratio of 1 part coffee to 8 parts water by weight makes a concentrate you dilute about one to one before drinking.",
      ),
      web(
        "https://brew-lab.example/cold-brew",
        "Brew Lab: cold brew basics",
        "Cold brew needs a coarse grind, close to raw sugar, or the filter clogs and the coffee turns bitter.",
      ),
      web(
        "https://coffee-science.example/cold-extraction",
        "Coffee Science: cold extraction",
        "Steeping for 12 to 18 hours in the fridge extracts the sweetness of cold brew without the bitterness of longer steeps.",
      ),
      web(
        "https://coffee-science.example/cold-extraction",
        "Coffee Science: cold extraction",
        "Filtered cold brew concentrate keeps for up to two weeks in a sealed bottle in the fridge.",
      ),
      own(
        PAGES.coldBrewKit,
        "The Cold Brew Kit makes 1 litre of concentrate in its glass jar and comes with 250 g of coarse-ground Ethiopia Guji.",
      ),
      own(PAGES.guji, "Ethiopia Guji is roasted light, and its bergamot and peach notes carry through a cold steep."),
    ],
    sitePages: [PAGES.coldBrewKit, PAGES.guji, PAGES.grinder, PAGES.subscriptions],
    keywordData: { keyword: "how to make cold brew coffee", volume: 5400, difficulty: 31, cpc: 0.6, intent: "informational" },
    gaps: [],
  },
  "french press coffee ratio": {
    coveredByResults: [
      "The standard French press ratio (1:15)",
      "Ratios for strong and mild coffee",
      "Grams and tablespoons chart by press size",
      "Grind and brew time",
      "Common mistakes",
      "Coffee to water ratio for French press",
      "Adjusting to taste",
    ],
    questions: [
      "How much coffee do I put in a French press?",
      "How long should French press steep?",
      "Why is my French press coffee weak?",
    ],
    relatedSearches: ["french press ratio grams", "french press coffee to water ratio calculator"],
    facts: [
      web(
        "https://brew-lab.example/french-press",
        "Brew Lab: French press guide",
        "Most French press guides start at 1 part coffee to 15 parts water, such as 30 g of coffee for 450 g of water.",
      ),
      web(
        "https://brew-lab.example/french-press",
        "Brew Lab: French press guide",
        "A French press steeps for four minutes with water just off the boil, at about 93 to 96 °C.",
      ),
      web(
        "https://barista-guild.example/immersion",
        "Barista Guild immersion brewing",
        "A coarse, even grind keeps French press coffee from tasting muddy and bitter.",
      ),
      web(
        "https://coffee-science.example/immersion-strength",
        "Coffee Science: immersion strength",
        "For a stronger cup, move towards 1 to 12; for a lighter one, towards 1 to 17, and change only the ratio between tries.",
      ),
      web(
        "https://barista-guild.example/immersion",
        "Barista Guild immersion brewing",
        "Pour the coffee off the grounds as soon as you press, or it keeps extracting in the French press and turns bitter.",
      ),
      own(PAGES.frenchPress, "The Northwind French Press brews 8 cups, about 1 litre, through a double steel mesh filter."),
      own(PAGES.grinder, "The Hand Burr Grinder has 30 click settings, and its coarsest settings suit a French press."),
    ],
    sitePages: [PAGES.frenchPress, PAGES.grinder, PAGES.espresso, PAGES.subscriptions],
    keywordData: { keyword: "french press coffee ratio", volume: 1900, difficulty: 22, cpc: 0.3, intent: "informational" },
    gaps: [],
  },
};

/**
 * The writer handed this file's research for its keyword with every call (in place of what the research step
 * found): the pipeline tests run the real pipeline on research whose facts they know.
 */
export function withNorthwindGrounding(writer: ArticleWriter): ArticleWriter {
  const g = (brief: ArticleBrief): ArticleBrief => ({ ...brief, grounding: NORTHWIND_GROUNDING[brief.keyword] ?? brief.grounding });
  return {
    ...writer,
    outline: (brief, ctx) => writer.outline(g(brief), ctx),
    section: (brief, outline, index, ctx) => writer.section(g(brief), outline, index, ctx),
    introConclusion: (brief, outline, ctx) => writer.introConclusion(g(brief), outline, ctx),
    faq: (brief, outline, ctx) => writer.faq(g(brief), outline, ctx),
    table: (brief, outline, ctx) => writer.table(g(brief), outline, ctx),
    selectLinks: (brief, outline, candidates, ctx) => writer.selectLinks(g(brief), outline, candidates, ctx),
  };
}
