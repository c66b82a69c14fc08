import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { resolveEnv } from "#app/env.server";
import {
  credentialsFromTokenAnswer,
  missingShopifyScopes,
  normalizeShopDomain,
  shopifyQueryHmac,
  verifyShopifyQueryHmac,
  verifyShopifyWebhookHmac,
} from "./oauth.server";

const secret = "hush";

describe("shop domain", () => {
  test.each([
    ["my-store.myshopify.com", "my-store.myshopify.com"],
    ["  My-Store.MyShopify.com ", "my-store.myshopify.com"],
    ["store1.myshopify.com", "store1.myshopify.com"],
  ])("accepts %j", (input, expected) => expect(normalizeShopDomain(input)).toBe(expected));

  test.each([
    "my-store",
    "https://my-store.myshopify.com",
    "my-store.myshopify.com/admin",
    "-store.myshopify.com",
    "my_store.myshopify.com",
    "my-store.myshopify.com.evil.com",
    "evil.com#.myshopify.com",
    "a.b.myshopify.com",
    "admin.shopify.com/store/my-store",
    "",
    null,
  ])("refuses %j", (input) => expect(normalizeShopDomain(input)).toBeNull());
});

describe("query HMAC (install and callback)", () => {
  // Shopify's documented example: the message is the sorted query without hmac.
  const query = {
    code: "0907a61c0c8d55e99db179b68161bc00",
    shop: "some-shop.myshopify.com",
    state: "0.6784241404160823",
    timestamp: "1337178173",
  };
  const message = "code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173";
  const expected = crypto.createHmac("sha256", secret).update(message).digest("hex");

  test("is hex HMAC-SHA256 over the sorted parameters without hmac and signature", () => {
    expect(
      shopifyQueryHmac({ timestamp: query.timestamp, state: query.state, shop: query.shop, code: query.code, signature: "x" }, secret),
    ).toBe(expected);
  });

  test("a correct hmac verifies, from an object or URLSearchParams, with the current or the previous secret", () => {
    expect(verifyShopifyQueryHmac({ ...query, hmac: expected }, [secret])).toBe(true);
    expect(verifyShopifyQueryHmac(new URLSearchParams({ ...query, hmac: expected }), [secret])).toBe(true);
    expect(verifyShopifyQueryHmac({ ...query, hmac: expected.toUpperCase() }, ["new-secret", secret])).toBe(true);
  });

  test("a wrong, missing or tampered hmac fails", () => {
    expect(verifyShopifyQueryHmac({ ...query, hmac: expected }, ["other"])).toBe(false);
    expect(verifyShopifyQueryHmac({ ...query }, [secret])).toBe(false);
    expect(verifyShopifyQueryHmac({ ...query, hmac: "abc" }, [secret])).toBe(false);
    expect(verifyShopifyQueryHmac({ ...query, shop: "evil.myshopify.com", hmac: expected }, [secret])).toBe(false);
    expect(verifyShopifyQueryHmac({ ...query, hmac: expected }, [])).toBe(false);
  });
});

describe("webhook HMAC", () => {
  const body = Buffer.from('{"id":1,"myshopify_domain":"a.myshopify.com"}');
  const good = crypto.createHmac("sha256", secret).update(body).digest("base64");

  test("base64 over the raw body, current or previous secret", () => {
    expect(verifyShopifyWebhookHmac(body, good, [secret])).toBe(true);
    expect(verifyShopifyWebhookHmac(body.toString("utf8"), good, ["rotated", secret])).toBe(true);
  });

  test("refuses a hex digest, another body, another secret or no header", () => {
    expect(verifyShopifyWebhookHmac(body, crypto.createHmac("sha256", secret).update(body).digest("hex"), [secret])).toBe(false);
    expect(verifyShopifyWebhookHmac(Buffer.from('{"id":2}'), good, [secret])).toBe(false);
    expect(verifyShopifyWebhookHmac(body, good, ["other"])).toBe(false);
    expect(verifyShopifyWebhookHmac(body, null, [secret])).toBe(false);
  });
});

test("scopes: write_content or write_online_store_pages is enough; read-only is not", () => {
  expect(missingShopifyScopes("write_content")).toEqual([]);
  expect(missingShopifyScopes(["read_content", "write_online_store_pages"])).toEqual([]);
  expect(missingShopifyScopes("read_content")).toEqual(["write_content"]);
  expect(missingShopifyScopes("")).toEqual(["write_content"]);
});

test("a token answer becomes both tokens with absolute expiry times", () => {
  const now = new Date("2026-11-01T00:00:00Z");
  expect(
    credentialsFromTokenAnswer(
      { access_token: "a", scope: "write_content", expires_in: 3600, refresh_token: "r", refresh_token_expires_in: 7_776_000 },
      now,
    ),
  ).toEqual({
    accessToken: "a",
    scope: "write_content",
    accessTokenExpiresAt: "2026-11-01T01:00:00.000Z",
    refreshToken: "r",
    refreshTokenExpiresAt: "2027-01-30T00:00:00.000Z",
  });
  expect(credentialsFromTokenAnswer({ access_token: "a" }, now)).toEqual({ accessToken: "a", scope: "" });
});

test("env: the API version is pinned to 2026-10 by default; the shop-origin override is refused in production", () => {
  // DATA_DIR: the per-file temporary directory, where development secrets may be written.
  const testEnv = { NODE_ENV: "test", DATA_DIR: process.env.DATA_DIR };
  expect(resolveEnv(testEnv).SHOPIFY_API_VERSION).toBe("2026-10");
  expect(() => resolveEnv({ ...testEnv, SHOPIFY_API_VERSION: "2026-11" })).toThrow(/SHOPIFY_API_VERSION/);
  const production = { NODE_ENV: "production", SESSION_SECRET: "s", ENCRYPTION_KEY: "a".repeat(64), CRON_SECRET: "c" };
  const override = { TEST_SHOPIFY_SHOP_ORIGIN: "http://127.0.0.1:4321" };
  expect(() => resolveEnv({ ...production, ...override, APP_URL: "https://inkpilot.app" })).toThrow(
    /TEST_SHOPIFY_SHOP_ORIGIN: must not be set/,
  );
  expect(resolveEnv({ ...production, ...override, APP_URL: "http://127.0.0.1:3211" }).TEST_SHOPIFY_SHOP_ORIGIN).toBe(
    "http://127.0.0.1:4321",
  );
  expect(() => resolveEnv({ ...production, APP_URL: "https://inkpilot.app", SHOPIFY_CLIENT_ID: "id" })).toThrow(
    /SHOPIFY_CLIENT_SECRET: required/,
  );
});
