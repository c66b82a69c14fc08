import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { CHECK_LINKS_JOB, syncArticleLinks } from "../../app/modules/backlinks/links.server";
import { enqueue } from "../../app/modules/jobs/queue.server";
import { newId } from "../../app/utils/crypto.server";
import { FAKE_DATAFORSEO_BACKLINKS_PORT, TEST_SITE_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The Backlinks page with and without JavaScript, in its two parts.
 * "Links in your articles": the links of the site's articles listed with their kind
 * and article, "Check links now" checking them against the local test site (the only
 * private host the stack allows), each failure's reason in plain words (404 Not
 * Found, a name that does not resolve, a cloud-metadata address the guard blocks),
 * the 10-minute limit and filters.
 * "Backlinks to your site": the stack's DataForSEO Backlinks fake answers for each
 * spec's own domain; fetching shows the figures and the referring domains, Refresh
 * is limited to once an hour, and a provider error says so with a reference.
 * Both: no word-by-word wrapping at 1280, stacked rows on a phone, axe at both widths.
 */

const PASSWORD = "backlinks-password";
const SITE = fakeUrl(TEST_SITE_PORT);
const PROVIDER = fakeUrl(FAKE_DATAFORSEO_BACKLINKS_PORT);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const toast = (page: Page) => page.getByTestId("toast");
const linksPart = (page: Page) => page.getByRole("region", { name: "Links in your articles" });
const toSitePart = (page: Page) => page.getByRole("region", { name: "Backlinks to your site" });
// The link cell carries the link's address as its title.
const row = (page: Page, url: string) =>
  linksPart(page)
    .getByRole("row")
    .filter({ has: page.getByTitle(url, { exact: true }) });

