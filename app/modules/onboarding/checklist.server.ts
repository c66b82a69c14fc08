import type { DB } from "#app/db/client.server";
import { editUrl, writeUrl } from "#app/modules/articles/urls";
import { markGettingStartedDismissed } from "#app/modules/auth/users.server";
import { usableConnections } from "#app/modules/publishing/connections.server";
import { hostedBlogPath } from "#app/modules/hosted-blog/urls";

/**
 * The 'Getting started' checklist on the articles page (docs/decisions/035).
 * Every step ticks itself from the site's real data; the only thing stored is
 * that the user dismissed the list. It shows once the user finished or skipped
 * onboarding, until every step is done or it is dismissed.
 */

type ChecklistStepId = "brand" | "article" | "destination" | "published";

type ChecklistStep = {
  id: ChecklistStepId;
  title: string;
  done: boolean;
  /** Where the step is done. */
  href: string;
  /** The link's text. */
  action: string;
  /** A second way to do it (the brand step reopens the website scan). */
  alternative?: { href: string; action: string };
  /** Offer the alternative after the step is done too (the hosted blog still offers the customer's own site). */
  offerWhenDone?: boolean;
};

export type GettingStarted = { show: boolean; steps: ChecklistStep[]; doneCount: number };

type Facts = {
  brandSet: boolean;
  articleWritten: boolean;
  /** A platform of the customer's own (not the hosted blog) is connected. */
  ownSiteConnected: boolean;
  /** The hosted blog's path, when it is on and the site has one. */
  hostedBlogPath: string | null;
  published: boolean;
  /** The newest written, unpublished article: where 'Publish' leads. */
  draftToPublish: string | null;
};

/**
 * The steps in order. Auto-pilot joins as the last step once it exists
 * ({ id: "autopilot", done: the site's auto-pilot is on, href: its settings }),
 * with its fact read in readFacts like the others.
 */
const STEPS: Array<(facts: Facts) => ChecklistStep> = [
  (f) => ({
    id: "brand",
    title: "Set up your brand",
    done: f.brandSet,
    href: "/dashboard/settings?tab=brand",
    action: "Open brand settings",
    alternative: { href: "/dashboard?onboarding=scan", action: "Scan your website" },
  }),
  (f) => ({ id: "article", title: "Write your first article", done: f.articleWritten, href: writeUrl(), action: "Write an article" }),
  (f) =>
    // The hosted blog is every site's default destination: say so, rather than tick 'Connect' for something the
    // customer never connected, and keep offering their own site.
    !f.ownSiteConnected && f.hostedBlogPath
      ? {
          id: "destination",
          title: "Your hosted blog is ready",
          done: true,
          href: f.hostedBlogPath,
          action: "View your blog",
          alternative: { href: "/dashboard/settings?tab=integrations", action: "Connect your own site" },
          offerWhenDone: true,
        }
      : {
          id: "destination",
          title: "Connect a destination",
          done: f.ownSiteConnected,
          href: "/dashboard/settings?tab=integrations",
          action: "Open integrations",
        },
  (f) => ({
    id: "published",
    title: "Publish your first article",
    done: f.published,
    href: f.draftToPublish ? editUrl(f.draftToPublish, { publish: true }) : writeUrl(),
    action: f.draftToPublish ? "Publish your draft" : "Write an article to publish",
  }),
];

async function hostedBlogPathOf(db: DB, siteId: string, connections: Array<{ platform: string }>) {
  if (!connections.some((c) => c.platform === "hosted")) return null;
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", siteId).executeTakeFirst();
  return site?.blog_slug ? hostedBlogPath(site.blog_slug) : null;
}

async function readFacts(db: DB, siteId: string): Promise<Facts> {
  const [brand, written, connections, live, draft] = await Promise.all([
    db.selectFrom("brand_settings").select("brand_name").where("site_id", "=", siteId).executeTakeFirst(),
    // 'Written' = any saved article with content, by hand or by the engine (a generation still running has none yet).
    db.selectFrom("articles").select("id").where("site_id", "=", siteId).where("word_count", ">", 0).limit(1).executeTakeFirst(),
    usableConnections(db, siteId),
    db
      .selectFrom("publications")
      .select("id")
      .where("site_id", "=", siteId)
      .where("mode", "=", "live")
      .where("status", "=", "published")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("articles")
      .select("id")
      .where("site_id", "=", siteId)
      .where("word_count", ">", 0)
      .where("status", "=", "draft")
      .orderBy("updated_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    brandSet: !!brand?.brand_name.trim(),
    articleWritten: !!written,
    ownSiteConnected: connections.some((c) => c.platform !== "hosted"),
    hostedBlogPath: await hostedBlogPathOf(db, siteId, connections),
    published: !!live,
    draftToPublish: draft?.id ?? null,
  };
}

/** The checklist of this user on this site: the steps, and whether it shows. */
export async function gettingStarted(db: DB, { userId, siteId }: { userId: string; siteId: string }): Promise<GettingStarted> {
  const [user, facts] = await Promise.all([
    db
      .selectFrom("users")
      .select(["onboarding_completed_at", "getting_started_dismissed_at"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    readFacts(db, siteId),
  ]);
  const steps = STEPS.map((step) => step(facts));
  const doneCount = steps.filter((s) => s.done).length;
  const show = user.onboarding_completed_at !== null && user.getting_started_dismissed_at === null && doneCount < steps.length;
  return { show, steps, doneCount };
}

/** Hides the checklist for this user for good. */
export async function dismissGettingStarted(db: DB, userId: string) {
  await markGettingStartedDismissed(db, userId);
}
