import { inTransaction, type DB } from "#app/db/client.server";
import { removeStoredFiles, saveUpload, storedImageUrl } from "#app/modules/uploads/images.server";
import { forgetStoredImages, recordStoredImage } from "#app/modules/uploads/stored-images.server";
import { isoNow } from "#app/utils/time";
import { parseStringList } from "#app/utils/json";
import { auditSettingsChange, type SettingsActor } from "./audit.server";
import { DEFAULT_LANGUAGE, isLanguageTag } from "./languages";
import { fontPairingOf, DEFAULT_FONT_PAIRING, type BrandLookFormSchema, type FontPairingId } from "./brand-look";
import type { z } from "zod";
import type { BrandFormSchema } from "./forms";

export { BrandFormSchema } from "./forms";

/** A site's brand (docs/product.md "Settings", Brand), read by the settings page and the writing engine. */
export type BrandSettings = {
  logoPath: string | null;
  logoUrl: string | null;
  brandName: string;
  industry: string;
  description: string;
  targetAudience: string;
  toneOfVoice: string;
  language: string;
  tags: string[];
  internalLinks: string[];
  /** The blog's accent as chosen (#RRGGBB), or null for the default (brand-look.ts). */
  accentColor: string | null;
  fontPairing: FontPairingId;
};

const DEFAULT_BRAND_SETTINGS: BrandSettings = {
  logoPath: null,
  logoUrl: null,
  brandName: "",
  industry: "",
  description: "",
  targetAudience: "",
  toneOfVoice: "",
  language: DEFAULT_LANGUAGE,
  tags: [],
  internalLinks: [],
  accentColor: null,
  fontPairing: DEFAULT_FONT_PAIRING,
};

export async function getBrandSettings(db: DB, siteId: string): Promise<BrandSettings> {
  const row = await db.selectFrom("brand_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst();
  if (!row) return { ...DEFAULT_BRAND_SETTINGS };
  return {
    logoPath: row.logo_path,
    logoUrl: storedImageUrl(row.logo_path),
    brandName: row.brand_name,
    industry: row.industry,
    description: row.description,
    targetAudience: row.target_audience,
    toneOfVoice: row.tone_of_voice,
    language: isLanguageTag(row.language) ? row.language : DEFAULT_LANGUAGE,
    tags: parseStringList(row.tags),
    internalLinks: parseStringList(row.internal_links),
    accentColor: row.accent_color,
    fontPairing: fontPairingOf(row.font_pairing),
  };
}

export type BrandInput = z.output<typeof BrandFormSchema>;

/**
 * Saves the brand settings; true when what the business is changed (its name, industry, description, audience or
 * tags), so the plan drawn from the old description can be offered again (decision 070).
 */
export async function saveBrandSettings(db: DB, siteId: string, input: BrandInput, actor?: SettingsActor) {
  const now = isoNow();
  const values = {
    brand_name: input.brandName,
    industry: input.industry,
    description: input.description,
    target_audience: input.targetAudience,
    tone_of_voice: input.toneOfVoice,
    language: input.language,
    tags: JSON.stringify(input.tags),
    internal_links: JSON.stringify(input.internalLinks),
    updated_at: now,
  };
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("brand_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst();
    const described = ["brand_name", "industry", "description", "target_audience", "tags"] as const;
    const redescribed = !before || described.some((key) => before[key] !== values[key]);
    const saved = redescribed ? { ...values, described_at: now } : values;
    await trx
      .insertInto("brand_settings")
      .values({ site_id: siteId, logo_path: null, ...saved })
      .onConflict((oc) => oc.column("site_id").doUpdateSet(saved))
      .execute();
    if (actor) await auditSettingsChange(trx, actor, { kind: "brand", siteId, before, after: values });
    return redescribed;
  });
}

/** Saves the blog's accent colour and font pairing (the Brand tab's look form); audited like every brand change made by someone. */
export async function saveBrandLook(db: DB, siteId: string, input: z.output<typeof BrandLookFormSchema>, actor?: SettingsActor) {
  const values = { accent_color: input.accentColor, font_pairing: input.fontPairing, updated_at: isoNow() };
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("brand_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst();
    await trx
      .insertInto("brand_settings")
      .values({ site_id: siteId, logo_path: null, ...values })
      .onConflict((oc) => oc.column("site_id").doUpdateSet(values))
      .execute();
    if (actor) await auditSettingsChange(trx, actor, { kind: "brand", siteId, before, after: values });
  });
}

async function setLogoPath(db: DB, siteId: string, logoPath: string | null) {
  const now = isoNow();
  await db
    .insertInto("brand_settings")
    .values({ site_id: siteId, logo_path: logoPath, updated_at: now })
    .onConflict((oc) => oc.column("site_id").doUpdateSet({ logo_path: logoPath, updated_at: now }))
    .execute();
}

export type LogoResult = { ok: true; logoPath: string } | { ok: false; error: string };

/** Checks and stores a new logo for the site (images only, by their bytes; 2 MB), then drops the old file. */
export async function saveBrandLogo(db: DB, siteId: string, upload: File | null): Promise<LogoResult> {
  const stored = await saveUpload("logo", siteId, upload);
  if (!stored.ok) return stored;
  const previous = await db.selectFrom("brand_settings").select("logo_path").where("site_id", "=", siteId).executeTakeFirst();
  await inTransaction(db, async (trx) => {
    await setLogoPath(trx, siteId, stored.storedPath);
    await recordStoredImage(trx, stored.storedPath, { kind: "logo", siteId }, stored.bytes);
    await forgetStoredImages(trx, [previous?.logo_path]);
  });
  await removeStoredFiles([previous?.logo_path]);
  return { ok: true, logoPath: stored.storedPath };
}

export async function removeBrandLogo(db: DB, siteId: string) {
  const previous = await db.selectFrom("brand_settings").select("logo_path").where("site_id", "=", siteId).executeTakeFirst();
  await inTransaction(db, async (trx) => {
    await setLogoPath(trx, siteId, null);
    await forgetStoredImages(trx, [previous?.logo_path]);
  });
  await removeStoredFiles([previous?.logo_path]);
}
