import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { getGenerationAi, offline, type GenerationAi } from "#app/modules/ai/providers.server";
import { getArticle } from "#app/modules/articles/mutations.server";
import { runGeneration } from "#app/modules/generation/jobs.server";
import { defaultResearchDeps, type ResearchDeps } from "#app/modules/generation/grounding.server";
import { linkShortfallOfArticle } from "#app/modules/generation/link-shortfall.server";
import { startGeneration } from "#app/modules/generation/service.server";
import type { GenerationState } from "#app/modules/generation/steps";
import { getArticleResearch } from "#app/modules/research/article-research.server";
import { newCounters } from "#app/modules/research/cache.server";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import type { SitePage } from "#app/modules/research/types";
import { LINK_AMOUNT_RANGES } from "#app/modules/settings/content-options";
import { armArticleAnswers } from "#tests/fakes/article-answers";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { COFFEE_STORAGE, memoryResearch } from "#tests/fakes/memory-research";
import { allowPrivateHosts, forgetPrivateHosts } from "#tests/setup/private-hosts";
import { startFakeOpenAi } from "#tests/fakes/openai";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";

/** The research step against an in-memory provider: the brief's grounding, the saved snapshot and ledger, links, gaps. */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const SITE = "https://northwind-coffee.example";
const page = (over: Partial<SitePage> & Pick<SitePage, "url" | "title">): SitePage => ({
  kind: "product",
  summary: "",
  facts: [],
  faq: [],
  fetchedAt: "2026-11-20T00:00:00.000Z",
  ...over,
});
const SITE_PAGES: SitePage[] = [
  page({
    url: `${SITE}/products/coffee-canister`,
    title: "Airtight Coffee Canister",
    summary: "A steel canister with a one-way valve that keeps beans fresh.",
    facts: ["The canister holds 500 g of whole beans behind a one-way CO2 valve."],
  }),
  page({
    url: `${SITE}/products/house-blend`,
    title: "House Blend Whole Beans",
    summary: "Our everyday coffee beans, roasted to order.",
    facts: ["Every bag of House Blend is roasted within 48 hours of shipping."],
  }),
  page({ url: `${SITE}/products/cold-brew-kit`, title: "Cold Brew Kit", summary: "Brew cold coffee overnight." }),
  page({
    url: `${SITE}/faq`,
    kind: "faq",
    title: "Frequently asked questions",
    summary: "Shipping, subscriptions and storing your coffee.",
    faq: [
      { question: "How should I store my coffee beans?", answer: "In the valve bag, closed, away from light." },
      { question: "Can I pause my subscription?", answer: "Yes, any time." },
    ],
  }),
  page({ url: `${SITE}/about`, kind: "page", title: "About Northwind", summary: "A small roastery in Portland." }),
];

const WORKING = new Set(["https://www.ncausa.org/storing-coffee", "https://coffee-guide.example/freeze-coffee-beans"]);

async function roaster() {
  const account = await makeUser(db, { site: { url: `${SITE}/` }, signedIn: false });
  await db
    .updateTable("brand_settings")
    .set({ brand_name: "Northwind Coffee", industry: "Food & Beverage", description: "Coffee roaster." })
    .where("site_id", "=", account.siteId)
    .execute();
  await replaceSitePages(db, account.siteId, SITE_PAGES);
  // A live post and a draft publication whose address is the signed-in editor.
  const live = await makeArticle(db, account.siteId, { title: "Freezing coffee beans without freezer burn", status: "published" });
  await db
    .updateTable("publications")
    .set({ remote_url: `${SITE}/blog/freezing-coffee-beans` })
    .where("id", "=", await makePublication(db, account.siteId, live))
    .execute();
  const draft = await makeArticle(db, account.siteId, { title: "Coffee beans storage draft", status: "published" });
  await db
    .updateTable("publications")
    .set({ remote_url: `/dashboard/write?edit=${draft}` })
    .where("id", "=", await makePublication(db, account.siteId, draft, { mode: "draft" }))
    .execute();
  return account;
}

