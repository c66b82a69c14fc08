import { expect, test } from "@playwright/test";
import { inviteMember } from "#app/modules/workspaces/team.server";
import { isoNow } from "#app/utils/time";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * A workspace and a site named with '&', '<', '>' and both quotes read as typed wherever the name appears: the
 * dashboard's pages and titles, the hosted blog and its feed, and the invitation mail. Escaped once, never twice
 * ('&amp;amp;'), never shown escaped ('Clay &amp; Kiln'), never markup.
 */

const NAME = `Tom & Jerry's <Pots> "Studio"`;
const SHOWN_ESCAPED = /&amp;|&lt;|&gt;|&quot;|&#x27;|&#39;|&#34;/;
const TWICE = /&amp;(amp|lt|gt|quot|#x27|#39|#34);/;

test("a name with '&', '<' and quotes reads as typed in every place it appears", async ({ page }) => {
  const owner = await createVerifiedUser(uniqueEmail("names"), "names-password", { fullName: "Olive Owner" });
  const db = e2eDb();
  await db.updateTable("workspaces").set({ name: NAME }).where("id", "=", owner.workspaceId).execute();
  const site = await db.selectFrom("sites").select(["blog_slug"]).where("id", "=", owner.siteId).executeTakeFirstOrThrow();
  await db.updateTable("sites").set({ name: NAME }).where("id", "=", owner.siteId).execute();
  await db.updateTable("brand_settings").set({ brand_name: NAME, updated_at: isoNow() }).where("site_id", "=", owner.siteId).execute();
  const now = isoNow();
  await db
    .insertInto("articles")
    .values({
      id: `names-${owner.siteId}`,
      site_id: owner.siteId,
      author_id: owner.userId,
      topic_id: null,
      title: `Glazing at ${NAME}`,
      slug: "glazing",
      target_keyword: "glazing",
      content_html: `<p>${NAME.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")} glazes.</p>`,
      status: "published",
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();

  await signIn(page, owner);
  for (const path of [
    "/dashboard",
    "/dashboard/sites",
    "/dashboard/team",
    "/dashboard/results",
    "/dashboard/plan",
    "/dashboard/articles",
    "/dashboard/settings?tab=brand",
  ]) {
    await page.goto(path);
    const text = await page.locator("body").innerText();
    expect(text, path).not.toMatch(SHOWN_ESCAPED);
    expect(await page.title(), path).not.toMatch(SHOWN_ESCAPED);
    expect(await page.content(), path).not.toMatch(TWICE);
  }
  await page.goto("/dashboard/sites");
  await expect(page.getByText(NAME, { exact: true }).first()).toBeVisible();
  await page.goto("/dashboard/team");
  await expect(page.getByText(NAME).first()).toBeVisible();

  // The hosted blog and its feed.
  await page.goto(`/b/${site.blog_slug}/`);
  expect(await page.locator("body").innerText()).toContain(`© ${new Date().getFullYear()} ${NAME}`);
  expect(await page.locator("body").innerText()).not.toMatch(SHOWN_ESCAPED);
  expect(await page.title()).not.toMatch(SHOWN_ESCAPED);
  const feed = await (await page.request.get(`/b/${site.blog_slug}/rss.xml`)).text();
  expect(feed).toContain("<title>Tom &amp; Jerry");
  expect(feed).not.toMatch(TWICE);

  // The invitation mail: the text as typed, the HTML escaped once.
  const invitee = uniqueEmail("names-invitee");
  await inviteMember(
    db,
    { id: owner.workspaceId, name: NAME },
    { email: invitee, role: "editor" },
    { userId: owner.userId, fullName: "Olive Owner", email: owner.email, ip: null },
  );
  const mail = await db
    .selectFrom("mail_outbox")
    .select(["subject", "html", "text"])
    .where("to_address", "=", invitee)
    .executeTakeFirstOrThrow();
  expect(mail.text).toContain(NAME);
  expect(mail.subject).not.toMatch(SHOWN_ESCAPED);
  expect(mail.html).toContain("Tom &amp; Jerry");
  expect(mail.html).not.toMatch(TWICE);
  expect(mail.html).not.toContain("<Pots>");
});
