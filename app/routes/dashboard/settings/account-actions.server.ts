import { getDb, type DB } from "#app/db/client.server";
import { changePassword, deleteUserAccount, requestEmailChange, updateProfile } from "#app/modules/account/account.server";
import { saveAvatar } from "#app/modules/account/avatar.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { endAllSessionsOfUser, endSession } from "#app/modules/auth/session.server";
import { multipartTooLarge } from "#app/modules/uploads/images.server";
import type { Notice } from "#app/utils/form-reply";
import { parseSubmission, readFormData, replyError, replyNotice } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { DIGEST_LABELS, setDigest } from "#app/modules/autopilot/digest.server";
import { ChangeEmailSchema, ChangePasswordSchema, DeleteAccountSchema, DigestSchema, PASSWORDS, ProfileSchema } from "./account-schemas";

/**
 * The account forms' action, for the account page and the settings Account tab
 * alike: the form is read once and dispatched by its `intent`, one function per
 * form. Success redirects back (to the page and tab it came from) with a toast;
 * a bad input answers 400 with the messages and changes nothing.
 */

export const UNREADABLE_FORM: Notice = { title: "The form could not be read. Please try again." };
export const UNKNOWN_ACTION: Notice = { title: "Unknown action" };

const AVATAR_ERROR = "Error uploading profile picture";

type AccountForm = { db: DB; auth: AuthState; ip?: string; formData: FormData; back: string; request: Request };

/** `ip` is the client address from the request context; it keys the password-guess limits. */
export async function accountAction({ request, url, auth, ip }: { request: Request; url: URL; auth: AuthState; ip?: string }) {
  // The picture is the only multipart form; an oversized one is refused from its declared length, unread.
  if (multipartTooLarge(request)) return replyNotice("avatar", { title: AVATAR_ERROR, description: "The image must be 2 MB or smaller." });
  const formData = await readFormData(request);
  if (!formData) return replyNotice(null, UNREADABLE_FORM);
  const form: AccountForm = { db: getDb(), auth, ip, formData, back: url.pathname + url.search, request };
  switch (formData.get("intent")) {
    case "profile":
      return saveProfile(form);
    case "avatar":
      return uploadAvatar(form);
    case "change-email":
      return changeEmail(form);
    case "change-password":
      return updatePassword(form);
    case "sign-out-everywhere":
      return signOutEverywhere(form);
    case "delete-account":
      return deleteAccount(form);
    case "digest":
      return saveDigest(form);
    default:
      return replyNotice(null, UNKNOWN_ACTION);
  }
}

async function saveDigest({ db, auth, formData, back }: AccountForm) {
  const { submission } = await parseSubmission(formData, DigestSchema);
  if (submission.status !== "success") return replyError(submission);
  await setDigest(db, auth.user.id, auth.workspace.id, submission.value.digest);
  return redirectWithToast(back, {
    title: "Digest settings saved",
    description: `Auto-pilot digest for ${auth.workspace.name}: ${DIGEST_LABELS[submission.value.digest]}.`,
  });
}

async function saveProfile({ db, auth, formData, back }: AccountForm) {
  const { submission } = await parseSubmission(formData, ProfileSchema);
  if (submission.status !== "success") return replyError(submission);
  await updateProfile(db, auth.user.id, submission.value);
  return redirectWithToast(back, { title: "Account settings saved!" });
}

async function uploadAvatar({ db, auth, formData, back }: AccountForm) {
  const file = formData.get("avatar");
  const saved = await saveAvatar(db, auth.user.id, file instanceof File ? file : null);
  if (!saved.ok) return replyNotice("avatar", { title: AVATAR_ERROR, description: saved.error });
  return redirectWithToast(back, { title: "Profile picture uploaded successfully!" });
}

async function changeEmail({ db, auth, ip, formData, back }: AccountForm) {
  const { submission } = await parseSubmission(formData, ChangeEmailSchema);
  if (submission.status !== "success") return replyError(submission, { hideFields: ["currentPassword"] });
  const result = await requestEmailChange(db, auth.user, { ...submission.value, ip });
  if (!result.ok) return refused(submission, result, ["currentPassword"]);
  return redirectWithToast(back, { title: "Verification email sent. Please check your inbox." });
}

async function updatePassword({ db, auth, ip, formData, back }: AccountForm) {
  const { submission } = await parseSubmission(formData, ChangePasswordSchema);
  if (submission.status !== "success") return replyError(submission, { hideFields: PASSWORDS });
  const result = await changePassword(db, { userId: auth.user.id, sessionId: auth.sessionId, ip }, submission.value);
  if (!result.ok) return refused(submission, result, PASSWORDS);
  return redirectWithToast(back, { title: "Password updated successfully" });
}

/** The domain's refusal, on the field it names; 429 when a guess or mail limit was reached. */
function refused(
  submission: Parameters<typeof replyError>[0],
  result: { field: string; error: string; rateLimited?: true },
  hideFields: string[],
) {
  return replyError(submission, { status: result.rateLimited ? 429 : 400, fieldErrors: { [result.field]: [result.error] }, hideFields });
}

async function signOutEverywhere({ db, auth, request }: AccountForm) {
  await endAllSessionsOfUser(db, auth.user.id);
  return redirectWithToast(
    "/signin",
    { title: "Signed out", description: "You have been signed out on every device." },
    { headers: { "Set-Cookie": await endSession(db, request) } },
  );
}

async function deleteAccount({ db, auth, formData, request }: AccountForm) {
  // The typed word is not shown again: the confirmation starts empty each time.
  const { submission } = await parseSubmission(formData, DeleteAccountSchema);
  if (submission.status !== "success") return replyError(submission, { hideFields: ["confirm"] });
  await deleteUserAccount(db, auth.user.id);
  return redirectWithToast("/", { title: "Your account has been deleted" }, { headers: { "Set-Cookie": await endSession(db, request) } });
}