async function generate(siteId: string, research: ResearchDeps, keyword = COFFEE_STORAGE.keyword, ai: GenerationAi = offline) {
  const { generationId, articleId } = await startGeneration(db, { ...(await tenantOf(siteId)), keyword });
  await runGeneration(db, { generationId, siteId }, { signal: new AbortController().signal, lastAttempt: true, ai, research });
  const gen = await db.selectFrom("generations").select(["state", "status"]).where("id", "=", generationId).executeTakeFirstOrThrow();
  return {
    articleId,
    status: gen.status,
    state: JSON.parse(gen.state) as GenerationState,
    article: (await getArticle(db, siteId, articleId))!,
  };
}

async function tenantOf(siteId: string) {
  const site = await db.selectFrom("sites").select("workspace_id").where("id", "=", siteId).executeTakeFirstOrThrow();
  const member = await db
    .selectFrom("memberships")
    .select("user_id")
    .where("workspace_id", "=", site.workspace_id)
    .executeTakeFirstOrThrow();
  return { workspaceId: site.workspace_id, siteId, userId: member.user_id };
}

const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);

describe("the research step with a provider", () => {
  it("grounds the brief in the results, the site's pages and the figures, and keeps the snapshot and ledger", async () => {
    const account = await roaster();
    const fake = memoryResearch({ serps: [COFFEE_STORAGE.serp], pages: COFFEE_STORAGE.pages, figures: COFFEE_STORAGE.figures });
    const verifyLink = async (url: string) => WORKING.has(url);
    const { state, status, article, articleId } = await generate(account.siteId, {
      provider: fake.provider,
      resultPages: fake.resultPages,
      verifyLink,
    });
    expect(status).toBe("succeeded");
    const grounding = state.brief!.grounding!;
    // What the top results cover, grouped: 'airtight container' is on both pages and comes first.
    expect(grounding.coveredByResults[0]).toMatch(/airtight container/i);
    expect(grounding.coveredByResults.some((h) => /light, heat and moisture/i.test(h))).toBe(true);
    expect(grounding.coveredByResults.some((h) => /conclusion/i.test(h))).toBe(false);
    // 'People also ask' first, then the site's FAQ question that fits (not the subscription one).
    expect(grounding.questions).toEqual([
      "Should you freeze coffee beans?",
      "How long do coffee beans last once opened?",
      "How should I store my coffee beans?",
    ]);
    expect(grounding.keywordData).toMatchObject({ volume: 880, difficulty: 23 });
    // Facts: the fitting pages' own facts with their page, web facts only from results the link checker passed.
    expect(grounding.facts).toContainEqual({
      text: "The canister holds 500 g of whole beans behind a one-way CO2 valve.",
      source: { url: `${SITE}/products/coffee-canister`, title: "Airtight Coffee Canister", kind: "own" },
    });
    expect(grounding.facts.some((f) => f.source.kind === "web" && f.source.url === "https://www.ncausa.org/storing-coffee")).toBe(true);
    expect(grounding.facts.some((f) => f.source.url.includes("dead-link"))).toBe(false);
    expect(grounding.sitePages.map((p) => p.title)).not.toContain("Cold Brew Kit");
    expect(grounding.gaps).toEqual([]);

    // Link candidates: own pages and live posts by relevance; outside ones only the verified results.
    const external = state.candidates!.filter((c) => c.kind === "external").map((c) => c.url);
    expect(external).toEqual([...WORKING]);
    const internal = state.candidates!.filter((c) => c.kind === "internal").map((c) => c.url);
    expect(internal.slice(0, 3).sort()).toEqual(
      [`${SITE}/blog/freezing-coffee-beans`, `${SITE}/products/coffee-canister`, `${SITE}/products/house-blend`].sort(),
    );
    // Pages not about the keyword are never candidates: the about page fits every article and none.
    expect(internal).not.toContain(`${SITE}/about`);
    expect(internal.some((u) => u.includes("/dashboard"))).toBe(false);

    // The article meets the internal links the settings ask for, all to the site's own pages or live posts.
    const own = hrefs(article.content_html).filter((h) => h.startsWith(SITE));
    expect(own.length).toBeGreaterThanOrEqual(LINK_AMOUNT_RANGES.regular.min);
    expect(own.every((h) => internal.includes(h))).toBe(true);

    // The snapshot and the ledger are kept with the article.
    const saved = (await getArticleResearch(db, account.siteId, articleId))!;
    expect(saved.snapshot.provider).toBe("Memory research");
    expect(saved.snapshot.serp?.peopleAlsoAsk).toHaveLength(2);
    expect(saved.snapshot.keywordData?.volume).toBe(880);
    expect(saved.snapshot.pages).toHaveLength(3);
    expect(saved.sources.filter((s) => s.kind === "own").map((s) => s.url)).toEqual(expect.arrayContaining(own));
  });

  it("answers a second article on the same keyword from the cache", async () => {
    const account = await roaster();
    const fake = memoryResearch({ serps: [COFFEE_STORAGE.serp], pages: COFFEE_STORAGE.pages, figures: COFFEE_STORAGE.figures });
    const counters = newCounters();
    const deps = { provider: fake.provider, resultPages: fake.resultPages, verifyLink: async () => true, counters };
    await generate(account.siteId, deps);
    await generate(account.siteId, deps);
    expect(fake.calls.serp).toBe(1);
    expect(fake.calls.keywordData).toBe(1);
    expect(counters).toMatchObject({ providerCalls: 2, cacheHits: 2 });
  });

  it("turns a provider failure into a gap in words, never a failed article", async () => {
    const account = await roaster();
    const fake = memoryResearch({ serps: [COFFEE_STORAGE.serp], figures: COFFEE_STORAGE.figures });
    fake.failing.add("serp");
    fake.failing.add("keywordData");
    const { state, status, articleId } = await generate(account.siteId, { provider: fake.provider, resultPages: fake.resultPages });
    expect(status).toBe("succeeded");
    const gaps = state.brief!.grounding!.gaps;
    expect(gaps).toContain(
      "The search results for “how to store coffee beans” could not be read (Memory research did not answer), so the outline could not follow the top results.",
    );
    expect(gaps.some((g) => g.startsWith("The search volume and difficulty"))).toBe(true);
    // The site's own pages are research too: their facts stay.
    expect(state.brief!.grounding!.facts.length).toBeGreaterThan(0);
    expect(state.candidates!.filter((c) => c.kind === "external")).toEqual([]);
    const shortfall = await linkShortfallOfArticle(db, account.siteId, articleId, {
      internalLinksWanted: "regular",
      externalLinksWanted: "regular",
    });
    expect(shortfall.external).toBe("the search results could not be read, so it had no outside sources to link to.");
    expect((await getArticleResearch(db, account.siteId, articleId))!.snapshot.gaps).toEqual(gaps);
  });
});

