import { expect, test } from "@playwright/test";

test("the home page is served with its headline and a nonce-based CSP", async ({ page, request }) => {
  const health = await request.get("/healthz");
  expect(await health.json()).toEqual({ ok: true });
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("'nonce-");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Professional Blog Posts in Minutes, Not Hours");
});
