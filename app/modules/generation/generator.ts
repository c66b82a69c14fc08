/** The AI Content Generator page's choices (docs/product.md "AI Content Generator"), shared by its form and its server checks. */

export const GENERATOR_TONES = ["professional", "casual", "academic", "conversational", "technical"] as const;
// Article length: the content settings' choices (ARTICLE_LENGTHS in settings/content-options.ts), defaulting to the site's.
export const IMAGE_STYLES = ["photorealistic", "illustration", "minimalist", "artistic"] as const;
export const IMAGE_SIZE = "1024x1024";
export const IMAGE_QUANTITY = 1;

export const GENERATOR_TABS = [
  { id: "generate", label: "Generate" },
  { id: "keywords", label: "Keywords" },
  { id: "images", label: "Images" },
  { id: "publish", label: "Publish" },
] as const;
export type GeneratorTab = (typeof GENERATOR_TABS)[number]["id"];

export function parseGeneratorTab(value: string | null): GeneratorTab {
  return GENERATOR_TABS.find((t) => t.id === value)?.id ?? "generate";
}

/** "a, b ,,c" → ["a", "b", "c"]: comma-separated keywords, trimmed, empties and repeats dropped. */
export function splitKeywords(text: string) {
  return [
    ...new Set(
      text
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

export const GENERATOR_MESSAGES = {
  topicRequired: "Please enter a topic",
  researchTopicRequired: "Please enter a topic first",
  imagePromptRequired: "Please enter an image prompt",
  generated: "Content generated successfully!",
  researched: "Keyword research completed!",
  imagesGenerated: "Images generated successfully!",
  copied: "Content copied to clipboard!",
  researchFailed: (reason: string) => `Failed to research keywords: ${reason}`,
  generateFailed: (reason: string) => `Failed to generate content: ${reason}`,
  imagesFailed: (reason: string) => `Failed to generate images: ${reason}`,
} as const;
