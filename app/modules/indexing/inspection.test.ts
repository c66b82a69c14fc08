import { describe, expect, it } from "vitest";
import { propertyCovers } from "#app/modules/search-console/property-match";
import { indexStatusOf, INSPECTION_SCHEDULE_MS, nextInspectionAt } from "./inspection.server";
import { nextQuotaDay } from "./inspection-quota.server";

const PUBLISHED = "2026-11-20T09:00:00.000Z";
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(PUBLISHED) + ms);

describe("nextInspectionAt", () => {
  it("looks soon after publishing, then 1, 3, 7, 14 and 28 days after, then stops", () => {
    const plan = INSPECTION_SCHEDULE_MS.map((_, i) => nextInspectionAt(PUBLISHED, i, at(0))!.getTime() - Date.parse(PUBLISHED));
    expect(plan).toEqual([600_000, DAY, 3 * DAY, 7 * DAY, 14 * DAY, 28 * DAY]);
    expect(nextInspectionAt(PUBLISHED, INSPECTION_SCHEDULE_MS.length, at(0))).toBeNull();
  });

  it("skips the steps a late look overran (one that waited for the quota), and never plans one in the past", () => {
    expect(nextInspectionAt(PUBLISHED, 1, at(5 * DAY))!.getTime()).toBe(Date.parse(PUBLISHED) + 7 * DAY);
    expect(nextInspectionAt(PUBLISHED, 1, at(29 * DAY))).toBeNull();
  });
});

describe("indexStatusOf", () => {
  const date = (iso: string) => iso.slice(0, 10);
  const base = { verdict: null, coverage_state: null, next_inspection_at: null, last_crawl_time: null };

  it("says in words what Google said", () => {
    expect(indexStatusOf(base, date).state).toBe("not_inspected");
    const indexed = indexStatusOf(
      { ...base, verdict: "PASS", coverage_state: "Submitted and indexed", last_crawl_time: "2026-11-21T03:00:00Z" },
      date,
    );
    expect(indexed).toMatchObject({ state: "indexed", label: "Indexed by Google", fix: null });
    expect(indexed.detail).toBe("Indexed (Google: “Submitted and indexed”). Last crawled 2026-11-21.");
    const waiting = indexStatusOf(
      { ...base, verdict: "NEUTRAL", coverage_state: "Discovered - currently not indexed", next_inspection_at: "2026-11-23T09:00:00Z" },
      date,
    );
    expect(waiting.state).toBe("waiting");
    expect(waiting.detail).toBe("Not yet. Not indexed (Google: “Discovered - currently not indexed”). Looked up again on 2026-11-23.");
    const given = indexStatusOf({ ...base, verdict: "NEUTRAL", coverage_state: "Crawled - currently not indexed" }, date);
    expect(given.state).toBe("not_indexed");
    expect(given.fix).toContain("Request indexing");
  });
});

describe("propertyCovers", () => {
  it("matches a domain property's hosts and a URL-prefix property's URLs", () => {
    expect(propertyCovers("sc-domain:northwind.example", "https://northwind.example/cold-brew")).toBe(true);
    expect(propertyCovers("sc-domain:northwind.example", "https://blog.northwind.example/cold-brew")).toBe(true);
    expect(propertyCovers("sc-domain:northwind.example", "https://evilnorthwind.example/cold-brew")).toBe(false);
    expect(propertyCovers("https://northwind.example/blog/", "https://northwind.example/blog/cold-brew")).toBe(true);
    expect(propertyCovers("https://northwind.example/blog/", "https://northwind.example/shop/beans")).toBe(false);
    expect(propertyCovers("https://northwind.example/", "http://northwind.example/cold-brew")).toBe(false);
  });
});

describe("nextQuotaDay", () => {
  it("is Pacific midnight", () => {
    expect(nextQuotaDay(new Date("2026-11-27T10:00:00Z")).toISOString()).toBe("2026-11-28T08:00:00.000Z");
    expect(nextQuotaDay(new Date("2026-07-01T06:59:00Z")).toISOString()).toBe("2026-07-01T07:00:00.000Z");
  });
});
