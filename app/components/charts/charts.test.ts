import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { clicksTrendWords, positionChangeWords } from "#app/modules/results/words";
import {
  COMPACT,
  dayTickIndexes,
  dayTickLabel,
  indexAt,
  labelAnchor,
  linearScale,
  linePath,
  niceTicks,
  positionTicks,
  shortNumber,
  WIDE,
} from "./scale";
import { countSummary, positionSummary, trendOf } from "./summary";
import { TrendChart, type ChartPoint } from "./trend-chart";

/** The charts' geometry, their ticks at a phone's width and the words a screen reader hears. */

const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10));

function points(n: number, clicks: (i: number) => number): ChartPoint[] {
  return days(n).map((day, i) => ({
    day,
    clicks: clicks(i),
    impressions: clicks(i) * 20,
    ctr: 0.05,
    position: i % 5 === 4 ? null : 12 - i / 10,
  }));
}

describe("scales", () => {
  it("maps a domain onto a range, either way round", () => {
    const y = linearScale([0, 100], [180, 20]);
    expect(y(0)).toBe(180);
    expect(y(100)).toBe(20);
    expect(y(50)).toBe(100);
  });

  it("chooses nice whole-number ticks that reach the maximum", () => {
    expect(niceTicks(87, 4)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(3, 3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 3)).toEqual([0, 1, 2, 3]);
    const big = niceTicks(12_345, 4);
    expect(big[big.length - 1]).toBeGreaterThanOrEqual(12_345);
    expect(big.length).toBeLessThanOrEqual(6);
  });

  it("puts position 1 first on the inverted axis", () => {
    expect(positionTicks(14.2, 3)[0]).toBe(1);
    expect(positionTicks(14.2, 3).at(-1)).toBeGreaterThanOrEqual(14.2);
    // 2 right under 1 would crowd it.
    expect(positionTicks(7.3, 4)).toEqual([1, 4, 6, 8]);
    expect(positionTicks(14.2, 3)).toEqual([1, 5, 10, 15]);
  });

  it("spreads day ticks with the first and last day, fewer at 390 px", () => {
    expect(dayTickIndexes(28, WIDE.xTicks)).toEqual([0, 5, 11, 16, 22, 27]);
    expect(dayTickIndexes(28, COMPACT.xTicks)).toEqual([0, 14, 27]);
    expect(dayTickIndexes(1, 3)).toEqual([0]);
    expect(dayTickLabel("2026-11-03", 28)).toBe("3 Nov");
    expect(dayTickLabel("2026-11-03", 486)).toBe("Nov 2026");
  });

  it("keeps labels inside the view box and numbers short", () => {
    expect(labelAnchor(2, "3 Nov", COMPACT)).toBe("start");
    expect(labelAnchor(COMPACT.width - 2, "3 Nov", COMPACT)).toBe("end");
    expect(labelAnchor(COMPACT.width / 2, "3 Nov", COMPACT)).toBe("middle");
    expect(shortNumber(1200)).toBe("1.2k");
    expect(shortNumber(25_000)).toBe("25k");
    expect(shortNumber(2_500_000)).toBe("2.5M");
  });

  it("breaks a line where a day has no value, and finds the nearest day to a pointer", () => {
    expect(
      linePath(
        [1, null, 3],
        (i) => i,
        (v) => v,
      ),
    ).toBe("M0.0,1.0M2.0,3.0");
    expect(indexAt(0.49, 3)).toBe(1);
    expect(indexAt(-1, 3)).toBe(0);
    expect(indexAt(2, 3)).toBe(2);
  });
});

describe("summaries in words", () => {
  it("names the total, the change, the trend and the best day", () => {
    const values = [1, 2, 3, 4, 5, 6, 10, 8];
    const text = countSummary({ metric: "Clicks", values, days: days(8), periodWords: "the last 28 days", change: 0.35 });
    expect(text).toBe(
      "Clicks over the last 28 days: 39 in all, up 35 % on the period before. The trend across the period is rising; the best day was 07 Oct 2026 with 10 clicks.",
    );
    expect(countSummary({ metric: "Clicks", values: [0, 0], days: days(2), periodWords: "the last 28 days", change: null })).toBe(
      "Clicks over the last 28 days: none yet.",
    );
    expect(trendOf([10, 10, 2, 2])).toBe("falling");
    expect(trendOf([5, 5, 5, 5])).toBe("steady");
  });

  it("reads a falling position number as an improvement", () => {
    const text = positionSummary({ values: [12, 11, 9, 8], days: days(4), periodWords: "the last 28 days", average: 9.6, delta: -2.1 });
    expect(text).toContain("Average position in Google over the last 28 days: 9.6, up 2.1 places on the period before");
    expect(text).toContain("It is improving");
    expect(positionChangeWords(1.0)).toBe("down 1.0 place");
    expect(clicksTrendWords(120, 0.35)).toBe("120 clicks, up 35 %");
    expect(clicksTrendWords(1, null)).toBe("1 click");
  });
});

describe("the chart as rendered on the server", () => {
  const html = renderToStaticMarkup(
    createElement(TrendChart, {
      metric: "clicks",
      points: points(28, (i) => i * 3),
      summary: "Clicks over the last 28 days: rising.",
      annotations: [{ day: "2026-10-05", label: "Published" }],
    }),
  );
  const svgs = [...html.matchAll(/<svg[^>]*data-layout="(\w+)"[^>]*>([\s\S]*?)<\/svg>/g)];

  it("draws a wide and a compact picture, each an image with a title and the summary", () => {
    expect(svgs.map((m) => m[1])).toEqual(["wide", "compact"]);
    for (const [svg] of svgs) {
      expect(svg).toMatch(/role="img"/);
      expect(svg).toContain("<title");
      expect(svg).toContain("Clicks over the last 28 days: rising.");
    }
  });

  it("gives the phone three day labels, all inside its view box", () => {
    const compact = svgs[1]![2]!;
    const dayLabels = [...compact.matchAll(/<text x="([\d.]+)" y="172" text-anchor="(\w+)"[^>]*>([^<]+)</g)];
    expect(dayLabels.map((m) => m[3])).toEqual(["1 Oct", "15 Oct", "28 Oct"]);
    for (const [, x, anchor, label] of dayLabels) {
      const width = label!.length * COMPACT.charWidth;
      const left = anchor === "start" ? Number(x) : anchor === "end" ? Number(x) - width : Number(x) - width / 2;
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + width).toBeLessThanOrEqual(COMPACT.width);
    }
  });

  it("marks the publication and puts every figure in a table behind a details", () => {
    expect(html).toContain("Published");
    expect(html).toContain("Show the figures as a table");
    expect([...html.matchAll(/<tr class="border-t/g)]).toHaveLength(28);
  });
});
