import { expect, test } from "@playwright/test";
import { createApiKey } from "../../app/modules/api/keys.server";
import { isoNow } from "../../app/utils/time";
import { linkIn, waitForMail } from "./mail";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Teams (decision 044): an owner invites an editor, who
 * accepts by creating the account from the mailed link (without JavaScript),
 * writes and publishes an article on the owner's site, and sees no billing or
 * member controls.
 */

test("an owner invites an editor who signs up from the link, writes and publishes, without billing or member controls", async ({
  page,
  browser,
}) => {
  const owner = await createVerifiedUser(uniqueEmail("team-owner"), "team-owner-password", { fullName: "Olive Owner" });
  await signIn(page, owner, { to: "/dashboard/team" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team");
  // The owner names the workspace after the business: invitations say it, escaped once ('&', not '&amp;').
  await page.getByRole("link", { name: "Rename Workspace" }).click();
  const rename = page.getByRole("form", { name: "Rename Workspace" });
  await rename.getByLabel("Workspace name").fill("Clay & Kiln Studio");
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Workspace renamed")).toBeVisible();
  await expect(page.getByText("The members of Clay & Kiln Studio.")).toBeVisible();
  await page.getByRole("link", { name: "Invite Member" }).click();
  const invite = page.getByRole("form", { name: "Invite Member" });
  const email = uniqueEmail("team-editor");
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("editor");
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(page.getByTestId("invitation-row")).toContainText(email);

  const mail = await waitForMail(email, { subject: /invited you to Clay & Kiln Studio/ });
  const link = linkIn(mail, "/invite?token=");

  // The invitee, in another browser without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const editor = await context.newPage();
  await editor.goto(link);
  await expect(editor.getByRole("heading", { level: 1 })).toHaveText("Join Clay & Kiln Studio");
  await expect(editor.getByText(`Olive Owner invited ${email}`)).toBeVisible();
  await editor.getByLabel("Your name").fill("Eddie Editor");
  await editor.getByLabel("Password").fill("eddie-writes-a-lot");
  await editor.getByRole("button", { name: "Create account and join" }).click();
  await expect(editor).toHaveURL(/\/dashboard$/);
  await expect(editor.getByTestId("site-switcher").first().locator("summary")).toHaveAttribute(
    "aria-label",
    "Current site: My website. Switch site",
  );

  // No billing: no 'Upgrade Plan' anywhere in the shell; no member controls; settings: Account, and Integrations to read.
  await expect(editor.getByRole("link", { name: "Upgrade Plan" })).toHaveCount(0);
  // An owner-only page says so in words, with a way back (not 'Something went wrong').
  const refused = await editor.goto("/dashboard/upgrade");
  expect(refused?.status()).toBe(403);
  await expect(editor.getByRole("heading", { name: "You can't use this page" })).toBeVisible();
  await expect(editor.getByText("Only owners can manage billing. Ask the owner of this workspace.")).toBeVisible();
  await expect(editor.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
  await editor.goto("/dashboard/team");
  await expect(editor.getByTestId("member-row")).toHaveCount(2);
  await expect(editor.getByRole("link", { name: "Invite Member" })).toHaveCount(0);
  await expect(editor.getByRole("link", { name: "Rename Workspace" })).toHaveCount(0);
  await expect(editor.getByRole("link", { name: /^Remove/ })).toHaveCount(0);
  await expect(editor.getByRole("combobox")).toHaveCount(0);
  await editor.goto("/dashboard/settings");
  const tabs = editor.getByRole("navigation", { name: "Settings sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Account", "Integrations"]);
  await editor.goto("/dashboard/settings?tab=integrations");
  await expect(editor.getByText("Only workspace owners and admins can change integrations.")).toBeVisible();
  await expect(editor.getByRole("link", { name: "Upgrade Plan" })).toHaveCount(0);

  // Writes and publishes on the owner's site.
  await editor.goto("/dashboard/write");
  await editor.getByLabel("Title").fill("Notes from the new editor");
  await editor.getByRole("radio", { name: "HTML" }).check();
  await editor.getByRole("textbox", { name: "Content" }).fill("<h2>Hello</h2><p>The editor's first post.</p>");
  await editor.getByRole("button", { name: "Save Draft" }).click();
  await expect(editor.getByText("Draft saved!")).toBeVisible();
  await editor.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = editor.getByRole("dialog", { name: "Publish article" });
  await dialog.getByRole("radio", { name: /^Live/ }).check();
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(editor.getByText("Published!")).toBeVisible();

  const article = await e2eDb()
    .selectFrom("articles as a")
    .innerJoin("users as u", "u.id", "a.author_id")
    .select(["a.site_id", "u.email"])
    .where("a.title", "=", "Notes from the new editor")
    .executeTakeFirstOrThrow();
  expect(article).toEqual({ site_id: owner.siteId, email });
  await context.close();

  // The owner sees the editor in the team.
  await page.goto("/dashboard/team");
  await expect(page.getByTestId("member-row").filter({ hasText: email })).toContainText("Eddie Editor");
});

// A removed member's API keys would go on working for the workspace (decision 052): the Remove dialog lists them
// and revokes them with the removal, its checkbox ticked by default, with JavaScript and without.
for (const javaScriptEnabled of [true, false]) {
  test(`removing a member lists the API keys they created and revokes them with the removal, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
  }) => {
    const owner = await createVerifiedUser(uniqueEmail("team-remover"), "team-remover-password", { fullName: "Rita Remover" });
    const admin = await createVerifiedUser(uniqueEmail("team-admin"), "team-admin-password", { fullName: "Adam Admin" });
    const db = e2eDb();
    await db
      .insertInto("memberships")
      .values({ workspace_id: owner.workspaceId, user_id: admin.userId, role: "admin", created_at: isoNow() })
      .execute();
    const key = await createApiKey(
      db,
      { workspaceId: owner.workspaceId, userId: admin.userId, ip: null },
      { name: "Zapier sync", siteId: null },
    );

    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, owner, { to: "/dashboard/team" });
    await page
      .getByTestId("member-row")
      .filter({ hasText: admin.email })
      .getByRole("link", { name: /^Remove/ })
      .click();
    const form = page.getByRole("form", { name: "Remove Member" });
    await expect(form.getByTestId("member-api-key")).toHaveText([`Zapier sync${key.prefix}…All sites`]);
    await expect(form.getByLabel("Revoke this API key too")).toBeChecked();
    await form.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("1 API key they created was revoked.")).toBeVisible();
    await expect(page.getByTestId("member-row").filter({ hasText: admin.email })).toHaveCount(0);
    const row = await db.selectFrom("api_keys").select("revoked_at").where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    await context.close();
  });
}
