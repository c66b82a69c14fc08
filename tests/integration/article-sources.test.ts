import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { buildPost } from "#app/modules/publishing/post.server";
import { getArticleResearch, saveArticleResearch } from "#app/modules/research/article-research.server";
import { ledgerOfSnapshot } from "#app/modules/research/ledger";
import type { ResearchSnapshot } from "#app/modules/research/types";
import { getContentSettings } from "#app/modules/settings/content.server";
import { action as settingsAction } from "#app/routes/dashboard/settings/route";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { action as writeAction, loader as writeLoader } from "#app/routes/dashboard/write/route";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { callRoute, get, post } from "#tests/setup/route-harness";

/** The claim ledger kept with an article: shown in the editor, derived again on save, and on published posts when asked for. */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const SITE = "https://northwind-coffee.example";
const CANISTER_FACT = "The canister holds 500 g of whole beans behind a one-way CO2 valve.";
const NCA_FACT = "Whole beans stay fresh for 2 to 4 weeks after roasting.";
const SNAPSHOT: ResearchSnapshot = {
  keyword: "how to store coffee beans",
  provider: "DataForSEO",
  serp: {
    keyword: "how to store coffee beans",
    results: [
      { position: 1, url: "https://www.ncausa.org/storing-coffee", domain: "ncausa.org", title: "How to Store Coffee", snippet: NCA_FACT },
    ],
    peopleAlsoAsk: [],
    relatedSearches: [],
  },
  pages: [],
  keywordData: null,
  sitePages: [{ url: `${SITE}/products/coffee-canister`, title: "Airtight Coffee Canister", kind: "product" }],
  gatheredAt: "2026-11-27T08:00:00.000Z",
  facts: [
    { text: CANISTER_FACT, source: { url: `${SITE}/products/coffee-canister`, title: "Airtight Coffee Canister", kind: "own" } },
    { text: NCA_FACT, source: { url: "https://www.ncausa.org/storing-coffee", title: "How to Store Coffee", kind: "web" } },
  ],
  gaps: ["None of the top results' pages could be read, so the outline follows only their titles."],
};
const BODY = `<h2>Keep them sealed</h2><p>${CANISTER_FACT} See the <a href="${SITE}/products/coffee-canister">Airtight Coffee Canister</a>.</p><p>${NCA_FACT} (<a href="https://www.ncausa.org/storing-coffee">NCA</a>)</p>`;

async function researchedArticle({ showSources = false } = {}) {
  const user = await makeUser(db);
  await db
    .updateTable("content_settings")
    .set({ show_sources: showSources ? 1 : 0 })
    .where("site_id", "=", user.siteId)
    .execute();
  const slug = `store-${newId().slice(0, 8)}`;
  const articleId = await makeArticle(db, user.siteId, {
    title: "How to store coffee beans",
    target_keyword: "how to store coffee beans",
    slug,
    content_html: BODY,
    source: "ai",
    status: "published",
    published_at: isoNow(),
  });
  await makePublication(db, user.siteId, articleId);
  await saveArticleResearch(db, user.siteId, articleId, { snapshot: SNAPSHOT, sources: ledgerOfSnapshot(BODY, SNAPSHOT) });
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  return { user, articleId, slug, blogSlug: site.blog_slug! };
}

type WriteData = { research: { sources: Array<{ label: string; kind: string; claims: string[] }>; gaps: string[] } | null };

describe("the editor's Sources", () => {
  it("lists own pages as 'your page X' and web sources by domain, with the research's gaps", async () => {
    const { user, articleId } = await researchedArticle();
    const res = await callRoute<WriteData>({
      middleware: [requireAuth],
      handler: writeLoader,
      request: get(`/dashboard/write?edit=${articleId}`, user.cookie),
    });
    expect(res.status).toBe(200);
    expect(res.data.research!.sources).toEqual([
      expect.objectContaining({ label: "your page Airtight Coffee Canister", kind: "own", claims: [CANISTER_FACT] }),
      expect.objectContaining({ label: "ncausa.org", kind: "web", claims: [NCA_FACT] }),
    ]);
    expect(res.data.research!.gaps).toEqual(SNAPSHOT.gaps);
  });

  it("follows an edit: a fact and link taken out no longer list their source", async () => {
    const { user, articleId } = await researchedArticle();
    const edited = `<h2>Keep them sealed</h2><p>${CANISTER_FACT} See the <a href="${SITE}/products/coffee-canister">canister</a>.</p><p>Keep them dry.</p>`;
    const saved = await callRoute({
      middleware: [requireAuth],
      handler: writeAction,
      request: post(
        `/dashboard/write?edit=${articleId}`,
        { intent: "save", articleId, title: "How to store coffee beans", content: edited, contentFormat: "html" },
        user.cookie,
      ),
    });
    expect(saved.status).toBe(302);
    const research = (await getArticleResearch(db, user.siteId, articleId))!;
    expect(research.sources.map((s) => s.url)).toEqual([`${SITE}/products/coffee-canister`]);
  });

  it("shows nothing for an article written without research", async () => {
    const user = await makeUser(db);
    const articleId = await makeArticle(db, user.siteId, { title: "By hand", content_html: "<p>Mine.</p>" });
    const res = await callRoute<WriteData>({
      middleware: [requireAuth],
      handler: writeLoader,
      request: get(`/dashboard/write?edit=${articleId}`, user.cookie),
    });
    expect(res.data.research).toBeNull();
  });
});

