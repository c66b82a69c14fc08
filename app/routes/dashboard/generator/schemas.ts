import { z } from "zod";
import { GENERATOR_MESSAGES as M, GENERATOR_TONES, IMAGE_STYLES } from "#app/modules/generation/generator";
import { ARTICLE_LENGTHS } from "#app/modules/settings/content-options";

/** The generator's three forms, one schema each: checked in the browser with JavaScript and always on the server. */

export const GenerateSchema = z.object({
  intent: z.literal("generate"),
  // Only a hydrated form sends it: the no-JavaScript page refreshes itself while the job runs.
  js: z.string().optional(),
  topic: z.string({ error: M.topicRequired }).trim().min(1, M.topicRequired).max(200, "Please keep the topic under 200 characters"),
  keywords: z.string().trim().max(500, "Please keep the keywords under 500 characters").default(""),
  tone: z.enum(GENERATOR_TONES).default("professional"),
  // The content settings' lengths; left out, the site's own setting applies.
  articleLength: z.enum(ARTICLE_LENGTHS, { error: "Please choose an article length" }).optional(),
});

export const KeywordsSchema = z.object({
  intent: z.literal("keywords"),
  topic: z
    .string({ error: M.researchTopicRequired })
    .trim()
    .min(1, M.researchTopicRequired)
    .max(200, "Please keep the topic under 200 characters"),
});

export const ImagesSchema = z.object({
  intent: z.literal("images"),
  prompt: z
    .string({ error: M.imagePromptRequired })
    .trim()
    .min(1, M.imagePromptRequired)
    .max(1000, "Please keep the prompt under 1000 characters"),
  style: z.enum(IMAGE_STYLES).default("photorealistic"),
});

/** A select's options from a list of lower-case choices: "casual" → "Casual". */
export function capitalisedOptions(values: readonly string[]) {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}
