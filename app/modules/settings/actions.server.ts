import { data } from "react-router";
import type { z } from "zod";
import { getDb } from "#app/db/client.server";
import { handleAccountAction } from "#app/modules/account/actions.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { multipartTooLarge } from "#app/modules/uploads/images.server";
import { redirectWithToast } from "#app/utils/toast.server";
import {
  BrandFormSchema,
  removeBrandLogo,
  saveBrandLogo,
  saveBrandSettings,
} from "./brand.server";
import { ContentFormSchema, saveContentSettings } from "./content.server";

/**
 * The settings page's action: the Brand and Content tabs' forms, dispatched by
 * their `intent`; anything else is an Account tab form. Success redirects back
 * with the product's toast; a bad input returns 400 with the messages and changes nothing.
 */

export const SETTINGS_INTENTS = [
  "brand",
  "brand-logo",
  "brand-logo-remove",
  "content",
] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export type SettingsActionData = {
  intent: SettingsIntent;
  fieldErrors: Record<string, string[] | undefined>;
  formError?: { title: string; description?: string };
  values?: Record<string, string | undefined>;
};

const LOGO_ERROR = "Error uploading logo";

function isSettingsIntent(value: unknown): value is SettingsIntent {
  return (SETTINGS_INTENTS as readonly unknown[]).includes(value);
}

function invalid(payload: SettingsActionData) {
  return data(payload, { status: 400 });
}

/** The submitted string fields, to refill the form after an error. */
function stringValues(form: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of form)
    if (typeof value === "string" && key !== "intent") values[key] = value;
  return values;
}

export async function handleSettingsAction(request: Request, auth: AuthState, ip?: string) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  // Only the logo (Brand tab) and the profile picture (Account tab) forms are
  // multipart; an oversized one is refused from its declared length, unread.
  if (multipartTooLarge(request)) {
    if (tab === "account") return handleAccountAction(request, auth, ip);
    return invalid({
      intent: "brand-logo",
      fieldErrors: {},
      formError: {
        title: LOGO_ERROR,
        description: "The image must be 2 MB or smaller.",
      },
    });
  }

  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return handleAccountAction(request, auth, ip);
  }
  const intent = form.get("intent");
  if (!isSettingsIntent(intent)) return handleAccountAction(request, auth, ip);

  const db = getDb();
  const siteId = auth.site.id;
  const back = url.pathname + url.search;

  switch (intent) {
    case "brand": {
      const parsed = BrandFormSchema.safeParse(
        Object.fromEntries(
          [
            "brandName",
            "industry",
            "description",
            "targetAudience",
            "toneOfVoice",
            "language",
            "tags",
            "internalLinks",
          ].map((k) => [k, form.get(k) ?? ""]),
        ),
      );
      if (!parsed.success) {
        return invalid({
          intent,
          fieldErrors: fieldErrorsOf(parsed.error),
          formError: {
            title: "Error saving settings",
            description: "Please correct the highlighted fields.",
          },
          values: stringValues(form),
        });
      }
      await saveBrandSettings(db, siteId, parsed.data);
      return redirectWithToast(back, { title: "Brand settings saved!" });
    }

    case "brand-logo": {
      const file = form.get("logo");
      const result = await saveBrandLogo(
        db,
        siteId,
        file instanceof File ? file : null,
      );
      if (!result.ok)
        return invalid({
          intent,
          fieldErrors: {},
          formError: { title: LOGO_ERROR, description: result.error },
        });
      return redirectWithToast(back, { title: "Logo uploaded successfully!" });
    }

    case "brand-logo-remove": {
      await removeBrandLogo(db, siteId);
      return redirectWithToast(back, { title: "Logo removed" });
    }

    case "content": {
      const raw: Record<string, FormDataEntryValue | undefined> = {};
      for (const key of Object.keys(ContentFormSchema.shape))
        raw[key] = form.get(key) ?? undefined;
      const parsed = ContentFormSchema.safeParse(raw);
      if (!parsed.success) {
        return invalid({
          intent,
          fieldErrors: fieldErrorsOf(parsed.error),
          formError: {
            title: "Error saving content settings",
            description: "Please correct the highlighted fields.",
          },
          values: stringValues(form),
        });
      }
      await saveContentSettings(db, siteId, parsed.data);
      return redirectWithToast(back, { title: "Content settings saved!" });
    }
  }
}

/** Field errors keyed by the form field (list items report on their list field). */
function fieldErrorsOf(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
