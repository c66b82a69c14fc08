import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { newId } from "../../app/utils/crypto.server";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * axe finds no violation on any dashboard page, at
 * desktop and phone widths. One operator account opens every page of the
 * signed-in app (customer and operator pages) with an article to edit, and
 * the page must also fit the phone's width without sideways scrolling.
 */

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const PAGES = [
  "/dashboard",
  "/dashboard/articles",
  "/dashboard/articles?status=draft",
  "/dashboard/write",
  "/dashboard/write?edit=:articleId",
  "/dashboard/generator",
  "/dashboard/topics",
  "/dashboard/plan",
  "/dashboard/plan?add=1",
  "/dashboard/scheduler",
  "/dashboard/backlinks",
  "/dashboard/results",
  "/dashboard/settings",
  "/dashboard/settings?tab=content",
  "/dashboard/settings?tab=integrations",
  "/dashboard/api-docs",
  "/dashboard/account",
  "/dashboard/sites",
  "/dashboard/sites?new=1",
  "/dashboard/team",
  "/dashboard/team?invite=1",
  "/integrations",
  "/dashboard/admin",
  "/dashboard/admin/mailbox",
  "/dashboard/admin/sessions",
  "/dashboard/admin/integrations",
  "/dashboard/admin/integration-settings",
];

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const size of WIDTHS) {
  test(`every dashboard page passes axe at ${size.name} width`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const user = await createVerifiedUser(uniqueEmail(`axe-${size.name}`), "axe-password", { fullName: "Ada Lovelace", isOperator: true });
    const articleId = newId();
    const now = new Date().toISOString();
    await e2eDb()
      .insertInto("articles")
      .values({
        id: articleId,
        site_id: user.siteId,
        author_id: user.userId,
        title: "Espresso at home",
        slug: "espresso-at-home",
        target_keyword: "espresso at home",
        status: "draft",
        content_html: "<h2>Why espresso at home</h2><p>Good espresso at home needs a grinder, fresh beans and patience.</p>",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await signIn(page, user);

    const found: string[] = [];
    for (const template of PAGES) {
      const path = template.replace(":articleId", articleId);
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await page.waitForLoadState("networkidle");
      for (const line of await violations(page)) found.push(`${path}: ${line}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 1) found.push(`${path}: the page is ${overflow}px wider than the screen`);
    }
    expect(found).toEqual([]);
  });
}
