import { describe, expect, it } from "vitest";
import type { TextGenerator } from "#app/modules/ai/types";
import { topicsByMeaning } from "./meaning.server";
import type { Suggestion } from "./offline-planner";

/** Topics by meaning where the provider has embeddings (decision 070): the closest topic when close enough, else none. */

const topics = [
  { id: "glaze", name: "Glazing and firing", keywords: ["pottery glazes", "kiln firing"] },
  { id: "hand", name: "Hand building", keywords: ["coil pottery", "slab building"] },
];
// Three axes of meaning: glazing, hand building, and selling (no topic).
const VECTORS: Record<string, number[]> = {
  "Glazing and firing: pottery glazes, kiln firing": [1, 0, 0],
  "Hand building: coil pottery, slab building": [0, 1, 0],
  "how to make a coil pot": [0.1, 0.95, 0.1],
  "raku glaze recipes": [0.9, 0.1, 0.2],
  "pottery studio near me": [0.2, 0.2, 0.95],
};
const embedder = (vectors: Record<string, number[]> | null) =>
  ({ kind: "openai", embed: async (texts: string[]) => (vectors ? texts.map((t) => vectors[t]!) : null) }) as unknown as TextGenerator;
const suggestion = (keyword: string, topicId: string | null = "glaze"): Suggestion => ({
  keyword,
  title: keyword,
  intent: "informational",
  topicId,
  evidenceKind: "page",
  evidenceRef: "",
  rationale: "",
});

describe("topics by meaning", () => {
  it("files each keyword under the closest topic, and under none when none is close", async () => {
    const placed = await topicsByMeaning(
      embedder(VECTORS),
      [suggestion("how to make a coil pot"), suggestion("raku glaze recipes", null), suggestion("pottery studio near me")],
      topics,
    );
    expect(placed.map((s) => s.topicId)).toEqual(["hand", "glaze", null]);
  });

  it("keeps the lexical topics without embeddings, and a topic's own keyword keeps its topic", async () => {
    const given = [suggestion("how to make a coil pot")];
    expect(await topicsByMeaning(embedder(null), given, topics)).toEqual(given);
    const own = { ...suggestion("pottery studio near me", "hand"), evidenceKind: "topic" as const };
    expect((await topicsByMeaning(embedder(VECTORS), [own], topics))[0]!.topicId).toBe("hand");
  });
});
