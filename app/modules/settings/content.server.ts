import { inTransaction, type DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";
import { auditSettingsChange, type SettingsActor } from "./audit.server";
import { DEFAULT_CONTENT_SETTINGS, type ContentSettings } from "./content-options";
import { isLanguageTag } from "./languages";

export type { ContentSettings };
export { ContentFormSchema } from "./forms";
export { DEFAULT_CONTENT_SETTINGS };

/** A site's content preferences (docs/product.md "Settings", Content), read by the Content tab and the writing engine. */
export async function getContentSettings(db: DB, siteId: string): Promise<ContentSettings> {
  const row = await db.selectFrom("content_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst();
  if (!row) return { ...DEFAULT_CONTENT_SETTINGS };
  return {
    useBrandInfo: row.use_brand_info === 1,
    articleLength: row.article_length,
    brandMentions: row.brand_mentions,
    internalLinksCount: row.internal_links_count,
    externalSearch: row.external_search === 1,
    externalLinks: row.external_links,
    language: isLanguageTag(row.language) ? row.language : DEFAULT_CONTENT_SETTINGS.language,
    specificInstructions: row.specific_instructions,
    exclusions: row.exclusions,
    imageStyle: row.image_style,
    autoGeneration: row.auto_generation === 1,
    autoGenTime: row.auto_gen_time,
    autoPublish: row.auto_publish === 1,
    autopilotMinScore: row.autopilot_min_score,
    reviewMode: row.review_mode === 1,
    strictLinks: row.autopilot_strict_links === 1,
    aiDisclosure: row.ai_disclosure === 1,
    showSources: row.show_sources === 1,
  };
}

/** What changed, for the work that follows the settings in the same transaction (auto-pilot's pending days). */
export type ContentSettingsChange = { before: Record<string, unknown> | undefined; after: Record<string, unknown> };

export async function saveContentSettings<T = undefined>(
  db: DB,
  siteId: string,
  input: ContentSettings,
  actor?: SettingsActor,
  follow?: (trx: DB, change: ContentSettingsChange) => Promise<T>,
): Promise<T | undefined> {
  const values = {
    use_brand_info: input.useBrandInfo ? 1 : 0,
    article_length: input.articleLength,
    brand_mentions: input.brandMentions,
    internal_links_count: input.internalLinksCount,
    external_search: input.externalSearch ? 1 : 0,
    external_links: input.externalLinks,
    language: input.language,
    specific_instructions: input.specificInstructions,
    exclusions: input.exclusions,
    image_style: input.imageStyle,
    auto_generation: input.autoGeneration ? 1 : 0,
    auto_gen_time: input.autoGenTime,
    auto_publish: input.autoPublish ? 1 : 0,
    autopilot_min_score: input.autopilotMinScore,
    review_mode: input.reviewMode ? 1 : 0,
    autopilot_strict_links: input.strictLinks ? 1 : 0,
    ai_disclosure: input.aiDisclosure ? 1 : 0,
    show_sources: input.showSources ? 1 : 0,
    updated_at: isoNow(),
  };
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("content_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst();
    await trx
      .insertInto("content_settings")
      .values({ site_id: siteId, ...values })
      .onConflict((oc) => oc.column("site_id").doUpdateSet(values))
      .execute();
    if (actor) await auditSettingsChange(trx, actor, { kind: "content", siteId, before, after: values });
    return follow?.(trx, { before, after: values });
  });
}

/** The automatic generation switch (auto-pilot's pause and resume); true when it changed. */
export async function setAutoGeneration(db: DB, siteId: string, on: boolean) {
  const changed = await db
    .updateTable("content_settings")
    .set({ auto_generation: on ? 1 : 0, updated_at: isoNow() })
    .where("site_id", "=", siteId)
    .where("auto_generation", "=", on ? 0 : 1)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}
