import { requireAuth } from "#app/modules/auth/guards.server";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/dashboard/settings/route";
import { callRoute, get, ORIGIN } from "./route-harness";
import type { TestUser } from "./factories";

/**
 * The Settings page's Integrations tab through the route harness, as a browser posts and loads it: used by the
 * event-webhook and tenant-isolation tests.
 */

const INTEGRATIONS_TAB = "/dashboard/settings?tab=integrations";

/** Posts fields (repeated names allowed, as checkboxes post) to the Integrations tab as the user. */
export function postIntegrations<T>(user: TestUser, fields: Array<[string, string]>) {
  const request = new Request(new URL(INTEGRATIONS_TAB, ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: user.cookie },
    body: new URLSearchParams(fields),
  });
  return callRoute<T>({ middleware: [requireAuth], handler: settingsAction, request });
}

export function loadIntegrations<T>(user: TestUser) {
  return callRoute<T>({ middleware: [requireAuth], handler: settingsLoader, request: get(INTEGRATIONS_TAB, user.cookie) });
}

/** Reads until `ok` holds or `ms` passed, and returns the last value read (the caller's assertion says what was wrong). */
export async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
