import crypto from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { getEnv } from "#app/env.server";
import { googleEndpoints } from "./google-discovery.server";
import type { OidcProfile } from "./auth.server";

/**
 * "Sign in with Google" through the generic OAuth2 strategy pointed at any
 * OpenID Connect issuer (Google in production, a local fake in tests). The
 * endpoints come from the issuer's discovery document, never from code.
 */

export const GOOGLE_STRATEGY = "google";
const STATE_COOKIE = "__oidc_google";

const IdTokenClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.email(),
  // Some providers send the flag as a string.
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  name: z.string().optional(),
  nonce: z.string().optional(),
});

/** The nonce is derived from the state, so the id_token is bound to this browser's flow without more storage. */
function nonceFor(state: string) {
  return crypto.createHmac("sha256", getEnv().sessionSecrets[0]!).update(`oidc-nonce:${state}`).digest("base64url");
}

class OidcStrategy extends OAuth2Strategy<OidcProfile> {
  name = GOOGLE_STRATEGY;

  protected authorizationParams(params: URLSearchParams, request: Request) {
    const extended = super.authorizationParams(params, request);
    const state = extended.get("state");
    if (state) extended.set("nonce", nonceFor(state));
    return extended;
  }
}

async function buildAuthenticator() {
  const env = getEnv();
  const discovery = await googleEndpoints();
  const { acceptedIssuers } = discovery;
  const jwks = createRemoteJWKSet(new URL(discovery.jwksUri));
  const clientId = env.GOOGLE_CLIENT_ID!;

  const strategy = new OidcStrategy(
    {
      clientId,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
      authorizationEndpoint: discovery.authorizationEndpoint,
      tokenEndpoint: discovery.tokenEndpoint,
      tokenRevocationEndpoint: discovery.revocationEndpoint ?? undefined,
      redirectURI: `${env.appUrl}/auth/google/callback`,
      scopes: ["openid", "email", "profile"],
      cookie: {
        name: STATE_COOKIE,
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        maxAge: 300,
        ...(env.appUrl.startsWith("https:") ? { secure: true as const } : {}),
      },
    },
    async ({ request, tokens }) => {
      const state = new URL(request.url).searchParams.get("state") ?? "";
      const { payload } = await jwtVerify(tokens.idToken(), jwks, {
        issuer: acceptedIssuers,
        audience: clientId,
        algorithms: ["RS256"],
        requiredClaims: ["sub", "exp", "iat"],
      });
      const claims = IdTokenClaims.parse(payload);
      if (claims.nonce !== nonceFor(state)) throw new Error("The id_token nonce does not match this sign-in");
      return {
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true || claims.email_verified === "true",
        name: claims.name?.trim() ?? "",
      };
    },
  );
  return new Authenticator<OidcProfile>().use(strategy);
}

let authenticator: Promise<Authenticator<OidcProfile>> | undefined;

/** Built on first use (after the environment is parsed); null when Google sign-in is not configured. */
export function getGoogleAuthenticator() {
  if (!getEnv().googleEnabled) return null;
  authenticator ??= buildAuthenticator().catch((error: unknown) => {
    // A provider that was down must not disable sign-in until restart.
    authenticator = undefined;
    throw error;
  });
  return authenticator;
}

/** Expires the state cookies of finished flows (the strategy leaves them for their 5 minutes). */
export function clearStateCookies(request: Request) {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name.startsWith(STATE_COOKIE));
  const secure = getEnv().appUrl.startsWith("https:") ? "; Secure" : "";
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}
