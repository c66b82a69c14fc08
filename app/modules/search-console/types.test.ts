import { describe, expect, test } from "vitest";
import { dayDate, dayNumber, weekOf } from "./types";

describe("stored days", () => {
  test("a date and its day number round-trip", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayDate(dayNumber("2026-11-27"))).toBe("2026-11-27");
    expect(dayNumber("2026-11-27T23:59:59Z")).toBe(dayNumber("2026-11-27"));
  });
  test("a week is keyed by its Monday", () => {
    expect(dayDate(weekOf(dayNumber("2026-11-27")))).toBe("2026-11-23");
    expect(dayDate(weekOf(dayNumber("2026-11-23")))).toBe("2026-11-23");
    expect(dayDate(weekOf(dayNumber("2026-11-29")))).toBe("2026-11-23");
  });
});
