import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { saveArticleResearch } from "#app/modules/research/article-research.server";
import { ledgerOfSnapshot } from "#app/modules/research/ledger";
import type { ResearchSnapshot } from "#app/modules/research/types";
import { createUserWithArticle, createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * A writing screen that stays out of the way. The bar with
 * Save/Publish/Preview stays in view on a long article, saving keeps the
 * scroll position, drafts autosave, leaving with unsaved changes asks, AI
 * edits show a diff and wait for Accept (with Undo), the generation dialog is
 * a question, the toolbar keeps rare controls in 'More', toasts close and time
 * out clear of the bar; without JavaScript save and AI edits work as forms.
 */

const PASSWORD = "write-screen-password";
const SENTENCE = "Cold brew coffee is steeped slowly in cold water for many hours, which gives it a smooth and sweet taste";
const LONG = Array.from({ length: 90 }, (_, i) => `<p>Paragraph ${i + 1}. ${SENTENCE}. ${SENTENCE}.</p>`).join("");
const SHORT = "<h2>Why cold brew</h2><p>It is smooth and sweet.</p><p>Keep it cold.</p>";

function account(prefix: string, contentHtml: string) {
  return createUserWithArticle(prefix, { title: "Cold brew at home", targetKeyword: "cold brew", contentHtml });
}

const editor = (page: Page) => page.getByTestId("rich-text-editor");
const bar = (page: Page) => page.getByTestId("write-bar");
const contentOf = async (articleId: string) =>
  (await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow()).content_html;

async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 1);
  return box!;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Scrolls to the end of the editor's text and puts the caret there. */
