import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./guards.server";

/** Redirect targets from forms and query strings (redirectTo, returnTo) must stay on our origin. */
describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query and hash, normalised", () => {
    expect(safeRedirectPath("/dashboard/topics")).toBe("/dashboard/topics");
    expect(safeRedirectPath("/dashboard/write?keyword=cold%20brew#top")).toBe("/dashboard/write?keyword=cold%20brew#top");
    expect(safeRedirectPath("/dashboard/./articles/../topics")).toBe("/dashboard/topics");
    // Encoded slashes stay encoded, so the browser reads them as one path segment on our origin.
    expect(safeRedirectPath("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
  });

  it.each([
    ["tab after the slash", "/\t/evil.com"],
    ["newline after the slash", "/\n/evil.com"],
    ["carriage return", "/\r/evil.com"],
    ["space after the slash", "/ /evil.com"],
    ["no-break space", "/\u00a0/evil.com"],
    ["zero-width space", "/\u200b/evil.com"],
    ["NUL", "/\u0000/evil.com"],
    ["DEL", "/\u007f/evil.com"],
    ["C1 control", "/\u0085/evil.com"],
    ["protocol-relative", "//evil.com"],
    ["triple slash", "///evil.com"],
    ["slash backslash", "/\\evil.com"],
    ["backslash slash", "\\/evil.com"],
    ["backslash inside", "/foo\\..\\\\evil.com"],
    ["dot segment to protocol-relative", "/.//evil.com"],
    ["dot-dot segment to protocol-relative", "/..//evil.com"],
    ["absolute URL", "https://evil.com/"],
    ["absolute URL on our host but another scheme", "https://localhost:3000/dashboard"],
    ["javascript URL", "javascript:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "dashboard"],
    ["empty", ""],
  ])("refuses %s", (_name, target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
    expect(safeRedirectPath(target, "/elsewhere")).toBe("/elsewhere");
  });

  it("refuses what is not a string and over-long targets", () => {
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath(undefined)).toBe("/dashboard");
    expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/dashboard");
    expect(safeRedirectPath(`/${"a".repeat(5000)}`)).toBe("/dashboard");
  });
});
