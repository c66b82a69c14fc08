import { normalizeLanguage } from "./language";
import { WriterLimitError, type BrandProfile, type PageFacts, type TextGenerator } from "./types";

/**
 * Short text without an AI provider, deterministic: the brand extractor (the
 * same page always yields the same brand settings, built only from what the
 * page says about itself) and keyword ideas from patterns. The free tools
 * have their own templates, so this generator writes no lists.
 */

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each even every few for from further get gets got had has have having he her here hers
  how i if in into is it its itself just let lets like made make makes many may me more most much must my new no nor not now of
  off on once one only or other our ours out over own per same she should so some such than that the their theirs them then there
  these they this those through to too two under until up upon us use used using very via was we well were what when where which
  while who whom why will with within without would yet you your yours yourself best top home page welcome website site www com
  http https click read see view find contact sign login log help faq blog news
  menu search cart account privacy terms cookie cookies policy copyright rights reserved fresh freshly delivered quality great
  better simple easy free today always everything anything something way ways things thing`.split(/\s+/),
);

/** Industry by keyword; the first entry with the most hits wins, so order breaks ties. */
const INDUSTRIES: Array<[industry: string, keywords: string[]]> = [
  [
    "Software & SaaS",
    [
      "software",
      "saas",
      "app",
      "apps",
      "platform",
      "api",
      "cloud",
      "developer",
      "developers",
      "integration",
      "integrations",
      "dashboard",
      "automation",
      "workflow",
      "startup",
    ],
  ],
  [
    "Marketing & Advertising",
    ["marketing", "seo", "agency", "advertising", "ads", "campaign", "campaigns", "social media", "content marketing", "branding", "leads"],
  ],
  [
    "E-commerce & Retail",
    ["shop", "store", "cart", "products", "shipping", "buy", "sale", "collection", "checkout", "retail", "ecommerce", "e-commerce"],
  ],
  [
    "Food & Beverage",
    [
      "coffee",
      "restaurant",
      "recipe",
      "recipes",
      "food",
      "menu",
      "bakery",
      "roast",
      "roastery",
      "cafe",
      "kitchen",
      "wine",
      "beer",
      "tea",
      "espresso",
      "catering",
    ],
  ],
  [
    "Health & Wellness",
    ["health", "fitness", "wellness", "yoga", "clinic", "medical", "therapy", "nutrition", "doctor", "dental", "mental health", "workout"],
  ],
  [
    "Finance",
    [
      "bank",
      "banking",
      "finance",
      "financial",
      "invest",
      "investing",
      "investment",
      "insurance",
      "loan",
      "loans",
      "accounting",
      "tax",
      "payments",
      "crypto",
    ],
  ],
  [
    "Education",
    ["course", "courses", "learn", "learning", "school", "training", "students", "education", "tutor", "tutoring", "academy", "university"],
  ],
  [
    "Travel & Hospitality",
    ["travel", "hotel", "hotels", "tour", "tours", "booking", "vacation", "flight", "flights", "destination", "destinations", "resort"],
  ],
  ["Real Estate", ["real estate", "property", "properties", "homes", "apartment", "apartments", "rent", "rental", "mortgage", "realtor"]],
  ["Fashion & Beauty", ["fashion", "clothing", "apparel", "beauty", "cosmetics", "skincare", "jewelry", "jewellery", "shoes", "makeup"]],
  ["Legal", ["law", "legal", "attorney", "attorneys", "lawyer", "lawyers", "litigation"]],
  ["Home & Garden", ["furniture", "interior", "garden", "gardening", "decor", "renovation", "plumbing", "roofing"]],
  ["Automotive", ["car", "cars", "auto", "automotive", "vehicle", "vehicles", "dealership", "repair"]],
  ["Media & Entertainment", ["music", "film", "movies", "podcast", "gaming", "games", "magazine", "entertainment"]],
  ["Nonprofit", ["nonprofit", "non-profit", "charity", "donate", "volunteer", "foundation"]],
  ["Technology", ["technology", "tech", "ai", "data", "security", "cybersecurity", "hardware", "electronics"]],
];

const TITLE_SEPARATOR = /\s+[|–—·:-]\s+|\s*[|–—·]\s*/;

function clean(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

function words(text: string) {
  return text.toLowerCase().match(/[\p{L}][\p{L}\p{N}'-]*/gu) ?? [];
}

function countPhrase(haystack: string, phrase: string) {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return haystack.match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"))?.length ?? 0;
}

function truncate(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function brandNameOf(page: PageFacts) {
  const fromOg = clean(page.openGraph.site_name ?? "");
  if (fromOg) return fromOg;
  const title = clean(page.title || page.openGraph.title || "");
  const first = clean(title.split(TITLE_SEPARATOR)[0] ?? "");
  if (first) return first;
  const host = new URL(page.url).hostname.replace(/^www\./, "");
  return capitalize(host.split(".")[0] ?? host);
}

function industryOf(page: PageFacts) {
  // Headings and meta say what the site is about; body text only adds weight.
  const focused = [
    page.title,
    page.metaDescription,
    page.metaKeywords.join(" "),
    page.openGraph.description ?? "",
    ...page.headings.map((h) => h.text),
  ]
    .join(" ")
    .toLowerCase();
  const body = page.mainText.toLowerCase();
  let best = { industry: "General", score: 0 };
  for (const [industry, keywords] of INDUSTRIES) {
    const score = keywords.reduce((sum, k) => sum + countPhrase(focused, k) * 3 + countPhrase(body, k), 0);
    if (score > best.score) best = { industry, score };
  }
  return best.industry;
}

function toneOf(page: PageFacts) {
  const text = [page.metaDescription, ...page.headings.map((h) => h.text), page.mainText].join(" ");
  const sentences = Math.max(1, text.split(/[.!?]+/).filter((s) => s.trim()).length);
  const all = words(text);
  const total = Math.max(1, all.length);
  const exclaims = (text.match(/!/g) ?? []).length / sentences;
  const secondPerson = all.filter((w) => w === "you" || w === "your" || w === "you're" || w === "yours").length / total;
  const technical = ["api", "sdk", "developers", "documentation", "integration", "deploy", "infrastructure", "latency"].reduce(
    (n, k) => n + countPhrase(text.toLowerCase(), k),
    0,
  );
  const formal = ["enterprise", "solutions", "compliance", "clients", "expertise", "industry-leading", "professional", "services"].reduce(
    (n, k) => n + countPhrase(text.toLowerCase(), k),
    0,
  );
  if (exclaims >= 0.3) return "Playful and energetic";
  if (technical >= 3) return "Technical and precise";
  if (formal >= 3 && secondPerson < 0.02) return "Professional and authoritative";
  if (secondPerson >= 0.02) return "Friendly and conversational";
  return "Professional and approachable";
}

function tagsOf(page: PageFacts, brandName: string, max = 8) {
  const topical = new Set(words([page.metaDescription, page.metaKeywords.join(" "), ...page.headings.map((h) => h.text)].join(" ")));
  // The brand's own name is not a topic, unless the site also uses the word on its own ("Coffee").
  const brandWords = new Set(words(brandName).filter((w) => !topical.has(w)));
  const scores = new Map<string, number>();
  const add = (tag: string, weight: number) => {
    const key = tag.toLowerCase();
    if (key.length < 3 || /^\d+$/.test(key) || STOP_WORDS.has(key) || brandWords.has(key) || key === brandName.toLowerCase()) return;
    scores.set(key, (scores.get(key) ?? 0) + weight);
  };
  // The site's own keywords are the strongest signal; then titles and headings.
  for (const keyword of page.metaKeywords) add(clean(keyword), 5);
  for (const w of words(page.title)) add(w, 3);
  for (const h of page.headings) for (const w of words(h.text)) add(w, h.level === 1 ? 3 : 2);
  for (const w of words(page.metaDescription || page.openGraph.description || "")) add(w, 1);
  const ranked = [...scores.entries()]
    .filter(([, score]) => score >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([tag]) => tag);
  // A word that only ever appears inside one keyword phrase ("specialty" of
  // "specialty coffee") repeats it; a word shared by several phrases is a topic.
  const phrases = ranked.filter((t) => t.includes(" "));
  return ranked.filter((tag) => tag.includes(" ") || phrases.filter((p) => p.split(" ").includes(tag)).length !== 1).slice(0, max);
}

function descriptionOf(page: PageFacts) {
  const fromMeta = clean(page.metaDescription || page.openGraph.description || "");
  if (fromMeta) return truncate(fromMeta, 300);
  const paragraph = page.paragraphs.map(clean).find((p) => p.length >= 40) ?? clean(page.mainText);
  return truncate(paragraph, 300);
}

function audienceOf(page: PageFacts, industry: string, tags: string[]) {
  // "Coffee for home baristas" names its audience outright.
  const sources = [page.title, page.metaDescription, page.openGraph.description ?? "", ...page.headings.map((h) => h.text)];
  for (const source of sources) {
    const match = /\bfor\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+?s)\b(?=\s*(?:[.,!?|–—:-]|who|that|and|$))/iu.exec(source);
    const phrase = match?.[1]?.toLowerCase();
    if (phrase && !phrase.split(/\s+/).every((w) => STOP_WORDS.has(w))) {
      const about = tags.slice(0, 3).join(", ");
      return about ? `${capitalize(phrase)} interested in ${about}.` : `${capitalize(phrase)}.`;
    }
  }
  const subject = industry === "General" ? "what this website offers" : industry.toLowerCase();
  const about = tags.slice(0, 3);
  return about.length
    ? `People and businesses interested in ${subject}, especially ${about.join(", ")}.`
    : `People and businesses interested in ${subject}.`;
}

export function extractBrandOffline(page: PageFacts): BrandProfile {
  const brandName = brandNameOf(page);
  const industry = industryOf(page);
  const tags = tagsOf(page, brandName);
  return {
    brandName,
    industry,
    toneOfVoice: toneOf(page),
    tags,
    description: descriptionOf(page),
    targetAudience: audienceOf(page, industry, tags),
    language: normalizeLanguage(page.lang || page.openGraph.locale) || "en-US",
  };
}

function offlineKeywordIdeas(topic: string) {
  const t = topic.trim().toLowerCase();
  return [
    t,
    `what is ${t}`,
    `${t} for beginners`,
    `${t} guide`,
    `${t} tips`,
    `best ${t}`,
    `${t} examples`,
    `${t} checklist`,
    `${t} mistakes`,
    `${t} tools`,
    `${t} vs alternatives`,
    `is ${t} worth it`,
  ];
}

export const offlineText: TextGenerator = {
  kind: "offline",
  extractBrand: async (page) => extractBrandOffline(page),
  keywordIdeas: async (topic) => offlineKeywordIdeas(topic),
  list: () => Promise.reject(new WriterLimitError("Without an AI provider the free tools answer from their templates.")),
  // No embeddings offline: the content plan's check stays lexical (decision 050).
  embed: () => Promise.resolve(null),
};
