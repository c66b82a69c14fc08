import type { DB } from "#app/db/client.server";
import type { BrandSettingsTable } from "#app/db/schema";
import type { Insertable } from "kysely";

/** A new site's brand and content settings, each at its defaults (workspaces creates the site; publishing its schedule). */
export async function createDefaultSettings(db: DB, siteId: string, now: string) {
  await db.insertInto("brand_settings").values({ site_id: siteId, logo_path: null, updated_at: now }).execute();
  await db.insertInto("content_settings").values({ site_id: siteId, updated_at: now }).execute();
}

type ScannedBrand = Omit<Insertable<BrandSettingsTable>, "site_id" | "logo_path">;

/** What onboarding's scan of the site found becomes its brand settings; an uploaded logo stays. */
export async function saveScannedBrand(db: DB, siteId: string, values: ScannedBrand) {
  await db
    .insertInto("brand_settings")
    .values({ site_id: siteId, logo_path: null, ...values })
    .onConflict((oc) => oc.column("site_id").doUpdateSet(values))
    .execute();
}
