import { randomUUID as newId } from "node:crypto";
import { expect, test } from "@playwright/test";
import { FAKE_INDEXNOW_PORT, fakeUrl } from "./stack";
import { createArticleRetrying, createUserWithArticle, createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Telling search engines, as the customer and a search engine see it: a post published live on the hosted blog
 * reaches the IndexNow fake, which accepted it only after reading the blog's key file from the app; and the live
 * check on the write screen says whether Google has indexed a post, at 1280 and 390 px, with and without JavaScript.
 * The index status rows are the ones the URL Inspection job records (tests/integration/url-inspection.test.ts runs
 * that job against a Search Console stand-in).
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Submission = { host: string; key: string; keyLocation: string; urlList: string[] };

test("a live hosted-blog post is announced with IndexNow, and the fake verified the blog's key from the app", async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser(uniqueEmail("indexnow"), "indexing-password");
  const { articleId } = await createUserArticle(user);
  await signIn(page, user);
  await page.goto(`/dashboard/write?edit=${articleId}&publish=1`);
  const dialog = page.getByRole("dialog", { name: "Publish article" });
  await dialog.getByRole("radio", { name: /^Live/ }).check();
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Published!")).toBeVisible();
  const postUrl = (await page.getByRole("region", { name: "Published to" }).getByRole("link").first().getAttribute("href"))!;

  // One batch per site and minute: the POST goes out after the minute has turned.
  let found: Submission | undefined;
  await expect
    .poll(
      async () => {
        const submissions = (await (await request.get(`${fakeUrl(FAKE_INDEXNOW_PORT)}/__fake/submissions`)).json()) as Submission[];
        found = submissions.find((s) => s.urlList.includes(postUrl));
        return Boolean(found);
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
  // The key file is the blog's, served as text where the submission said.
  const keyFile = await request.get(found!.keyLocation);
  expect(keyFile.status()).toBe(200);
  expect(await keyFile.text()).toBe(found!.key);
  expect(new URL(found!.keyLocation).pathname).toMatch(/^\/b\/[^/]+\/[0-9a-f]{32}\.txt$/);
});

async function createUserArticle(user: { userId: string; siteId: string; workspaceId: string }) {
  const created = await createArticleRetrying(e2eDb(), {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title: `Cold brew ratios ${newId().slice(0, 6)}`,
    targetKeyword: "cold brew ratio",
    contentHtml: "<p>One part coarse coffee to eight parts cold water, twelve to sixteen hours.</p>",
  });
  return { articleId: created.id };
}

/** An article published live on the hosted blog, with Google's index status as the inspection job records it. */
async function publishedWithIndexStatus(prefix: string, inspection: { verdict: string; coverage: string; next: string | null }) {
  const { user, articleId } = await createUserWithArticle(prefix, {
    title: `Grinding for cold brew ${newId().slice(0, 6)}`,
    targetKeyword: "cold brew grind",
    contentHtml: "<p>Grind coarse, like raw sugar.</p>",
  });
  const db = e2eDb();
  const connection = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", user.siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const publicationId = newId();
  const url = `https://northwind.example/blog/${articleId}`;
  await db
    .insertInto("publications")
    .values({
      id: publicationId,
      site_id: user.siteId,
      article_id: articleId,
      connection_id: connection.id,
      mode: "live",
      status: "published",
      marker: publicationId,
      remote_id: articleId,
      remote_url: url,
      remote_status: "published",
      remote_version: null,
      create_started_at: null,
      content_hash: null,
      last_error: null,
      correlation_id: "e2eindex",
      published_at: now,
      live_check: null,
      live_checked_at: null,
      requested_by: null,
      scheduled_for: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("url_inspections")
    .values({
      publication_id: publicationId,
      site_id: user.siteId,
      url,
      published_at: now,
      verdict: inspection.verdict,
      coverage_state: inspection.coverage,
      last_crawl_time: "2026-11-21T03:00:00.000Z",
      inspections: 1,
      inspected_at: now,
      next_inspection_at: inspection.next,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { user, articleId };
}

for (const javaScriptEnabled of [true, false]) {
  for (const [name, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    test.describe(`'Indexed by Google' in the live check, ${name} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled, viewport });

      test("says Google indexed the post, in Google's words", async ({ page }) => {
        const { user, articleId } = await publishedWithIndexStatus("indexed", {
          verdict: "PASS",
          coverage: "Submitted and indexed",
          next: null,
        });
        await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
        const panel = page.getByRole("region", { name: "Live check" });
        const status = panel.getByTestId("index-status");
        await expect(status).toContainText("Indexed by Google");
        await expect(status).toContainText("Indexed (Google: “Submitted and indexed”).");
        await expect(status).toContainText("Last crawled");
        await expect(status.getByText("OK:")).toBeAttached();
        const box = await status.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(viewport.width);
      });

      test("says a post is not indexed yet and when it is looked up again", async ({ page }) => {
        const { user, articleId } = await publishedWithIndexStatus("not-yet", {
          verdict: "NEUTRAL",
          coverage: "Discovered - currently not indexed",
          next: "2026-12-01T12:00:00.000Z",
        });
        await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
        const status = page.getByRole("region", { name: "Live check" }).getByTestId("index-status");
        await expect(status).toContainText("Not yet. Not indexed (Google: “Discovered - currently not indexed”).");
        await expect(status).toContainText("Looked up again on");
      });
    });
  }
}
