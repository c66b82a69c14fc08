import type { ScanResult } from "#app/modules/onboarding/scan.server";
import type { TopicInput } from "#app/modules/topics/schema";

/**
 * What onboarding's website scan stores for the demo shop (saveBrandFromScan):
 * the brand, its products (in the description and tags) and the pages the scan
 * found (internal links the writer may use). The shop lives on a reserved
 * .example domain, so nothing here points at a real business.
 */

const DEMO_SITE_URL = "https://northwind-coffee.example/";
const page = (path: string) => new URL(path, DEMO_SITE_URL).href;

export const DEMO_SCAN: ScanResult = {
  url: DEMO_SITE_URL,
  brandName: "Northwind Coffee",
  industry: "Specialty coffee roaster",
  toneOfVoice: "Warm, knowledgeable and practical, like a barista explaining things over the counter. Plain words, no snobbery.",
  tags: [
    "specialty coffee",
    "home brewing",
    "single origin coffee",
    "espresso blend",
    "coffee subscriptions",
    "brewing gear",
    "coffee roasting",
  ],
  description:
    "Northwind Coffee is a small-batch roastery and cafe in Rotterdam. It roasts single-origin beans and a house espresso blend every week, runs flexible coffee subscriptions, and sells brewing gear (drippers, grinders, kettles), shipping across Europe within days of roasting.",
  targetAudience:
    "Home brewers in Europe who want better coffee at home, from a first pour-over to a first espresso machine, and offices that buy beans in bulk.",
  language: "en-US",
  internalLinks: [
    page("/shop"),
    page("/shop/subscriptions"),
    page("/shop/espresso-blend"),
    page("/shop/ethiopia-guji"),
    page("/shop/brewing-gear"),
    page("/wholesale"),
    page("/about"),
    page("/visit-the-roastery"),
  ],
};

export const DEMO_TOPICS: TopicInput[] = [
  {
    name: "Brewing methods",
    description: "Step-by-step guides to brewing better coffee at home.",
    keywords: ["pour-over coffee", "french press coffee", "cold brew coffee", "aeropress recipe", "moka pot"],
    category: "Guides",
    color: "#3B82F6",
  },
  {
    name: "Grinders and gear",
    description: "Choosing and caring for grinders, kettles and scales.",
    keywords: ["coffee grind size", "burr grinder", "coffee scale", "gooseneck kettle"],
    category: "Guides",
    color: "#8B5CF6",
  },
  {
    name: "Espresso",
    description: "Espresso and milk drinks on a home machine.",
    keywords: ["espresso at home", "dialling in espresso", "steaming milk", "flat white"],
    category: "Guides",
    color: "#EF4444",
  },
  {
    name: "Bean origins",
    description: "Where our beans come from and how origin and processing shape flavour.",
    keywords: ["ethiopian coffee", "colombian coffee", "kenyan coffee", "washed vs natural coffee"],
    category: "Education",
    color: "#10B981",
  },
  {
    name: "Buying coffee",
    description: "Choosing, buying and storing beans.",
    keywords: ["coffee subscription", "store coffee beans", "roast date", "single origin vs blend"],
    category: "Education",
    color: "#F59E0B",
  },
  {
    name: "Roastery news",
    description: "New lots, cupping evenings and what is happening at the roastery.",
    keywords: ["new harvest coffee", "coffee cupping"],
    category: "News",
    color: "#64748B",
  },
];
