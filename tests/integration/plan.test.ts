import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_LOCATIONS } from "#tests/fixtures/research/locations";
import type { DB } from "#app/db/client.server";
import type { TextGenerator } from "#app/modules/ai/types";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { editItem } from "#app/modules/plan/edits.server";
import { generatePlan, planDates } from "#app/modules/plan/plan.server";
import { chooseSite } from "#app/modules/workspaces/sites.server";
import { action, loader } from "#app/routes/dashboard/plan/route";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import type { ResearchProvider, SitePageKind } from "#app/modules/research/types";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { addMember, makeArticle, makeTopic, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The content plan's loader and action as the server calls them (decision 050):
 * generating 30 days from tomorrow with evidence, regenerating, swapping,
 * editing, reordering, removing and adding, cannibalisation flags and their
 * three resolutions, the AI path (metered, validated, with the offline
 * fallback), entitlement, and tenancy.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const TZ = "America/New_York";
const PAGE = "/dashboard/plan";

type View = Awaited<ReturnType<typeof loader>>;
const load = (cookie: string, query = "") =>
  callRoute<View>({ middleware: [requireAuth], handler: loader, request: get(`${PAGE}${query}`, cookie) });
const act = (cookie: string, fields: Record<string, string>) =>
  callRoute({ middleware: [requireAuth], handler: action, request: post(PAGE, fields, cookie) });
const items = (siteId: string) => db.selectFrom("plan_items").selectAll().where("site_id", "=", siteId).orderBy("date").execute();

async function coffeeSite(overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(db, { site: { timezone: TZ }, ...overrides });
  await db
    .updateTable("brand_settings")
    .set({
      brand_name: "Northwind Coffee",
      description: "Fresh roasted coffee delivered",
      target_audience: "Home baristas",
      industry: "Food & Beverage",
      tags: JSON.stringify(["coffee", "latte art", "espresso", "cold brew"]),
      internal_links: JSON.stringify(["https://northwind.test/products/cold-brew-kit", "https://northwind.test/brewing-guides"]),
      updated_at: isoNow(),
    })
    .where("site_id", "=", user.siteId)
    .execute();
  await makeTopic(db, user.siteId, { name: "Brewing methods", keywords: JSON.stringify(["french press", "aeropress recipe"]) });
  await makeArticle(db, user.siteId, { title: "Pour Over Basics", target_keyword: "pour over" });
  // What the site-page reader stored: products and a FAQ.
  const page = (path: string, kind: SitePageKind, title: string, faq: string[] = []) => ({
    url: `https://northwind.test${path}`,
    kind,
    title,
    summary: "",
    facts: [],
    faq: faq.map((question) => ({ question, answer: "Yes." })),
    fetchedAt: isoNow(),
  });
  await replaceSitePages(db, user.siteId, [
    page("/products/cold-brew-kit", "product", "Cold Brew Kit"),
    page("/products/burr-grinder", "product", "Burr Grinder"),
    page("/products/subscription", "product", "Coffee Subscription"),
    page("/products/gooseneck-kettle", "product", "Gooseneck Kettle"),
    page("/faq", "faq", "Brewing FAQ", [
      "What grind size should I use for french press?",
      "How long does cold brew last in the fridge?",
      "Why does my espresso taste sour?",
      "How long do coffee beans stay fresh?",
      "What water temperature is best for coffee?",
      "Do you ship to Canada?",
    ]),
  ]);
  return user;
}

async function generated(user: TestUser) {
  const res = await act(user.cookie, { intent: "generate" });
  expect(res.status).toBe(302);
  return items(user.siteId);
}

describe("content plan", () => {
  it("generates one keyword a day for 30 days from the next publishing slot in the site's zone, each with its evidence", async () => {
    const user = await coffeeSite();
    const rows = await generated(user);
    // The default publishing time, 18:30: the plan starts today while that is still ahead in the site's zone.
    const dates = planDates(new Date(), TZ, "18:30");
    // Only as many days as the site's data gives real queries for; the rest stay free rather than filled with templates.
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(rows[0]!.date).toBe(dates[0]);
    expect(rows.every((r) => dates.includes(r.date))).toBe(true);
    expect(rows.every((r) => r.origin === "offline" && r.title && r.rationale && r.intent)).toBe(true);
    expect(
      rows.some((r) => r.rationale === "From your product page Cold Brew Kit." && r.evidence_ref.endsWith("/products/cold-brew-kit")),
    ).toBe(true);
    expect(rows.some((r) => r.rationale.includes("Brewing methods"))).toBe(true);
    // No keyword-data provider: no figures.
    expect(rows.every((r) => r.volume === null && r.difficulty === null)).toBe(true);
    const view = await load(user.cookie);
    expect(view.data.items).toHaveLength(rows.length);
    expect(view.data.keywordData).toBe(false);
    expect(view.data.canManage).toBe(true);
  });

  it("regenerates: fresh keywords replace the planned ones, written days stay", async () => {
    const user = await coffeeSite();
    const first = await generated(user);
    const articleId = await makeArticle(db, user.siteId, { title: "Kept piece", target_keyword: "kept piece" });
    await db.updateTable("plan_items").set({ status: "written", article_id: articleId }).where("id", "=", first[0]!.id).execute();
    const second = await generated(user);
    expect(second.find((r) => r.id === first[0]!.id)).toMatchObject({ status: "written", keyword: first[0]!.keyword });
    // A written day cannot be edited, swapped or removed: refused with a toast, unchanged.
    const refusals: Array<Record<string, string>> = [
      { intent: "edit", id: first[0]!.id, keyword: "something else" },
      { intent: "swap", id: first[0]!.id },
      { intent: "remove", id: first[0]!.id },
    ];
    for (const fields of refusals) {
      expect((await act(user.cookie, fields)).status, fields.intent).toBe(302);
    }
    expect((await items(user.siteId)).find((r) => r.id === first[0]!.id)).toMatchObject({
      keyword: first[0]!.keyword,
      article_id: articleId,
    });
    expect((await load(user.cookie)).data.items.find((i) => i.id === first[0]!.id)!.changeable).toBe(false);
    const oldKeywords = new Set(first.map((r) => r.keyword));
    expect(second.filter((r) => r.status === "planned" && !oldKeywords.has(r.keyword)).length).toBeGreaterThan(0);
  });

  it("swaps one item for a fresh suggestion, edits, reorders with up and down, removes and adds", async () => {
    const user = await coffeeSite();
    const rows = await generated(user);
    const [a, b] = rows;

    expect((await act(user.cookie, { intent: "swap", id: a!.id })).status).toBe(302);
    const swapped = (await items(user.siteId)).find((r) => r.id === a!.id)!;
    expect(swapped.keyword).not.toBe(a!.keyword);
    expect(rows.map((r) => r.keyword)).not.toContain(swapped.keyword);

    const topicId = await makeTopic(db, user.siteId, { name: "Milk drinks" });
    const edit = await act(user.cookie, { intent: "edit", id: b!.id, keyword: "flat white ratio", title: "", topicId });
    expect(edit.status).toBe(302);
    const edited = (await items(user.siteId)).find((r) => r.id === b!.id)!;
    expect(edited).toMatchObject({ keyword: "flat white ratio", topic_id: topicId, evidence_kind: "manual", intent: "informational" });
    expect(edited.title).toBe("Flat White Ratio: A Practical Guide");
    expect(edited.rationale).toContain(b!.keyword);

    const refused = await act(user.cookie, { intent: "edit", id: b!.id, keyword: "" });
    expect(refused.status).toBe(400);
    expect((await items(user.siteId)).find((r) => r.id === b!.id)!.keyword).toBe("flat white ratio");

    await act(user.cookie, { intent: "move", id: b!.id, direction: "up" });
    let now = await items(user.siteId);
    expect(now[0]!.id).toBe(b!.id);
    expect(now[1]!.id).toBe(a!.id);
    await act(user.cookie, { intent: "move", id: b!.id, to: "2" });
    now = await items(user.siteId);
    expect(now.map((r) => r.id).slice(0, 3)).toEqual([a!.id, now[1]!.id, b!.id]);
    expect(now.map((r) => r.date)).toEqual(rows.map((r) => r.date));

    await act(user.cookie, { intent: "remove", id: a!.id });
    now = await items(user.siteId);
    expect(now.find((r) => r.id === a!.id)).toBeUndefined();

    const add = await act(user.cookie, { intent: "add", keyword: "oat milk latte" });
    expect(add.status).toBe(302);
    now = await items(user.siteId);
    expect(now.find((r) => r.keyword === "oat milk latte")).toMatchObject({
      date: rows[0]!.date,
      origin: "manual",
      evidence_kind: "manual",
    });
  });

  it("flags a keyword that repeats an article, names it, and resolves by keep, retarget or merge", async () => {
    const user = await coffeeSite();
    await generated(user);
    const articleId = await makeArticle(db, user.siteId, { title: "The Oat Milk Latte Guide", target_keyword: "oat milk latte" });
    const rows = await items(user.siteId);
    await act(user.cookie, { intent: "edit", id: rows[0]!.id, keyword: "oat milk lattes" });
    let flagged = (await items(user.siteId)).find((r) => r.id === rows[0]!.id)!;
    expect(flagged).toMatchObject({ conflict_kind: "article", conflict_id: articleId, conflict_label: "The Oat Milk Latte Guide" });
    const view = await load(user.cookie);
    expect(view.data.items.find((i) => i.id === rows[0]!.id)!.conflict).toMatchObject({
      kind: "article",
      label: "The Oat Milk Latte Guide",
    });

    await act(user.cookie, { intent: "resolve", id: rows[0]!.id, resolution: "keep" });
    flagged = (await items(user.siteId)).find((r) => r.id === rows[0]!.id)!;
    expect(flagged).toMatchObject({ conflict_id: null, kept_conflict_id: articleId, keyword: "oat milk lattes" });

    // Two items repeating each other: the later one is flagged against the earlier.
    await act(user.cookie, { intent: "edit", id: rows[1]!.id, keyword: "espresso tamping" });
    await act(user.cookie, { intent: "edit", id: rows[2]!.id, keyword: "tamping espresso" });
    const later = (await items(user.siteId)).find((r) => r.id === rows[2]!.id)!;
    expect(later).toMatchObject({ conflict_kind: "item", conflict_id: rows[1]!.id, conflict_label: "espresso tamping" });

    await act(user.cookie, { intent: "resolve", id: rows[2]!.id, resolution: "retarget" });
    const retargeted = (await items(user.siteId)).find((r) => r.id === rows[2]!.id)!;
    expect(retargeted.keyword).not.toBe("tamping espresso");
    expect(retargeted.conflict_id).toBeNull();

    await act(user.cookie, { intent: "edit", id: rows[3]!.id, keyword: "pour over" });
    expect((await items(user.siteId)).find((r) => r.id === rows[3]!.id)!.conflict_kind).toBe("article");
    await act(user.cookie, { intent: "resolve", id: rows[3]!.id, resolution: "merge" });
    expect((await items(user.siteId)).find((r) => r.id === rows[3]!.id)).toBeUndefined();
  });

  it("keeps the scheduler's chosen topic a plain row and the scheduler reading plan items", async () => {
    const user = await coffeeSite();
    const rows = await generated(user);
    const view = await load(user.cookie);
    expect(view.data.items[0]).toMatchObject({ keyword: rows[0]!.keyword, origin: "offline" });
  });

  it("another site's item is 404 and nothing changes", async () => {
    const owner = await coffeeSite();
    const other = await coffeeSite();
    const theirs = await generated(other);
    const before = await items(other.siteId);
    const attempts: Array<Record<string, string>> = [
      { intent: "swap", id: theirs[0]!.id },
      { intent: "remove", id: theirs[0]!.id },
      { intent: "move", id: theirs[1]!.id, direction: "up" },
      { intent: "edit", id: theirs[0]!.id, keyword: "hijacked keyword" },
      { intent: "resolve", id: theirs[0]!.id, resolution: "keep" },
    ];
    for (const fields of attempts) {
      const res = await act(owner.cookie, fields);
      expect(res.status, fields.intent).toBe(404);
    }
    expect((await load(owner.cookie, `?edit=${theirs[0]!.id}`)).status).toBe(404);
    expect(await items(other.siteId)).toEqual(before);
    expect(await items(owner.siteId)).toEqual([]);
  });

  it("an editor of the workspace may generate and edit; a foreign topic is refused", async () => {
    const owner = await coffeeSite();
    const editor = await makeUser(db);
    await addMember(db, editor.userId, owner.workspaceId, "editor");
    const session = await callRoute({ middleware: [requireAuth], handler: () => null, request: get("/dashboard", editor.cookie) });
    await chooseSite(db, session.context.get(authContext).sessionId, editor.userId, owner.siteId);
    const res = await act(editor.cookie, { intent: "generate" });
    expect(res.status).toBe(302);
    expect(redirectTarget(res)).toBe(PAGE);
    const rows = await items(owner.siteId);
    expect(rows.length).toBeGreaterThan(0);
    const foreignTopic = await makeTopic(db, editor.siteId, { name: "Elsewhere" });
    expect((await act(editor.cookie, { intent: "edit", id: rows[0]!.id, keyword: "x ray", topicId: foreignTopic })).status).toBe(404);
    expect((await load(editor.cookie)).data.canManage).toBe(true);
  });

  it("refuses to generate on an expired trial, and changes nothing", async () => {
    const user = await coffeeSite({ workspace: { trial_ends_at: new Date(Date.now() - 60_000).toISOString() } });
    const res = await act(user.cookie, { intent: "generate" });
    expect(res.status).toBe(302);
    expect(await items(user.siteId)).toEqual([]);
  });
});

describe("the AI planner", () => {
  const site = (u: TestUser) => ({ id: u.siteId, timeZone: TZ });
  const tenant = (u: TestUser) => ({ workspaceId: u.workspaceId, siteId: u.siteId, userId: u.userId });
  const fakeText = (list: TextGenerator["list"], embed: TextGenerator["embed"] = () => Promise.resolve(null)): TextGenerator => ({
    kind: "openai",
    extractBrand: () => Promise.reject(new Error("unused")),
    keywordIdeas: () => Promise.resolve([]),
    list,
    embed,
  });

  it("uses validated AI items with evidence from the site's data, fills the rest offline, and meters the action", async () => {
    const user = await coffeeSite();
    const text = fakeText(<T>() =>
      Promise.resolve([
        {
          keyword: "cold brew kit review",
          title: "Our Cold Brew Kit, Reviewed",
          intent: "commercial",
          topic: "Brewing methods",
          evidence_kind: "product",
          evidence_ref: "https://northwind.test/products/cold-brew-kit",
          why: "From your product page for the cold brew kit.",
        },
        // Evidence that names nothing of the site's: dropped.
        {
          keyword: "invented",
          title: "Invented",
          intent: "informational",
          topic: "",
          evidence_kind: "page",
          evidence_ref: "https://elsewhere.test/x",
          why: "Made up.",
        },
      ] as T[]),
    );
    const result = await generatePlan(db, site(user), tenant(user), { text, research: null });
    expect(result.origin).toBe("ai");
    const rows = await items(user.siteId);
    expect(rows[0]).toMatchObject({ keyword: "cold brew kit review", origin: "ai", evidence_kind: "product" });
    expect(rows.map((r) => r.keyword)).not.toContain("invented");
    expect(rows.length).toBeGreaterThan(10);
    const usage = await db.selectFrom("ai_usage").selectAll().where("site_id", "=", user.siteId).execute();
    expect(usage).toMatchObject([{ kind: "plan", units: 3, calls: 1 }]);
  });

  it("falls back to the offline planner when the provider fails", async () => {
    const user = await coffeeSite();
    const text = fakeText(() => Promise.reject(new Error("provider down")));
    const result = await generatePlan(db, site(user), tenant(user), { text, research: null });
    expect(result.origin).toBe("offline");
    expect((await items(user.siteId)).every((r) => r.origin === "offline")).toBe(true);
  });

  it("stores volume and difficulty only from a configured keyword-data provider", async () => {
    const user = await coffeeSite();
    // A provider with no ideas around the site (so the plan is the offline planner's) that knows one keyword's figures.
    const research: ResearchProvider = {
      name: "fake",
      serp: () => Promise.reject(new Error("no results today")),
      keywordIdeas: () => Promise.resolve([]),
      locations: () => Promise.resolve(FIXTURE_LOCATIONS),
      keywordData: (keywords) =>
        Promise.resolve(
          new Map(keywords.slice(0, 1).map((k) => [k, { keyword: k, volume: 880, difficulty: 20, cpc: null, intent: null }])),
        ),
    };
    await generatePlan(db, site(user), tenant(user), { research });
    const rows = await items(user.siteId);
    expect(rows[0]).toMatchObject({ volume: 880, difficulty: "Easy", keyword_difficulty: 20 });
    expect(rows.slice(1).every((r) => r.volume === null)).toBe(true);
  });

  it("flags a near-synonym by the provider's embeddings, and stays lexical when they fail", async () => {
    const user = await coffeeSite();
    const articleId = await makeArticle(db, user.siteId, {
      title: "Non-Dairy Options for Coffee",
      target_keyword: "non dairy coffee creamer",
    });
    // A toy embedding: texts about milk substitutes point one way, everything else the other.
    const embed = (texts: string[]) => Promise.resolve(texts.map((t) => (/milk|dairy/i.test(t) ? [1, 0] : [0, 1])));
    const text = fakeText(() => Promise.reject(new Error("no list today")), embed);
    await generatePlan(db, site(user), tenant(user), { text, research: null });
    const [first] = await items(user.siteId);
    await editItem(db, site(user), first!.id, { keyword: "barista milk alternatives" }, { text });
    expect((await items(user.siteId))[0]).toMatchObject({ conflict_kind: "article", conflict_id: articleId, conflict_score: 1 });

    const broken = fakeText(
      () => Promise.reject(new Error("no list today")),
      () => Promise.reject(new Error("embeddings down")),
    );
    await editItem(db, site(user), first!.id, { keyword: "barista milk alternative" }, { text: broken });
    expect((await items(user.siteId))[0]).toMatchObject({ conflict_kind: null });
  });
});

describe("the plan's first day", () => {
  it("is today while today's publishing time is still ahead in the site's zone, else tomorrow", () => {
    // 14:00 in New York (19:00 UTC).
    const now = new Date("2026-03-10T18:00:00Z");
    expect(planDates(now, TZ, "18:30")[0]).toBe("2026-03-10");
    expect(planDates(now, TZ, "09:00")[0]).toBe("2026-03-11");
    expect(planDates(now, TZ)[0]).toBe("2026-03-11");
    expect(planDates(now, TZ, "18:30")).toHaveLength(30);
  });
});
