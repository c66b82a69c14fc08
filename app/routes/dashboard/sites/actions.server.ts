import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import { checkAddedSiteCharge } from "#app/modules/billing/site-charge.server";
import { getBilling } from "#app/modules/billing/stripe.server";
import { changeBlogAddress } from "#app/modules/hosted-blog/blog-slug.server";
import { hostedBlogPath } from "#app/modules/hosted-blog/urls";
import {
  AddSiteSchema,
  BlogAddressSchema,
  ChargeAgreementSchema,
  DeleteSiteSchema,
  RenameSiteSchema,
} from "#app/modules/workspaces/site-forms";
import { addSite, chooseSite, deleteSite, renameSite, SiteUrlError, type Actor } from "#app/modules/workspaces/sites.server";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { badRequest, notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The sites page's three forms, one handler per intent (docs/decisions/027):
 * each checks its own permission, since the page shows the forms a role may use.
 */

const PAGE = "/dashboard/sites";

const SiteIntentSchema = z.object({ intent: z.enum(["add", "rename", "delete", "blog-address"]) });

export async function sitesAction(db: DB, auth: AuthState, actor: Actor, formData: FormData) {
  const { submission } = await parseSubmission(formData, SiteIntentSchema);
  if (submission.status !== "success") return badRequest("Unknown action");
  switch (submission.value.intent) {
    case "add":
      return add(db, auth, actor, formData);
    case "rename":
      return rename(db, auth, actor, formData);
    case "delete":
      return remove(db, auth, actor, formData);
    case "blog-address":
      return changeAddress(db, auth, actor, formData);
  }
}

/** A new hosted-blog address; the old one answers 301 (docs/decisions/071). */
async function changeAddress(db: DB, auth: AuthState, actor: Actor, formData: FormData) {
  requirePermission(auth, "sites.rename");
  const { submission } = await parseSubmission(formData, BlogAddressSchema);
  if (submission.status !== "success") return replyError(submission);
  const { siteId, blogSlug } = submission.value;
  const moved = await changeBlogAddress(db, { workspaceId: auth.workspace.id, siteId }, blogSlug, actor);
  if (!moved.ok && moved.reason === "not-found") notFound("Site not found");
  if (!moved.ok && moved.reason === "taken")
    return replyError(submission, { fieldErrors: { blogSlug: ["This address is taken: choose another one"] } });
  if (!moved.ok) return redirectWithToast(PAGE, { type: "info", title: "The blog already has this address" });
  return redirectWithToast(PAGE, {
    title: "Blog address changed",
    description: `Your blog is now at ${hostedBlogPath(moved.to)}; ${hostedBlogPath(moved.from)} sends visitors there.`,
  });
}

async function add(db: DB, auth: AuthState, actor: Actor, formData: FormData) {
  requirePermission(auth, "sites.add");
  const { submission } = await parseSubmission(formData, AddSiteSchema);
  if (submission.status !== "success")
    return replyError(submission, { notice: { title: "Error adding site", description: "Please correct the highlighted fields." } });
  const billing = getBilling();
  let change = {};
  if (billing) {
    const agreed = ChargeAgreementSchema.safeParse(Object.fromEntries(formData));
    const { prorationDate, expectedChargeCents } = agreed.success ? agreed.data : {};
    const agreement = prorationDate && expectedChargeCents !== undefined ? { prorationDate, expectedChargeCents } : null;
    const checked = await checkAddedSiteCharge(db, billing, auth.workspace.id, agreement);
    if (!checked.ok) return replyError(submission, { status: 409, notice: { title: "Site not added", description: checked.reason } });
    change = { prorationDate: checked.prorationDate };
  }
  let siteId: string;
  try {
    siteId = await addSite(db, auth.workspace.id, submission.value, actor, change);
  } catch (error) {
    if (!(error instanceof SiteUrlError)) throw error;
    return replyError(submission, { fieldErrors: { url: [error.message] } });
  }
  await chooseSite(db, auth.sessionId, auth.user.id, siteId);
  // The new site is current; the onboarding dialog offers to scan it, its address filled in.
  const scan = new URLSearchParams({ onboarding: "scan", url: submission.value.url });
  return redirectWithToast(`/dashboard?${scan}`, {
    title: "Site added",
    description: `${submission.value.name} is now your current site.`,
  });
}

async function rename(db: DB, auth: AuthState, actor: Actor, formData: FormData) {
  requirePermission(auth, "sites.rename");
  const { submission } = await parseSubmission(formData, RenameSiteSchema);
  if (submission.status !== "success") return replyError(submission);
  if (!(await renameSite(db, auth.workspace.id, submission.value.siteId, submission.value.name, actor))) notFound("Site not found");
  return redirectWithToast(PAGE, { title: "Site renamed" });
}

async function remove(db: DB, auth: AuthState, actor: Actor, formData: FormData) {
  requirePermission(auth, "sites.delete");
  const { submission } = await parseSubmission(formData, DeleteSiteSchema);
  if (submission.status !== "success") return replyError(submission);
  const { siteId, confirmName } = submission.value;
  const result = await deleteSite(db, auth.workspace.id, siteId, confirmName, actor);
  if (result.ok) return redirectWithToast(PAGE, { title: "Site deleted", description: `${result.name} and its articles are gone.` });
  if (result.reason === "not-found") notFound("Site not found");
  if (result.reason === "name-mismatch")
    return replyError(submission, { fieldErrors: { confirmName: ["The name does not match this site's name."] } });
  return replyError(submission, {
    status: 409,
    notice: { title: "Cannot delete site", description: "A workspace keeps at least one site. Add another site before deleting this one." },
  });
}
