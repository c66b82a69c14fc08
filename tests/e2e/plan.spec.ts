import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { isoNow, zonedParts } from "../../app/utils/time";
import { fakeUrl, TEST_SITE_PORT } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The content plan (decision 050), with and without
 * JavaScript: generate a plan from the site's pages (products, FAQ), topics
 * and tags, each day saying where its keyword came from, edit a
 * keyword into one that repeats an existing article, see the flag naming that
 * article and resolve it (keep, then merge), reorder with the buttons; and
 * axe at phone and desktop widths.
 */

const PASSWORD = "plan-password";
const toast = (page: Page) => page.getByTestId("toast");
const ARTICLE_TITLE = "The Oat Milk Latte Guide";

async function coffeeUser(prefix: string) {
  const user = await createVerifiedUser(uniqueEmail(prefix), PASSWORD);
  const db = e2eDb();
  await db.updateTable("sites").set({ timezone: "Europe/Berlin" }).where("id", "=", user.siteId).execute();
  await db
    .updateTable("brand_settings")
    .set({
      brand_name: "Northwind Coffee",
      target_audience: "Home baristas",
      industry: "Food & Beverage",
      tags: JSON.stringify(["coffee", "latte art", "espresso"]),
      internal_links: JSON.stringify(["https://northwind.test/products/cold-brew-kit", "https://northwind.test/brewing-guides"]),
      updated_at: isoNow(),
    })
    .where("site_id", "=", user.siteId)
    .execute();
  await db
    .insertInto("topics")
    .values({
      id: randomUUID(),
      site_id: user.siteId,
      name: "Brewing methods",
      keywords: JSON.stringify(["french press", "aeropress recipe"]),
      created_at: isoNow(),
      updated_at: isoNow(),
    })
    .execute();
  // What the site-page reader stored: two products and a FAQ.
  const page = (path: string, kind: string, title: string, faq: string[] = []) => ({
    site_id: user.siteId,
    url: `https://northwind.test${path}`,
    kind,
    title,
    summary: "",
    facts: "[]",
    faq: JSON.stringify(faq.map((question) => ({ question, answer: "See our guide." }))),
    fetched_at: isoNow(),
  });
  await db
    .insertInto("site_pages")
    .values([
      page("/products/cold-brew-kit", "product", "Cold Brew Kit"),
      page("/products/burr-grinder", "product", "Burr Grinder"),
      page("/products/gooseneck-kettle", "product", "Gooseneck Kettle"),
      page("/faq", "faq", "Brewing FAQ", [
        "What grind size should I use for french press?",
        "How long does cold brew last in the fridge?",
        "Why does my espresso taste sour?",
        "How long do coffee beans stay fresh?",
      ]),
    ])
    .execute();
  await db
    .insertInto("articles")
    .values({
      id: randomUUID(),
      site_id: user.siteId,
      author_id: user.userId,
      topic_id: null,
      title: ARTICLE_TITLE,
      slug: `oat-milk-latte-${randomUUID().slice(0, 6)}`,
      target_keyword: "oat milk latte",
      created_at: isoNow(),
      updated_at: isoNow(),
    })
    .execute();
  return user;
}

const itemsOf = (page: Page) => page.getByRole("list", { name: "Planned days" }).locator(":scope > li");

