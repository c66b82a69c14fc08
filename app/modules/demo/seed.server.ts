import bcrypt from "bcryptjs";
import type { DB } from "#app/db/client.server";
import { BCRYPT_COST } from "#app/modules/auth/password-hasher.server";
import { getEnv } from "#app/env.server";
import { newCorrelationId } from "#app/modules/publishing/diagnostics.server";
import { contentHash } from "#app/modules/publishing/post.server";
import { requestPublication } from "#app/modules/publishing/publish.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { logger } from "#app/utils/logger.server";
import { newId } from "#app/utils/crypto.server";
import { DAY, isoIn, isoNow } from "#app/utils/time";

export const DEMO_EMAIL = "demo@inkpilot.app";
export const DEMO_PASSWORD = "inkpilot-demo";
/** The demo site's hosted blog lives at /b/northwind-coffee. */
export const DEMO_BLOG_SLUG = "northwind-coffee";

const demoTopics = [
  {
    name: "Coffee brewing",
    description: "Guides to brewing better coffee at home.",
    keywords: ["pour over", "french press", "cold brew", "grind size"],
    category: "Guides",
    color: "#3B82F6",
  },
  {
    name: "Bean origins",
    description: "Where our beans come from and how origin shapes flavour.",
    keywords: ["ethiopian coffee", "colombian coffee"],
    category: "Education",
    color: "#10B981",
  },
  { name: "Shop news", description: "", keywords: [], category: "", color: "#F59E0B" },
];

const demoArticles = [
  { title: "How to Brew Pour-Over Coffee: A Step-by-Step Guide", keyword: "pour over coffee", status: "published" as const, daysAgo: 6 },
  {
    title: "Cold Brew vs Iced Coffee: What's the Difference?",
    keyword: "cold brew vs iced coffee",
    status: "scheduled" as const,
    daysAgo: 3,
  },
  { title: "Choosing the Right Grind Size for Every Brew Method", keyword: "coffee grind size", status: "draft" as const, daysAgo: 1 },
];

function paragraphs(title: string, keyword: string) {
  return [
    `<h2>Why ${keyword} matters</h2>`,
    `<p>${title} is one of the questions our customers ask most. This guide walks through the essentials so you can get a great cup every time.</p>`,
    `<h2>What you need</h2>`,
    `<ul><li>Freshly roasted beans</li><li>A burr grinder</li><li>A scale and a timer</li></ul>`,
    `<h2>Step by step</h2>`,
    `<p>Weigh your coffee, grind it just before brewing and keep the water between 92 and 96 °C. Small changes in ratio make a big difference to taste.</p>`,
  ].join("\n");
}

/** Demo data for a fresh development database: one account with a site, topics and articles. */
export async function seedDemo(db: DB) {
  const { userId, workspaceId, siteId } = await createAccount(db, {
    email: DEMO_EMAIL,
    passwordHash: await bcrypt.hash(DEMO_PASSWORD, BCRYPT_COST),
    fullName: "Demo User",
    emailVerified: true,
    isOperator: true,
  });
  const now = isoNow();
  await db.updateTable("users").set({ onboarding_completed_at: now }).where("id", "=", userId).execute();
  await db
    .updateTable("sites")
    .set({ name: "Northwind Coffee", url: "https://northwind-coffee.example", blog_slug: DEMO_BLOG_SLUG })
    .where("id", "=", siteId)
    .execute();
  await db
    .updateTable("brand_settings")
    .set({
      brand_name: "Northwind Coffee",
      industry: "Specialty coffee",
      description: "A small-batch roaster shipping freshly roasted beans across Europe.",
      target_audience: "Home baristas and coffee lovers",
      tone_of_voice: "Warm, knowledgeable and practical",
      tags: JSON.stringify(["coffee", "brewing", "roasting"]),
      internal_links: JSON.stringify(["https://northwind-coffee.example/shop", "https://northwind-coffee.example/about"]),
    })
    .where("site_id", "=", siteId)
    .execute();
  const topicIds: string[] = [];
  for (const topic of demoTopics) {
    const id = newId();
    topicIds.push(id);
    await db
      .insertInto("topics")
      .values({ id, site_id: siteId, ...topic, keywords: JSON.stringify(topic.keywords), created_at: now, updated_at: now })
      .execute();
  }
  const hosted = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  for (const [i, article] of demoArticles.entries()) {
    const createdAt = isoIn(-article.daysAgo * DAY);
    const html = paragraphs(article.title, article.keyword);
    const articleId = newId();
    const slug = article.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    await db
      .insertInto("articles")
      .values({
        id: articleId,
        site_id: siteId,
        author_id: userId,
        topic_id: topicIds[0] ?? null,
        title: article.title,
        slug,
        content_html: html,
        target_keyword: article.keyword,
        status: article.status,
        published_at: article.status === "published" ? createdAt : null,
        scheduled_at: article.status === "scheduled" ? isoIn((i + 1) * DAY) : null,
        word_count: html
          .replace(/<[^>]+>/g, " ")
          .split(/\s+/)
          .filter(Boolean).length,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    // The published demo article is live on the demo site's hosted blog; the scheduled one is a real
    // scheduled publication there (the worker publishes it at its time).
    if (article.status === "published") {
      await db
        .insertInto("publications")
        .values({
          id: newId(),
          site_id: siteId,
          article_id: articleId,
          connection_id: hosted.id,
          mode: "live",
          status: "published",
          scheduled_for: null,
          marker: articleId,
          remote_id: articleId,
          remote_url: `${getEnv().appUrl}/b/${DEMO_BLOG_SLUG}/${slug}`,
          remote_status: "published",
          remote_version: null,
          create_started_at: null,
          content_hash: contentHash({
            id: articleId,
            site_id: siteId,
            title: article.title,
            slug,
            content_html: html,
            meta_description: "",
            target_keyword: article.keyword,
            featured_image: null,
            topic_id: topicIds[0] ?? null,
          }),
          last_error: null,
          correlation_id: newCorrelationId(),
          published_at: createdAt,
          live_check: null,
          live_checked_at: null,
          requested_by: userId,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    } else if (article.status === "scheduled") {
      await requestPublication(
        db,
        { siteId, userId },
        { articleId, connectionId: hosted.id, mode: "live", scheduleAt: new Date(Date.now() + (i + 1) * DAY) },
      );
    }
  }
  return { userId, workspaceId, siteId };
}

export async function seedDemoIfEmpty(db: DB) {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemo(db);
  logger.info({ email: DEMO_EMAIL, password: DEMO_PASSWORD }, "demo data loaded");
  console.log(`\n  Demo account ready: sign in with ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  console.log(`  Its hosted blog: ${getEnv().appUrl}/b/${DEMO_BLOG_SLUG}\n`);
  return true;
}
