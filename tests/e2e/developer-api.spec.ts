import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_WEBHOOK_SECRET, FAKE_WEBHOOK_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Settings → Integrations → Developer API (decision 045), with and without
 * JavaScript: generate a key, see it once, use it against the running server
 * from another origin (the same-origin rule lets Bearer API requests through),
 * revoke it and see it refused at once. Then the API reference page, an
 * event webhook that receives a signed test (decision 047), and one paused
 * after failing too often, resumed by its owner (decision 051).
 */

const PASSWORD = "developer-api-e2e";
const TAB = "/dashboard/settings?tab=integrations";
const toast = (page: Page) => page.getByTestId("toast");

function createArticle(request: APIRequestContext, key: string, title: string) {
  return request.post("/api/v1/articles", {
    headers: { Authorization: `Bearer ${key}`, Origin: "https://integrator.example", "Sec-Fetch-Site": "cross-site" },
    data: { title },
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Developer API keys, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("generate a key, see it once, use it, revoke it", async ({ page, request }) => {
      const user = await createVerifiedUser(uniqueEmail("devapi"), PASSWORD);
      await signIn(page, user, { to: TAB });
      const section = page.getByRole("region", { name: "Developer API" });
      await expect(section.getByText("No API keys yet.")).toBeVisible();

      // A name is required; the server (or the browser, with JavaScript) says so.
      await section.getByRole("button", { name: "Generate API key" }).click();
      await expect(section.getByText("Give the key a name")).toBeVisible();

      await section.getByLabel("Key name").fill("Zapier");
      await section.getByRole("button", { name: "Generate API key" }).click();
      const shown = section.getByTestId("new-api-key");
      await expect(shown).toHaveText(/^ink_live_[\w-]{43}$/);
      const key = (await shown.textContent())!;
      const prefix = key.slice(0, 13);
      const row = section.getByRole("row", { name: /Zapier/ });
      await expect(row).toContainText(`${prefix}…`);
      await expect(row).toContainText("All sites");
      await expect(row).toContainText("Never");

      // The key works from another origin, with Bearer auth and no cookies.
      const created = await createArticle(request, key, `From a script (${javaScriptEnabled ? "js" : "no-js"})`);
      expect(created.status()).toBe(201);
      expect((await created.json()).status).toBe("draft");

      // Shown once: a fresh load of the page lists the prefix and when it was last used, never the key.
      await page.goto(TAB);
      expect(await page.content()).not.toContain(key);
      await expect(section.getByTestId("new-api-key")).toHaveCount(0);
      await expect(section.getByRole("row", { name: /Zapier/ })).not.toContainText("Never");
      if (javaScriptEnabled)
        expect((await new AxeBuilder({ page }).include(`section[aria-labelledby="card-developer-api"]`).analyze()).violations).toEqual([]);

      await section.getByRole("link", { name: "Revoke Zapier" }).click();
      const dialog = page.getByRole("dialog", { name: "Revoke “Zapier”?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Revoke key" }).click();
      await expect(toast(page)).toContainText("API key revoked");
      await expect(section.getByText("No API keys yet.")).toBeVisible();

      const refused = await createArticle(request, key, "After revoking");
      expect(refused.status()).toBe(401);
      expect((await refused.json()).error.code).toBe("unauthorized");
    });
  });
}

