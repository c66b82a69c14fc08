import crypto from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { PublishError } from "../../types";
import { parseAdminKey, publicationMarker, withoutLeadingImage } from "./adapter.server";
import { ghostError, normalizeAdminUrl } from "./client.server";

afterEach(() => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});

function thrown(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PublishError);
    return error as PublishError;
  }
  throw new Error("expected a PublishError");
}

describe("normalizeAdminUrl", () => {
  test.each([
    ["myblog.ghost.io", "https://myblog.ghost.io"],
    ["https://MyBlog.ghost.io/", "https://myblog.ghost.io"],
    ["http://admin.example.com/", "https://admin.example.com"],
    ["https://example.com/blog/", "https://example.com/blog"],
    ["https://example.com/blog/ghost/#/settings/integrations", "https://example.com/blog"],
    ["https://example.com/ghost/api/admin/", "https://example.com"],
    ["https://example.com/ghost-tips?x=1#y", "https://example.com/ghost-tips"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeAdminUrl(input)).toBe(expected);
  });

  test("keeps http only for a test host the guard allows", () => {
    process.env.TEST_ALLOW_PRIVATE_HOSTS = "127.0.0.1:4123";
    resetEnvForTests();
    expect(normalizeAdminUrl("http://127.0.0.1:4123/")).toBe("http://127.0.0.1:4123");
    expect(normalizeAdminUrl("http://127.0.0.1:4999/")).toBe("https://127.0.0.1:4999");
  });

  test("refuses what is not a web address", () => {
    expect(thrown(() => normalizeAdminUrl("")).kind).toBe("config");
    expect(thrown(() => normalizeAdminUrl("ftp://example.com")).message).toContain("https://");
    expect(thrown(() => normalizeAdminUrl("https://user:pw@example.com")).message).toContain("user name");
  });
});

describe("parseAdminKey", () => {
  const id = crypto.randomBytes(12).toString("hex");
  const secret = crypto.randomBytes(32).toString("hex");

  test("accepts {id}:{secret}, trimmed", () => {
    expect(parseAdminKey(`  ${id}:${secret}\n`)).toBe(`${id}:${secret}`);
  });

  test("a Content API key is named as such", () => {
    expect(thrown(() => parseAdminKey(crypto.randomBytes(13).toString("hex"))).message).toContain("Content API key");
  });

  test("anything else says where to find the key", () => {
    for (const bad of [secret, `${id}:${secret.slice(2)}`, `${id}-${secret}`, "hello"]) {
      expect(thrown(() => parseAdminKey(bad)).message).toContain("Settings → Integrations → Add custom integration");
    }
  });
});

describe("withoutLeadingImage", () => {
  const url = "https://blog.example.com/content/images/2026/11/cover.png";

  test("drops the featured image when the body starts with it", () => {
    expect(withoutLeadingImage(`<figure><img src="${url}" alt="x"><figcaption>c</figcaption></figure><p>Hi</p>`, url)).toBe("<p>Hi</p>");
    expect(withoutLeadingImage(`<p><img src="${url}"></p><p>Hi</p>`, url)).toBe("<p>Hi</p>");
    expect(withoutLeadingImage(` <img alt="x" src="${url}"><p>Hi</p>`, url)).toBe("<p>Hi</p>");
  });

  test("leaves the body alone otherwise", () => {
    const later = `<p>Hi</p><figure><img src="${url}"></figure>`;
    expect(withoutLeadingImage(later, url)).toBe(later);
    const other = `<figure><img src="${url}?v=2"></figure><p>Hi</p>`;
    expect(withoutLeadingImage(other, url)).toBe(other);
    expect(withoutLeadingImage(later, null)).toBe(later);
  });
});

test("the publication marker is an HTML comment, invisible on the page", () => {
  expect(publicationMarker("pub-1")).toBe("<!-- inkpilot:pub-1 -->");
});

describe("ghostError", () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    url: "https://blog.example.com/ghost/api/admin/posts/",
    headers,
    text: typeof body === "string" ? body : JSON.stringify(body),
    json: <T>() => body as T,
  });
  const ghost = (type: string, code: string | null, message = "m") => ({ errors: [{ type, code, message, context: null }] });

  test.each([
    [401, ghost("UnauthorizedError", "INVALID_JWT"), "auth"],
    [401, ghost("UnauthorizedError", "UNKNOWN_ADMIN_API_KEY"), "auth"],
    [401, ghost("UnauthorizedError", "INVALID_API_KEY_TYPE"), "auth"],
    [401, ghost("UnauthorizedError", "INVALID_AUTH_HEADER"), "config"],
    [403, ghost("NoPermissionError", null), "config"],
    [403, "<html>blocked</html>", "config"],
    [404, ghost("NotFoundError", null), "not_found"],
    [404, "<html>nope</html>", "config"],
    [409, ghost("UpdateCollisionError", null), "conflict"],
    [422, ghost("ValidationError", null), "invalid"],
    [429, "slow down", "rate_limit"],
    [502, "<html>bad gateway</html>", "transient"],
  ] as const)("HTTP %i %j → %s", (status, body, kind) => {
    expect(ghostError(answer(status, body)).kind).toBe(kind);
  });

  test("INVALID_JWT with Ghost's clock far off explains the clock", () => {
    const error = ghostError(answer(401, ghost("UnauthorizedError", "INVALID_JWT")), { skewMs: -7 * 60_000 });
    expect(error.message).toContain("7 minutes behind");
  });
});
