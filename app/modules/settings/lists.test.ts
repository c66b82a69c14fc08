import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, isLanguageTag, LANGUAGES, languageName } from "./languages";
import { isHttpUrl, parseLinks, parseTags } from "./lists";

describe("parseTags", () => {
  it("splits by commas, trims, drops empties and repeats", () => {
    expect(parseTags(" hiking, camping ,, trail running ,hiking, ")).toEqual(["hiking", "camping", "trail running"]);
    expect(parseTags("")).toEqual([]);
    expect(parseTags(" , ,")).toEqual([]);
  });

  it("keeps line breaks inside a tag as part of it, trimmed", () => {
    expect(parseTags("a\n, b")).toEqual(["a", "b"]);
  });
});

describe("parseLinks", () => {
  it("splits by commas and lines (any line ending)", () => {
    expect(parseLinks("https://a.example/x, https://b.example\r\n\nhttps://c.example/y\n,")).toEqual([
      "https://a.example/x",
      "https://b.example",
      "https://c.example/y",
    ]);
    expect(parseLinks("\n\n")).toEqual([]);
  });
});

describe("isHttpUrl", () => {
  it("accepts only absolute http(s) URLs", () => {
    expect(isHttpUrl("https://example.com/page")).toBe(true);
    expect(isHttpUrl("http://example.com")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("ftp://example.com")).toBe(false);
    expect(isHttpUrl("example.com/page")).toBe(false);
    expect(isHttpUrl("/relative")).toBe(false);
  });
});

describe("LANGUAGES", () => {
  it("offers 150+ distinct, canonical BCP 47 tags with names, sorted by name", () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(150);
    const tags = LANGUAGES.map((l) => l.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const { tag, name } of LANGUAGES) {
      expect(Intl.getCanonicalLocales(tag)[0]).toBe(tag);
      expect(name.length).toBeGreaterThan(1);
      expect(name).not.toBe(tag);
    }
    const names = LANGUAGES.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("includes the spec's four and common regional variants", () => {
    for (const tag of [
      "en-US",
      "en-GB",
      "es-ES",
      "fr-FR",
      "es-MX",
      "fr-CA",
      "pt-BR",
      "pt-PT",
      "zh-CN",
      "zh-TW",
      "de",
      "ja",
      "ar",
      "hi",
      "sw",
    ]) {
      expect(isLanguageTag(tag), tag).toBe(true);
    }
    expect(isLanguageTag(DEFAULT_LANGUAGE)).toBe(true);
    expect(isLanguageTag("xx-YY")).toBe(false);
    expect(languageName("en-GB")).toBe("English (United Kingdom)");
  });
});
