import { describe, expect, it } from "vitest";
import { matchProperty, propertyLabel, siteDomain } from "./property-match";

const owner = (siteUrl: string, permissionLevel = "siteOwner") => ({ siteUrl, permissionLevel });

describe("matchProperty", () => {
  it("prefers the domain property over a URL-prefix one", () => {
    expect(matchProperty("https://www.example.com/", [owner("https://www.example.com/"), owner("sc-domain:example.com")])).toEqual({
      kind: "one",
      property: "sc-domain:example.com",
    });
  });

  it("takes the closest domain property for a subdomain", () => {
    const properties = [owner("sc-domain:example.com"), owner("sc-domain:blog.example.com"), owner("sc-domain:other.com")];
    expect(matchProperty("https://blog.example.com/", properties)).toEqual({ kind: "one", property: "sc-domain:blog.example.com" });
    expect(matchProperty("https://shop.example.com/", properties)).toEqual({ kind: "one", property: "sc-domain:example.com" });
  });

  it("matches a URL prefix across https/http and www variants, and only when it covers the site's address", () => {
    expect(matchProperty("https://example.com", [owner("http://www.example.com/")])).toEqual({
      kind: "one",
      property: "http://www.example.com/",
    });
    expect(matchProperty("https://example.com/", [owner("https://example.com/blog/")])).toEqual({ kind: "none", domain: "example.com" });
    expect(matchProperty("https://example.com/blog", [owner("https://example.com/")])).toEqual({
      kind: "one",
      property: "https://example.com/",
    });
    // A prefix is not a domain match: example.com.evil.test is another site.
    expect(matchProperty("https://example.com.evil.test/", [owner("https://example.com/")]).kind).toBe("none");
    expect(matchProperty("https://notexample.com/", [owner("sc-domain:example.com")]).kind).toBe("none");
  });

  it("leaves several prefixes or none to the customer, and ignores unverified access", () => {
    expect(matchProperty("https://example.com/", [owner("https://example.com/"), owner("https://www.example.com/")])).toEqual({
      kind: "several",
      candidates: ["https://example.com/", "https://www.example.com/"],
    });
    expect(matchProperty("https://example.com/", [owner("sc-domain:example.com", "siteUnverifiedUser")])).toEqual({
      kind: "none",
      domain: "example.com",
    });
  });

  it("names domains and properties for people", () => {
    expect(siteDomain("https://WWW.Example.com/x")).toBe("example.com");
    expect(siteDomain("ftp://example.com")).toBeNull();
    expect(propertyLabel("sc-domain:example.com")).toBe("example.com (domain property)");
  });
});
