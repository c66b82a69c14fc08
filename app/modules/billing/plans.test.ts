import { describe, expect, it } from "vitest";
import { pricePerSiteCents, volumeTiers } from "./plans";

describe("Pro prices", () => {
  it("discounts every site by the band the site count reaches", () => {
    expect([1, 2, 5, 6, 10, 11, 30].map((n) => pricePerSiteCents("month", n))).toEqual([4900, 4410, 4410, 4165, 4165, 3920, 3920]);
    expect(pricePerSiteCents("year", 3)).toBe(44910);
  });

  it("gives Stripe volume tiers that match the pricing page", () => {
    expect(volumeTiers("month")).toEqual([
      { upTo: 1, unitAmountCents: 4900 },
      { upTo: 5, unitAmountCents: 4410 },
      { upTo: 10, unitAmountCents: 4165 },
      { upTo: "inf", unitAmountCents: 3920 },
    ]);
    expect(volumeTiers("year").map((t) => t.unitAmountCents)).toEqual([49900, 44910, 42415, 39920]);
  });
});