async function caretAtEnd(page: Page) {
  await editor(page).locator("p").last().scrollIntoViewIfNeeded();
  await editor(page).locator("p").last().click();
  await page.keyboard.press("End");
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`write screen at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the bar stays in view on a long article, saving keeps the scroll position, the toast covers no control", async ({ page }) => {
      const { user, articleId } = await account(`bar-${viewport.name}`, LONG);
      await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
      await expect(editor(page).locator("p")).toHaveCount(90);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(6000);

      await caretAtEnd(page);
      await page.keyboard.type(" Extra closing words.");
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(3000);
      const barBox = await inViewport(page, bar(page));
      if (viewport.width >= 1024) await inViewport(page, page.getByTestId("seo-score"));

      await bar(page).getByRole("button", { name: "Update Article" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Article updated!");
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(80);
      expect(await contentOf(articleId)).toContain("Extra closing words.");
      // The toast sits clear of the bar and of the page header.
      const toastBox = (await toast.boundingBox())!;
      expect(overlaps(toastBox, (await bar(page).boundingBox())!)).toBe(false);
      expect(overlaps(toastBox, (await page.locator("header").first().boundingBox())!)).toBe(false);
      expect(barBox.height).toBeLessThan(140);

      // The toolbar's groups wrap rather than scroll (toolbar-fits.spec.ts checks every tool); rare controls are in 'More'.
      const toolbar = page.getByRole("toolbar", { name: "Formatting" });
      await editor(page).locator("p").first().scrollIntoViewIfNeeded();
      await inViewport(page, toolbar.getByRole("button", { name: "More formatting" }));
      await axeClean(page);
    });
  });
}

test.describe.serial("write screen with JavaScript", () => {
  let page: Page;
  let articleId: string;

  test.beforeAll(async ({ browser }) => {
    const made = await account("write-screen", SHORT);
    articleId = made.articleId;
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, made.user, { to: `/dashboard/write?edit=${articleId}` });
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test("autosaves a few seconds after typing, and a reload shows the text", async () => {
    await caretAtEnd(page);
    await page.keyboard.type(" Autosaved words.");
    await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");
    await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });
    expect(await contentOf(articleId)).toContain("Autosaved words.");
    await page.reload();
    await expect(editor(page)).toContainText("Autosaved words.");
  });

  test("leaving with unsaved changes asks first", async () => {
    await caretAtEnd(page);
    await page.keyboard.type(" Not yet saved.");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" }).click();
    const ask = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/edit=/);
    await expect(editor(page)).toContainText("Not yet saved.");
    await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });
  });

  test("the toolbar's More menu holds font, size, colour, highlight, sub/superscript and direction, by keyboard too", async () => {
    const more = page.getByRole("button", { name: "More formatting" });
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    for (const name of ["Font", "Font size", "Text colour", "Highlight"])
      await expect(menu.getByRole("menuitem", { name, exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitemcheckbox", { name: /Subscript/ })).toBeVisible();
    await expect(menu.getByRole("menuitemcheckbox", { name: /Superscript/ })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Left to right" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Right to left" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);

    // Superscript from the menu applies to the selected word.
    await editor(page).locator("p").last().click();
    await page.keyboard.press("End");
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    await more.click();
    await page.getByRole("menuitemcheckbox", { name: /Superscript/ }).click();
    await expect(editor(page).locator("sup")).toHaveText("aved.");
  });

  test("an AI edit of the selection shows a diff; Discard leaves the text, Accept changes it, Undo restores it", async () => {
    const paragraph = editor(page).locator("p", { hasText: "It is smooth and sweet." });
    const before = await editor(page).innerText();
    const select = async () => {
      await paragraph.click();
      await page.keyboard.press("Home");
      await page.keyboard.press("Shift+End");
    };
    const ask = async () => {
      await select();
      await page.getByRole("button", { name: "AI edit" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit the selection with AI" });
      await dialog.getByLabel("Instruction").fill("Expand");
      await dialog.getByRole("button", { name: "Rewrite" }).click();
      const review = page.getByRole("dialog", { name: "Review the AI edit" });
      await expect(review.getByTestId("ai-diff").locator("ins")).toContainText("In practice, this makes the next step clearer.");
      return review;
    };

    let review = await ask();
    await review.getByRole("button", { name: "Discard" }).click();
    await expect(review).toHaveCount(0);
    expect(await editor(page).innerText()).toBe(before);

    review = await ask();
    await review.getByRole("button", { name: "Accept" }).click();
    await expect(editor(page)).toContainText("It is smooth and sweet. In practice, this makes the next step clearer.");
    await page.getByRole("button", { name: "Undo AI edit" }).click();
    await expect(editor(page)).not.toContainText("In practice, this makes the next step clearer.");
    await expect(editor(page)).toContainText("It is smooth and sweet.");
  });

  test("an error toast can be closed, and goes by itself", async () => {
    const fail = async () => {
      await page.getByLabel("Edit with AI").fill("Translate it into French");
      await page.getByRole("button", { name: "Apply to the whole draft" }).click();
    };
    await fail();
    const toast = page.getByTestId("toast");
    // The built-in writer cannot translate: a notice that nothing changed, not an error.
    await expect(toast).toContainText("The built-in writer can't do that");
    await expect(toast).not.toContainText(/OPENAI|_KEY|_URL/);
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
    await fail();
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 15_000 });
  });

  test("axe finds nothing on the write screen", async () => {
    await axeClean(page);
  });
});

test("the generation dialog asks before starting, in the progress page's words; 'More options' opens the generator", async ({ page }) => {
  const user = await createVerifiedUser(uniqueEmail("write-ask"), PASSWORD);
  await signIn(page, user, { to: "/dashboard/write" });
  const panel = page.getByRole("region", { name: "Get AI-Powered Article Ideas" });
  await panel.getByLabel("Target keyword").fill("cold brew coffee");
  const dialog = page.getByRole("dialog", { name: "Generate an article?" });
  await expect(async () => {
    await panel.getByRole("button", { name: "Generate AI Article" }).click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  // Without an AI provider it says first, in one sentence, what the built-in writer can and cannot do for the keyword.
  await expect(dialog.getByTestId("offline-outlook")).toContainText(
    /^Without an AI provider the built-in writer .*“cold brew coffee”.*; the draft does not count against your plan\./,
  );
  await expect(dialog).toContainText("You may leave this page; the draft will be waiting in your articles.");
  await expect(dialog.getByRole("button", { name: "Start Generation" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await panel.getByRole("link", { name: "More options" }).click();
  await expect(page).toHaveURL(/\/dashboard\/generator/);
});

test.describe("write screen without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a save lands back at the editor; an AI edit is reviewed on its own page and applied by Accept", async ({ page }) => {
    const { user, articleId } = await account("write-screen-nojs", SHORT);
    await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
    await page
      .getByRole("textbox", { name: "Content" })
      .fill("<h2>Why cold brew</h2><p>It is smooth. It is sweet. It keeps. It is easy.</p>");
    await page.getByRole("button", { name: "Update Article" }).click();
    await expect(page).toHaveURL(/#editor$/);
    await expect(page.getByText("Article updated!")).toBeVisible();
    const saved = await contentOf(articleId);

    const review = async () => {
      await page.getByLabel("Edit with AI").fill("Make it shorter");
      await page.getByRole("button", { name: "Apply to the whole draft" }).click();
      await expect(page.getByRole("heading", { name: "Review the AI edit", level: 1 })).toBeVisible();
      await expect(page.getByTestId("ai-diff").locator("del").first()).toBeVisible();
    };
    await review();
    await page.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("heading", { name: "Edit Article", level: 1 })).toBeVisible();
    expect(await contentOf(articleId)).toBe(saved);

    await review();
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(/edit=.*#editor$/);
    await expect(page.getByText("Article updated!")).toBeVisible();
    const after = await contentOf(articleId);
    expect(after).not.toBe(saved);
    expect(after).toContain("It is smooth.");
  });
});

/** The claim ledger beside the editor: the sources the article uses and what the research could not provide. */
const SITE = "https://northwind-coffee.example";
const CANISTER_FACT = "The canister holds 500 g of whole beans behind a one-way CO2 valve.";
const NCA_FACT = "Whole beans stay fresh for 2 to 4 weeks after roasting.";
const GAP = "None of the top results' pages could be read, so the outline follows only their titles.";
const RESEARCHED = `<h2>Keep them sealed</h2><p>${CANISTER_FACT} See the <a href="${SITE}/products/coffee-canister">canister</a>.</p><p>${NCA_FACT} Read <a href="https://www.ncausa.org/storing-coffee">the NCA guide</a>.</p>`;

async function researchedAccount(prefix: string) {
  const { user, articleId } = await createUserWithArticle(prefix, {
    title: "How to store coffee beans",
    targetKeyword: "how to store coffee beans",
    contentHtml: RESEARCHED,
  });
  const snapshot: ResearchSnapshot = {
    keyword: "how to store coffee beans",
    provider: "DataForSEO",
    serp: {
      keyword: "how to store coffee beans",
      results: [
        {
          position: 1,
          url: "https://www.ncausa.org/storing-coffee",
          domain: "ncausa.org",
          title: "How to Store Coffee",
          snippet: NCA_FACT,
        },
      ],
      peopleAlsoAsk: [],
      relatedSearches: [],
    },
    pages: [],
    keywordData: null,
    sitePages: [{ url: `${SITE}/products/coffee-canister`, title: "Airtight Coffee Canister", kind: "product" }],
    gatheredAt: new Date().toISOString(),
    facts: [
      { text: CANISTER_FACT, source: { url: `${SITE}/products/coffee-canister`, title: "Airtight Coffee Canister", kind: "own" } },
      { text: NCA_FACT, source: { url: "https://www.ncausa.org/storing-coffee", title: "How to Store Coffee", kind: "web" } },
    ],
    gaps: [GAP],
  };
  await saveArticleResearch(e2eDb(), user.siteId, articleId, { snapshot, sources: ledgerOfSnapshot(RESEARCHED, snapshot) });
  return { user, articleId };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the editor's Sources ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("lists your pages and web sources with their facts, and what the research could not provide", async ({ page }) => {
      const { user, articleId } = await researchedAccount(`write-sources-${javaScriptEnabled ? "js" : "nojs"}`);
      await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
      const panel = page.getByTestId("sources-panel");
      await expect(panel.getByRole("heading", { name: "Sources", level: 2 })).toBeVisible();
      await expect(panel.getByTestId("research-status")).toContainText("Researched with DataForSEO:");
      await expect(panel.getByRole("link", { name: "your page Airtight Coffee Canister" })).toHaveAttribute(
        "href",
        `${SITE}/products/coffee-canister`,
      );
      await expect(panel.getByRole("link", { name: "ncausa.org" })).toBeVisible();
      await expect(panel.getByRole("list", { name: "Facts from this source" }).first()).toContainText(CANISTER_FACT);
      await expect(panel.getByTestId("research-gaps")).toContainText(GAP);
      if (javaScriptEnabled) await axeClean(page);
      else {
        // A save without the web source's fact and link takes it off the list.
        await page
          .getByRole("textbox", { name: "Content" })
          .fill(
            `<h2>Keep them sealed</h2><p>${CANISTER_FACT} See the <a href="${SITE}/products/coffee-canister">canister</a>.</p><p>Keep them dry and dark.</p>`,
          );
        await page.getByRole("button", { name: "Update Article" }).click();
        await expect(page.getByText("Article updated!")).toBeVisible();
        await expect(panel.getByRole("link", { name: "your page Airtight Coffee Canister" })).toBeVisible();
        await expect(panel.getByRole("link", { name: "ncausa.org" })).toHaveCount(0);
      }
    });
  });
}
