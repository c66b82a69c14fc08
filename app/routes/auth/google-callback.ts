import { redirect } from "react-router";
import { requirePrimary } from "#app/db/replica.server";
import { getDb } from "#app/db/client.server";
import { requestContext } from "#app/context";
import { sendVerificationMail, signInWithOidc, type OidcProfile } from "#app/modules/auth/auth.server";
import { clearStateCookies, getGoogleAuthenticator, GOOGLE_STRATEGY } from "#app/modules/auth/oidc.server";
import { consumeRateLimit } from "#app/modules/auth/rate-limit.server";
import { recordSignIn, startSession } from "#app/modules/auth/session.server";
import { logger } from "#app/utils/logger.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/google-callback";

/**
 * The provider sends the browser back here with code and state. The strategy
 * checks the state cookie, redeems the code with the PKCE verifier and hands
 * over the validated id_token claims; then the account is found, linked or made.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Its code can be exchanged once: on a read replica nothing runs here before the primary takes it.
  requirePrimary("the Google sign-in callback");
  const cleanup = clearStateCookies(request);
  const fail = (description: string) =>
    redirectWithToast(
      "/signin",
      { type: "error", title: "Error signing in with Google", description },
      { headers: cleanup.map((cookie) => ["Set-Cookie", cookie] as [string, string]) },
    );

  const authenticator = getGoogleAuthenticator();
  if (!authenticator) return fail("Google sign-in is not configured.");
  let profile: OidcProfile;
  try {
    profile = await (await authenticator).authenticate(GOOGLE_STRATEGY, request);
  } catch (error) {
    if (error instanceof Response) return error;
    logger.warn({ err: error }, "Google sign-in failed");
    return fail("We could not complete sign-in with Google. Please try again.");
  }

  const db = getDb();
  const outcome = await signInWithOidc(db, "google", profile);
  if (outcome.status === "email-not-verified") {
    return fail(
      "An account with this email already exists and Google has not verified the address. Please sign in with your password first.",
    );
  }
  if (outcome.status === "verify-email") {
    // No session until our own mail proves the address; a repeat attempt mails a fresh link, within the resend limit.
    if (!outcome.mailSent && (await consumeRateLimit("resend", { ip: context.get(requestContext).ip, email: outcome.email }))) {
      await sendVerificationMail(db, { id: outcome.userId, email: outcome.email });
    }
    return redirect(`/signin?message=verify-email&email=${encodeURIComponent(outcome.email)}`, {
      headers: cleanup.map((cookie) => ["Set-Cookie", cookie] as [string, string]),
    });
  }
  const { greeting } = await recordSignIn(db, outcome.userId);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(db, outcome.userId, request, context.get(requestContext).ip));
  for (const cookie of cleanup) headers.append("Set-Cookie", cookie);
  // New accounts start with the onboarding dialog on the dashboard.
  return redirectWithToast(outcome.isNew ? "/dashboard?onboarding=1" : "/dashboard", { type: "success", title: greeting }, { headers });
}
