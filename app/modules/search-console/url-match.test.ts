import { describe, expect, test } from "vitest";
import { createUrlMatcher, urlKey } from "./url-match";

describe("urlKey", () => {
  test("ignores scheme, www., trailing slashes, query strings, fragments, case and percent-encoding", () => {
    const key = urlKey("https://roaster.test/blog/cold-brew");
    for (const variant of [
      "http://roaster.test/blog/cold-brew",
      "https://www.roaster.test/blog/cold-brew/",
      "https://WWW.Roaster.Test/blog/cold-brew//",
      "https://roaster.test/blog/cold-brew?utm_source=x&amp=1",
      "https://roaster.test/blog/cold-brew#faq",
      "https://roaster.test:443/blog/cold-brew",
      "https://roaster.test/blog/Cold-Brew",
    ]) {
      expect(urlKey(variant), variant).toBe(key);
    }
    expect(urlKey("https://roaster.test/blog/caf%C3%A9")).toBe(urlKey("https://roaster.test/blog/café"));
  });

  test("keeps what makes pages different", () => {
    expect(urlKey("https://roaster.test/blog/cold-brew")).not.toBe(urlKey("https://roaster.test/blog/cold-brew-2"));
    expect(urlKey("https://roaster.test/blog/cold-brew")).not.toBe(urlKey("https://shop.roaster.test/blog/cold-brew"));
    expect(urlKey("https://roaster.test:8443/a")).not.toBe(urlKey("https://roaster.test/a"));
  });

  test("is null for what is not a web address", () => {
    expect(urlKey("not a url")).toBeNull();
    expect(urlKey("mailto:ada@roaster.test")).toBeNull();
    expect(urlKey("https://roaster.test/bad%E0%A4%A")).toBe("roaster.test/bad%e0%a4%a");
  });
});

describe("createUrlMatcher", () => {
  const matcher = createUrlMatcher([
    { articleId: "a1", url: "https://roaster.test/blog/cold-brew/" },
    // The end of a redirect recorded by the live check.
    { articleId: "a1", url: "https://www.roaster.test/journal/cold-brew" },
    { articleId: "a2", url: "https://app.inkpilot.test/b/roaster/espresso" },
    // A stale claim on a1's address loses: the first given wins.
    { articleId: "a3", url: "http://roaster.test/blog/cold-brew" },
    { articleId: "a4", url: "::bad::" },
  ]);

  test("maps each variant of an article's URLs to it, and anything else to null", () => {
    expect(matcher.match("https://roaster.test/blog/cold-brew")).toBe("a1");
    expect(matcher.match("https://roaster.test/journal/cold-brew/?ref=feed")).toBe("a1");
    expect(matcher.match("https://app.inkpilot.test/b/roaster/espresso#top")).toBe("a2");
    expect(matcher.match("https://roaster.test/about")).toBeNull();
    expect(matcher.match("garbage")).toBeNull();
    expect(matcher.size).toBe(3);
  });
});