describe("the research step without a provider", () => {
  it("says so, grounds the brief in the site's pages and keeps the reference list as outside links", async () => {
    const account = await roaster();
    const { state, status, articleId } = await generate(account.siteId, { provider: null });
    expect(status).toBe("succeeded");
    expect(state.brief!.grounding!.gaps[0]).toMatch(
      /^No keyword-data service is configured, so the outline could not follow the top results/,
    );
    expect(state.brief!.grounding!.facts.every((f) => f.source.kind === "own")).toBe(true);
    expect(state.candidates!.some((c) => c.kind === "external" && c.url === "https://www.fda.gov/food")).toBe(true);
    expect((await getArticleResearch(db, account.siteId, articleId))!.snapshot.provider).toBeNull();
  });

  it("says in words why the links fall short when the site has too few pages", async () => {
    const account = await makeUser(db, { signedIn: false });
    await db.updateTable("content_settings").set({ external_search: 0 }).where("site_id", "=", account.siteId).execute();
    const { articleId } = await generate(account.siteId, { provider: null }, "pottery glazes");
    const shortfall = await linkShortfallOfArticle(db, account.siteId, articleId, {
      internalLinksWanted: "regular",
      externalLinksWanted: "none",
    });
    expect(shortfall.internal).toMatch(/^none of your pages is about “[^”]+”\. It links only to pages that fit the keyword/);
  });
});

