/**
 * The content settings' option lists (docs/product.md "Settings" and "Plans and limits") with the labels
 * the Content tab shows. Client-safe: the tab, the engine and the SEO panel read them.
 */

export const ARTICLE_LENGTHS = ["short", "medium", "long"] as const;
export type ArticleLength = (typeof ARTICLE_LENGTHS)[number];
/** docs/product.md "Plans and limits": the word range of each article length. */
export const ARTICLE_LENGTH_WORDS: Record<ArticleLength, { min: number; max: number }> = {
  short: { min: 800, max: 1200 },
  medium: { min: 1200, max: 1600 },
  long: { min: 1600, max: 2000 },
};
export const ARTICLE_LENGTH_LABELS: Record<ArticleLength, string> = {
  short: "Short (800-1,200 words)",
  medium: "Medium (1,200-1,600 words)",
  long: "Long (1,600-2,000 words)",
};

export const BRAND_MENTIONS = ["none", "minimal", "regular", "maximal"] as const;
export type BrandMentions = (typeof BRAND_MENTIONS)[number];
export const BRAND_MENTION_LABELS: Record<BrandMentions, string> = {
  none: "None",
  minimal: "Minimal",
  regular: "Regular",
  maximal: "Maximal",
};

export const LINK_AMOUNTS = ["none", "few", "regular", "many"] as const;
export type LinkAmount = (typeof LINK_AMOUNTS)[number];
/** docs/product.md "Plans and limits": few 1-2, regular 3-4, many 5 or more; none means 0. */
export const LINK_AMOUNT_RANGES: Record<LinkAmount, { min: number; max: number }> = {
  none: { min: 0, max: 0 },
  few: { min: 1, max: 2 },
  regular: { min: 3, max: 4 },
  many: { min: 5, max: Number.POSITIVE_INFINITY },
};
export const LINK_AMOUNT_LABELS: Record<LinkAmount, string> = {
  none: "None",
  few: "Few (1-2)",
  regular: "Regular (3-4)",
  many: "Many (5+)",
};

export const AUTO_GEN_TIMES = ["06:00", "09:00", "12:00", "15:00", "18:00", "21:00"] as const;

/** Suggestions for the free-text image style (the generator page's styles). */
export const IMAGE_STYLE_SUGGESTIONS = ["photorealistic", "illustration", "minimalist", "artistic"] as const;

export type ContentSettings = {
  useBrandInfo: boolean;
  articleLength: ArticleLength;
  brandMentions: BrandMentions;
  internalLinksCount: LinkAmount;
  externalSearch: boolean;
  externalLinks: LinkAmount;
  language: string;
  specificInstructions: string;
  exclusions: string;
  imageStyle: string;
  autoGeneration: boolean;
  autoGenTime: string;
  autoPublish: boolean;
  /** The SEO score an article needs before auto-pilot publishes it on its own (docs/decisions/049). */
  autopilotMinScore: number;
  /** Every auto-pilot article waits for a named person's approval. */
  reviewMode: boolean;
  /** Hold an auto-pilot article until its external links are verified working. */
  strictLinks: boolean;
  /** End published AI-written posts with a line saying so (and who reviewed them). */
  aiDisclosure: boolean;
  /** End published posts written from research with a 'Sources' section (their claim ledger). */
  showSources: boolean;
};

/** The defaults of docs/product.md "Settings", Content. */
export const DEFAULT_CONTENT_SETTINGS: ContentSettings = {
  useBrandInfo: true,
  articleLength: "medium",
  brandMentions: "minimal",
  internalLinksCount: "regular",
  externalSearch: true,
  externalLinks: "regular",
  language: "en-US",
  specificInstructions: "",
  exclusions: "",
  imageStyle: "",
  autoGeneration: false,
  autoGenTime: "09:00",
  autoPublish: false,
  autopilotMinScore: 70,
  reviewMode: false,
  strictLinks: false,
  aiDisclosure: false,
  showSources: false,
};