async function expectNoAxeViolations(page: Page) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${size.width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** Every cell of the table is at most two lines high and fits its column: nothing wraps word by word or spills over. */
async function expectCellsOnOneOrTwoLines(table: Locator) {
  // A table at this width (its headers in view), not the stacked rows of a narrow screen.
  const header = await table.getByRole("columnheader").first().boundingBox();
  expect(header!.width).toBeGreaterThan(100);
  const heights = await table.locator("td").evaluateAll((cells) =>
    cells.map((cell) => {
      const style = getComputedStyle(cell);
      const lines = (cell.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / parseFloat(style.lineHeight);
      // Text kept on one line must fit its column too, not spill out of it (cut text clips inside its own box).
      const spills = cell.scrollWidth > cell.clientWidth + 1;
      return { text: cell.textContent?.slice(0, 40), lines: Math.round(lines * 10) / 10, spills };
    }),
  );
  expect(heights.length).toBeGreaterThan(0);
  expect(heights.filter((h) => h.lines > 2.5 || h.spills)).toEqual([]);
}

async function seed() {
  const user = await createVerifiedUser(uniqueEmail("backlinks"), PASSWORD);
  const db = e2eDb();
  await db.updateTable("sites").set({ url: SITE }).where("id", "=", user.siteId).execute();
  const id = newId();
  const at = new Date().toISOString();
  const html = `<p>Start at <a href="/shop">our shop</a>, read <a href="${SITE}/about">our story</a>,
    an <a href="${SITE}/moved">old page</a>, a <a href="${SITE}/no-such-page">dead page</a>,
    a <a href="https://no-such-host.invalid/page">lost domain</a>
    and <a href="http://169.254.169.254/latest/meta-data/">cloud metadata</a>.</p>`;
  await db
    .insertInto("articles")
    .values({
      id,
      site_id: user.siteId,
      author_id: user.userId,
      title: "Brewing with links: a long article title that must not wrap word by word in its column",
      slug: id,
      content_html: html,
      status: "published",
      created_at: at,
      updated_at: at,
    })
    .execute();
  // Today's daily check is taken (as if it ran before the links existed): the minute tick would otherwise check the
  // new links before the page shows them 'Not checked yet' (a CI run lost this spec to that race).
  const daily = `links:${user.siteId}:daily:${new Date().toISOString().slice(0, 10)}`;
  await enqueue(
    db,
    CHECK_LINKS_JOB,
    { siteId: user.siteId, trigger: "daily" },
    { idempotencyKey: daily, tenant: { siteId: user.siteId }, runAt: new Date(Date.now() + 86_400_000) },
  );
  await db.updateTable("jobs").set({ status: "cancelled" }).where("idempotency_key", "=", daily).execute();
  await syncArticleLinks(db, user.siteId, id);
  // Another account's link: never shown here.
  const other = await createVerifiedUser(uniqueEmail("backlinks-other"), PASSWORD);
  const foreign = newId();
  await db
    .insertInto("articles")
    .values({
      id: foreign,
      site_id: other.siteId,
      author_id: other.userId,
      title: "Foreign",
      slug: foreign,
      content_html: `<a href="https://foreign.example/secret">x</a>`,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await syncArticleLinks(db, other.siteId, foreign);
  return { user, articleId: id };
}

/** A user whose site is on its own domain, with the provider's data for that domain armed in the fake. */
async function seedProviderSite() {
  const user = await createVerifiedUser(uniqueEmail("backlinks-provider"), PASSWORD);
  const domain = `roastery-${newId().slice(0, 8).toLowerCase()}.example`;
  await e2eDb()
    .updateTable("sites")
    .set({ url: `https://www.${domain}/` })
    .where("id", "=", user.siteId)
    .execute();
  const response = await fetch(`${PROVIDER}/__fake/targets`, {
    method: "POST",
    body: JSON.stringify({
      target: domain,
      summary: { backlinks: 1250, referring_domains: 48, referring_main_domains: 41, rank: 312, broken_backlinks: 3 },
      backlinks: [
        {
          domain_from: "coffee-news.example",
          url_from:
            "https://coffee-news.example/reviews/2026/the-very-best-single-origin-beans-for-home-espresso-machines-tested-and-ranked",
          url_to: `https://www.${domain}/beans/single-origin/ethiopia-yirgacheffe-natural-process`,
          anchor: "the roastery's single-origin beans, which our testers liked best of all the beans we tried this year",
          dofollow: true,
          domain_from_rank: 410,
          first_seen: "2026-03-26 02:46:50 +00:00",
          last_seen: "2026-11-01 10:00:00 +00:00",
        },
        {
          domain_from: "forum.example",
          url_from: "https://forum.example/t/grinders",
          url_to: `https://${domain}/grinders`,
          anchor: "",
          dofollow: false,
          domain_from_rank: 120,
          first_seen: "2026-06-02 08:00:00 +00:00",
          last_seen: "2026-10-30 09:00:00 +00:00",
        },
      ],
    }),
  });
  expect(response.ok).toBe(true);
  return { user, domain };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`backlinks, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: DESKTOP });

    test("lists article links, checks them now with the reason each failure had, limits repeats", async ({ page }) => {
      const { user, articleId } = await seed();
      await signIn(page, user);
      await page.goto("/dashboard/backlinks");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Backlinks/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Backlink Management");
      await expect(page.getByText("Monitor and manage your backlinks here.")).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
        "Backlinks to your site",
        "Links in your articles",
      ]);
      await expect(page.getByText("foreign.example")).toHaveCount(0);
      await expect(linksPart(page).getByRole("row")).toHaveCount(7);
      await expect(linksPart(page)).toContainText("Checked daily. Not checked yet.");
      const shop = row(page, "/shop");
      await expect(shop).toContainText("our shop");
      await expect(shop).toContainText("internal");
      await expect(shop).toContainText("Not checked");
      await expect(row(page, "http://169.254.169.254/latest/meta-data/")).toContainText("external");
      await expect(shop.getByRole("link", { name: /Brewing with links/ })).toHaveAttribute("href", `/dashboard/write?edit=${articleId}`);

      const check = page.getByRole("button", { name: "Check links now" });
      if (javaScriptEnabled) {
        await expect(async () => {
          await check.click();
          await expect(toast(page)).toContainText("Link check started", { timeout: 2000 });
        }).toPass();
      } else {
        await check.click();
        await expect(toast(page)).toContainText("Link check started");
      }
      // With JavaScript the page refreshes itself while the check runs; without it, a reload shows the result.
      await expect(async () => {
        if (!javaScriptEnabled) await page.reload();
        await expect(row(page, `${SITE}/no-such-page`)).toContainText("Broken", { timeout: 1000 });
        await expect(row(page, "https://no-such-host.invalid/page")).not.toContainText("Not checked", { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(row(page, "/shop")).toContainText("OK");
      await expect(row(page, "/shop")).toContainText("HTTP 200");
      await expect(row(page, `${SITE}/about`)).toContainText("OK");
      await expect(row(page, `${SITE}/moved`)).toContainText("Redirect");
      // Each failure says why, in plain words.
      await expect(row(page, `${SITE}/no-such-page`)).toContainText("404 Not Found");
      await expect(row(page, "https://no-such-host.invalid/page")).toContainText("Broken");
      await expect(row(page, "https://no-such-host.invalid/page")).toContainText("Domain not found");
      await expect(row(page, "http://169.254.169.254/latest/meta-data/")).toContainText("Blocked");
      await expect(row(page, "http://169.254.169.254/latest/meta-data/")).toContainText("Blocked: private address");
      await expect(row(page, "/shop")).toContainText(/\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}/);
      await expect(linksPart(page)).toContainText(/Last check: \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}\./);
      await expect(page.getByRole("button", { name: "Check links now" })).toBeEnabled();
      await expect(linksPart(page).getByRole("definition")).toHaveText(["6", "4", "2", "2"]);

      // Long titles, anchors and reasons are cut, not wrapped word by word; the whole text is in the title.
      await expectCellsOnOneOrTwoLines(linksPart(page).getByRole("table"));
      await expect(shop.getByRole("link", { name: /Brewing with links/ })).toHaveAttribute(
        "title",
        /must not wrap word by word in its column$/,
      );
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        // On a phone each link is a stack of labelled lines, its result in view.
        await page.setViewportSize(PHONE);
        const dead = row(page, `${SITE}/no-such-page`);
        await expect(dead.getByText("404 Not Found")).toBeVisible();
        const box = await dead.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(PHONE.width);
        await page.setViewportSize(DESKTOP);
      }

      await linksPart(page).getByRole("link", { name: "Broken", exact: true }).click();
      await expect(page).toHaveURL(/status=broken/);
      await expect(linksPart(page).getByRole("row")).toHaveCount(3);

      await page.getByRole("button", { name: "Check links now" }).click();
      await expect(linksPart(page).getByRole("alert")).toContainText(
        "Links were checked recently. You can start another check in 10 minutes.",
      );
    });

    test("shows backlinks to the site from the provider, refreshes once an hour", async ({ page }) => {
      const { user, domain } = await seedProviderSite();
      await signIn(page, user);
      await page.goto("/dashboard/backlinks");
      const part = toSitePart(page);
      await expect(part).toContainText(`Backlink data for ${domain} has not been fetched yet.`);
      await part.getByRole("button", { name: "Fetch backlink data" }).click();
      await expect(toast(page)).toContainText("Backlink data updated");
      await expect(part).toContainText(
        new RegExp(
          `Sites linking to ${domain.replace(/\./g, "\\.")}, from DataForSEO\\. Fetched \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}\\.`,
        ),
      );
      await expect(part.getByRole("definition")).toHaveText(["1,250", "48", "312 / 1000", "3"]);
      await expect(part.getByRole("term")).toHaveText(["Backlinks", "Referring domains", "Domain rank", "Broken backlinks"]);
      const rows = part.getByRole("row");
      await expect(rows).toHaveCount(3);
      const news = rows.filter({ hasText: "coffee-news.example" });
      await expect(news).toContainText("Rank 410");
      await expect(news).toContainText("/beans/single-origin/ethiopia-yirgacheffe-natural-process");
      await expect(news).toContainText("Dofollow");
      await expect(news).toContainText("26 Mar 2026");
      await expect(news.getByRole("link", { name: /coffee-news\.example\/reviews/ })).toHaveAttribute("title", /tested-and-ranked$/);
      await expect(rows.filter({ hasText: "forum.example" })).toContainText("Nofollow");
      await expectCellsOnOneOrTwoLines(part.getByRole("table"));
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await part.getByRole("button", { name: "Refresh" }).click();
      await expect(part.getByRole("alert")).toContainText("Backlink data was fetched recently. You can refresh it again in 60 minutes.");
      // The figures stay.
      await expect(part.getByRole("definition").first()).toHaveText("1,250");
    });

    test("says plainly when the provider fails, with a reference", async ({ page }) => {
      const { user, domain } = await seedProviderSite();
      for (let i = 0; i < 2; i++) {
        await fetch(`${PROVIDER}/__fake/fail-next`, { method: "POST", body: JSON.stringify({ target: domain, httpStatus: 500 }) });
      }
      await signIn(page, user);
      await page.goto("/dashboard/backlinks");
      const part = toSitePart(page);
      await part.getByRole("button", { name: "Fetch backlink data" }).click();
      const alert = part.getByRole("alert");
      await expect(alert).toContainText("We could not get backlink data just now.");
      await expect(alert).toContainText(/contact support with reference \S+\./);
      await expect(alert).not.toContainText(/DataForSEO|50000|HTTP/);
      await expect(part.getByRole("definition")).toHaveCount(0);
      // Coming back later, the page still says the last attempt failed.
      await page.goto("/dashboard/backlinks");
      await expect(part.getByRole("alert")).toContainText("did not work");
    });

    test("explains the empty states", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("backlinks-none"), PASSWORD);
      await e2eDb().updateTable("sites").set({ url: null }).where("id", "=", user.siteId).execute();
      await signIn(page, user);
      await page.goto("/dashboard/backlinks");
      await expect(page.getByRole("heading", { name: "No links yet" })).toBeVisible();
      await expect(page.getByText("The links in your articles appear here")).toBeVisible();
      await expect(page.getByRole("button", { name: "Check links now" })).toHaveCount(0);
      await expect(toSitePart(page)).toContainText(
        "To see the sites that link to yours, Inkpilot needs your site's address: scan your website.",
      );
      await expect(toSitePart(page).getByRole("link", { name: "scan your website" })).toHaveAttribute("href", /onboarding=scan/);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  });
}
