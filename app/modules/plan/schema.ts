import { z } from "zod";
import { SEARCH_INTENTS } from "#app/modules/research/intent";

/** The plan's forms (docs/decisions/050-content-plan.md): an item's fields and the page's other intents. Client-safe. */

const KEYWORD_MAX = 120;
const TITLE_MAX = 200;

export const PlanItemFormSchema = z.object({
  // Conform drops empty strings: a blank keyword arrives as undefined.
  keyword: z
    .string({ error: "Keyword required" })
    .trim()
    .min(2, "Keyword required")
    .max(KEYWORD_MAX, `Please keep the keyword under ${KEYWORD_MAX} characters`),
  title: z.string().trim().max(TITLE_MAX, `Please keep the title under ${TITLE_MAX} characters`).default(""),
  // Not "intent": that names the action a form posts.
  searchIntent: z.enum(SEARCH_INTENTS, { error: "Please choose a search intent" }).optional(),
  topicId: z.string().max(100).optional(),
});

export const PlanActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("generate") }),
  z.object({ intent: z.literal("swap"), id: z.string().min(1) }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1) }),
  z.object({
    intent: z.literal("move"),
    id: z.string().min(1),
    direction: z.enum(["up", "down"]).optional(),
    to: z.coerce.number().int().min(0).max(100).optional(),
  }),
  z.object({ intent: z.literal("resolve"), id: z.string().min(1), resolution: z.enum(["merge", "retarget", "keep"]) }),
]);
