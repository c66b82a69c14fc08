import type { DB } from "#app/db/client.server";
import type { LinkShortfall } from "#app/modules/articles/seo";
import type { LinkAmount } from "#app/modules/settings/content-options";
import { linkShortfall } from "./link-shortfall";
import type { GenerationState } from "./steps";

/** Why the article's last successful generation linked less than the settings ask ({} for an article nobody generated). */
export async function linkShortfallOfArticle(
  db: DB,
  siteId: string,
  articleId: string | null | undefined,
  wanted: { internalLinksWanted: LinkAmount; externalLinksWanted: LinkAmount },
): Promise<LinkShortfall> {
  if (!articleId) return {};
  const row = await db
    .selectFrom("generations as g")
    .innerJoin("articles as a", "a.id", "g.article_id")
    .select(["g.state", "a.source"])
    .where("a.site_id", "=", siteId)
    .where("g.article_id", "=", articleId)
    .where("g.status", "=", "succeeded")
    .orderBy("g.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return {};
  const state = JSON.parse(row.state) as Pick<GenerationState, "candidates" | "links" | "linkGaps" | "brief">;
  return linkShortfall(state, row.source, { internal: wanted.internalLinksWanted, external: wanted.externalLinksWanted });
}