describe("the model's prompts carry the research (fake OpenAI)", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: "sk-test" });
    armArticleAnswers(fake, COFFEE_STORAGE.keyword);
    const prose = fake.hooks.text!;
    // The "model" states the first fact it is offered, with the source link the prompt asks for.
    fake.hooks.text = (body) => {
      const text = prose(body);
      const user = body.messages?.at(-1)?.content ?? "";
      const fact = /Facts you may state[^\n]*\n- (.+?) — source: .+? \((https:[^)]+)\)/.exec(user);
      return text && fact ? `${text}\n\n${fact[1]} ([source](${fact[2]}))` : text;
    };
    Object.assign(process.env, { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "fake-model" });
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"]) delete process.env[name];
    resetEnvForTests();
    await fake.close();
  });

  it("outline, sections, FAQ and links are told the results, the questions, the facts with sources and the chosen pages", async () => {
    const account = await roaster();
    const research = memoryResearch({ serps: [COFFEE_STORAGE.serp], pages: COFFEE_STORAGE.pages, figures: COFFEE_STORAGE.figures });
    fake.requests.length = 0;
    const { status, articleId, article } = await generate(
      account.siteId,
      { provider: research.provider, resultPages: research.resultPages, verifyLink: async (url) => WORKING.has(url) },
      COFFEE_STORAGE.keyword,
      await getGenerationAi(),
    );
    expect(status).toBe("succeeded");
    const prompt = (name: string) =>
      fake.requests
        .find((r) => r.body.response_format?.json_schema?.name === name)
        ?.body.messages?.map((m) => m.content)
        .join("\n") ?? "";
    const outline = prompt("article_outline");
    expect(outline).toMatch(
      /The top search results for "how to store coffee beans" cover these sub-topics[^\n]*\n- Use an airtight container/,
    );
    expect(outline).toContain("- Should you freeze coffee beans?\n- How long do coffee beans last once opened?");
    expect(outline).toContain("about 880 searches a month, difficulty 23/100");
    expect(outline).toContain("Airtight Coffee Canister (product)");
    const section = fake.requests
      .find((r) => r.body.stream)!
      .body.messages!.map((m) => m.content)
      .join("\n");
    expect(section).toContain("link it to its source where you state it");
    expect(section).toContain(
      "The canister holds 500 g of whole beans behind a one-way CO2 valve. — source: Airtight Coffee Canister, the site's own page (https://northwind-coffee.example/products/coffee-canister)",
    );
    expect(section).toContain("source: How to Store Coffee | NCA (https://www.ncausa.org/storing-coffee)");
    expect(prompt("article_faq")).toContain("How should I store my coffee beans? — In the valve bag, closed, away from light.");
    const links = prompt("link_selection");
    expect(links).toContain("[external] How to Store Coffee | NCA — https://www.ncausa.org/storing-coffee");
    expect(links).not.toContain("dead-link.example");
    expect(links).not.toContain("fda.gov");
    // The ledger records the fact the "model" stated, under its source.
    const saved = (await getArticleResearch(db, account.siteId, articleId))!;
    const canister = saved.sources.find((s) => s.url === `${SITE}/products/coffee-canister`);
    expect(canister?.claims).toEqual(["The canister holds 500 g of whole beans behind a one-way CO2 valve."]);
    expect(article.content_html).toContain('href="https://www.ncausa.org/storing-coffee"');
    expect(saved.sources.some((s) => s.kind === "web" && s.url === "https://www.ncausa.org/storing-coffee")).toBe(true);
    // The research's link check counts: the outside links are recorded as working, not shown as unchecked.
    const external = await db
      .selectFrom("links")
      .select(["url", "status", "checked_at"])
      .where("article_id", "=", articleId)
      .where("kind", "=", "external")
      .execute();
    expect(external.length).toBeGreaterThan(0);
    expect(external.every((l) => l.status === "ok" && l.checked_at && WORKING.has(l.url))).toBe(true);
  });
});

