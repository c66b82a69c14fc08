import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { bodySentences } from "../../app/modules/articles/site-sentences";
import { syncArticleSentences } from "../../app/modules/articles/site-sentences.server";
import { newId } from "../../app/utils/crypto.server";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The SEO panel names the offline writer's filler for what it is: sentences that say nothing of the topic
 * (specificity) and sentences copied word for word from the site's other articles (duplicate content).
 */

const PASSWORD = "seo-substance-password";
// Today's offline writer's article for 'how to store coffee beans' (the unit tests' fixture).
const filler = JSON.parse(fs.readFileSync("app/modules/articles/fixtures/offline-filler-how-to-store-coffee-beans.json", "utf8")) as {
  keyword: string;
  title: string;
  metaDescription: string;
  html: string;
};
const panel = (page: Page) => page.getByTestId("seo-panel");
const check = (page: Page, id: string) => panel(page).locator(`[data-check="${id}"]`);

/** An article as a save stores it: the row and its sentence index. */
async function storedArticle(siteId: string, authorId: string, title: string, createdAt: string) {
  const id = newId();
  const db = e2eDb();
  await db
    .insertInto("articles")
    .values({
      id,
      site_id: siteId,
      author_id: authorId,
      title,
      slug: id,
      target_keyword: filler.keyword,
      meta_description: filler.metaDescription,
      content_html: filler.html,
      status: "draft",
      source: "offline",
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await syncArticleSentences(
    db,
    siteId,
    id,
    bodySentences(filler.html).map((s) => s.hash),
  );
  return id;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the offline filler on the write screen, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the panel shows the specificity and duplicate-content findings with examples, and the verdict is not 'Good'", async ({
      page,
    }) => {
      const user = await createVerifiedUser(uniqueEmail("seo-substance"), PASSWORD);
      await storedArticle(user.siteId, user.userId, "Keeping coffee fresh", "2026-01-01T08:00:00.000Z");
      const id = await storedArticle(user.siteId, user.userId, filler.title, "2026-01-02T08:00:00.000Z");
      await signIn(page, user, { to: `/dashboard/write?edit=${id}` });

      await expect(panel(page).getByTestId("seo-verdict")).not.toHaveText("Good");
      expect(Number(await panel(page).getByTestId("seo-score").textContent())).toBeLessThan(80);

      const specificity = check(page, "specificity");
      await expect(specificity).toHaveAttribute("data-passed", "false");
      await expect(specificity).toContainText("Sentences about the topic");
      await expect(specificity).toContainText("77 of 89 sentences (87%) name nothing of the topic");
      await expect(specificity.getByRole("list", { name: "Examples" }).getByRole("listitem")).toHaveCount(3);
      await expect(specificity).toContainText("Most advice is either too vague to act on");
      await expect(specificity).toContainText("How to fix:");

      const duplicates = check(page, "duplicates");
      await expect(duplicates).toHaveAttribute("data-passed", "false");
      await expect(duplicates).toContainText("No text copied from your other articles");
      await expect(duplicates).toContainText(/\d+ of \d+ sentences \(100%\) appear word for word in “Keeping coffee fresh”/);
      await expect(duplicates.getByRole("list", { name: "Examples" })).toContainText("(also in “Keeping coffee fresh”)");
    });
  });
}
