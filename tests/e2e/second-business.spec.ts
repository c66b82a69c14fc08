import { expect, test, type Page } from "@playwright/test";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import { isoNow } from "#app/utils/time";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * A second business on the same account, as a new customer tries it (decision 070, 069, 068): a pottery studio
 * added beside a roastery, whose first scan read coffee pages. Its names show as typed (never '&amp;'); the plan flags
 * the day whose keyword a live article already serves; describing the business anew offers a re-plan that plans
 * pottery, not coffee, with topics that fit; a German site is told, as German is chosen and before a generation,
 * what the built-in writer cannot write. At 1280 and 390 px, nothing wider than the screen.
 */

const db = () => e2eDb();
const tomorrow = () => new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width + 1);
}

/** What the studio's first scan left: a roastery's brand words and pages, a plan, and a live glazing article. */
async function seedFirstScan(siteId: string, userId: string) {
  await db()
    .updateTable("brand_settings")
    .set({
      brand_name: "Clay & Kiln Studio",
      industry: "Food & Beverage",
      description: "Freshly roasted specialty coffee.",
      tags: JSON.stringify(["coffee", "espresso"]),
      updated_at: isoNow(),
    })
    .where("site_id", "=", siteId)
    .execute();
  const page = (path: string, title: string) => ({
    url: `https://clay-kiln.example${path}`,
    kind: "product" as const,
    title,
    summary: "",
    facts: [],
    faq: [],
    fetchedAt: isoNow(),
  });
  await replaceSitePages(db(), siteId, [
    page("/products/cold-brew-kit", "Cold Brew Kit"),
    page("/products/burr-grinder", "Burr Grinder"),
    page("/products/espresso-blend", "Espresso Blend"),
  ]);
  const now = isoNow();
  await db()
    .insertInto("articles")
    .values({
      id: `glaze-${siteId}`,
      site_id: siteId,
      author_id: userId,
      topic_id: null,
      title: "How to Glaze Pottery",
      slug: "how-to-glaze-pottery",
      target_keyword: "how to glaze pottery",
      status: "published",
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db()
    .insertInto("plan_items")
    .values([
      {
        id: `p1-${siteId}`,
        site_id: siteId,
        date: tomorrow(),
        keyword: "how to glaze pottery",
        title: "",
        topic_id: null,
        article_id: null,
        rationale: "From your brand profile.",
        created_at: now,
      },
      {
        id: `p2-${siteId}`,
        site_id: siteId,
        date: new Date(Date.now() + 60 * 3600_000).toISOString().slice(0, 10),
        keyword: "how to make cold brew at home",
        title: "",
        topic_id: null,
        article_id: null,
        rationale: "From your product page Cold Brew Kit.",
        created_at: now,
      },
    ])
    .execute();
  for (const [name, keywords] of [
    ["Glazing and firing", ["pottery glazes", "kiln firing"]],
    ["Hand building", ["coil pottery", "slab building"]],
  ] as const)
    await db()
      .insertInto("topics")
      .values({ id: `${name}-${siteId}`, site_id: siteId, name, keywords: JSON.stringify(keywords), created_at: now, updated_at: now })
      .execute();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a second business: names, plan and language notices at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const owner = await createVerifiedUser(uniqueEmail(`second-${viewport.width}`), "second-business-password");
    await db().updateTable("sites").set({ name: "Beans & Brews" }).where("id", "=", owner.siteId).execute();
    await signIn(page, owner, { to: "/dashboard/sites" });
    await page.getByRole("link", { name: "Add Site" }).click();
    const form = page.getByRole("form", { name: "Add Site" });
    await form.getByLabel("Site name").fill("Clay & Kiln Studio");
    await form.getByLabel("Website URL").fill("clay-kiln.example");
    await form.getByRole("button", { name: "Add Site" }).click();
    await expect(page).toHaveURL(/\/dashboard\?onboarding=scan/);
    await page.getByRole("button", { name: "Skip" }).click();
    const site = await db()
      .selectFrom("sites")
      .select("id")
      .where("workspace_id", "=", owner.workspaceId)
      .where("name", "=", "Clay & Kiln Studio")
      .executeTakeFirstOrThrow();
    await seedFirstScan(site.id, owner.userId);

    // The blog's address follows the business; the old one sends visitors on.
    const old = (await db().selectFrom("sites").select("blog_slug").where("id", "=", site.id).executeTakeFirstOrThrow()).blog_slug!;
    const fresh = `clay-and-kiln-${site.id
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "0")}`;
    await page.goto("/dashboard/sites");
    await page.getByRole("link", { name: "Blog address of Clay & Kiln Studio" }).click();
    const address = page.getByRole("form", { name: "Blog address" });
    await address.getByLabel("Blog address").fill(fresh);
    await address.getByRole("button", { name: "Change address" }).click();
    await expect(page.getByTestId("toast")).toContainText(`Your blog is now at /b/${fresh}`);
    const answer = await page.request.get(`/b/${old}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers()["location"]).toBe(`/b/${fresh}`);

    // Names as typed, escaped once.
    await page.goto("/dashboard/plan");
    await expect(page.locator("body")).not.toContainText("&amp;");
    if (viewport.width >= 1024)
      await expect(page.getByTestId("sidebar").getByTestId("site-switcher").locator("summary")).toHaveAttribute(
        "aria-label",
        "Current site: Clay & Kiln Studio. Switch site",
      );

    // The plan knows the live glazing article serves tomorrow's keyword.
    await expect(page.getByTestId("plan-summary")).toContainText("1 keyword competes with existing content.");
    await expect(page.getByText("How to Glaze Pottery").first()).toBeVisible();
    await noSidewaysScroll(page);

    // Describing the business anew, in German: the flag as German is chosen, then the offer to re-plan.
    await page.goto("/dashboard/settings?tab=brand");
    const brand = page.getByRole("form", { name: "Brand information" });
    await brand.getByLabel("Industry").fill("Pottery studio");
    await brand.getByLabel("Description").fill("Pottery classes and handmade stoneware in Portland.");
    await brand.getByLabel("Tags").fill("pottery classes, glazing, wheel throwing");
    await brand.getByLabel("Default language").selectOption("de");
    await expect(brand.getByTestId("language-flag")).toContainText("The built-in writer writes English only");
    await brand.getByRole("button", { name: "Save brand settings" }).click();
    const offer = page.getByTestId("replan-offer");
    await expect(offer).toContainText("2 days not yet started were planned from the old description");
    await noSidewaysScroll(page);
    await offer.getByRole("link", { name: "Re-plan the days not yet started" }).click();
    const dialog = page.getByRole("dialog", { name: "Regenerate the plan" });
    await dialog.getByRole("button", { name: "Regenerate" }).click();
    await expect(dialog).toHaveCount(0);
    const keywords = await page.getByTestId("keyword").allTextContents();
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.filter((k) => /coffee|cold brew|espresso|grinder/i.test(k))).toEqual([]);
    expect(keywords).not.toContain("how to glaze pottery");
    // Every day names a topic that fits it, or says none does.
    const topics = await page.getByTestId("topic").allTextContents();
    expect(topics.every((t) => ["Glazing and firing", "Hand building", "None of your topics fits this keyword"].includes(t.trim()))).toBe(
      true,
    );
    await noSidewaysScroll(page);

    // The article language, and the generate dialog before anything starts.
    await page.goto("/dashboard/settings?tab=content");
    const content = page.getByRole("form", { name: "Content settings" });
    await content.getByLabel("Article language").selectOption("de");
    await expect(content.getByTestId("language-flag")).toContainText("an article in German comes out in English");
    await content.getByRole("button", { name: "Save content settings" }).click();
    await expect(page.getByTestId("toast")).toBeVisible();
    await expect(page.getByRole("form", { name: "Content settings" }).getByTestId("built-in-writer-notice")).toContainText(
      "in English only",
    );
    await page.goto("/dashboard/write");
    const panel = page.getByRole("region", { name: "Get AI-Powered Article Ideas" });
    await panel.getByLabel("Target keyword").fill("raku firing at home");
    const confirm = page.getByRole("dialog", { name: "Generate an article?" });
    await expect(async () => {
      await panel.getByRole("button", { name: "Generate AI Article" }).click();
      await expect(confirm).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(confirm.getByTestId("offline-outlook")).toContainText("The built-in writer writes English only");
    await noSidewaysScroll(page);

    // The landing page's promises of length and languages say what this installation (no AI provider) writes.
    await page.goto("/");
    await expect(page.locator("#how-it-works").getByTestId("built-in-writer-notice")).toContainText(
      "The 1200-1700 word articles in 150+ languages need an AI provider.",
    );
  });
}
