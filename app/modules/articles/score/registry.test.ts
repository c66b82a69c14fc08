import { describe, expect, it } from "vitest";
import { scoreArticle } from "../seo";
import { defineCheck } from "./check";
import { SCORE_CHECKS, scorerVersion } from "./registry";
import { scoreWith } from "./scorer";
import type { SeoInput } from "./input";

const input: SeoInput = {
  title: "How to descale a kettle",
  metaDescription: "Descale a kettle with citric acid in ten minutes.",
  html: "<p>Descale a kettle with 20 g of citric acid in 500 ml of water.</p><h2>Steps</h2><p>Boil, wait ten minutes, rinse twice.</p>",
  keyword: "descale a kettle",
  lengthBand: "short",
  internalLinksWanted: "none",
  externalLinksWanted: "none",
};

// A check as a new file in checks/ declares it: the registry is the only place that learns of it.
const namesAUnit = defineCheck({
  id: "names-a-unit",
  label: "Names a unit",
  weight: 30,
  blocks: true,
  readsText: false,
  revision: 1,
  run: ({ parsed }) => ({ passed: /\b\d+\s?(g|ml)\b/.test(parsed.text), detail: "Looked for grams or millilitres." }),
});

describe("the score's registry", () => {
  it("a registered check is scored with its declared weight, and changes the scorer's version", () => {
    const registry = [...SCORE_CHECKS, namesAUnit];
    const scored = scoreWith(registry, input);
    const added = scored.checks.find((c) => c.id === "names-a-unit");
    expect(added).toMatchObject({ weight: 30, passed: true, blocks: true });
    expect(scored.checks).toHaveLength(scoreArticle(input).checks.length + 1);
    expect(scorerVersion(registry)).not.toBe(scorerVersion(SCORE_CHECKS));
  });

  it("a re-weighted, revised or unblocked check changes the version; the same registry keeps it", () => {
    const base = scorerVersion([...SCORE_CHECKS, namesAUnit]);
    expect(scorerVersion([...SCORE_CHECKS, namesAUnit])).toBe(base);
    for (const changed of [{ weight: 31 }, { revision: 2 }, { blocks: false }, { needs: ["english" as const] }])
      expect(scorerVersion([...SCORE_CHECKS, { ...namesAUnit, ...changed }])).not.toBe(base);
  });

  it("a failing blocking check holds the score below Good and says so", () => {
    const failing = defineCheck({ ...namesAUnit, id: "never-passes", run: () => ({ passed: false, detail: "Never." }) });
    const scored = scoreWith([...SCORE_CHECKS.filter((c) => !c.blocks && !c.readsText), failing], input);
    expect(scored.score).toBeLessThan(80);
    expect(scored.checks.find((c) => c.id === "never-passes")?.detail).toBe("Never. Until this is fixed the score stays below 80.");
  });

  it("holds each check once, by a unique id", () => {
    const ids = SCORE_CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
