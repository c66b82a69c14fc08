import { z } from "zod";
import { parseTags } from "#app/modules/settings/lists";

/** The topic form (docs/product.md "Topics", "Plans and limits"): what a topic holds and the rules on input. */

export const DEFAULT_TOPIC_COLOR = "#3B82F6";
const TOPIC_NAME_MAX = 80;
const TOPIC_DESCRIPTION_MAX = 500;
const TOPIC_KEYWORDS_MAX = 1000;
const TOPIC_CATEGORY_MAX = 80;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const TopicFormSchema = z.object({
  // A blank field arrives as undefined (Conform drops empty strings): the same message as an all-spaces one.
  name: z
    .string({ error: "Topic name required" })
    .trim()
    .min(1, "Topic name required")
    .max(TOPIC_NAME_MAX, `Please keep the topic name under ${TOPIC_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(TOPIC_DESCRIPTION_MAX, `Please keep the description under ${TOPIC_DESCRIPTION_MAX} characters`)
    .default(""),
  // Typed as one comma separated line; stored as the list of its non-empty, trimmed parts.
  keywords: z
    .string()
    .max(TOPIC_KEYWORDS_MAX, `Please keep the keywords under ${TOPIC_KEYWORDS_MAX} characters`)
    .default("")
    .transform(parseTags),
  category: z.string().trim().max(TOPIC_CATEGORY_MAX, `Please keep the category under ${TOPIC_CATEGORY_MAX} characters`).default(""),
  color: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || DEFAULT_TOPIC_COLOR)
    .pipe(z.string().regex(HEX_COLOR, "Please enter a colour as #RRGGBB, e.g. #3B82F6"))
    .transform((v) => v.toUpperCase()),
});

export type TopicInput = z.output<typeof TopicFormSchema>;