test("the API reference lists the endpoints and passes axe", async ({ page, request }) => {
  const user = await createVerifiedUser(uniqueEmail("devapi-docs"), PASSWORD);
  await signIn(page, user, { to: TAB });
  await page.getByRole("link", { name: "Read the API reference" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  await expect(page.getByRole("heading", { name: /POST \/articles Create an article/ })).toBeVisible();
  await expect(page.getByText("/api/v1/openapi.json").first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  const document = await request.get("/api/v1/openapi.json");
  expect(document.status()).toBe(200);
  expect((await document.json()).openapi).toBe("3.1.0");
  // A cookie-only mutation of the API from another site is still refused by the same-origin rule.
  const crossSite = await page.request.post("/api/v1/articles", { headers: { Origin: "https://evil.example" }, data: { title: "x" } });
  expect(crossSite.status()).toBe(403);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Event webhooks, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("add an endpoint, see its secret once, send a signed test, delete it", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("webhooks"), PASSWORD);
      await signIn(page, user, { to: TAB });
      const section = page.getByRole("region", { name: "Event webhooks" });
      const url = `${fakeUrl(FAKE_WEBHOOK_PORT)}/events/${javaScriptEnabled ? "js" : "no-js"}`;
      // Shown masked: a path often carries a token.
      const shown = `${fakeUrl(FAKE_WEBHOOK_PORT)}/events/…`;
      await section.getByLabel("Endpoint URL").fill(url);
      await section.getByRole("button", { name: "Add webhook" }).click();
      const secret = (await section.getByTestId("webhook-secret").textContent())!;
      expect(secret).toMatch(/^whsec_/);

      // The shared fake receiver verifies with this endpoint's secret for the test, then goes back to the publishing specs' one.
      const setSecret = (value: string) =>
        fetch(`${fakeUrl(FAKE_WEBHOOK_PORT)}/__fake/secret`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ secret: value }),
        });
      await setSecret(secret);
      try {
        await section.getByRole("button", { name: `Send test to ${shown}` }).click();
        await expect(toast(page)).toContainText("Test event sent");
        await expect(async () => {
          await page.goto(TAB);
          await expect(section.getByRole("row", { name: /webhook\.test/ })).toContainText("Delivered (HTTP 200)");
        }).toPass({ timeout: 15_000 });
      } finally {
        await setSecret(E2E_WEBHOOK_SECRET);
      }
      expect(await page.content()).not.toContain(secret);

      await section.getByRole("link", { name: `Delete webhook ${shown}` }).click();
      const dialog = page.getByRole("dialog", { name: "Delete this webhook?" });
      await dialog.getByRole("button", { name: "Delete webhook" }).click();
      await expect(toast(page)).toContainText("Webhook deleted");
      await expect(section.getByText("No webhooks yet.")).toBeVisible();
    });

    test("a paused endpoint says why and is resumed", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("webhooks-paused"), PASSWORD);
      await signIn(page, user, { to: TAB });
      const section = page.getByRole("region", { name: "Event webhooks" });
      await section.getByLabel("Endpoint URL").fill(`${fakeUrl(FAKE_WEBHOOK_PORT)}/events/paused`);
      await section.getByRole("button", { name: "Add webhook" }).click();
      await expect(section.getByTestId("webhook-secret")).toBeVisible();
      // As the delivery job leaves it after twelve failures in a row (tests/integration/tenant-isolation.test.ts).
      await e2eDb()
        .updateTable("webhook_endpoints")
        .set({ enabled: 0, failure_streak: 12, paused_reason: "Paused after 12 failed deliveries in a row (last: HTTP 503)." })
        .where("workspace_id", "=", user.workspaceId)
        .execute();
      await page.goto(TAB);
      await expect(
        section.getByText(/Paused after 12 failed deliveries in a row \(last: HTTP 503\)\. Events are not sent to it/),
      ).toBeVisible();
      // axe runs in the page, so only with JavaScript on.
      if (javaScriptEnabled) {
        const results = await new AxeBuilder({ page }).include('section[aria-labelledby="card-event-webhooks"]').analyze();
        expect(results.violations).toEqual([]);
      }
      await section.getByRole("button", { name: /^Resume webhook / }).click();
      await expect(toast(page)).toContainText("Webhook resumed");
      await expect(section.getByText(/Paused after/)).toHaveCount(0);
      await expect(section.getByRole("button", { name: /^Resume webhook / })).toHaveCount(0);
    });
  });
}