describe("on the demo site", () => {
  it("generated articles meet the internal links the settings ask for, only to own pages and live public posts", async () => {
    const { seedDemo } = await import("#app/modules/demo/seed.server");
    const tenant = await seedDemo(db);
    const items = await db.selectFrom("plan_items").select("keyword").where("site_id", "=", tenant.siteId).limit(3).execute();
    expect(items.length).toBe(3);
    const brand = await db
      .selectFrom("brand_settings")
      .select("internal_links")
      .where("site_id", "=", tenant.siteId)
      .executeTakeFirstOrThrow();
    const livePosts = await db
      .selectFrom("publications")
      .select("remote_url")
      .where("site_id", "=", tenant.siteId)
      .where("mode", "=", "live")
      .where("status", "=", "published")
      .execute();
    const sitePages = await db.selectFrom("site_pages").select("url").where("site_id", "=", tenant.siteId).execute();
    const allowed = new Set([
      ...(JSON.parse(brand.internal_links) as string[]),
      ...livePosts.map((p) => p.remote_url),
      ...sitePages.map((p) => p.url),
      "https://northwind-coffee.example/",
    ]);
    for (const { keyword } of items) {
      const { article, status } = await generate(tenant.siteId, { provider: null }, keyword);
      expect(status).toBe("succeeded");
      const links = hrefs(article.content_html);
      const internal = links.filter((h) => !h.startsWith("http") || h.includes("northwind-coffee.example") || h.includes("/b/"));
      expect(internal.length, `${keyword}: ${links.join(", ")}`).toBeGreaterThanOrEqual(LINK_AMOUNT_RANGES.regular.min);
      expect(
        internal.filter((h) => !allowed.has(h)),
        keyword,
      ).toEqual([]);
      expect(links.some((h) => h.includes("/dashboard"))).toBe(false);
    }
  });
});

describe("with the DataForSEO fake and the coffee fixtures", () => {
  let fake: Awaited<ReturnType<typeof startFakeDataForSeo>>;
  beforeAll(async () => {
    fake = await startFakeDataForSeo({ fixtures: [RESEARCH_FIXTURES.coffee], rewriteResultUrls: true });
    allowPrivateHosts(`127.0.0.1:${fake.port}`);
    Object.assign(process.env, { DATAFORSEO_LOGIN: fake.login, DATAFORSEO_PASSWORD: fake.password, DATAFORSEO_API_URL: fake.url });
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const name of ["DATAFORSEO_LOGIN", "DATAFORSEO_PASSWORD", "DATAFORSEO_API_URL"]) delete process.env[name];
    forgetPrivateHosts();
    await fake.close();
  });

  it("the job's own research reads the SERP, the result pages and the figures, and the snapshot keeps them", async () => {
    const account = await roaster();
    // The job's defaults (DataForSEO from the environment, result pages through the guard); the fake's pages answer GET only.
    const { state, status, articleId } = await generate(account.siteId, { ...defaultResearchDeps(), verifyLink: async () => true });
    expect(status).toBe("succeeded");
    const grounding = state.brief!.grounding!;
    expect(grounding.questions.slice(0, 2)).toEqual([
      "How long do coffee beans last once opened?",
      "Is it OK to store coffee beans in the fridge?",
    ]);
    expect(grounding.coveredByResults.length).toBeGreaterThanOrEqual(3);
    expect(grounding.keywordData?.volume).toBeGreaterThan(0);
    expect(grounding.gaps).toEqual([]);
    expect(state.candidates!.filter((c) => c.kind === "external").length).toBeGreaterThanOrEqual(3);
    const saved = (await getArticleResearch(db, account.siteId, articleId))!;
    expect(saved.snapshot.provider).toBe("DataForSEO");
    expect(saved.snapshot.pages.filter((p) => p.headings?.length).length).toBe(5);
  });
});
