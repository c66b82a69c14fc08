import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The Brand and Content settings tabs, with and without JavaScript: the product's
 * toasts, bad inputs refused with messages (nothing saved), and real saves.
 */

const PASSWORD = "settings-password";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);

const toast = (page: Page) => page.getByTestId("toast");
/** axe runs inside the page, so only with JavaScript on. */
async function expectNoAxeViolations(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
const form = (page: Page, name: string) => page.getByRole("form", { name });
const brandRow = (siteId: string) =>
  e2eDb().selectFrom("brand_settings").selectAll().where("site_id", "=", siteId).executeTakeFirstOrThrow();
const contentRow = (siteId: string) =>
  e2eDb().selectFrom("content_settings").selectAll().where("site_id", "=", siteId).executeTakeFirstOrThrow();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`settings tabs, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Brand tab: logo, fields, tags and links; Content tab: every preference", async ({ page, request }) => {
      const user = await createVerifiedUser(uniqueEmail("settings"), PASSWORD);
      await signIn(page, user);
      await page.goto("/dashboard/settings");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Settings/);
      const tabs = page.getByRole("navigation", { name: "Settings sections" }).getByRole("link");
      await expect(tabs).toHaveText(["Brand", "Content", "Account", "Integrations", "Publishing", "Blog"]);
      await expect(tabs.first()).toHaveAttribute("aria-current", "page");
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Logo: a text file named .png is refused, a PNG is stored and served with cache headers. With JavaScript
      // choosing the file uploads it (one step); without, the form's one button does.
      const chooseLogo = async (buffer: Buffer) => {
        await form(page, "Logo").getByLabel("Upload a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer });
        if (!javaScriptEnabled) await form(page, "Logo").getByRole("button", { name: "Upload logo" }).click();
      };
      await chooseLogo(Buffer.from("not an image"));
      await expect(page.getByRole("alert").filter({ hasText: "Error uploading logo" })).toBeVisible();
      expect((await brandRow(user.siteId)).logo_path).toBeNull();
      // A refused upload's answer no longer remounts the form (it used to land after the next file was chosen and drop it).
      await chooseLogo(PNG);
      await expect(toast(page)).toContainText("Logo uploaded successfully!");
      const src = await page.getByTestId("logo-image").getAttribute("src");
      expect(src).toMatch(/^\/uploads\/logos\/[\w-]+\.png$/);
      const served = await request.get(src!);
      expect(served.status()).toBe(200);
      expect(served.headers()["cache-control"]).toBe("public, max-age=3600");

      // Brand fields: a bad internal link is refused with its message and nothing is saved.
      const brand = form(page, "Brand information");
      await brand.getByLabel("Brand name").fill("Trailhead Co");
      await brand.getByLabel("Industry").fill("Outdoor gear");
      await brand.getByLabel("Description").fill("Boots and tents for weekend hikers.");
      await brand.getByLabel("Target audience").fill("Weekend hikers");
      await brand.getByLabel("Tone of voice").fill("Friendly");
      await brand.getByLabel("Default language").selectOption("fr-CA");
      await brand.getByLabel("Tags").fill(" hiking, ,camping , trail running,");
      await brand.getByLabel("Internal links (one per line)").fill("https://trailhead.example/boots\nnot a link");
      await brand.getByRole("button", { name: "Save brand settings" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Error saving settings" })).toBeVisible();
      await expect(page.getByText('"not a link" is not a web address')).toBeVisible();
      expect((await brandRow(user.siteId)).brand_name).toBe("");
      // The form keeps what was typed.
      await expect(form(page, "Brand information").getByLabel("Brand name")).toHaveValue("Trailhead Co");

      await form(page, "Brand information")
        .getByLabel("Internal links (one per line)")
        .fill("https://trailhead.example/boots\n\nhttps://trailhead.example/tents, https://trailhead.example/about");
      await form(page, "Brand information").getByRole("button", { name: "Save brand settings" }).click();
      await expect(toast(page)).toContainText("Brand settings saved!");
      const saved = await brandRow(user.siteId);
      expect(saved).toMatchObject({ brand_name: "Trailhead Co", industry: "Outdoor gear", language: "fr-CA", tone_of_voice: "Friendly" });
      expect(JSON.parse(saved.tags)).toEqual(["hiking", "camping", "trail running"]);
      expect(JSON.parse(saved.internal_links)).toEqual([
        "https://trailhead.example/boots",
        "https://trailhead.example/tents",
        "https://trailhead.example/about",
      ]);
      await page.reload();
      await expect(form(page, "Brand information").getByLabel("Tags")).toHaveValue("hiking, camping, trail running");
      await expect(form(page, "Brand information").getByLabel("Default language")).toHaveValue("fr-CA");
      expect(await form(page, "Brand information").getByLabel("Default language").locator("option").count()).toBeGreaterThanOrEqual(150);

      // Content tab: the defaults, then every field saved.
      await page.goto("/dashboard/settings?tab=content");
      const content = form(page, "Content settings");
      await expect(content.getByLabel("Article length")).toHaveValue("medium");
      await expect(content.getByLabel("Brand mentions")).toHaveValue("minimal");
      await expect(content.getByLabel("Daily generation time")).toHaveValue("09:00");
      await expect(content.getByRole("switch", { name: "Use brand information" })).toBeChecked();
      await expect(content.getByRole("switch", { name: "External search" })).toBeChecked();
      await expect(content.getByRole("switch", { name: "Automatic generation" })).not.toBeChecked();
      await expect(content.getByLabel("Article language")).toHaveValue("en-US");
      await expectNoAxeViolations(page, javaScriptEnabled);

      await content.getByLabel("Article length").selectOption("long");
      await content.getByLabel("Brand mentions").selectOption("regular");
      await content.getByLabel("Internal links").selectOption("many");
      await content.getByLabel("External links").selectOption("few");
      await content.getByRole("switch", { name: "External search" }).uncheck();
      await content.getByRole("switch", { name: "Automatic generation" }).check();
      await content.getByRole("switch", { name: "Publish automatically" }).check();
      await content.getByLabel("Daily generation time").selectOption("18:00");
      await content.getByLabel("Article language").selectOption("pt-BR");
      await content.getByLabel("Specific instructions").fill("Short paragraphs.");
      await content.getByLabel("Exclusions").fill("Competitor X");
      await content.getByLabel("Image style").fill("illustration");
      await content.getByRole("button", { name: "Save content settings" }).click();
      await expect(toast(page)).toContainText("Content settings saved!");
      expect(await contentRow(user.siteId)).toMatchObject({
        use_brand_info: 1,
        article_length: "long",
        brand_mentions: "regular",
        internal_links_count: "many",
        external_search: 0,
        external_links: "few",
        language: "pt-BR",
        specific_instructions: "Short paragraphs.",
        exclusions: "Competitor X",
        image_style: "illustration",
        auto_generation: 1,
        auto_gen_time: "18:00",
        auto_publish: 1,
      });
      await page.reload();
      await expect(form(page, "Content settings").getByRole("switch", { name: "External search" })).not.toBeChecked();
      await expect(form(page, "Content settings").getByLabel("Article length")).toHaveValue("long");
    });
  });
}
