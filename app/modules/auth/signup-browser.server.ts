import { createCookie } from "react-router";
import { getEnv } from "#app/env.server";
import { hashToken, randomToken } from "#app/utils/crypto.server";
import { TOKEN_TTL_MS } from "./tokens.server";

/**
 * The browser an account was signed up in (docs/decisions/034). Sign-up sets a
 * short-lived signed cookie with the account id and a random key; the
 * verification token stores only the key's hash. Using the link in that
 * browser signs the user in; anywhere else it verifies and asks to sign in, so
 * a link opened by someone else (a forwarded mail, a shared computer) never
 * opens a session. The token stays single-use either way.
 */

export type SignupBrowser = { userId: string; key: string };
/** What a verification token remembers: the browser key's hash and where to go after signing in. */
export type VerificationBinding = { browser: string; next?: string };

let cookie: ReturnType<typeof createCookie> | undefined;
function browserCookie() {
  const env = getEnv();
  cookie ??= createCookie("__signup", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.appUrl.startsWith("https:"),
    secrets: env.sessionSecrets,
    // As long as the link it goes with.
    maxAge: TOKEN_TTL_MS.verify_email / 1000,
  });
  return cookie;
}

export function newSignupBrowserKey() {
  return randomToken();
}

export function signupBrowserCookie(browser: SignupBrowser) {
  return browserCookie().serialize({ u: browser.userId, k: browser.key });
}

export function clearSignupBrowserCookie() {
  return browserCookie().serialize("", { maxAge: 0 });
}

export async function readSignupBrowser(request: Request): Promise<SignupBrowser | null> {
  const value: unknown = await browserCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { u, k } = value as Record<string, unknown>;
  return typeof u === "string" && typeof k === "string" && k.length > 0 ? { userId: u, key: k } : null;
}

export function verificationBinding(key: string, next?: string | null): VerificationBinding {
  return next ? { browser: hashToken(key), next } : { browser: hashToken(key) };
}

/** Whether a verification token's payload was bound to this browser for this account. */
export function isSignupBrowser(payload: unknown, userId: string, browser: SignupBrowser | null): payload is VerificationBinding {
  if (!browser || browser.userId !== userId) return false;
  if (typeof payload !== "object" || payload === null) return false;
  const stored = (payload as Record<string, unknown>).browser;
  return typeof stored === "string" && stored === hashToken(browser.key);
}

/** The page to open after a verification sign-in, as stored at sign-up (checked again by the caller). */
export function nextAfterVerification(payload: VerificationBinding) {
  return typeof payload.next === "string" ? payload.next : null;
}
