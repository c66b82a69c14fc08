import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { blogHasOwnWords } from "#app/modules/hosted-blog/furniture";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { loader as rssLoader } from "#app/routes/hosted-blog/rss";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * The blog's own words in its language (docs/decisions/082-blog-furniture-in-its-language.md): a German blog's
 * pager, dates, contents, author box, related posts, 404 and feed speak German; a language without its own words
 * gets English words and English dates together.
 */

let db: DB;
const parser = new new Window().DOMParser();

beforeAll(async () => {
  db = await testDb();
});

async function blogIn(language: string, brandName: string) {
  const user = await makeUser(db, { site: { timezone: "Europe/Berlin", language } });
  await db.updateTable("brand_settings").set({ brand_name: brandName, language }).where("site_id", "=", user.siteId).execute();
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  return { ...user, blogSlug: site.blog_slug! };
}

const LONG_POST =
  "<p>Einleitung.</p><h2>Warum der Mahlgrad zählt</h2><p>a</p><h2>Die Tabelle</h2><p>b</p>" +
  "<h2>Einstellen</h2><p>c</p><h2>Häufige Fragen</h2><p>d</p>";

async function publish(siteId: string, slug: string, title: string, at: string, html = "<p>Text.</p>") {
  const id = await makeArticle(db, siteId, { slug, title, content_html: html });
  await makePublication(db, siteId, id, { publishedAt: at, remoteId: id });
}

async function render(handler: typeof indexLoader | typeof postLoader | typeof rssLoader, path: string, params: Record<string, string>) {
  const result = await callRoute({ handler, request: get(path), params });
  const text = await result.response!.text();
  return { status: result.status, text, doc: parser.parseFromString(text, "text/html") };
}

const visibleText = (doc: ReturnType<typeof parser.parseFromString>) => doc.body.textContent!.replace(/\s+/g, " ");

describe("a German blog", () => {
  it("speaks German around its posts, with German dates on the blog's day", async () => {
    const { siteId, blogSlug } = await blogIn("de", "Rösterei Berg");
    // 23:30 UTC on 2 March is already 3 March in Berlin.
    await publish(siteId, "mahlgrad", "Der richtige Mahlgrad", "2026-03-02T23:30:00.000Z", LONG_POST);
    for (let i = 1; i <= 10; i++)
      await publish(siteId, `post-${i}`, `Beitrag ${i}`, `2026-02-${String(i + 10).padStart(2, "0")}T09:00:00.000Z`);

    const index = await render(indexLoader, `/b/${blogSlug}`, { blogSlug });
    expect(index.doc.documentElement.getAttribute("lang")).toBe("de");
    expect(index.doc.title).toBe("Rösterei Berg Blog");
    expect(index.doc.querySelector("a.skip")!.textContent).toBe("Zum Inhalt springen");
    expect(index.doc.querySelector(".posts time")!.textContent).toBe("3. März 2026");
    const pager = index.doc.querySelector("nav.pager")!;
    expect(pager.getAttribute("aria-label")).toBe("Seiten der Beiträge");
    expect(pager.textContent).toContain("Seite 1 von 2");
    expect(pager.querySelector('a[rel="next"]')!.textContent).toBe("Ältere Beiträge →");
    expect(visibleText(index.doc)).toContain("RSS-Feed von Rösterei Berg");

    const post = await render(postLoader, `/b/${blogSlug}/mahlgrad`, { blogSlug, articleSlug: "mahlgrad" });
    const text = visibleText(post.doc);
    expect(post.doc.querySelector(".post-header .meta")!.textContent).toMatch(
      // The article was last edited today, so the header also says when it was updated.
      /^Veröffentlicht am 3\. März 2026 · Aktualisiert am \d{1,2}\. \p{L}+ \d{4}$/u,
    );
    expect(post.doc.querySelector("nav.crumbs")!.getAttribute("aria-label")).toBe("Brotkrümelnavigation");
    expect(post.doc.querySelector(".toc-title")!.textContent).toBe("In diesem Artikel");
    expect(post.doc.querySelector(".author-label")!.textContent).toBe("Veröffentlicht von");
    expect(text).toContain("Weitere Artikel von Rösterei Berg →");
    expect(post.doc.querySelector(".related h2")!.textContent).toBe("Auch lesenswert");
    for (const english of ["Published", "In this article", "Keep reading", "More articles", "Skip to content", "RSS feed of"]) {
      expect(text).not.toContain(english);
    }
  });

  it("answers its 404 and its feed in German", async () => {
    const { blogSlug } = await blogIn("de-AT", "Kaffeehaus Wien");
    const missing = await render(postLoader, `/b/${blogSlug}/gibt-es-nicht`, { blogSlug, articleSlug: "gibt-es-nicht" });
    expect(missing.status).toBe(404);
    expect(missing.doc.querySelector("h1")!.textContent).toBe("Seite nicht gefunden");
    expect(visibleText(missing.doc)).toContain("Alle Artikel von Kaffeehaus Wien");
    const feed = await render(rssLoader, `/b/${blogSlug}/rss.xml`, { blogSlug });
    expect(feed.text).toContain("<description>Artikel von Kaffeehaus Wien</description>");
    expect(feed.text).toContain("<language>de-at</language>");
  });
});

describe("other languages", () => {
  it("gives Brazilian Portuguese the Portuguese words and dates", async () => {
    const { siteId, blogSlug } = await blogIn("pt-BR", "Café Serra");
    await publish(siteId, "moagem", "Moagem certa", "2026-03-03T12:00:00.000Z");
    const post = await render(postLoader, `/b/${blogSlug}/moagem`, { blogSlug, articleSlug: "moagem" });
    expect(post.doc.querySelector(".post-header .meta")!.textContent).toMatch(
      /^Publicado em 3 de março de 2026 · Atualizado em \d{1,2} de \p{L}+ de \d{4}$/u,
    );
    expect(post.doc.querySelector("a.skip")!.textContent).toBe("Ir para o conteúdo");
  });

  it("gives a language without its own words English words and English dates, never a mix", async () => {
    const { siteId, blogSlug } = await blogIn("pl", "Palarnia Wisła");
    await publish(siteId, "mielenie", "Mielenie kawy", "2026-03-03T12:00:00.000Z");
    const post = await render(postLoader, `/b/${blogSlug}/mielenie`, { blogSlug, articleSlug: "mielenie" });
    expect(post.doc.documentElement.getAttribute("lang")).toBe("pl");
    expect(post.doc.querySelector(".post-header .meta")!.textContent).toMatch(
      /^Published 03 Mar 2026 · Updated \d{2} [A-Z][a-z]{2} \d{4}$/,
    );
  });
});

it("knows which languages have the blog's own words, by primary language", () => {
  expect(["en-US", "de-AT", "pt-BR", "fr-CA", "nl", "es-419", "it"].every(blogHasOwnWords)).toBe(true);
  expect(["pl", "ja", "zh-CN", "sv"].some(blogHasOwnWords)).toBe(false);
});
