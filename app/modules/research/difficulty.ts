/**
 * Keyword difficulty in words. The one keyword-figure model is the research layer's KeywordData (volume,
 * difficulty 0-100, CPC, intent; docs/decisions/072); screens that show a word instead of the figure derive it
 * here. Isomorphic.
 */
export type Difficulty = "Easy" | "Medium" | "Hard";

export function difficultyLabel(difficulty: number | null | undefined): Difficulty | null {
  if (typeof difficulty !== "number") return null;
  return difficulty < 34 ? "Easy" : difficulty < 67 ? "Medium" : "Hard";
}
