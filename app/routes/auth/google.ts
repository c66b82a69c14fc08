import { redirectIfSignedIn } from "#app/modules/auth/guards.server";
import { getGoogleAuthenticator, GOOGLE_STRATEGY } from "#app/modules/auth/oidc.server";
import { logger } from "#app/utils/logger.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/google";

/** Starts "Sign in with Google": the strategy answers with a redirect to the provider and a state cookie. */
export async function loader({ request }: Route.LoaderArgs) {
  const signedIn = await redirectIfSignedIn(request);
  if (signedIn) return signedIn;
  const authenticator = getGoogleAuthenticator();
  if (!authenticator) notFound("Google sign-in is not configured");
  try {
    await (await authenticator).authenticate(GOOGLE_STRATEGY, new Request(new URL("/auth/google", request.url), request));
  } catch (error) {
    // The strategy answers with its redirect to the provider as a thrown Response.
    if (error instanceof Response) return error;
    logger.error({ err: error }, "could not start Google sign-in");
  }
  return redirectWithToast("/signin", {
    type: "error",
    title: "Error signing in with Google",
    description: "Google sign-in is unavailable right now. Please try again or sign in with your email.",
  });
}
