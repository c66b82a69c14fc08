import { describe, expect, it } from "vitest";
import { blogAddress } from "#app/modules/hosted-blog/urls";
import { backoffMs, batchesOf, keyCovers, keyLocationOf, keyOfFileName, MAX_URLS_PER_POST, outcomeOf } from "./indexnow";

const KEY = "0f3a9c1e5b7d4f2a8c6e0b1d3f5a7c9e";
const LOCATION = keyLocationOf(blogAddress("https://app.inkpilot.io/", "northwind"), KEY);

describe("the key file", () => {
  it("lives in the blog's own folder, so the key vouches for that blog's posts only", () => {
    expect(LOCATION).toBe(`https://app.inkpilot.io/b/northwind/${KEY}.txt`);
    expect(keyCovers(LOCATION, "https://app.inkpilot.io/b/northwind/cold-brew")).toBe(true);
    expect(keyCovers(LOCATION, "https://app.inkpilot.io/b/northwind")).toBe(false);
    expect(keyCovers(LOCATION, "https://app.inkpilot.io/b/other-blog/cold-brew")).toBe(false);
    expect(keyCovers(LOCATION, "https://northwind.example/b/northwind/cold-brew")).toBe(false);
    expect(keyCovers(LOCATION, "not a url")).toBe(false);
  });

  it("sits at the root of a blog's own domain, vouching for every post there", () => {
    const location = keyLocationOf(blogAddress("https://app.inkpilot.io/", "northwind", "blog.northwind.example"), KEY);
    expect(location).toBe(`https://blog.northwind.example/${KEY}.txt`);
    expect(keyCovers(location, "https://blog.northwind.example/cold-brew")).toBe(true);
    expect(keyCovers(location, "https://app.inkpilot.io/b/northwind/cold-brew")).toBe(false);
  });

  it("is recognised by its name only when the name is a key of the protocol's form", () => {
    expect(keyOfFileName(`${KEY}.txt`)).toBe(KEY);
    expect(keyOfFileName("abc-1234.txt")).toBe("abc-1234");
    expect(keyOfFileName("short.txt")).toBeNull();
    expect(keyOfFileName(`${KEY}.html`)).toBeNull();
    expect(keyOfFileName("cold_brew_guide.txt")).toBeNull();
    expect(keyOfFileName(`${"a".repeat(129)}.txt`)).toBeNull();
  });
});

describe("batchesOf", () => {
  it("sends every URL once, at most 10,000 per POST, with the host, key and key location", () => {
    const urls = Array.from({ length: MAX_URLS_PER_POST + 5 }, (_, i) => `https://app.inkpilot.io/b/northwind/post-${i}`);
    const bodies = batchesOf(LOCATION, KEY, [...urls, urls[0]!, urls[1]!]);
    expect(bodies.map((b) => b.urlList.length)).toEqual([MAX_URLS_PER_POST, 5]);
    expect(bodies[0]).toMatchObject({ host: "app.inkpilot.io", key: KEY, keyLocation: LOCATION });
    expect(new Set(bodies.flatMap((b) => b.urlList)).size).toBe(urls.length);
    expect(batchesOf(LOCATION, KEY, [])).toEqual([]);
  });
});

describe("outcomeOf", () => {
  it("reads each documented answer", () => {
    expect(outcomeOf(200, null)).toEqual({ kind: "sent" });
    expect(outcomeOf(202, null)).toEqual({ kind: "sent" });
    expect(outcomeOf(400, null).kind).toBe("rejected");
    expect(outcomeOf(422, null).kind).toBe("rejected");
    expect(outcomeOf(403, null)).toMatchObject({ kind: "retry", afterMs: null });
    expect(outcomeOf(429, 60_000)).toMatchObject({ kind: "retry", afterMs: 60_000 });
    expect(outcomeOf(503, null).kind).toBe("retry");
  });

  it("backs off from five minutes, doubling, up to six hours", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([300_000, 600_000, 1_200_000]);
    expect(backoffMs(20)).toBe(6 * 3_600_000);
  });
});
