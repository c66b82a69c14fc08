import { expect, test, type Page } from "@playwright/test";
import { createUserWithArticle, signIn } from "./users";

/**
 * Every tool of the editor's toolbar is in sight at a phone's and at desktop widths: groups wrap to a further row
 * rather than scroll sideways out of view, and the rare controls are in the opened 'More' menu.
 */

const WIDTHS = [
  { width: 390, height: 844, maxRows: 4 },
  { width: 1280, height: 800, maxRows: 2 },
  { width: 1600, height: 900, maxRows: 2 },
  { width: 1920, height: 1080, maxRows: 2 },
];
const ROW = 36;
const TOOLS = [
  "Bold",
  "Italic",
  "Underline",
  "Strikethrough",
  "Link",
  "Image",
  "Video",
  "Quote",
  "Code block",
  "Bulleted list",
  "Numbered list",
  "Outdent",
  "Indent",
  "Align left",
  "Align center",
  "Align right",
  "Justify",
  "Clear formatting",
  "More formatting",
  "AI edit",
];
const MORE = ["Font", "Font size", "Text colour", "Highlight", "Left to right", "Right to left"];

async function fullyInside(page: Page, name: string, box: { x: number; y: number; width: number; height: number }) {
  const tool = page
    .getByRole("toolbar", { name: "Formatting" })
    .getByRole(name === "Block style" ? "combobox" : "button", { name, exact: true });
  await expect(tool, name).toBeVisible();
  const own = (await tool.boundingBox())!;
  // Not clipped by the toolbar (a sideways strip would hide it past its right edge) nor by the screen.
  expect(own.x, `${name} starts inside`).toBeGreaterThanOrEqual(box.x - 1);
  expect(own.x + own.width, `${name} ends inside`).toBeLessThanOrEqual(Math.min(box.x + box.width, page.viewportSize()!.width) + 1);
  expect(own.y + own.height, `${name} is not below the toolbar`).toBeLessThanOrEqual(box.y + box.height + 1);
}

test("every toolbar tool is visible, or in the opened More menu, at 390, 1280, 1600 and 1920 px", async ({ page }) => {
  const { user, articleId } = await createUserWithArticle("toolbar-fits", {
    title: "Glazing at home",
    targetKeyword: "how to glaze pottery",
    contentHtml: "<h2>Dipping</h2><p>Dip the bisqueware for three seconds.</p>",
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await toolbar.scrollIntoViewIfNeeded();
    const box = (await toolbar.boundingBox())!;
    expect(box.height, `rows at ${size.width}px`).toBeLessThanOrEqual(size.maxRows * ROW + 8);
    for (const name of ["Block style", ...TOOLS]) await fullyInside(page, name, box);
    await toolbar.getByRole("button", { name: "More formatting" }).click();
    const menu = page.getByRole("menu");
    for (const name of MORE) await expect(menu.getByRole("menuitem", { name, exact: true }), `${name} at ${size.width}px`).toBeInViewport();
    await expect(menu.getByRole("menuitemcheckbox", { name: /Superscript/ })).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
  }
});
