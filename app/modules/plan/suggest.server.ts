import type { DB } from "#app/db/client.server";
import type { TextGenerator } from "#app/modules/ai/types";
import { type AiTenant, chargeAiAction } from "#app/modules/billing/ai-meter.server";
import type { ResearchProvider } from "#app/modules/research/types";
import type { ResearchCounters } from "#app/modules/research/cache.server";
import { logger } from "#app/utils/logger.server";
import { classifyIntent } from "#app/modules/research/intent";
import { aiSuggestions } from "./ai-planner.server";
import { candidateSuggestion, type DataCandidate, keywordKey, researchCandidates } from "./data-planner.server";
import { pickSuggestions, type PlanSource, type Suggestion } from "./offline-planner";
import { type Comparable, CONFLICT_THRESHOLD, lexicalSimilarity } from "./similarity";

/**
 * Where a plan's suggestions come from (docs/decisions/050-content-plan.md):
 * with a keyword-data provider, its ranked and clustered candidates
 * (data-planner.server.ts); with an AI provider, the model's picks (from
 * those candidates when there are any), metered before the call; the offline
 * planner fills what is left, and replaces either when it fails, so a
 * provider outage never fails a plan.
 */

export type SuggestOptions = {
  count: number;
  avoid: string[];
  keep: Comparable[];
  kind: "plan" | "plan-swap";
  text: TextGenerator;
  research: ResearchProvider | null;
  now: Date;
  correlationId: string;
  /** Provider calls and cache hits, for bench:research. */
  counters?: ResearchCounters;
};

/** The keyword-data pool, or null when there is no provider or it failed (logged with the correlation id). */
async function dataPool(db: DB, tenant: AiTenant, source: PlanSource, options: SuggestOptions, exclude: Comparable[]) {
  if (!options.research) return null;
  try {
    return await researchCandidates(db, tenant.siteId, options.research, source, {
      exclude,
      avoid: options.avoid,
      now: options.now,
      correlationId: options.correlationId,
      counters: options.counters,
    });
  } catch (error) {
    logger.warn(
      {
        correlationId: options.correlationId,
        siteId: tenant.siteId,
        provider: options.research.name,
        err: error instanceof Error ? error.message : String(error),
      },
      "keyword research failed; the plan comes from the site's own data",
    );
    return null;
  }
}

/** Up to `count` suggestions and what made them. */
export async function suggest(
  db: DB,
  tenant: AiTenant,
  source: PlanSource,
  options: SuggestOptions,
): Promise<{ suggestions: Suggestion[]; origin: "ai" | "offline"; data: boolean }> {
  const { count, avoid, keep: kept, kind, text } = options;
  const exclude = [
    ...kept,
    ...source.articles.map((a) => ({ keyword: a.keyword || a.title, title: a.title, intent: classifyIntent(a.keyword || a.title) })),
  ];
  const pool = await dataPool(db, tenant, source, options, exclude);
  const fill = (accepted: Suggestion[]) => {
    const taken = [...exclude, ...accepted];
    const avoided = new Set(avoid.map(keywordKey));
    // Keywords the plan being replaced did not have first (a swap must change the day), then the rest.
    for (const fresh of [true, false])
      for (const c of pool ?? []) {
        if (accepted.length >= count) break;
        if (fresh === avoided.has(c.keyword)) continue;
        const s = candidateSuggestion(c, source);
        if (accepted.some((a) => a.keyword === s.keyword) || taken.some((t) => lexicalSimilarity(s, t) >= CONFLICT_THRESHOLD)) continue;
        accepted.push(s);
        taken.push(s);
      }
    if (accepted.length < count)
      accepted.push(...pickSuggestions(source, { count: count - accepted.length, avoid, keep: [...kept, ...accepted] }));
    return accepted;
  };
  const data = pool !== null && pool.length > 0;
  if (text.kind !== "openai") return { suggestions: fill([]), origin: "offline", data };
  await chargeAiAction(db, tenant, kind);
  try {
    const fromAi = await aiSuggestions(text, source, { count, avoid, candidates: pool ?? [] });
    const byKeyword = new Map<string, DataCandidate>((pool ?? []).map((c) => [c.keyword, c]));
    // The AI's picks go through the same conflict filter as the offline ones; with data, only the pool's
    // candidates (clustered by their results) are taken, with their figures and reasons.
    const accepted: Suggestion[] = [];
    for (const s of fromAi) {
      if (accepted.length >= count) break;
      const candidate = byKeyword.get(keywordKey(s.keyword));
      if (data && !candidate) continue;
      const pick = candidate ? { ...candidateSuggestion(candidate, source), title: s.title } : s;
      if ([...exclude, ...accepted].some((t) => lexicalSimilarity(pick, t) >= CONFLICT_THRESHOLD)) continue;
      accepted.push(pick);
    }
    return { suggestions: fill(accepted), origin: "ai", data };
  } catch (error) {
    logger.warn({ err: error, siteId: tenant.siteId }, "AI content plan failed; using the offline planner");
    return { suggestions: fill([]), origin: "offline", data };
  }
}