async function editKeyword(page: Page, javaScriptEnabled: boolean, index: number, keyword: string) {
  const item = itemsOf(page).nth(index);
  const link = item.getByRole("link", { name: /^Edit “/ });
  const dialog = page.getByRole("dialog", { name: "Edit keyword" });
  if (javaScriptEnabled) {
    await expect(async () => {
      await link.click();
      await expect(dialog).toBeVisible({ timeout: 1000 });
    }).toPass();
  } else {
    await link.click();
    await expect(page).toHaveURL(/\?edit=/);
    await expect(dialog).toBeVisible();
  }
  await dialog.getByLabel("Keyword", { exact: true }).fill(keyword);
  await dialog.getByRole("button", { name: "Save keyword" }).click();
  await expect(toast(page)).toContainText("Plan item updated");
  await expect(dialog).toHaveCount(0);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`content plan, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("generate, edit into a repeat of an article, resolve the flag, reorder", async ({ page }) => {
      const user = await coffeeUser("plan");
      await signIn(page, user, { to: "/dashboard/scheduler" });
      await page.getByRole("link", { name: "Content plan", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Content Plan");
      await expect(page.getByText("No content plan yet")).toBeVisible();

      await page.getByRole("button", { name: "Generate plan" }).click();
      await expect(toast(page)).toContainText("Content plan ready");
      const items = itemsOf(page);
      await expect(items.first()).toBeVisible();
      const count = await items.count();
      expect(count).toBeGreaterThan(12);
      // The plan starts today while today's publishing time (18:30 by default) is still ahead in the site's zone.
      const startsToday = zonedParts(new Date(), "Europe/Berlin").time < "18:30";
      await expect(items.first().getByText(startsToday ? "Today" : "Tomorrow", { exact: true })).toBeVisible();
      // Searches people type, each naming the page, product or topic it came from, with the topic it fits.
      const howToMakeColdBrew = items.filter({
        has: page.getByTestId("keyword").getByText("how to make cold brew at home", { exact: true }),
      });
      await expect(howToMakeColdBrew.getByTestId("why")).toHaveText("From your product page Cold Brew Kit.");
      await expect(page.getByTestId("why").filter({ hasText: "From the FAQ on your page Brewing FAQ" }).first()).toBeVisible();
      await expect(page.getByTestId("why").filter({ hasText: "Brewing methods" }).first()).toBeVisible();
      await expect(page.getByTestId("keyword").filter({ hasText: /^what is (roasted|coffee|brew)$/ })).toHaveCount(0);
      // No keyword-data service in this stack: no figures, never a guess.
      await expect(page.getByTestId("volume")).toHaveCount(0);
      await expect(page.getByTestId("conflict-flag")).toHaveCount(0);

      // An edit that repeats the existing article is flagged, naming it; Keep dismisses the flag.
      await editKeyword(page, javaScriptEnabled, 0, "oat milk lattes");
      await expect(items.first().getByTestId("keyword")).toHaveText("oat milk lattes");
      const flag = items.first().getByTestId("conflict-flag");
      await expect(flag).toContainText(`your article “${ARTICLE_TITLE}”`);
      await flag.getByRole("button", { name: /^Keep/ }).click();
      await expect(toast(page)).toContainText("Kept");
      await expect(page.getByTestId("conflict-flag")).toHaveCount(0);

      // Another repeat, merged away: the item is dropped.
      await editKeyword(page, javaScriptEnabled, 1, "oat milk latte");
      await expect(items.nth(1).getByTestId("conflict-flag")).toContainText(ARTICLE_TITLE);
      await items
        .nth(1)
        .getByRole("button", { name: /^Merge/ })
        .click();
      await expect(toast(page)).toContainText("Merged");
      await expect(items).toHaveCount(count - 1);
      await expect(page.getByText("oat milk latte", { exact: true })).toHaveCount(0);

      // Reorder with the buttons: the first keyword moves to the second day.
      const first = await items.first().getByTestId("keyword").textContent();
      await items
        .first()
        .getByRole("button", { name: /^Move “.*” down$/ })
        .click();
      await expect(toast(page)).toContainText("Plan reordered");
      await expect(items.nth(1).getByTestId("keyword")).toHaveText(first!);

      // Swap one for a fresh suggestion.
      const second = await items.nth(2).getByTestId("keyword").textContent();
      await items.nth(2).getByRole("button", { name: /^Swap/ }).click();
      await expect(toast(page)).toContainText("Keyword swapped");
      await expect(items.nth(2).getByTestId("keyword")).not.toHaveText(second!);

      if (javaScriptEnabled) {
        // Drag the first day onto the fourth: it takes that day, the ones between move up.
        const dragged = await items.first().getByTestId("keyword").textContent();
        const next = await items.nth(1).getByTestId("keyword").textContent();
        // The HTML5 drag events, dispatched as the browser sends them (a mouse drag is flaky under automation).
        const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
        await items.first().dispatchEvent("dragstart", { dataTransfer });
        await items.nth(3).dispatchEvent("dragenter", { dataTransfer });
        await items.nth(3).dispatchEvent("dragover", { dataTransfer });
        await items.nth(3).dispatchEvent("drop", { dataTransfer });
        await items.first().dispatchEvent("dragend", { dataTransfer });
        await expect(items.nth(3).getByTestId("keyword")).toHaveText(dragged!);
        await expect(items.first().getByTestId("keyword")).toHaveText(next!);
      }

      // Regenerate, confirmed in its dialog: fresh keywords, and the kept one's flag gone with it.
      const before = await page.getByTestId("keyword").allTextContents();
      const dialog = page.getByRole("dialog", { name: "Regenerate the plan" });
      if (javaScriptEnabled) {
        await expect(async () => {
          await page.getByRole("link", { name: "Regenerate plan" }).click();
          await expect(dialog).toBeVisible({ timeout: 1000 });
        }).toPass();
      } else {
        await page.getByRole("link", { name: "Regenerate plan" }).click();
        await expect(dialog).toBeVisible();
      }
      await dialog.getByRole("button", { name: "Regenerate" }).click();
      await expect(dialog).toHaveCount(0);
      await expect.poll(async () => (await page.getByTestId("keyword").allTextContents()).join("|")).not.toBe(before.join("|"));
    });
  });
}

test("the content plan passes axe at phone and desktop widths, with a flag showing", async ({ page }) => {
  const user = await coffeeUser("plan-axe");
  await signIn(page, user, { to: "/dashboard/plan" });
  await page.getByRole("button", { name: "Generate plan" }).click();
  await expect(toast(page)).toContainText("Content plan ready");
  await editKeyword(page, true, 0, "oat milk lattes");
  await expect(page.getByTestId("conflict-flag")).toHaveCount(1);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test.describe("the plan made at onboarding", () => {
  test.use({ javaScriptEnabled: false });

  test("after the website scan, the site's pages are read and the plan is there, each day saying where it came from", async ({ page }) => {
    const user = await createVerifiedUser(uniqueEmail("plan-onboarding"), PASSWORD, { onboarded: false });
    await signIn(page, user, { to: "/dashboard?onboarding=scan" });
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Website URL").fill(`${fakeUrl(TEST_SITE_PORT)}/`);
    await dialog.getByRole("button", { name: "Scan Website" }).click();
    await expect(dialog.getByRole("heading", { name: "Website Scanned Successfully!" })).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole("button", { name: "Go to dashboard" }).click();
    await expect(toast(page)).toContainText("Setup Complete!");

    // The worker reads the site's pages, then plans: no 'Generate plan' click.
    await expect(async () => {
      await page.goto("/dashboard/plan");
      await expect(itemsOf(page).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(itemsOf(page).first().getByTestId("why")).toHaveText(
      /^(From your |From the FAQ on your page |Serves your topic |Fills a gap)/,
    );
    await expect(page.getByTestId("keyword").filter({ hasText: /^what is \S+$/ })).toHaveCount(0);

    // Brand settings says what was read, and reads it again from a plain form.
    await page.goto("/dashboard/settings?tab=brand");
    await expect(page.getByTestId("site-pages-summary")).toContainText(/read /);
    await page.getByRole("button", { name: "Read my site's pages again" }).click();
    await expect(toast(page)).toContainText(/Reading your site's pages|Already reading your site's pages/);
  });
});
