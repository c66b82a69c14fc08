import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { sendDigest } from "#app/modules/autopilot/digest.server";
import { dayNumber } from "#app/modules/search-console/types";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { connectSearchConsole, seedSearchFigures } from "#tests/support/search-figures";

/** The weekly digest carries the week in Google search when Search Console is connected: clicks and the movers. */

const NEWEST = dayNumber("2030-02-08");
let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const mailTo = (email: string) => db.selectFrom("mail_outbox").select(["subject", "text"]).where("to_address", "=", email).execute();

describe("digest: the week in search", () => {
  it("gives the week's clicks against the week before and the articles that moved most, up and down", async () => {
    const user = await makeUser(db, { site: { name: "Roastery" } });
    await db.updateTable("memberships").set({ digest: "weekly" }).where("user_id", "=", user.userId).execute();
    const growing = await makeArticle(db, user.siteId, { title: "Growing post", status: "published" });
    const decaying = await makeArticle(db, user.siteId, { title: "Decaying post", status: "published" });
    await connectSearchConsole(db, user.siteId, user.workspaceId);
    const seeded = await seedSearchFigures(db, { siteId: user.siteId, articleIds: [growing, decaying], days: 60, newest: NEWEST });
    const week = (from: number) => {
      let clicks = 0;
      for (let d = from; d < from + 7; d++) clicks += seeded.siteDays.get(d)?.clicks ?? 0;
      return clicks;
    };
    const now = week(NEWEST - 6);
    const before = week(NEWEST - 13);

    expect(await sendDigest(db, { userId: user.userId, workspaceId: user.workspaceId, since: "2030-02-03", until: "2030-02-10" })).toBe(
      true,
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.text).toContain("In Google search: Roastery (3):");
    expect(mail!.text).toContain(`${now.toLocaleString("en-US")} clicks in the week to 08 Feb 2030`);
    expect(mail!.text).toContain(`on the week before (${before.toLocaleString("en-US")})`);
    expect(mail!.text).toMatch(/Up: Growing post, [\d,]+ clicks \(\+[\d,]+\)/);
    expect(mail!.text).toMatch(/Down: Decaying post, [\d,]+ clicks \(-[\d,]+\)/);
    expect(mail!.text).toContain("/dashboard/results");
    // Auto-pilot did nothing that week: the mail is about search, and its heading says so.
    expect(mail!.text).toContain("Your week in Google search");
    expect(mail!.text).not.toContain("What auto-pilot did");
  });

  it("leaves search out when the site is not connected, and daily digests carry none", async () => {
    const weekly = await makeUser(db);
    await db.updateTable("memberships").set({ digest: "weekly" }).where("user_id", "=", weekly.userId).execute();
    expect(await sendDigest(db, { userId: weekly.userId, workspaceId: weekly.workspaceId, since: "2030-02-03", until: "2030-02-10" })).toBe(
      false,
    );
    const daily = await makeUser(db);
    await db.updateTable("memberships").set({ digest: "daily" }).where("user_id", "=", daily.userId).execute();
    const article = await makeArticle(db, daily.siteId, { title: "Some post", status: "published" });
    await connectSearchConsole(db, daily.siteId, daily.workspaceId);
    await seedSearchFigures(db, { siteId: daily.siteId, articleIds: [article], days: 20, newest: NEWEST, origin: "https://daily.example" });
    expect(await sendDigest(db, { userId: daily.userId, workspaceId: daily.workspaceId, since: "2030-02-07", until: "2030-02-08" })).toBe(
      false,
    );
    expect(await mailTo(daily.email)).toHaveLength(0);
  });
});
