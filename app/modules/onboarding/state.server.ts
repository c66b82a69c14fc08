import type { BrandProfile } from "#app/modules/ai/types";
import type { DB } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { scanErrorMessage } from "./scan.server";

/**
 * Whether the onboarding dialog shows and at which step. The step lives in the
 * URL (?onboarding=welcome|scan|success) so the dialog works without JavaScript.
 */

const ONBOARDING_STEPS = ["welcome", "scan", "success"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** What a website scan found: the brand profile, the page scanned and its internal links. */
type ScannedBrand = BrandProfile & { url: string | null; internalLinks: string[] };

export type OnboardingState = {
  show: boolean;
  step: OnboardingStep;
  /** The URL the user last tried, to refill the field after a failed scan. */
  url?: string;
  /** Why the last scan failed, shown on the URL field (from ?scanError=, our own wording only). */
  error?: string;
  scanned?: ScannedBrand;
  /** Where the dialog's forms return to (this page, without the onboarding parameters). */
  returnTo: string;
};

function parseList(json: string) {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

async function loadScannedBrand(db: DB, siteId: string): Promise<ScannedBrand | undefined> {
  const row = await db
    .selectFrom("brand_settings as b")
    .innerJoin("sites as s", "s.id", "b.site_id")
    .select([
      "s.url",
      "b.brand_name",
      "b.industry",
      "b.tone_of_voice",
      "b.tags",
      "b.description",
      "b.target_audience",
      "b.language",
      "b.internal_links",
    ])
    .where("b.site_id", "=", siteId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    url: row.url,
    brandName: row.brand_name,
    industry: row.industry,
    toneOfVoice: row.tone_of_voice,
    tags: parseList(row.tags),
    description: row.description,
    targetAudience: row.target_audience,
    language: row.language,
    internalLinks: parseList(row.internal_links),
  };
}

/**
 * For the dashboard loader, from the page's URL: the dialog shows until the
 * user finished or skipped it, and again on request (?onboarding=1, or any step name).
 */
export async function onboardingState(db: DB, auth: Pick<AuthState, "user" | "site">, url: URL): Promise<OnboardingState> {
  const param = url.searchParams.get("onboarding");
  const step: OnboardingStep = ONBOARDING_STEPS.find((s) => s === param) ?? "welcome";
  const requested = param !== null && param !== "0" && param !== "false";
  const show = !auth.user.onboardingCompleted || requested;

  const back = new URL(url);
  back.searchParams.delete("onboarding");
  back.searchParams.delete("url");
  back.searchParams.delete("scanError");
  const returnTo = back.pathname + back.search;

  const state: OnboardingState = { show, step, returnTo };
  if (!show) return state;
  const tried = url.searchParams.get("url");
  if (step === "scan" && tried) state.url = tried.slice(0, 2048);
  const error = step === "scan" ? scanErrorMessage(url.searchParams.get("scanError")) : null;
  if (error) state.error = error;
  if (step === "success") state.scanned = await loadScannedBrand(db, auth.site.id);
  return state;
}
