import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { buildPost } from "#app/modules/publishing/post.server";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";

/** The 'AI-assisted' disclosure line: on the hosted blog and in every post sent to a platform, when asked for. */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

async function siteWithArticle(source: "ai" | "offline" | "manual", disclosure: boolean) {
  const user = await makeUser(db, { fullName: "Rita Reviewer" });
  await db
    .updateTable("content_settings")
    .set({ ai_disclosure: disclosure ? 1 : 0 })
    .where("site_id", "=", user.siteId)
    .execute();
  const slug = `post-${newId().slice(0, 8)}`;
  const articleId = await makeArticle(db, user.siteId, {
    title: "Cold brew",
    slug,
    content_html: "<p>Steep it.</p>",
    source,
    status: "published",
    published_at: isoNow(),
  });
  await makePublication(db, user.siteId, articleId);
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  return { user, articleId, slug, blogSlug: site.blog_slug! };
}
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

describe("AI-assisted disclosure", () => {
  it("ends an AI-written post with the line, naming who approved it, on the hosted blog and to platforms", async () => {
    const { user, articleId, slug, blogSlug } = await siteWithArticle("ai", true);
    expect(await hostedHtml(blogSlug, slug)).toContain("This article was written with AI assistance.");
    await db
      .insertInto("article_approvals")
      .values({
        id: newId(),
        article_id: articleId,
        site_id: user.siteId,
        user_id: user.userId,
        user_name: "Rita Reviewer",
        decision: "approved",
        created_at: isoNow(),
      })
      .execute();
    expect(await hostedHtml(blogSlug, slug)).toContain("This article was written with AI assistance and reviewed by Rita Reviewer.");
    const post = await sent(articleId, user.siteId);
    expect(post.html).toContain(
      '<p class="ai-disclosure"><em>This article was written with AI assistance and reviewed by Rita Reviewer.</em></p>',
    );
    expect(post.markdown).toContain("_This article was written with AI assistance and reviewed by Rita Reviewer._");
  });

  it("adds nothing when it is off, or to an article written by hand", async () => {
    const off = await siteWithArticle("ai", false);
    expect(await hostedHtml(off.blogSlug, off.slug)).not.toContain("AI assistance");
    const manual = await siteWithArticle("manual", true);
    expect(await hostedHtml(manual.blogSlug, manual.slug)).not.toContain("AI assistance");
    expect((await sent(manual.articleId, manual.user.siteId)).html).not.toContain("AI assistance");
  });

  it("says it in the blog's content language", async () => {
    const { user, articleId, slug, blogSlug } = await siteWithArticle("ai", true);
    await db.updateTable("content_settings").set({ language: "de-DE" }).where("site_id", "=", user.siteId).execute();
    expect(await hostedHtml(blogSlug, slug)).toContain("Dieser Artikel wurde mit KI-Unterstützung verfasst.");
    await db.updateTable("content_settings").set({ language: "ko-KR" }).where("site_id", "=", user.siteId).execute();
    expect((await sent(articleId, user.siteId)).html).toContain("This article was written with AI assistance.");
  });
});