const hostedHtml = async (blogSlug: string, slug: string) => {
  const url = new URL(`http://localhost:3000/b/${blogSlug}/${slug}`);
  const res = (await postLoader({ request: new Request(url), url, params: { blogSlug, articleSlug: slug } } as never)) as Response;
  return res.text();
};
const sent = (articleId: string, siteId: string) =>
  db
    .selectFrom("articles")
    .select(["id", "site_id", "title", "slug", "content_html", "meta_description", "target_keyword", "featured_image", "topic_id"])
    .where("id", "=", articleId)
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow()
    .then((a) => buildPost(db, a, { publicationId: "p", correlationId: "c", mode: "live", scheduleAt: null }));

describe("'Show sources on published posts'", () => {
  it("is off by default and saved by the content settings form", async () => {
    const user = await makeUser(db);
    expect((await getContentSettings(db, user.siteId)).showSources).toBe(false);
    const fields = { intent: "content", articleLength: "medium", brandMentions: "minimal", internalLinksCount: "regular" };
    const res = await callRoute({
      middleware: [requireAuth],
      handler: settingsAction,
      request: post(
        "/dashboard/settings?tab=content",
        { ...fields, externalLinks: "few", language: "en-US", autoGenTime: "09:00", showSources: "on" },
        user.cookie,
      ),
    });
    expect(res.status).toBe(302);
    expect((await getContentSettings(db, user.siteId)).showSources).toBe(true);
  });

  it("ends the post with its Sources on the hosted blog and on every platform when on", async () => {
    const { user, articleId, slug, blogSlug } = await researchedArticle({ showSources: true });
    const section =
      '<h2>Sources</h2>\n<ul class="article-sources"><li><a href="https://northwind-coffee.example/products/coffee-canister">Airtight Coffee Canister</a></li><li><a href="https://www.ncausa.org/storing-coffee" rel="noopener noreferrer">How to Store Coffee</a> (ncausa.org)</li></ul>';
    // On the hosted blog each section heading gets an id for the contents list.
    expect(await hostedHtml(blogSlug, slug)).toContain(section.replace("<h2>", '<h2 id="sources">'));
    const built = await sent(articleId, user.siteId);
    expect(built.html).toContain(section);
    expect(built.html.indexOf("<h2>Sources</h2>")).toBeGreaterThan(built.html.indexOf(NCA_FACT));
    expect(built.markdown).toContain("## Sources");
  });

  it("writes only http(s) links: a stored source with another scheme is left out", async () => {
    const { user, articleId, slug, blogSlug } = await researchedArticle({ showSources: true });
    const sources = ledgerOfSnapshot(BODY, SNAPSHOT);
    const hostile = [
      { ...sources[1]!, url: "javascript:alert(document.cookie)", title: "Click me" },
      { ...sources[1]!, url: "data:text/html,<script>alert(1)</script>", title: "Data" },
      { ...sources[1]!, url: "//evil.example/x", title: "Protocol-relative" },
    ];
    await saveArticleResearch(db, user.siteId, articleId, { snapshot: SNAPSHOT, sources: [...sources, ...hostile] });
    for (const html of [await hostedHtml(blogSlug, slug), (await sent(articleId, user.siteId)).html]) {
      expect(html).toContain('<a href="https://www.ncausa.org/storing-coffee" rel="noopener noreferrer">How to Store Coffee</a>');
      expect(html).not.toMatch(/javascript:|data:text|evil\.example|Click me/);
    }
  });

  it("adds nothing when it is off", async () => {
    const { user, articleId, slug, blogSlug } = await researchedArticle({ showSources: false });
    expect(await hostedHtml(blogSlug, slug)).not.toContain(">Sources</h2>");
    expect((await sent(articleId, user.siteId)).html).not.toContain("<h2>Sources</h2>");
  });
});
