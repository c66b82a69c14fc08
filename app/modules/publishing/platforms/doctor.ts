import { getEnv } from "#app/env.server";
import { isPrivateUrl } from "../http.server";
import { PublishError, type DoctorCheck } from "../types";

/**
 * The rows of every adapter's doctor (docs/decisions/033: "Check again" on the
 * Integrations tab). A passing check carries no fix, since there is nothing to
 * do; a fix given with "pass", or an empty one, is left out.
 */
export function check(id: string, label: string, state: DoctorCheck["state"], detail: string, fix?: string | null): DoctorCheck {
  return fix && state !== "pass" ? { id, label, state, detail, fix } : { id, label, state, detail };
}

/**
 * A check that failed on an error: a PublishError says what went wrong and, when
 * it knows one, the fix (else `fix`); anything else is a check that could not run.
 */
export function failedCheck(id: string, label: string, error: unknown, fix?: string | null): DoctorCheck {
  if (error instanceof PublishError) return check(id, label, "fail", error.message, error.fix ?? fix);
  return check(id, label, "fail", "The check could not run.", "Click Check again in a minute.");
}

/** The only row when a connection's stored settings cannot be read: nothing else can be checked, and reconnecting is the fix. */
export function unreadableSettingsCheck(platformName: string, failure: PublishError): DoctorCheck {
  return check("connection", "Connection settings", "fail", failure.message, `Reconnect ${platformName} in Settings → Integrations.`);
}

/**
 * For platforms that fetch the article's images from Inkpilot's own address: a warning row when that address is
 * private, so the platform cannot reach it (`whatHappens`: the platform's sentence, given the address); none otherwise.
 */
export function imagesReachableCheck(whatHappens: (appUrl: string) => string): DoctorCheck[] {
  const appUrl = getEnv().appUrl;
  if (!isPrivateUrl(appUrl)) return [];
  return [
    check(
      "images",
      "Images",
      "warn",
      whatHappens(appUrl),
      "Nothing to do for you: images are published once the server runs at a public https:// address (operators: see the README's configuration).",
    ),
  ];
}
