import { describe, expect, test } from "vitest";
import { analyzeReadability, bandFor, countSyllables, sentences } from "#app/modules/articles/readability";

describe("countSyllables", () => {
  test.each([
    ["the", 1],
    ["cat", 1],
    ["make", 1],
    ["table", 2],
    ["simple", 2],
    ["jumped", 1],
    ["played", 1],
    ["wanted", 2],
    ["boxes", 2],
    ["lines", 1],
    ["tables", 2],
    ["uses", 2],
    ["beautiful", 3],
    ["readers", 2],
    ["sentences", 3],
    ["message", 2],
    ["quickly", 2],
    ["understand", 3],
    ["communication", 5],
    ["organizational", 6],
    ["necessitates", 4],
    ["comprehensive", 4],
    ["yellow", 2],
    ["every", 3],
    ["Reader's", 2],
    ["2026", 1],
  ])("%s has %i syllables", (word, expected) => {
    expect(countSyllables(word)).toBe(expected);
  });
});

describe("analyzeReadability against hand-checked texts", () => {
  test("one short sentence of one-syllable words", () => {
    // "The cat sat on the mat." → 6 words, 6 syllables, 1 sentence.
    // FRE  = 206.835 − 1.015 × 6 − 84.6 × (6/6) = 206.835 − 6.09 − 84.6 = 116.145 → 116.1
    // FKGL = 0.39 × 6 + 11.8 × 1 − 15.59 = 2.34 + 11.8 − 15.59 = −1.45 → clamped to 0
    const r = analyzeReadability("The cat sat on the mat.");
    expect(r).toMatchObject({
      wordCount: 6,
      syllableCount: 6,
      sentenceCount: 1,
      paragraphCount: 1,
      avgWordsPerSentence: 6,
      fleschScore: 116.1,
      gradeLevel: 0,
      band: "Very Easy",
      readingTime: 1,
    });
    expect(r.suggestions).toContain("Excellent! Your text is very easy to read.");
  });

  test("three sentences in two paragraphs", () => {
    // Good(1) writing(2) is(1) clear(1).            4 words,  5 syllables
    // It(1) uses(2) simple(2) words(1).              4 words,  6 syllables
    // Short(1) sentences(3) help(1) readers(2) understand(3) the(1) message(2) quickly(2).
    //                                                8 words, 15 syllables
    // Total 16 words, 26 syllables, 3 sentences, 2 paragraphs.
    // FRE  = 206.835 − 1.015 × 16/3 − 84.6 × 26/16 = 206.835 − 5.4133 − 137.475 = 63.9467 → 63.9 (Standard)
    // FKGL = 0.39 × 5.3333 + 11.8 × 1.625 − 15.59 = 2.08 + 19.175 − 15.59 = 5.665 → 5.7
    const r = analyzeReadability(
      "Good writing is clear. It uses simple words.\n\nShort sentences help readers understand the message quickly.",
    );
    expect(r).toMatchObject({
      wordCount: 16,
      syllableCount: 26,
      sentenceCount: 3,
      paragraphCount: 2,
      avgWordsPerSentence: 5.3,
      fleschScore: 63.9,
      gradeLevel: 5.7,
      band: "Standard",
      readingTime: 1,
    });
    expect(r.suggestions).toEqual(["Good readability: most readers will follow your text comfortably."]);
  });

  test("long words make a very difficult text", () => {
    // Organizational(6) communication(5) necessitates(4) comprehensive(4) understanding(4).
    // 5 words, 23 syllables, 1 sentence.
    // FRE  = 206.835 − 1.015 × 5 − 84.6 × 23/5 = 206.835 − 5.075 − 389.16 = −187.4
    // FKGL = 0.39 × 5 + 11.8 × 4.6 − 15.59 = 1.95 + 54.28 − 15.59 = 40.64 → 40.6
    const r = analyzeReadability("Organizational communication necessitates comprehensive understanding.");
    expect(r).toMatchObject({
      wordCount: 5,
      syllableCount: 23,
      sentenceCount: 1,
      fleschScore: -187.4,
      gradeLevel: 40.6,
      band: "Very Difficult",
    });
    expect(r.suggestions.some((s) => s.startsWith("Simplify your text"))).toBe(true);
  });

  test("long sentences are suggested for splitting and highlighted, longest first", () => {
    const long =
      "This is a very long sentence that keeps going and going with many small words so that it has more than twenty words in total.";
    const r = analyzeReadability(`${long} Short one. Another short sentence here.`);
    expect(r.longestSentences[0]).toEqual({ text: long, words: 25, long: true });
    expect(r.longestSentences.slice(1).every((s) => !s.long)).toBe(true);
    expect(r.suggestions[0]).toBe("1 sentence has more than 20 words. Consider splitting it (highlighted below).");

    const averageLong = analyzeReadability(long);
    expect(averageLong.avgWordsPerSentence).toBe(25);
    expect(averageLong.suggestions[0]).toBe("Your sentences average 25 words. Keep them to 20 words or fewer by splitting long sentences.");
  });

  test("reading time is words / 200 rounded up", () => {
    expect(analyzeReadability(Array.from({ length: 200 }, () => "word").join(" ") + ".").readingTime).toBe(1);
    expect(analyzeReadability(Array.from({ length: 201 }, () => "word").join(" ") + ".").readingTime).toBe(2);
  });

  test("sentence splitting handles ! ? quotes and line breaks", () => {
    expect(sentences('Really? Yes! "Done." Next\nline without stop')).toEqual(["Really?", "Yes!", '"Done."', "Next", "line without stop"]);
  });

  test("grade bands follow the spec", () => {
    expect([95, 90, 85, 75, 65, 55, 35, 29.9].map(bandFor)).toEqual([
      "Very Easy",
      "Very Easy",
      "Easy",
      "Fairly Easy",
      "Standard",
      "Fairly Difficult",
      "Difficult",
      "Very Difficult",
    ]);
  });
});
