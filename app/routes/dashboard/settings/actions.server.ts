import { getDb, type DB } from "#app/db/client.server";
import { requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { describeMoved, followContentSettings, movePendingDays } from "#app/modules/autopilot/pending.server";
import type { SettingsActor } from "#app/modules/settings/audit.server";
import { BrandFormSchema, removeBrandLogo, saveBrandLogo, saveBrandLook, saveBrandSettings } from "#app/modules/settings/brand.server";
import { BrandLookFormSchema } from "#app/modules/settings/brand-look";
import { ContentFormSchema, saveContentSettings } from "#app/modules/settings/content.server";
import { multipartTooLarge } from "#app/modules/uploads/images.server";
import { requestSitePagesRead, sitePagesSummary } from "#app/modules/onboarding/site-pages-job.server";
import { PUBLISHING_MESSAGES, PublishingFormSchema } from "#app/modules/settings/publishing-options";
import { applyScheduleToDrafts, PublishingSettingsError, savePublishingSettings } from "#app/modules/publishing/schedule.server";
import { parseSubmission, readFormData, replyError, replyNotice, replyOk, submittedColor } from "#app/utils/forms.server";
import { formatDateTime } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";
import { countUnstartedPlanDays } from "#app/modules/plan/items.server";
import { zonedDate } from "#app/utils/time";
import { BRAND_INVALID, CONTENT_INVALID, FIX_FIELDS, LOOK_INVALID } from "./notices";
import { UNKNOWN_ACTION, UNREADABLE_FORM } from "./account-actions.server";

/**
 * The Brand and Content tabs' actions (the Account tab's is the account page's,
 * ../account-actions.server.ts). Each tab reads its form once and dispatches by
 * `intent`. Success redirects back to the tab with the product's toast; a bad
 * input answers 400 with the messages and changes nothing.
 */

const LOGO_ERROR = "Error uploading logo";

type BrandForm = { db: DB; siteId: string; timeZone: string; formData: FormData; back: string; actor: SettingsActor };

const actorOf = (auth: AuthState, ip: string | undefined): SettingsActor => ({
  userId: auth.user.id,
  workspaceId: auth.workspace.id,
  ip: ip ?? null,
});

/** Back to the page the form was posted from (the router's URL, without a data request's `.data`). */
const backTo = (url: URL) => url.pathname + url.search;

export async function brandTabAction(request: Request, url: URL, auth: AuthState, ip: string | undefined) {
  requirePermission(auth, "settings.manage");
  // The logo is the tab's only multipart form; an oversized one is refused from its declared length, unread.
  if (multipartTooLarge(request))
    return replyNotice("brand-logo", { title: LOGO_ERROR, description: "The image must be 2 MB or smaller." });
  const formData = await readFormData(request);
  if (!formData) return replyNotice(null, UNREADABLE_FORM);
  const form: BrandForm = {
    db: getDb(),
    siteId: auth.site.id,
    timeZone: auth.site.timeZone,
    formData,
    back: backTo(url),
    actor: actorOf(auth, ip),
  };
  switch (formData.get("intent")) {
    case "brand":
      return saveBrand(form);
    case "brand-look":
      return saveLook(form);
    case "brand-logo":
      return uploadLogo(form);
    case "brand-logo-remove":
      return removeLogo(form);
    case "site-pages":
      return rereadSitePages(form);
    default:
      return replyNotice(null, UNKNOWN_ACTION);
  }
}

async function saveBrand({ db, siteId, timeZone, formData, back, actor }: BrandForm) {
  const { submission } = await parseSubmission(formData, BrandFormSchema);
  if (submission.status !== "success") return replyError(submission, { notice: BRAND_INVALID });
  const redescribed = await saveBrandSettings(db, siteId, submission.value, actor);
  // A business described anew is offered a plan drawn from the new description (decision 070).
  const replan = redescribed && (await countUnstartedPlanDays(db, siteId, zonedDate(new Date(), timeZone))) > 0;
  return redirectWithToast(replan ? "/dashboard/settings?tab=brand&replan=1" : back, { title: "Brand settings saved!" });
}

/** 'Blog colours and fonts': a colour too light for text is kept as chosen; the blog derives a readable shade from it. */
async function saveLook({ db, siteId, formData, back, actor }: BrandForm) {
  formData.set("accentColor", submittedColor(formData, "accentColor"));
  const { submission } = await parseSubmission(formData, BrandLookFormSchema);
  if (submission.status !== "success") return replyError(submission, { notice: LOOK_INVALID });
  await saveBrandLook(db, siteId, submission.value, actor);
  return redirectWithToast(back, { title: "Blog colours and fonts saved!" });
}

/** 'Read my site's pages again': queued, at most once a minute; the site's address must be known. */
async function rereadSitePages({ db, siteId, back }: BrandForm) {
  const site = await sitePagesSummary(db, siteId);
  if (!site.hasSite)
    return replyNotice("site-pages", {
      title: "No website to read",
      description: "Scan your website first, from the getting-started checklist.",
    });
  const queued = await requestSitePagesRead(db, siteId);
  return redirectWithToast(
    back,
    queued
      ? { title: "Reading your site's pages", description: "Products, categories and FAQs appear here in a minute." }
      : { type: "info", title: "Already reading your site's pages", description: "Try again in a minute." },
  );
}

async function uploadLogo({ db, siteId, formData, back, actor }: BrandForm) {
  const file = formData.get("logo");
  const saved = await saveBrandLogo(db, siteId, file instanceof File ? file : null);
  if (!saved.ok) return replyNotice("brand-logo", { title: LOGO_ERROR, description: saved.error });
  await auditLogo(db, actor, siteId, "uploaded");
  return redirectWithToast(back, { title: "Logo uploaded successfully!" });
}

async function removeLogo({ db, siteId, back, actor }: BrandForm) {
  await removeBrandLogo(db, siteId);
  await auditLogo(db, actor, siteId, "removed");
  return redirectWithToast(back, { title: "Logo removed" });
}

// The logo's file work happens outside the settings transaction, so its audit entry follows it.
function auditLogo(db: DB, actor: SettingsActor, siteId: string, change: "uploaded" | "removed") {
  return recordAudit(db, {
    actorId: actor.userId,
    workspaceId: actor.workspaceId,
    action: "settings.brand.logo",
    target: `site:${siteId}`,
    detail: { change },
    ip: actor.ip,
  });
}

export async function contentTabAction(request: Request, url: URL, auth: AuthState, ip: string | undefined) {
  requirePermission(auth, "settings.manage");
  const formData = await readFormData(request);
  if (!formData) return replyNotice(null, UNREADABLE_FORM);
  if (formData.get("intent") !== "content") return replyNotice(null, UNKNOWN_ACTION);
  const { submission } = await parseSubmission(formData, ContentFormSchema);
  if (submission.status !== "success") {
    return replyError(submission, { notice: CONTENT_INVALID });
  }
  // Auto-pilot's pending days follow in the same transaction (paused, resumed or checked again); the toast says so.
  const moved = await saveContentSettings(getDb(), auth.site.id, submission.value, actorOf(auth, ip), (trx, change) =>
    followContentSettings(trx, auth.site.id, change),
  );
  return redirectWithToast(backTo(url), { title: "Content settings saved!", description: describeMoved(moved ?? []) });
}

/** The Publishing tab (docs/decisions/048-publishing-schedule.md): save the schedule (and add or remove daily times), or apply it to the drafts. */
export async function publishingTabAction(request: Request, url: URL, auth: AuthState, ip: string | undefined) {
  requirePermission(auth, "settings.manage");
  const formData = await readFormData(request);
  if (!formData) return replyNotice(null, UNREADABLE_FORM);
  const db = getDb();
  if (formData.get("intent") === "apply-drafts") return applyToDrafts(db, auth, url);
  if (formData.get("intent") !== "publishing") return replyNotice(null, UNKNOWN_ACTION);
  const { submission } = await parseSubmission(formData, PublishingFormSchema);
  // 'Add new daily time' and a row's Remove change the form only (Conform's list intents), with and without JavaScript.
  if (submission.status === undefined) return replyOk(submission);
  if (submission.status !== "success")
    return replyError(submission, { notice: { title: PUBLISHING_MESSAGES.saveError, description: FIX_FIELDS } });
  let moved: Awaited<ReturnType<typeof movePendingDays>> | undefined;
  try {
    // Auto-pilot's pending days move with the new times in the same transaction; the toast says what moved.
    moved = await savePublishingSettings(db, auth.site.id, submission.value, actorOf(auth, ip), (trx) =>
      movePendingDays(trx, auth.site.id),
    );
  } catch (error) {
    if (!(error instanceof PublishingSettingsError)) throw error;
    return replyError(submission, {
      fieldErrors: { defaultConnectionId: [error.message] },
      notice: { title: PUBLISHING_MESSAGES.saveError },
    });
  }
  return redirectWithToast(backTo(url), { title: PUBLISHING_MESSAGES.saved, description: describeMoved(moved ?? []) });
}

async function applyToDrafts(db: DB, auth: AuthState, url: URL) {
  requirePermission(auth, "articles.publish");
  const result = await applyScheduleToDrafts(db, { siteId: auth.site.id, userId: auth.user.id });
  if (!result.ok) {
    const notice =
      result.reason === "missing"
        ? PUBLISHING_MESSAGES.missing
        : result.reason === "no-drafts"
          ? PUBLISHING_MESSAGES.noDrafts
          : { title: PUBLISHING_MESSAGES.applyError, description: "Connect a destination or turn the hosted blog back on first." };
    return replyNotice("apply-drafts", notice);
  }
  const when = result.first ? ` from ${formatDateTime(result.first.toISOString(), auth.site.timeZone)}` : "";
  return redirectWithToast(backTo(url), {
    title: PUBLISHING_MESSAGES.applied,
    description: `${result.count} ${result.count === 1 ? "draft" : "drafts"} scheduled${when} (${auth.site.timeZone}), to ${result.destination}.`,
  });
}
