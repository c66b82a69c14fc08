import { expect, test, type Page } from "@playwright/test";
import { newId } from "../../app/utils/crypto.server";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/** The public header and footer, and the dashboard shell: navigation, collapse, mobile sheet. */

const PASSWORD = "shell-password";

async function newSignedInUser(page: Page, options: { fullName?: string } = {}) {
  const user = await createVerifiedUser(uniqueEmail("shell"), PASSWORD, options);
  await signIn(page, user);
  return user;
}

const sidebar = (page: Page) => page.getByTestId("sidebar");
const nav = (page: Page) => sidebar(page).getByRole("navigation", { name: "Dashboard" });

test.describe("public header and footer", () => {
  test("signed out: Pricing, Tools, Blog, Login, Start Free Trial, logo to / and the four footer columns", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    await expect(header.getByRole("link", { name: "Tools" })).toHaveAttribute("href", "/tools");
    await expect(header.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/signin");
    await expect(header.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/signup");
    await expect(header.getByRole("link", { name: "Inkpilot home" })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

    const footer = page.getByRole("contentinfo");
    for (const column of ["Company", "Support", "Free Tools", "Connect"]) {
      await expect(footer.getByRole("heading", { name: column })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "About", exact: true })).toHaveAttribute("href", "/about");
    await expect(footer.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("href", "/blog");
    await expect(footer.getByRole("link", { name: "Terms", exact: true })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Privacy", exact: true })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
    const tools = footer.getByRole("navigation", { name: "Free Tools" }).getByRole("link");
    await expect(tools).toHaveCount(9);
    await expect(footer.getByRole("link", { name: "Readability checker" })).toHaveAttribute("href", "/tools/readability-checker");
    await expect(footer.getByRole("link", { name: "X", exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "LinkedIn" })).toBeVisible();
  });

  test("signed in: Dashboard and Sign Out, logo to /dashboard; Sign Out signs out", async ({ page }) => {
    await newSignedInUser(page);
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Start Free Trial" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Inkpilot dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
    await header.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByTestId("toast")).toContainText("Signed out");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard/);
  });
});

test.describe("dashboard shell", () => {
  test("signed-out visitors go to /signin and come back after signing in", async ({ page }) => {
    const user = await createVerifiedUser(uniqueEmail("guard"), PASSWORD);
    await page.goto("/dashboard/settings");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fsettings/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
  });

  test("sidebar entries, active rules and breadcrumb", async ({ page }) => {
    await newSignedInUser(page);
    await page.goto("/dashboard");
    const links = nav(page).getByRole("link");
    await expect(links).toHaveText(["Write", "Articles", "Topics", "Content Plan", "Scheduler", "Backlinks", "Results", "Settings"]);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs).toEqual([
      "/dashboard/write",
      "/dashboard",
      "/dashboard/topics",
      "/dashboard/plan",
      "/dashboard/scheduler",
      "/dashboard/backlinks",
      "/dashboard/results",
      "/dashboard/settings",
    ]);

    const current = nav(page).locator('[aria-current="page"]');
    await expect(current).toHaveText("Articles");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Articles/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles");

    await expect(async () => {
      await nav(page).getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings/);
    }).toPass();
    await expect(current).toHaveText("Settings");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Settings/);

    await page.goto("/dashboard/settings?tab=account");
    await expect(current).toHaveText("Settings");
    await page.goto("/dashboard/articles");
    await expect(current).toHaveText("Articles");
    await page.goto("/dashboard/account");
    await expect(current).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Account/);
  });

  test("the articles table lists the site's articles with tabs, and a new account sees the empty state", async ({ page }) => {
    const user = await newSignedInUser(page);
    await expect(page.getByText('No articles yet. Click "Write Article" to get started.')).toBeVisible();
    await expect(page.getByRole("link", { name: "Write Article" })).toHaveAttribute("href", "/dashboard/write");

    const db = e2eDb();
    const draftId = newId();
    for (const [id, title, status, createdAt] of [
      [draftId, "Grind size guide", "draft", "2025-03-05T12:00:00.000Z"],
      [newId(), "Cold brew basics", "published", "2025-04-10T12:00:00.000Z"],
    ] as const) {
      await db
        .insertInto("articles")
        .values({
          id,
          site_id: user.siteId,
          author_id: user.userId,
          title,
          slug: id,
          target_keyword: `${title} kw`,
          status,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
    await page.reload();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText("Cold brew basics");
    await expect(rows.nth(1)).toContainText("10 Apr 2025");
    await expect(rows.nth(2)).toContainText("Grind size guide kw");
    await expect(rows.nth(2)).toContainText("You");
    await expect(rows.nth(2)).toContainText("05 Mar 2025");
    await expect(page.getByRole("link", { name: "Grind size guide" })).toHaveAttribute("href", `/dashboard/write?edit=${draftId}`);

    await expect(async () => {
      await page.getByRole("link", { name: "Draft", exact: true }).click();
      await expect(page).toHaveURL(/status=draft/);
    }).toPass();
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Draft", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Scheduled", exact: true }).click();
    // Each tab has its own empty state (tests/e2e/articles-list.spec.ts covers them all).
    await expect(page.getByRole("heading", { name: "Nothing scheduled" })).toBeVisible();
  });

  test("Upgrade Plan shows on trial and not on pro; the user menu leads to Account and Sign Out", async ({ page }) => {
    const user = await newSignedInUser(page, { fullName: "Menu Person" });
    const upgrade = sidebar(page).getByRole("link", { name: "Upgrade Plan" });
    await expect(upgrade).toHaveAttribute("href", "/dashboard/upgrade");

    const menu = sidebar(page).getByTestId("user-menu");
    await menu.locator("summary").click();
    await expect(menu.getByText(user.email).first()).toBeVisible();
    await expect(menu.getByText("Menu Person").first()).toBeVisible();
    await menu.getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);

    await e2eDb().updateTable("workspaces").set({ plan: "pro" }).where("id", "=", user.workspaceId).execute();
    await page.reload();
    await expect(sidebar(page).getByRole("link", { name: "Upgrade Plan" })).toHaveCount(0);

    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("toast")).toContainText("Signed out");
  });

  test("with JavaScript: the toggle and Ctrl/Cmd+B collapse to icons, and the state survives a reload", async ({ page, context }) => {
    await newSignedInUser(page);
    await expect(sidebar(page)).toHaveAttribute("data-state", "expanded");
    expect((await sidebar(page).boundingBox())?.width).toBe(256);

    await expect(async () => {
      await page.getByRole("button", { name: "Toggle sidebar" }).click();
      await expect(sidebar(page)).toHaveAttribute("data-state", "collapsed", { timeout: 1000 });
    }).toPass();
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(48);
    // Labels stay for screen readers; the icons remain as links.
    await expect(nav(page).getByRole("link", { name: "Topics" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    await page.reload();
    await expect(sidebar(page)).toHaveAttribute("data-state", "collapsed");

    // Key presses before hydration do nothing, so retry until the shortcut is live.
    await expect(async () => {
      await page.keyboard.press("Control+b");
      await expect(sidebar(page)).toHaveAttribute("data-state", "expanded", { timeout: 1000 });
    }).toPass();
    await page.keyboard.press("Meta+b");
    await expect(sidebar(page)).toHaveAttribute("data-state", "collapsed");
    await page.keyboard.press("Control+b");
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute("data-state", "expanded");
  });

  test("on a 375 px screen the sidebar is a sheet opened by the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await newSignedInUser(page);
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Toggle sidebar" })).toBeHidden();
    const sheet = page.getByTestId("mobile-sidebar");
    await sheet.getByLabel("Open menu").click();
    const panel = sheet.getByRole("complementary", { name: "Sidebar" });
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())?.width).toBe(288);
    await expect(async () => {
      await panel.getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings/);
    }).toPass();
    await expect(panel).toBeHidden();
  });
});

test.describe("dashboard shell without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the toggle is a form that stores the state in the cookie", async ({ page, context }) => {
    await newSignedInUser(page);
    await page.goto("/dashboard/settings?tab=account");
    await expect(sidebar(page)).toHaveAttribute("data-state", "expanded");
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=account$/);
    await expect(sidebar(page)).toHaveAttribute("data-state", "collapsed");
    expect((await sidebar(page).boundingBox())?.width).toBe(48);
    expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("false");
    await page.goto("/dashboard");
    await expect(sidebar(page)).toHaveAttribute("data-state", "collapsed");
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sidebar(page)).toHaveAttribute("data-state", "expanded");
  });

  test("the mobile sheet opens and navigates", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await newSignedInUser(page);
    const sheet = page.getByTestId("mobile-sidebar");
    await sheet.getByLabel("Open menu").click();
    const panel = sheet.getByRole("complementary", { name: "Sidebar" });
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(page.getByTestId("mobile-sidebar").getByRole("complementary", { name: "Sidebar" })).toBeHidden();
  });
});
