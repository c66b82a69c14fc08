import { describe, expect, it } from "vitest";
import { freeSlots } from "#app/modules/publishing/slots.server";

// 12:00 UTC on 24 Nov 2026 is already 25 Nov (01:00, NZDT) in Auckland.
const NOW = new Date("2026-11-24T12:00:00Z");
const schedule = (over: Partial<Parameters<typeof freeSlots>[0]> = {}) => ({
  scheduledDate: null,
  scheduledTime: "18:30",
  extraTimes: [],
  timeZone: "UTC",
  ...over,
});
const iso = (slots: Date[]) => slots.map((d) => d.toISOString());

describe("freeSlots", () => {
  it("is today at the publishing time while that is still ahead, in the site's zone", () => {
    // 12:00 UTC = 13:00 in Berlin: 18:30 today is ahead.
    expect(iso(freeSlots(schedule({ timeZone: "Europe/Berlin" }), { now: NOW, taken: new Set(), count: 1 }))).toEqual([
      "2026-11-24T17:30:00.000Z",
    ]);
  });

  it("is never a time already past: tomorrow once today's time has gone", () => {
    // 01:00 on the 25th in Auckland; 00:30 there has passed, so the 26th.
    const [slot] = freeSlots(schedule({ timeZone: "Pacific/Auckland", scheduledTime: "00:30" }), { now: NOW, taken: new Set(), count: 1 });
    expect(slot!.toISOString()).toBe("2026-11-25T11:30:00.000Z");
  });

  it("skips slots a scheduled article holds, and fills the extra times of a day in order", () => {
    const taken = new Set(["2026-11-24T18:30:00.000Z"]);
    const slots = freeSlots(schedule({ scheduledTime: "09:00", extraTimes: ["18:30", "14:00"] }), { now: NOW, taken, count: 4 });
    expect(iso(slots)).toEqual([
      "2026-11-24T14:00:00.000Z",
      "2026-11-25T09:00:00.000Z",
      "2026-11-25T14:00:00.000Z",
      "2026-11-25T18:30:00.000Z",
    ]);
  });

  it("starts at the schedule's first day when that is ahead", () => {
    const [slot] = freeSlots(schedule({ scheduledDate: "2026-12-01" }), { now: NOW, taken: new Set(), count: 1 });
    expect(slot!.toISOString()).toBe("2026-12-01T18:30:00.000Z");
  });
});
