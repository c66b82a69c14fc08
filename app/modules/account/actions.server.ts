import { data } from "react-router";
import { z } from "zod";
import { getDb } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { endAllSessionsOfUser, endSession } from "#app/modules/auth/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { changePassword, deleteUserAccount, requestEmailChange, updateProfile } from "./account.server";
import { multipartTooLarge } from "#app/modules/uploads/images.server";
import { saveAvatar } from "./avatar.server";

/**
 * The one action behind every account form (the standalone account page and the
 * settings Account tab), dispatched by the submit button's `intent`. Success
 * redirects back with a toast; a bad input returns 400 with the messages, and
 * changes nothing.
 */

export const ACCOUNT_INTENTS = [
  "profile",
  "avatar",
  "change-email",
  "change-password",
  "sign-out-everywhere",
  "delete-account",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export type AccountActionData = {
  intent: AccountIntent | "unknown";
  fieldErrors: Record<string, string[]>;
  formError?: { title: string; description?: string };
  values?: Record<string, string>;
};

const AVATAR_ERROR = "Error uploading profile picture";

function invalid(payload: AccountActionData) {
  return data(payload, { status: 400 });
}

const ProfileSchema = z.object({
  firstName: z.string().trim().max(100, "Please keep the first name under 100 characters").default(""),
  lastName: z.string().trim().max(100, "Please keep the last name under 100 characters").default(""),
});
const EmailSchema = z.email("Please enter a valid email address");

function text(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** `ip` is the client address from the request context; it keys the password-guess limits. */
export async function handleAccountAction(request: Request, auth: AuthState, ip?: string) {
  const db = getDb();
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const userId = auth.user.id;

  // The avatar form is the only multipart one. Refuse oversized uploads from the
  // declared length before reading a byte of the body.
  if (multipartTooLarge(request)) {
    return invalid({
      intent: "avatar",
      fieldErrors: {},
      formError: { title: AVATAR_ERROR, description: "The image must be 2 MB or smaller." },
    });
  }

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return invalid({ intent: "unknown", fieldErrors: {}, formError: { title: "The form could not be read. Please try again." } });
  }
  const intent = text(form, "intent") as AccountIntent;

  switch (intent) {
    case "profile": {
      const parsed = ProfileSchema.safeParse({ firstName: text(form, "firstName"), lastName: text(form, "lastName") });
      if (!parsed.success) {
        return invalid({
          intent,
          fieldErrors: z.flattenError(parsed.error).fieldErrors,
          values: { firstName: text(form, "firstName"), lastName: text(form, "lastName") },
        });
      }
      await updateProfile(db, userId, parsed.data);
      return redirectWithToast(back, { title: "Account settings saved!" });
    }

    case "avatar": {
      const file = form.get("avatar");
      const result = await saveAvatar(db, userId, file instanceof File ? file : null);
      if (!result.ok) return invalid({ intent, fieldErrors: {}, formError: { title: AVATAR_ERROR, description: result.error } });
      return redirectWithToast(back, { title: "Profile picture uploaded successfully!" });
    }

    case "change-email": {
      const newEmail = text(form, "newEmail").trim();
      const values = { newEmail };
      if (newEmail && !EmailSchema.safeParse(newEmail).success) {
        return invalid({ intent, fieldErrors: { newEmail: ["Please enter a valid email address"] }, values });
      }
      const result = await requestEmailChange(db, auth.user, { newEmail, currentPassword: text(form, "currentPassword"), ip });
      if (!result.ok) return data({ intent, fieldErrors: { [result.field]: [result.error] }, values }, { status: result.status ?? 400 });
      return redirectWithToast(back, { title: "Verification email sent. Please check your inbox." });
    }

    case "change-password": {
      const result = await changePassword(
        db,
        { userId, sessionId: auth.sessionId, ip },
        {
          currentPassword: text(form, "currentPassword"),
          newPassword: text(form, "newPassword"),
          confirmPassword: text(form, "confirmPassword"),
        },
      );
      if (!result.ok) return data({ intent, fieldErrors: { [result.field]: [result.error] } }, { status: result.status ?? 400 });
      return redirectWithToast(back, { title: "Password updated successfully" });
    }

    case "sign-out-everywhere": {
      await endAllSessionsOfUser(db, userId);
      return redirectWithToast(
        "/signin",
        { title: "Signed out", description: "You have been signed out on every device." },
        { headers: { "Set-Cookie": await endSession(db, request) } },
      );
    }

    case "delete-account": {
      if (text(form, "confirm").trim() !== "DELETE") {
        return invalid({ intent, fieldErrors: { confirm: ["Please type DELETE to confirm"] } });
      }
      await deleteUserAccount(db, userId);
      return redirectWithToast(
        "/",
        { title: "Your account has been deleted" },
        { headers: { "Set-Cookie": await endSession(db, request) } },
      );
    }

    default:
      return invalid({ intent: "unknown", fieldErrors: {}, formError: { title: "Unknown action" } });
  }
}
