import path from "node:path";
import bcrypt from "bcryptjs";
import { expect, type Page } from "@playwright/test";
import { openDatabase, type DB } from "../../app/db/client.server";
import { BCRYPT_COST } from "../../app/modules/auth/password-hasher.server";
import { createAccount } from "../../app/modules/workspaces/accounts.server";
import { isoNow } from "../../app/utils/time";
import { E2E_PORT } from "./stack";

/**
 * Direct access to the e2e app's SQLite file (tests/e2e/start-stack.ts makes a
 * fresh one per run), for creating ready-made accounts and checking results.
 */

let opened: ReturnType<typeof openDatabase> | undefined;

export function e2eDb(): DB {
  opened ??= openDatabase(path.resolve(`tests/.tmp/e2e-data-${E2E_PORT}/inkpilot.sqlite`));
  return opened.db;
}

let counter = 0;
/** A unique address per call, so specs and retries never collide. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * A verified account that has finished onboarding (so no first-run dialog),
 * created through the app's own createAccount.
 */
export async function createVerifiedUser(
  email: string,
  password: string,
  { fullName = "", onboarded = true }: { fullName?: string; onboarded?: boolean } = {},
) {
  const db = e2eDb();
  const ids = await createAccount(db, { email, passwordHash: await bcrypt.hash(password, BCRYPT_COST), fullName, emailVerified: true });
  if (onboarded) await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", ids.userId).execute();
  return { ...ids, email, password };
}

/** Signs in through the real /signin form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string, redirectTo?: string) {
  await page.goto(redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(redirectTo ? new RegExp(escapeRegExp(redirectTo)) : /\/dashboard/);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
