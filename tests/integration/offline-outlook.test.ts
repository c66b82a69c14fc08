import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import { loader } from "#app/routes/dashboard/generations/outlook";
import { whileAiProviderConfigured } from "#tests/setup/ai-provider";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * Before a generation starts without an AI provider, the dialog says in one sentence what the built-in writer can
 * and cannot do for the keyword (docs/decisions/064): from what research and which of the site's pages it has.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

async function outlook(user: TestUser, keyword: string) {
  const res = await callRoute({
    middleware: [requireAuth],
    handler: loader,
    request: get(`/dashboard/generations/outlook?keyword=${encodeURIComponent(keyword)}`, user.cookie),
  });
  return { status: res.response!.status, ...((await res.response!.json()) as { sentence: string | null }) };
}

describe("the built-in writer's outlook for a keyword", () => {
  it("says it can only restate the brand settings when nothing is known about the keyword", async () => {
    const user = await makeUser(db);
    const { sentence } = await outlook(user, "home espresso machine buying guide");
    expect(sentence).toContain("“home espresso machine buying guide”");
    expect(sentence).toMatch(/no research and none of your pages .* only write a few lines .*not an article/);
    expect(sentence).toContain("does not count against your plan");
  });

  it("names the site's pages that fit the keyword, and what it still cannot do", async () => {
    const user = await makeUser(db);
    const page = (url: string, title: string, summary: string) => ({
      url,
      kind: "product" as const,
      title,
      summary,
      facts: [],
      faq: [],
      fetchedAt: new Date().toISOString(),
    });
    await replaceSitePages(db, user.siteId, [
      page("https://shop.example/espresso-machines", "Espresso machines", "Home espresso machines we sell, with buying advice."),
      page("https://shop.example/about", "About us", "A family roastery since 1998."),
    ]);
    const { sentence } = await outlook(user, "home espresso machine");
    expect(sentence).toContain("1 of your own page that fits it");
    expect(sentence).toContain("cannot explain beyond what they say");
  });

  it("flags first a content language the built-in writer cannot write", async () => {
    const user = await makeUser(db);
    await db.updateTable("content_settings").set({ language: "de" }).where("site_id", "=", user.siteId).execute();
    const { sentence } = await outlook(user, "kaffeemühle reinigen");
    expect(sentence).toMatch(/^The built-in writer writes English only: without an AI provider an article in German comes out in English/);
    expect(sentence).toContain("Writing in German needs an AI provider.");
    await db.updateTable("content_settings").set({ language: "en-GB" }).where("site_id", "=", user.siteId).execute();
    expect((await outlook(user, "cold brew")).sentence).not.toContain("English only");
  });

  it("says nothing when an AI provider writes the article, and refuses an empty keyword", async () => {
    const user = await makeUser(db);
    expect((await whileAiProviderConfigured(() => outlook(user, "cold brew"))).sentence).toBeNull();
    expect(await outlook(user, "  ")).toEqual({ status: 400, sentence: null });
  });
});
