import { describe, expect, test } from "vitest";
import {
  binomialCdf,
  cannibalFinding,
  decayFinding,
  describeCannibal,
  describeDecay,
  describeGap,
  describeStriking,
  gapFinding,
  queryKey,
  strikingFinding,
} from "./rules";

const f = (clicks: number, impressions: number, position: number) => ({ clicks, impressions, position });

describe("binomialCdf", () => {
  test("matches known values", () => {
    expect(binomialCdf(5, 10, 0.5)).toBeCloseTo(0.623046875, 9);
    expect(binomialCdf(0, 10, 0.5)).toBeCloseTo(1 / 1024, 12);
    expect(binomialCdf(10, 10, 0.5)).toBe(1);
    // Large n stays finite and small.
    expect(binomialCdf(198, 610, 0.5)).toBeLessThan(1e-15);
  });
});

describe("decay", () => {
  test("a real drop is flagged with its figures and lost queries", () => {
    const e = decayFinding({
      previous: f(412, 9800, 4.1),
      current: f(198, 8700, 7.8),
      lostQueries: [
        { query: "cold brew ratio", before: 120, now: 31 },
        { query: "cold brew at home", before: 40, now: 44 },
      ],
    });
    expect(e).not.toBeNull();
    expect(e!.change).toBeCloseTo(-0.519, 3);
    expect(e!.pValue).toBeLessThan(0.01);
    // A query that gained is not 'lost'.
    expect(e!.lostQueries.map((q) => q.query)).toEqual(["cold brew ratio"]);
    expect(describeDecay(e!)).toBe(
      "Clicks fell from 412 to 198 (−52 %) over 28 days; position 4.1 → 7.8. Lost queries: “cold brew ratio” (120 → 31 clicks).",
    );
  });

  test("a noise-level drop is not flagged, even past 20 %", () => {
    // 60 → 45 is −25 %, but with 105 clicks in all a coin gives 45 or fewer about one time in fourteen.
    expect(decayFinding({ previous: f(60, 2000, 6), current: f(45, 1900, 6.2) })).toBeNull();
    // 30 → 18 (−40 %): too few clicks to tell.
    expect(decayFinding({ previous: f(30, 900, 9), current: f(18, 800, 9) })).toBeNull();
    // A certain but small drop is not worth a refresh.
    expect(decayFinding({ previous: f(5000, 90000, 3), current: f(4400, 88000, 3.1) })).toBeNull();
  });

  test("too few clicks in all says nothing", () => {
    expect(decayFinding({ previous: f(25, 300, 8), current: f(0, 200, 14) })).toBeNull();
  });

  test("a drop the season explains is not flagged; one beyond it is", () => {
    const yearAgo = { previous: f(400, 9000, 4), current: f(190, 6000, 4.3) };
    expect(decayFinding({ previous: f(412, 9800, 4.1), current: f(198, 8700, 7.8), yearAgo })).toBeNull();
    const beyond = decayFinding({ previous: f(412, 9800, 4.1), current: f(90, 5000, 11), yearAgo });
    expect(beyond?.seasonalChange).toBeCloseTo(-0.525, 3);
    expect(describeDecay(beyond!)).toContain("A year ago the same weeks moved −53 %");
  });
});

describe("striking distance", () => {
  test("positions 8 to 20 with enough impressions", () => {
    expect(strikingFinding({ query: "q", ...f(12, 640, 11.4) }, 4)).toEqual({
      query: "q",
      impressions: 640,
      position: 11.4,
      clicks: 12,
      weeks: 4,
    });
    expect(strikingFinding({ query: "q", ...f(12, 640, 7.9) }, 4)).toBeNull();
    expect(strikingFinding({ query: "q", ...f(1, 640, 20.5) }, 4)).toBeNull();
    expect(strikingFinding({ query: "q", ...f(1, 99, 12) }, 4)).toBeNull();
    expect(describeStriking(strikingFinding({ query: "french press grind", ...f(12, 640, 11.4) }, 4)!)).toBe(
      "“french press grind”: seen 640 times in the last 4 weeks at position 11.4, 12 clicks. A few places higher puts it on page one's top half.",
    );
  });
});

describe("cannibalisation", () => {
  const a = (articleId: string, impressions: number, position: number, weeks: number[]) => ({
    articleId,
    title: `Article ${articleId}`,
    impressions,
    clicks: 0,
    position,
    weeks,
  });
  test("two articles sharing a query's impressions in the same weeks", () => {
    const e = cannibalFinding("cold brew ratio", [a("x", 300, 9, [1, 2, 3, 4]), a("y", 200, 12, [2, 3, 4])], 4);
    expect(e?.articles.map((x) => x.articleId)).toEqual(["x", "y"]);
    expect(e?.articles[0]!.share).toBeCloseTo(0.6);
    expect(describeCannibal(e!)).toBe(
      "“cold brew ratio” is split between 2 articles over the last 4 weeks: “Article x” 300 times at position 9.0 (60 %); “Article y” 200 times at position 12.0 (40 %).",
    );
  });
  test("one article dominating, different weeks or a tiny second are not", () => {
    expect(cannibalFinding("q", [a("x", 900, 3, [1, 2, 3, 4]), a("y", 100, 30, [1, 2, 3, 4])], 4)).toBeNull();
    expect(cannibalFinding("q", [a("x", 300, 9, [1, 2]), a("y", 200, 12, [3, 4])], 4)).toBeNull();
    expect(cannibalFinding("q", [a("x", 30, 9, [1, 2]), a("y", 10, 12, [1, 2])], 4)).toBeNull();
  });
});

describe("gaps", () => {
  test("a query with impressions nobody targets", () => {
    const targeted = (q: string) => q === "cold brew ratio";
    const e = gapFinding({ query: "nitro cold brew", ...f(3, 340, 14.2) }, 4, targeted);
    expect(describeGap(e!)).toBe("Seen 340 times in Google in the last 4 weeks at position 14; no article answers it.");
    expect(gapFinding({ query: "cold brew ratio", ...f(3, 340, 14) }, 4, targeted)).toBeNull();
    expect(gapFinding({ query: "rare", ...f(0, 40, 14) }, 4, targeted)).toBeNull();
  });
  test("queryKey folds case, spaces and end punctuation", () => {
    expect(queryKey("  Cold   Brew Ratio? ")).toBe("cold brew ratio");
  });
});
