import { z } from "zod";
import type { TextGenerator } from "#app/modules/ai/types";
import { cleanKeyword } from "#app/modules/articles/keyword-shape";
import { SEARCH_INTENTS } from "#app/modules/research/intent";
import type { DataCandidate } from "./data-planner.server";
import type { PlanSource, Suggestion } from "./offline-planner";

/**
 * Plan suggestions from the AI provider (docs/decisions/050-content-plan.md):
 * one JSON-schema list call (TextGenerator.list, decision 021) with the site's
 * data in the prompt; every item is validated with zod, and its evidence must
 * name something in that data (a scanned page, a topic, a brand tag) or it is
 * dropped. The caller fills what is missing, or everything on a failure, from
 * the offline planner.
 */

const ITEM_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["keyword", "title", "intent", "topic", "evidence_kind", "evidence_ref", "why"],
  properties: {
    keyword: { type: "string", description: "The search keyword, lower case, 2-6 words." },
    title: { type: "string", description: "A working title for the article." },
    intent: { type: "string", enum: [...SEARCH_INTENTS] },
    topic: { type: "string", description: "The name of one of the site's topics it serves, or an empty string." },
    evidence_kind: { type: "string", enum: ["page", "product", "topic", "gap"] },
    evidence_ref: { type: "string", description: "The page URL, the topic name, or the brand tag the keyword comes from." },
    why: { type: "string", description: "One sentence naming that page, topic or gap." },
  },
} as const;

const Item = z.object({
  keyword: z.string().trim().min(2).max(120),
  title: z.string().trim().min(3).max(200),
  intent: z.enum(SEARCH_INTENTS),
  topic: z.string().trim(),
  evidence_kind: z.enum(["page", "product", "topic", "gap"]),
  evidence_ref: z.string().trim(),
  why: z.string().trim().min(5).max(300),
});
type Item = z.infer<typeof Item>;

/** What the keyword-data provider found, for the prompt: the model picks from these when there are any. */
type PromptCandidate = Pick<DataCandidate, "keyword" | "volume" | "difficulty" | "intent" | "support">;

function planPrompt(source: PlanSource, count: number, avoid: string[], candidates: PromptCandidate[]) {
  const b = source.brand;
  return [
    `Brand: ${b.name || "(unnamed)"}. Industry: ${b.industry || "unknown"}. ${b.description}`,
    b.audience ? `Audience: ${b.audience}` : "",
    b.tags.length ? `Brand tags: ${b.tags.join(", ")}` : "",
    source.pages.length ? `Scanned pages:\n${source.pages.map((p) => `- ${p}`).join("\n")}` : "",
    source.topics.length ? `Topics:\n${source.topics.map((t) => `- ${t.name}: ${t.keywords.join(", ")}`).join("\n")}` : "",
    source.articles.length
      ? `Existing articles (do not compete with them):\n${source.articles.map((a) => `- ${a.title} [${a.keyword}]`).join("\n")}`
      : "",
    avoid.length ? `Do not repeat these keywords: ${avoid.join(", ")}` : "",
    candidates.length
      ? `Keywords with search data (each targets different search results; choose only from these, keep each keyword exactly as written, and name the page or topic it supports as evidence):\n${candidates
          .map(
            (c) =>
              `- ${c.keyword}: ${c.volume} searches a month, difficulty ${c.difficulty ?? "unknown"}, ${c.intent}, supports ${c.support.label} [${c.support.ref}]`,
          )
          .join("\n")}`
      : "",
    `Suggest ${count} distinct keywords, one per day, varied in intent and topic.`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

function toSuggestion(item: Item, source: PlanSource): Suggestion | null {
  const topic = source.topics.find((t) => t.name.toLowerCase() === item.topic.toLowerCase()) ?? null;
  const ref = item.evidence_ref;
  const known =
    item.evidence_kind === "topic"
      ? source.topics.some((t) => t.name.toLowerCase() === ref.toLowerCase())
      : item.evidence_kind === "gap"
        ? source.brand.tags.some((t) => t.toLowerCase() === ref.toLowerCase()) ||
          source.topics.some((t) => t.name.toLowerCase() === ref.toLowerCase())
        : source.pages.includes(ref) || source.sitePages.some((p) => p.url === ref);
  if (!known) return null;
  return {
    keyword: cleanKeyword(item.keyword.toLowerCase()),
    title: item.title,
    intent: item.intent,
    topicId: topic?.id ?? null,
    evidenceKind: item.evidence_kind,
    evidenceRef: item.evidence_kind === "topic" ? (source.topics.find((t) => t.name.toLowerCase() === ref.toLowerCase())?.id ?? ref) : ref,
    rationale: item.why,
  };
}

export async function aiSuggestions(
  text: TextGenerator,
  source: PlanSource,
  { count, avoid, candidates = [] }: { count: number; avoid: string[]; candidates?: PromptCandidate[] },
) {
  const items = await text.list({
    name: "content_plan",
    instructions:
      "You plan a blog's next month of SEO articles for a business. Use only the business data given: every keyword must come from one of its pages, serve one of its topics, or fill a gap in its brand tags that its articles leave open, and say which.",
    prompt: planPrompt(source, count, avoid, candidates),
    itemSchema: ITEM_SCHEMA,
    item: Item,
    count,
  });
  return items.map((i) => toSuggestion(i, source)).filter((s): s is Suggestion => s !== null);
}
