import path from "node:path";
import bcrypt from "bcryptjs";
import { expect, type Page } from "@playwright/test";
import { openDatabase, type DB } from "../../app/db/client.server";
import { createArticle } from "../../app/modules/articles/mutations.server";
import { BCRYPT_COST } from "../../app/modules/auth/password-hasher.server";
import { startSession } from "../../app/modules/auth/session.server";
import { createAccount } from "../../app/modules/workspaces/accounts.server";
import { isoNow } from "../../app/utils/time";
import { E2E_APP_URL, E2E_DATA_DIR, E2E_SECRETS } from "./stack";

// The app code used here reads its settings as the server does (getEnv): give it
// the stack's, so a session cookie made here is one the server accepts.
Object.assign(process.env, { APP_URL: E2E_APP_URL, DATA_DIR: path.resolve(E2E_DATA_DIR), ...E2E_SECRETS });

/**
 * Direct access to the e2e app's SQLite file (tests/e2e/start-stack.ts makes a
 * fresh one per run), for creating ready-made accounts and checking results.
 */

let opened: ReturnType<typeof openDatabase> | undefined;

export function e2eDb(): DB {
  opened ??= openDatabase(path.resolve(E2E_DATA_DIR, "inkpilot.sqlite"));
  return opened.db;
}

/**
 * This process writes to the app's database beside the server. A transaction that reads before it writes (the
 * app's transactions are deferred) is refused the write lock at once while the server has written since
 * (SQLITE_BUSY_SNAPSHOT in WAL mode: the busy timeout does not wait for it), so setup writes try again.
 */
export async function retryWhileLocked<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const locked =
        error instanceof Error && /database is locked|SQLITE_BUSY/.test(`${error.message} ${(error as { code?: string }).code}`);
      if (!locked || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** The app's createArticle from this process, tried again while SQLite refuses the write lock (retryWhileLocked). */
export function createArticleRetrying(...args: Parameters<typeof createArticle>) {
  return retryWhileLocked(() => createArticle(...args));
}

let counter = 0;
/** A unique address per call, so specs, parallel workers and retries never collide. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${process.pid.toString(36)}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * A verified account that has finished onboarding (so no first-run dialog),
 * created through the app's own createAccount.
 */
export async function createVerifiedUser(
  email: string,
  password: string,
  { fullName = "", onboarded = true, isOperator = false }: { fullName?: string; onboarded?: boolean; isOperator?: boolean } = {},
) {
  const db = e2eDb();
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const ids = await retryWhileLocked(() => createAccount(db, { email, passwordHash, fullName, emailVerified: true, isOperator }));
  if (onboarded) await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", ids.userId).execute();
  return { ...ids, email, password };
}

/** A verified user with one article on their site, written through the app's own createArticle (the write screen's specs). */
export async function createUserWithArticle(prefix: string, article: { title: string; targetKeyword: string; contentHtml: string }) {
  const user = await createVerifiedUser(uniqueEmail(prefix), `${prefix}-password`);
  const created = await retryWhileLocked(() =>
    createArticle(e2eDb(), { workspaceId: user.workspaceId, siteId: user.siteId, authorId: user.userId, ...article }),
  );
  return { user, articleId: created.id };
}

/**
 * Signs a user in without the sign-in form: a session row and its signed
 * cookie made by the app's own startSession, set on the browser context, then
 * opens `to` (the dashboard). Only the auth specs go through the /signin form.
 * A spec with its own app passes that app's database and URL.
 */
export async function signIn(page: Page, user: { userId: string }, { to = "/dashboard", db = e2eDb(), appUrl = E2E_APP_URL } = {}) {
  const setCookie = await startSession(db, user.userId, new Request(appUrl));
  const pair = setCookie.split(";")[0]!;
  const at = pair.indexOf("=");
  await page.context().addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: appUrl, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(to);
  await expect(page).toHaveURL(new RegExp(escapeRegExp(to)));
}

/** Signs in through the real /signin form (for checks that a password works). */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
