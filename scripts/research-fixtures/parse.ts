import { SEARCH_INTENTS, type SearchIntent } from "#app/modules/research/intent";
import type { KeywordSpec } from "./types";

/** Reads the one-keyword-a-line tables: keyword | volume | difficulty | cpc | intent | facets | paa | related | group[:share]. */
export function parseKeywords(table: string): KeywordSpec[] {
  const list = (cell: string | undefined) =>
    (cell ?? "")
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean);
  return table
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, volume, difficulty, cpc, intent, facets, paa, related, group] = line.split("|").map((c) => c.trim());
      if (!keyword || !SEARCH_INTENTS.includes(intent as SearchIntent)) throw new Error(`Bad fixture line: ${line}`);
      const [groupName, share] = (group ?? "").split(":");
      return {
        keyword,
        volume: Number(volume),
        difficulty: Number(difficulty),
        cpc: Number(cpc),
        intent: intent as SearchIntent,
        facets: list(facets),
        paa: list(paa),
        related: list(related),
        ...(groupName ? { group: groupName, share: share ? Number(share) : 8 } : {}),
      };
    });
}
