import type { SitePage } from "#app/modules/research/types";

/**
 * What the site-page reader stores for the demo shop (replaceSitePages): its
 * products, categories, FAQ and pages as the shop's own website says them.
 * The shop lives on a reserved .example domain that cannot be fetched, so the
 * seed stores them directly; prices, sizes and recipes agree with the brand
 * (brand.ts) and the hand-written articles (articles/).
 */

const SITE = "https://northwind-coffee.example/";
const at = (path: string) => new URL(path, SITE).href;

type DemoPage = Omit<SitePage, "fetchedAt">;

export const DEMO_SITE_PAGES: DemoPage[] = [
  {
    url: at("/shop"),
    kind: "category",
    title: "Coffee Beans",
    summary: "Single-origin coffees and the house espresso blend, roasted in Rotterdam every week and shipped across Europe within days.",
    facts: [
      "Every coffee is roasted in Rotterdam on Tuesdays and Fridays.",
      "Orders ship within 2 working days of roasting.",
      "Bags come in 250 g and 1 kg, as whole beans or ground for your brewer.",
    ],
    faq: [],
  },
  {
    url: at("/shop/espresso-blend"),
    kind: "product",
    title: "House Espresso Blend",
    summary:
      "Our everyday espresso: chocolate, hazelnut and a little red fruit, sweet enough for milk drinks and balanced as a straight shot.",
    facts: [
      "The blend is 60% Brazil Cerrado and 40% Colombia Huila.",
      "A 250 g bag costs €12.50 and a 1 kg bag €42.",
      "Our recipe: 18 g of coffee in, 36 g of espresso out, in 28 to 32 seconds.",
      "Medium roast, rested 7 days before it ships.",
    ],
    faq: [{ question: "Can I use the espresso blend for filter coffee?", answer: "Yes: grind it medium and brew 60 g per litre." }],
  },
  {
    url: at("/shop/ethiopia-guji"),
    kind: "product",
    title: "Ethiopia Guji",
    summary: "A washed coffee from smallholders in Guji, Ethiopia, with notes of bergamot, peach and black tea.",
    facts: [
      "Grown at 1,900 to 2,200 m above sea level in the Guji zone of Oromia, Ethiopia.",
      "Washed process, dried on raised beds for 12 to 15 days.",
      "A 250 g bag costs €14.50.",
      "Light roast, best brewed as pour-over: 15 g of coffee to 250 g of water.",
    ],
    faq: [],
  },
  {
    url: at("/shop/subscriptions"),
    kind: "product",
    title: "Coffee Subscription",
    summary: "Fresh beans every one, two or four weeks: the house espresso blend or a rotating single origin, roasted to order.",
    facts: [
      "Deliveries every 1, 2 or 4 weeks, 250 g or 500 g each time.",
      "Subscribers pay 10% less per bag and ship free within the Netherlands.",
      "Beans are roasted to order and ship within 2 days of roasting.",
      "One cup a day uses about 500 g of coffee a month.",
    ],
    faq: [
      { question: "How much coffee do I need a month?", answer: "One 18 g cup a day uses about 500 g a month; two cups about a kilo." },
      { question: "Can I pause my subscription?", answer: "Yes, any time from your account, for as long as you like." },
    ],
  },
  {
    url: at("/shop/brewing-gear"),
    kind: "category",
    title: "Brewing Gear",
    summary: "The drippers, grinders, kettles and scales we use behind our own counter, chosen for home brewers.",
    facts: ["Every piece of gear is tested on our cafe bar before we sell it.", "Gear orders over €50 ship free within the Netherlands."],
    faq: [],
  },
  {
    url: at("/shop/cold-brew-kit"),
    kind: "product",
    title: "Cold Brew Kit",
    summary: "A glass jar with a fine steel filter and a bag of our cold brew roast: steep overnight, lift out the filter, done.",
    facts: [
      "The 1.5 litre glass jar has a stainless steel mesh filter.",
      "Steep 100 g of coarse coffee in 1 litre of cold water for 12 to 18 hours.",
      "One batch makes about 1 litre of concentrate that keeps up to 2 weeks in the fridge.",
      "The kit costs €34, including a 250 g bag of coarse-ground coffee.",
    ],
    faq: [],
  },
  {
    url: at("/shop/v60-dripper"),
    kind: "product",
    title: "V60 Dripper",
    summary: "The classic cone dripper in white ceramic, size 02, for one to four cups of pour-over.",
    facts: ["Size 02 brews 1 to 4 cups.", "Made of ceramic, which holds heat well during the brew.", "The dripper costs €24."],
    faq: [],
  },
  {
    url: at("/shop/burr-grinder"),
    kind: "product",
    title: "Hand Burr Grinder",
    summary: "A hand grinder with steel conical burrs that grinds evenly from espresso to French press.",
    facts: ["Stainless steel conical burrs, 38 mm across.", "Holds 30 g of beans, enough for two cups.", "The grinder costs €89."],
    faq: [],
  },
  {
    url: at("/shop/gooseneck-kettle"),
    kind: "product",
    title: "Gooseneck Kettle",
    summary: "An electric kettle with a thin spout for a slow, steady pour, set to the degree.",
    facts: ["Holds 1 litre.", "Temperature control from 40 to 100 °C, in steps of 1 °C.", "The kettle costs €69."],
    faq: [],
  },
  {
    url: at("/faq"),
    kind: "faq",
    title: "Brewing FAQ",
    summary: "Answers to the questions our customers ask most at the counter.",
    facts: ["For pour-over we use 18 g of coffee to 300 g of water, a ratio of about 1 to 16.7."],
    faq: [
      {
        question: "What grind size should I use for pour over?",
        answer: "Medium-fine, like table salt; coarser if the brew runs slower than 3 and a half minutes.",
      },
      { question: "How much coffee should I use per cup?", answer: "About 18 g of coffee for 300 g of water, a ratio of about 1 to 16.7." },
      {
        question: "How long does cold brew last in the fridge?",
        answer: "Concentrate keeps up to 2 weeks; diluted cold brew about 4 days.",
      },
      { question: "Why does my espresso taste sour?", answer: "It runs too fast: grind finer until a double takes 28 to 32 seconds." },
      { question: "What water temperature is best for coffee?", answer: "92 to 96 °C for most brewers; a little cooler for dark roasts." },
      { question: "How long do coffee beans stay fresh?", answer: "They taste best from about 1 to 5 weeks after the roast date." },
      { question: "Do you ship to Germany?", answer: "Yes, to every EU country, in 2 to 4 working days." },
    ],
  },
  {
    url: at("/wholesale"),
    kind: "page",
    title: "Wholesale Coffee for Offices",
    summary: "Beans in 1 kg bags for offices and cafes, delivered weekly, with a free grinder check-up each quarter.",
    facts: ["Wholesale beans come in 1 kg bags from 10 kg a month.", "Offices in Rotterdam get weekly delivery by cargo bike."],
    faq: [],
  },
  {
    url: at("/visit-the-roastery"),
    kind: "page",
    title: "Visit the Roastery",
    summary: "Our roastery and cafe in Rotterdam, open Tuesday to Sunday, with a public cupping every first Saturday.",
    facts: ["The cafe is open Tuesday to Sunday from 8:00 to 17:00.", "A public cupping runs every first Saturday of the month at 10:00."],
    faq: [],
  },
];
