import { describe, expect, it } from "vitest";
import {
  addDays,
  dayLabel,
  formatDate,
  zonedToUtc,
  formatDateTime,
  formatDayDate,
  formatLongDate,
  formatTime12,
  safeTimeZone,
  zonedDate,
  zonedParts,
} from "./time";

// 12:00 UTC on 24 Nov 2026 is already 25 Nov (01:00, NZDT) in Auckland and still 24 Nov (04:00, PST) in Los Angeles.
const NOW = new Date("2026-11-24T12:00:00Z");

describe("the site's calendar date", () => {
  it("is the date in the zone, either side of midnight", () => {
    expect(zonedDate(NOW, "Pacific/Auckland")).toBe("2026-11-25");
    expect(zonedDate(NOW, "America/Los_Angeles")).toBe("2026-11-24");
    expect(zonedDate(new Date("2026-12-31T23:30:00Z"), "UTC")).toBe("2026-12-31");
    expect(zonedDate(new Date("2026-12-31T23:30:00Z"), "Europe/Berlin")).toBe("2027-01-01");
    expect(zonedParts(new Date("2026-11-24T23:59:00Z"), "UTC")).toEqual({ date: "2026-11-24", time: "23:59" });
    expect(zonedParts(new Date("2026-11-25T00:00:00Z"), "UTC")).toEqual({ date: "2026-11-25", time: "00:00" });
  });

  it("follows daylight saving time", () => {
    // Los Angeles: PST (UTC-8) until 14 Mar 2027 02:00, PDT (UTC-7) after.
    expect(zonedParts(new Date("2027-03-14T09:59:00Z"), "America/Los_Angeles")).toEqual({ date: "2027-03-14", time: "01:59" });
    expect(zonedParts(new Date("2027-03-14T10:00:00Z"), "America/Los_Angeles")).toEqual({ date: "2027-03-14", time: "03:00" });
    // Berlin falls back on 25 Oct 2026: 00:30 UTC is 02:30 CEST, 01:30 UTC is 02:30 CET.
    expect(formatDateTime("2026-10-25T00:30:00Z", "Europe/Berlin")).toBe("25 Oct 2026 02:30");
    expect(formatDateTime("2026-10-25T01:30:00Z", "Europe/Berlin")).toBe("25 Oct 2026 02:30");
    // 07:30 UTC is 23:30 the day before in winter Los Angeles and 00:30 on the day in summer.
    expect(formatDate("2027-01-10T07:30:00Z", "America/Los_Angeles")).toBe("09 Jan 2027");
    expect(formatDate("2027-07-10T07:30:00Z", "America/Los_Angeles")).toBe("10 Jul 2027");
  });

  it("falls back to UTC for an unknown or missing zone", () => {
    expect(safeTimeZone("Mars/Olympus")).toBe("UTC");
    expect(safeTimeZone(null)).toBe("UTC");
    expect(safeTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(formatDate("2026-11-24T23:30:00Z", "Mars/Olympus")).toBe("24 Nov 2026");
    expect(formatDateTime("2026-11-24T23:30:00Z", undefined)).toBe("24 Nov 2026 23:30");
  });
});

describe("formatting", () => {
  it("formats dates as dd MMM yyyy and times in 12-hour clock", () => {
    expect(formatDayDate("2026-03-05")).toBe("05 Mar 2026");
    expect(formatDayDate("2026-09-30")).toBe("30 Sep 2026");
    expect(formatTime12("18:30", "18:30")).toBe("6:30 PM");
    expect(formatTime12("00:05", "18:30")).toBe("12:05 AM");
    expect(formatTime12("12:00", "18:30")).toBe("12:00 PM");
    expect(formatTime12("09:15", "18:30")).toBe("9:15 AM");
    expect(formatTime12("nonsense", "18:30")).toBe("6:30 PM");
  });

  it("formats instants in the site's zone, dates with the time in 24-hour clock", () => {
    expect(formatDate("2026-11-24T12:00:00Z", "Pacific/Auckland")).toBe("25 Nov 2026");
    expect(formatDateTime("2026-11-24T12:00:00Z", "Pacific/Auckland")).toBe("25 Nov 2026 01:00");
    expect(formatDateTime("2026-11-24T12:05:00Z", "America/Los_Angeles")).toBe("24 Nov 2026 04:05");
  });

  it("labels today and tomorrow, and other days by their date", () => {
    expect(dayLabel("2026-11-24", "2026-11-24")).toBe("Today");
    expect(dayLabel("2026-11-25", "2026-11-24")).toBe("Tomorrow");
    expect(dayLabel("2027-01-01", "2026-12-31")).toBe("Tomorrow");
    expect(dayLabel("2026-11-26", "2026-11-24")).toBe("26 Nov 2026");
    expect(dayLabel("2026-11-23", "2026-11-24")).toBe("23 Nov 2026");
  });

  it("moves calendar dates by whole days across months, years and DST", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-13", 1)).toBe("2027-03-14");
    expect(addDays("2027-03-14", 1)).toBe("2027-03-15");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("writes a blog post's date in words", () => {
    expect(formatLongDate("2026-11-05")).toBe("November 5, 2026");
    expect(formatLongDate("2026-11-05", "de")).toBe("5. November 2026");
    expect(formatLongDate("2026-03-03", "es")).toBe("3 de marzo de 2026");
  });
});

describe("a wall-clock time in a zone as an instant", () => {
  it("reads the time in the site's zone, across DST", () => {
    expect(zonedToUtc("2026-11-24", "18:30", "Europe/Paris").toISOString()).toBe("2026-11-24T17:30:00.000Z");
    expect(zonedToUtc("2026-07-01", "18:30", "Europe/Paris").toISOString()).toBe("2026-07-01T16:30:00.000Z");
    expect(zonedToUtc("2026-11-24", "09:00", "America/New_York").toISOString()).toBe("2026-11-24T14:00:00.000Z");
    expect(zonedToUtc("2026-11-24", "09:00", "UTC").toISOString()).toBe("2026-11-24T09:00:00.000Z");
    expect(zonedToUtc("2026-11-24", "09:00", "Asia/Kolkata").toISOString()).toBe("2026-11-24T03:30:00.000Z");
  });
  it("lands just after a skipped spring-forward hour", () => {
    // 02:30 does not exist in New York on 8 Mar 2026.
    expect(zonedToUtc("2026-03-08", "02:30", "America/New_York").getTime()).toBeGreaterThanOrEqual(Date.parse("2026-03-08T07:00:00Z"));
  });
});
