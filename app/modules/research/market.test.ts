import { describe, expect, it } from "vitest";
import { FIXTURE_LOCATIONS } from "#tests/fixtures/research/locations";
import { candidateCountries, chooseMarket, DEFAULT_MARKET } from "./market";

const market = (language: string, zone: string) => {
  const m = chooseMarket(FIXTURE_LOCATIONS, language, zone);
  return `${m.locationCode} ${m.languageCode} ${m.label}`;
};

describe("the research market follows the site", () => {
  it("takes the content language's region first", () => {
    expect(market("de-AT", "Europe/Berlin")).toBe("2040 de Austria (German)");
    expect(market("en-US", "Europe/Berlin")).toBe("2840 en United States (English)");
    expect(market("pt-BR", "UTC")).toBe("2076 pt Brazil (Portuguese)");
  });

  it("then the country of the site's time zone, when the service covers the language there", () => {
    expect(market("en", "Europe/London")).toBe("2826 en United Kingdom (English)");
    expect(market("fr", "America/Toronto")).toBe("2124 fr Canada (French)");
    expect(market("de", "Europe/Zurich")).toBe("2756 de Switzerland (German)");
  });

  it("then where the language is mostly spoken, never a country that has no searches in it", () => {
    expect(market("de", "America/New_York")).toBe("2276 de Germany (German)");
    expect(market("ja", "UTC")).toBe("2392 ja Japan (Japanese)");
    // Swiss Italian from a German zone: Switzerland has Italian, Germany does not.
    expect(market("it-CH", "Europe/Berlin")).toBe("2756 it Switzerland (Italian)");
  });

  it("asks for a regional language code the way the service writes it", () => {
    expect(market("zh-TW", "Asia/Taipei")).toBe("2158 zh-TW Taiwan (Chinese (Traditional))");
  });

  it("falls back to the United States in English for a language the service does not cover, or a broken tag", () => {
    expect(chooseMarket(FIXTURE_LOCATIONS, "sw", "Africa/Nairobi")).toEqual(DEFAULT_MARKET);
    expect(chooseMarket(FIXTURE_LOCATIONS, "not a tag!", "Nowhere/Else")).toEqual(DEFAULT_MARKET);
    expect(chooseMarket([], "de-DE", "Europe/Berlin")).toEqual(DEFAULT_MARKET);
  });

  it("lists candidate countries without duplicates and ignores zones without a country", () => {
    expect(candidateCountries("de-DE", "Europe/Berlin")).toEqual(["DE"]);
    expect(candidateCountries("en", "UTC")).toEqual(["US"]);
    expect(candidateCountries("es-MX", "Europe/Madrid")).toEqual(["MX", "ES"]);
  });
});
