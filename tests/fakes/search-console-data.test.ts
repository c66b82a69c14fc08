import { describe, expect, test } from "vitest";
import { dayOf, type Figures, pageDay, preparePage } from "./search-console-data";

// The fake Search Console's figures must look like Google's for the import, the rules and the bench to mean anything.
const page = preparePage(
  {
    url: "https://roaster.test/blog/cold-brew",
    published: "2026-01-05",
    base: 300,
    trend: "flat",
    queries: [
      { query: "cold brew ratio", position: 2 },
      { query: "cold brew at home", position: 15 },
    ],
  },
  0,
);

function over(from: string, days: number, filter: (day: number) => boolean = () => true) {
  const byQuery = new Map<string | null, Figures>();
  for (let day = dayOf(from); day < dayOf(from) + days; day++) {
    if (!filter(day)) continue;
    pageDay(page, day, (q, f) => {
      const sum = byQuery.get(q) ?? { clicks: 0, impressions: 0, positionSum: 0 };
      byQuery.set(q, {
        clicks: sum.clicks + f.clicks,
        impressions: sum.impressions + f.impressions,
        positionSum: sum.positionSum + f.positionSum,
      });
    });
  }
  return byQuery;
}

describe("fake Search Console figures", () => {
  test("nothing before the published day; clicks below impressions; the same figures every time", () => {
    expect(over("2025-12-01", 30).size).toBe(0);
    const a = over("2026-03-01", 60);
    for (const f of a.values()) expect(f.clicks).toBeLessThan(f.impressions);
    expect(over("2026-03-01", 60)).toEqual(a);
  });

  test("the click-through rate falls with the position, and a tenth of impressions are anonymised queries", () => {
    const f = over("2026-03-01", 90);
    const top = f.get("cold brew ratio")!;
    const low = f.get("cold brew at home")!;
    expect(top.clicks / top.impressions).toBeGreaterThan(3 * (low.clicks / low.impressions));
    const total = [...f.values()].reduce((sum, x) => sum + x.impressions, 0);
    expect(f.get(null)!.impressions / total).toBeGreaterThan(0.07);
    expect(f.get(null)!.impressions / total).toBeLessThan(0.13);
  });

  test("weekends are quieter", () => {
    const weekday = (day: number) => (day + 4) % 7;
    const sum = (m: Map<string | null, Figures>) => [...m.values()].reduce((s, x) => s + x.impressions, 0);
    const weekends = sum(over("2026-03-02", 84, (d) => weekday(d) === 0 || weekday(d) === 6)) / 24;
    const weekdays = sum(over("2026-03-02", 84, (d) => weekday(d) > 0 && weekday(d) < 6)) / 60;
    expect(weekends).toBeLessThan(weekdays * 0.75);
  });
});
