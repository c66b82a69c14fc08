import { describe, expect, it } from "vitest";
import { BUILT_IN_REACH, builtInLanguageFlag, builtInWritesLanguage } from "./built-in-reach";

describe("what the built-in writer can promise", () => {
  it("writes every English variant and nothing else", () => {
    expect(["en-US", "en-GB", "en", "EN-au"].every(builtInWritesLanguage)).toBe(true);
    expect(["de", "fr-CA", "es-419", "eo", "zh-Hans"].some(builtInWritesLanguage)).toBe(false);
  });

  it("flags a language it cannot write by name, and says what writing it needs", () => {
    expect(builtInLanguageFlag("en-US")).toBeNull();
    expect(builtInLanguageFlag("de")).toBe(
      "The built-in writer writes English only: without an AI provider an article in German comes out in English, with your German pages' words quoted as they are. Writing in German needs an AI provider.",
    );
  });

  it("qualifies the product's promises of length and languages", () => {
    expect(BUILT_IN_REACH).toContain("1200-1700 word articles in 150+ languages need an AI provider");
    expect(BUILT_IN_REACH).toContain("in English only");
  });
});
