import { describe, expect, it } from "vitest";
import { addDays } from "#app/utils/time";
import { isInWindow, schedulerDays } from "./scheduler.server";

/** The 90-day list is computed from a 'now' passed in, in the site's time zone. */

// 12:00 UTC on 24 Nov 2026 is already 25 Nov (01:00, NZDT) in Auckland and still 24 Nov (04:00, PST) in Los Angeles.
const NOW = new Date("2026-11-24T12:00:00Z");

describe("schedulerDays", () => {
  it("starts today in the site's time zone, not UTC's", () => {
    const auckland = schedulerDays(NOW, "Pacific/Auckland");
    const losAngeles = schedulerDays(NOW, "America/Los_Angeles");
    expect(auckland[0]).toEqual({ date: "2026-11-25", label: "Today", dateText: "25 Nov 2026" });
    expect(losAngeles[0]).toEqual({ date: "2026-11-24", label: "Today", dateText: "24 Nov 2026" });
    expect(auckland[1]).toEqual({ date: "2026-11-26", label: "Tomorrow", dateText: "26 Nov 2026" });
    expect(losAngeles[1]!.label).toBe("Tomorrow");
  });

  it("lists 90 consecutive days labelled by date after tomorrow, across month, year and DST changes", () => {
    const days = schedulerDays(NOW, "America/Los_Angeles");
    expect(days).toHaveLength(90);
    expect(days[2]).toEqual({ date: "2026-11-26", label: "26 Nov 2026", dateText: "26 Nov 2026" });
    expect(days[89]!.date).toBe("2027-02-21");
    expect(new Set(days.map((d) => d.date)).size).toBe(90);
    for (let i = 1; i < days.length; i++) expect(days[i]!.date).toBe(addDays(days[i - 1]!.date, 1));
    // A window over the spring DST change still has one entry per calendar day.
    const spring = schedulerDays(new Date("2027-03-01T20:00:00Z"), "America/Los_Angeles");
    expect(spring.map((d) => d.date)).toContain("2027-03-14");
    expect(spring[13]!.date).toBe("2027-03-14");
  });

  it("falls back to UTC for an unknown zone", () => {
    expect(schedulerDays(NOW, "Mars/Olympus")[0]!.date).toBe("2026-11-24");
  });
});

describe("isInWindow", () => {
  it("accepts today through day 90 in the zone and nothing else", () => {
    expect(isInWindow("2026-11-25", NOW, "Pacific/Auckland")).toBe(true);
    expect(isInWindow("2026-11-24", NOW, "Pacific/Auckland")).toBe(false);
    expect(isInWindow("2026-11-24", NOW, "America/Los_Angeles")).toBe(true);
    expect(isInWindow("2027-02-21", NOW, "America/Los_Angeles")).toBe(true);
    expect(isInWindow("2027-02-22", NOW, "America/Los_Angeles")).toBe(false);
    expect(isInWindow("2026-02-30", NOW, "UTC")).toBe(false);
    expect(isInWindow("tomorrow", NOW, "UTC")).toBe(false);
  });
});
