import type { TextGenerator } from "#app/modules/ai/types";
import { logger } from "#app/utils/logger.server";
import { cosine } from "./similarity";
import type { PlanSource, Suggestion } from "./offline-planner";

/**
 * Meaning for the plan, where the AI provider offers embeddings (docs/decisions/070): the cannibalisation check's
 * vectors (plan.server.ts refreshFlags) and the topic a keyword belongs to. Without embeddings both stay lexical.
 */

/** The provider's embeddings of the texts by key, or null when it offers none or fails (the check then stays lexical). */
export async function embeddingsOf(text: TextGenerator, entries: Array<[key: string, text: string]>) {
  if (text.kind !== "openai" || entries.length === 0) return null;
  try {
    const vectors = await text.embed(entries.map(([, t]) => t));
    return vectors ? new Map(entries.map(([key], i) => [key, vectors[i]!])) : null;
  } catch (error) {
    logger.warn({ err: error }, "plan embeddings failed; the plan's checks stay lexical");
    return null;
  }
}

/**
 * The cosine at or above which a keyword belongs to a topic. Short phrases about one subject score about 0.4-0.6
 * with text-embedding-3 models and unrelated ones below 0.25.
 */
const TOPIC_MEANING_THRESHOLD = 0.4;

/**
 * Each suggestion's topic by meaning: the topic (its name and keywords) whose embedding is closest to the keyword's,
 * when close enough, else none, so a day without a fitting topic says so. A suggestion built on a topic's own
 * keyword keeps that topic. Unchanged when the provider has no embeddings or fails.
 */
export async function topicsByMeaning(text: TextGenerator, suggestions: Suggestion[], topics: PlanSource["topics"]) {
  if (topics.length === 0 || suggestions.length === 0) return suggestions;
  const vectors = await embeddingsOf(text, [
    ...suggestions.map((s, i): [string, string] => [`s${i}`, s.keyword]),
    ...topics.map((t): [string, string] => [`t${t.id}`, `${t.name}: ${t.keywords.join(", ")}`]),
  ]);
  if (!vectors) return suggestions;
  return suggestions.map((s, i) => {
    if (s.evidenceKind === "topic") return s;
    const own = vectors.get(`s${i}`)!;
    let best: { id: string; score: number } | null = null;
    for (const t of topics) {
      const score = cosine(own, vectors.get(`t${t.id}`)!);
      if (score >= TOPIC_MEANING_THRESHOLD && (!best || score > best.score)) best = { id: t.id, score };
    }
    return { ...s, topicId: best?.id ?? null };
  });
}
