import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { FAKE_OIDC_PORT, FAKE_SEARCH_CONSOLE_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Connecting Google Search Console from Settings → Integrations through the fake Google (consent auto-approved
 * as the chosen account) and the fake Search Console API: connect, the property picker when none matches,
 * disconnect; at 1280 and 390 px, with and without JavaScript, and axe on the card and its dialogs.
 */

const TAB = "/dashboard/settings?tab=integrations";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** An owner whose site is https://<domain>/ and whose Google account reads `properties` at the fake. */
async function ownerWithGoogle(prefix: string, properties: (domain: string) => string[]) {
  const user = await createVerifiedUser(uniqueEmail(prefix), `${prefix}-password`);
  const domain = `${prefix}-${user.siteId.slice(0, 8).toLowerCase()}.test`;
  await e2eDb()
    .updateTable("sites")
    .set({ url: `https://${domain}/` })
    .where("id", "=", user.siteId)
    .execute();
  const google = {
    sub: `sc-${user.userId}`,
    email: `google-${user.userId.slice(0, 8)}@gmail.test`,
    email_verified: true,
    name: "Site Owner",
  };
  for (const siteUrl of properties(domain)) {
    const armed = await fetch(`${fakeUrl(FAKE_SEARCH_CONSOLE_PORT)}/__fake/access`, {
      method: "POST",
      body: JSON.stringify({ siteUrl, email: google.email, permissionLevel: "siteOwner" }),
    });
    expect(armed.ok).toBe(true);
  }
  return { user, domain, google };
}

/** The fake Google signs in as this account on its consent page. */
async function googleAccount(google: { sub: string; email: string }) {
  const response = await fetch(`${fakeUrl(FAKE_OIDC_PORT)}/__fake/login-as`, { method: "POST", body: JSON.stringify(google) });
  expect(response.ok).toBe(true);
}

async function liveGrant(email: string) {
  const grants = (await (await fetch(`${fakeUrl(FAKE_OIDC_PORT)}/__fake/grants`)).json()) as Array<{
    email: string;
    liveRefreshTokens: number;
  }>;
  return grants.find((g) => g.email === email)?.liveRefreshTokens ?? 0;
}

const card = (page: Page) => page.locator("#search-console");

for (const javaScriptEnabled of [true, false]) {
  for (const size of SIZES) {
    test.describe(`Search Console connect (JavaScript ${javaScriptEnabled ? "on" : "off"}, ${size.width} px)`, () => {
      test.use({ javaScriptEnabled, viewport: size });

      test("connect through Google, see the property, disconnect", async ({ page }) => {
        const { user, domain, google } = await ownerWithGoogle("scconnect", (d) => [`sc-domain:${d}`, `https://www.${d}/`]);
        await googleAccount(google);
        await signIn(page, user, { to: TAB });

        await card(page).getByLabel("Also submit my sitemap to Google").check();
        await card(page).getByRole("button", { name: "Connect Google Search Console" }).click();
        await expect(page).toHaveURL(/\/dashboard\/settings\?tab=integrations/);
        await expect(page.getByText("Search Console connected")).toBeVisible();
        await expect(card(page)).toContainText(google.email);
        await expect(card(page)).toContainText(`${domain} (domain property)`);
        await expect(card(page)).toContainText("Submitted to Google when you publish");
        expect(await liveGrant(google.email)).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        await card(page).getByRole("link", { name: "Disconnect" }).click();
        const dialog = page.getByRole("dialog", { name: "Disconnect Search Console?" });
        await expect(dialog).toContainText("deletes this site's stored search figures");
        await dialog.getByRole("button", { name: "Disconnect and delete figures" }).click();
        await expect(page.getByText("Search Console disconnected")).toBeVisible();
        await expect(card(page).getByRole("button", { name: "Connect Google Search Console" })).toBeVisible();
        expect(await liveGrant(google.email)).toBe(0);
        const left = await e2eDb().selectFrom("search_console_connections").select("site_id").where("site_id", "=", user.siteId).execute();
        expect(left).toEqual([]);
      });
    });
  }

  test.describe(`Search Console picker (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("no property matches: the picker names the domain and saves the chosen property", async ({ page }) => {
      const { user, domain, google } = await ownerWithGoogle("scpick", (d) => [`https://elsewhere-${d}/`, `sc-domain:other-${d}`]);
      await googleAccount(google);
      await signIn(page, user, { to: TAB });
      await card(page).getByRole("button", { name: "Connect Google Search Console" }).click();
      const dialog = page.getByRole("dialog", { name: "Choose your Search Console property" });
      await expect(dialog).toContainText(`No property in this Google account matches ${domain}`);
      await expect(dialog.getByRole("button", { name: "Choose another account" })).toBeVisible();
      await dialog.getByLabel(`other-${domain} (domain property)`).check();
      await dialog.getByRole("button", { name: "Use this property" }).click();
      await expect(page.getByText("Search Console property saved")).toBeVisible();
      await expect(card(page)).toContainText(`other-${domain} (domain property)`);
    });
  });
}

test("a connection Google refused offers 'Reconnect', and operators see it among the failing ones", async ({ page }) => {
  const { user, domain, google } = await ownerWithGoogle("screconnect", (d) => [`sc-domain:${d}`]);
  await googleAccount(google);
  await signIn(page, user, { to: TAB });
  await card(page).getByRole("button", { name: "Connect Google Search Console" }).click();
  await expect(page.getByText("Search Console connected")).toBeVisible();
  await e2eDb()
    .updateTable("search_console_connections")
    .set({ status: "needs_reconnect", last_error: "Google refused the access: connect again.", last_error_at: new Date().toISOString() })
    .where("site_id", "=", user.siteId)
    .execute();

  const operator = await createVerifiedUser(uniqueEmail("scops"), "scops-password", { isOperator: true });
  const operatorPage = await page.context().browser()!.newPage();
  await signIn(operatorPage, operator, { to: "/dashboard/admin/integrations?sc=failing" });
  const failing = operatorPage.getByRole("table", { name: "Failing Search Console connections" });
  await expect(failing.getByRole("row").filter({ hasText: `${domain} (domain property)` })).toContainText("Needs reconnecting");
  await expect(failing).toContainText("Google refused the access: connect again.");
  await operatorPage.close();

  await page.reload();
  await expect(card(page)).toContainText("Google no longer accepts Inkpilot's access");
  await expect(card(page)).toContainText("Google refused the access: connect again.");
  await card(page).getByRole("button", { name: "Reconnect" }).click();
  await expect(page.getByText("Search Console connected")).toBeVisible();
  await expect(card(page)).toContainText("Connected as");
  await expect(card(page)).not.toContainText("Google no longer accepts Inkpilot's access");
});

test("the Search Console card and its dialogs pass axe at 1280 and 390 px", async ({ page }) => {
  const { user, google } = await ownerWithGoogle("scaxe", (d) => [`https://elsewhere-${d}/`]);
  await googleAccount(google);
  await signIn(page, user, { to: TAB });
  const scan = async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  };
  await scan();
  await card(page).getByRole("button", { name: "Connect Google Search Console" }).click();
  await expect(page.getByRole("dialog", { name: "Choose your Search Console property" })).toBeVisible();
  await scan();
  await page.goto(`${TAB}&searchConsole=disconnect`);
  await expect(page.getByRole("dialog", { name: "Disconnect Search Console?" })).toBeVisible();
  await scan();
});
