import { randomBytes } from "node:crypto";
import { deflateSync, crc32 } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { createUserWithArticle, e2eDb, signIn } from "./users";

/**
 * The customer's own picture: chosen in the Image dialog (or dropped or pasted,
 * which opens the same dialog), alt text required with a clear message,
 * resized for the web in the browser, stored in the image store, shown in the
 * editor, saved with the article and shown in the preview.
 */

const editor = (page: Page) => page.getByTestId("rich-text-editor");

/** A real PNG of the given size (one colour, or noise that barely compresses, like a photo), made here so the test needs no file on disk. */
function png(width: number, height: number, { noise = false } = {}) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([40, 120, 200], 1 + x * 3);
  const noisyRow = () => Buffer.concat([Buffer.alloc(1), randomBytes(width * 3)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => (noise ? noisyRow() : row)));
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("choose a picture in the Image dialog, give its alt text, see it in the editor, save, see it in the preview", async ({ page }) => {
  const { user, articleId } = await createUserWithArticle("editor-image", {
    title: "Cold brew at home",
    targetKeyword: "cold brew",
    contentHtml: "<h2>Why cold brew</h2><p>It is smooth and sweet.</p>",
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  await editor(page).locator("p").last().click();
  await page.keyboard.press("End");

  await page.getByRole("button", { name: "Image", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  await dialog.getByLabel("Upload an image").setInputFiles({ name: "jar.png", mimeType: "image/png", buffer: png(2000, 1000) });
  await expect(dialog.getByText("Chosen: jar.png.")).toBeVisible();
  // No alt text: asked for, and nothing is uploaded.
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Describe the image in the alt text: screen readers and search engines rely on it.");
  await dialog.getByLabel("Alt text").fill("Jar of cold brew on a table");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toHaveCount(0);

  const image = editor(page).getByRole("img", { name: "Jar of cold brew on a table" });
  await expect(image).toBeVisible();
  const src = (await image.getAttribute("src"))!;
  expect(src).toMatch(/^\/uploads\/articles\/[A-Za-z0-9_-]+\.png$/);
  // Resized for the web: 1600 px wide at most.
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1600, 800]);

  await page.getByRole("button", { name: "Update Article" }).click();
  await expect(page.getByText("Article updated!")).toBeVisible();
  const stored = await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow();
  expect(stored.content_html).toContain(`src="${src}"`);
  expect(stored.content_html).toContain('alt="Jar of cold brew on a table"');
  expect(stored.content_html).toMatch(/width="1600"/);
  const rows = await e2eDb().selectFrom("stored_images").select(["article_id", "kind"]).where("path", "=", src.slice(1)).execute();
  expect(rows).toEqual([{ article_id: articleId, kind: "article" }]);

  const [preview] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Preview" }).click()]);
  const shown = preview.getByTestId("preview-body").getByRole("img", { name: "Jar of cold brew on a table" });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute("src", src);
  expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
  await preview.close();
});

test("a picture pasted into the text opens the Image dialog for its alt text", async ({ page }) => {
  const { user, articleId } = await createUserWithArticle("editor-paste", {
    title: "Pasting",
    targetKeyword: "cold brew",
    contentHtml: "<p>Paste here.</p>",
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  await editor(page).locator("p").last().click();
  const bytes = [...png(40, 20)];
  await editor(page).evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], "pasted.png", { type: "image/png" }));
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  await expect(dialog.getByText("Chosen: pasted.png.")).toBeVisible();
  await dialog.getByLabel("Alt text").fill("A pasted picture");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(editor(page).getByRole("img", { name: "A pasted picture" })).toBeVisible();
  await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });
  const stored = await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow();
  expect(stored.content_html).toContain('alt="A pasted picture"');
});

test("a 1.5 MB photo goes in through the Image dialog and by dropping it into the text", async ({ page }) => {
  const { user, articleId } = await createUserWithArticle("editor-large-photo", {
    title: "Large photos",
    targetKeyword: "cold brew",
    contentHtml: "<p>Photos here.</p>",
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  const photo = png(1000, 500, { noise: true });
  expect(photo.length).toBeGreaterThan(1_400_000);
  const uploads: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/dashboard/write/image")) uploads.push(response.status());
  });

  await editor(page).locator("p").last().click();
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  await dialog.getByLabel("Upload an image").setInputFiles({ name: "roastery.png", mimeType: "image/png", buffer: photo });
  await dialog.getByLabel("Alt text").fill("The roastery floor");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor(page).getByRole("img", { name: "The roastery floor" })).toBeVisible();

  await editor(page).locator("p").first().click();
  await editor(page).evaluate(
    (element, data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "dropped.png", { type: "image/png" }));
      element.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    [...photo],
  );
  await expect(dialog.getByText("Chosen: dropped.png.")).toBeVisible();
  await dialog.getByLabel("Alt text").fill("Beans cooling after the roast");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(editor(page).getByRole("img", { name: "Beans cooling after the roast" })).toBeVisible();
  expect(uploads).toEqual([200, 200]);

  await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });
  const stored = await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow();
  expect(stored.content_html).toContain('alt="The roastery floor"');
  expect(stored.content_html).toContain('alt="Beans cooling after the roast"');
});
