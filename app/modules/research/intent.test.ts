import { describe, expect, it } from "vitest";
import { classifyIntent } from "#app/modules/research/intent";

describe("a search for the brand itself is navigational", () => {
  const brandNames = ["Clay & Kiln Studio", "clayandkiln"];

  it("whatever the spelling of '&', and with up to two more words", () => {
    expect(classifyIntent("clay and kiln studio", { brandNames })).toBe("navigational");
    expect(classifyIntent("Clay & Kiln Studio opening hours", { brandNames })).toBe("navigational");
    expect(classifyIntent("clay and kiln", { brandNames })).toBe("navigational");
  });

  it("as its domain, run together", () => {
    expect(classifyIntent("clayandkiln", { brandNames })).toBe("navigational");
    expect(classifyIntent("clayandkiln classes", { brandNames })).toBe("navigational");
  });

  it("but a topic that shares a word with the brand is not", () => {
    expect(classifyIntent("clay kiln firing temperature", { brandNames })).toBe("informational");
    expect(classifyIntent("kiln wash recipe", { brandNames })).toBe("informational");
    expect(classifyIntent("how to glaze pottery", { brandNames })).toBe("informational");
  });
});
