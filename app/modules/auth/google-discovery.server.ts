import { z } from "zod";
import { getEnv } from "#app/env.server";
import { guardedFetch } from "#app/utils/http.server";

/**
 * Google's OpenID Connect discovery document (GOOGLE_ISSUER/.well-known/openid-configuration),
 * read once and shared by "Sign in with Google" and the Search Console connection, so every
 * Google endpoint comes from Google (or the local fake in tests), never from code. A failed read
 * is not kept: the next caller reads again.
 */

const Discovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
});

export type GoogleEndpoints = {
  issuer: string;
  /** The issuer forms Google documents for its id_tokens. */
  acceptedIssuers: string[];
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  revocationEndpoint: string | null;
};

async function readDiscovery(): Promise<GoogleEndpoints> {
  const issuer = getEnv().GOOGLE_ISSUER.replace(/\/$/, "");
  const response = await guardedFetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
    timeoutMs: 10_000,
    maxBytes: 1024 * 1024,
  });
  if (response.status < 200 || response.status >= 300) throw new Error(`OIDC discovery at ${issuer} answered ${response.status}`);
  const discovery = Discovery.parse(JSON.parse(response.text()));
  if (discovery.issuer.replace(/\/$/, "") !== issuer) {
    throw new Error(`OIDC discovery issuer ${discovery.issuer} does not match GOOGLE_ISSUER ${issuer}`);
  }
  const acceptedIssuers = [discovery.issuer];
  if (discovery.issuer === "https://accounts.google.com") acceptedIssuers.push("accounts.google.com");
  return {
    issuer: discovery.issuer,
    acceptedIssuers,
    authorizationEndpoint: discovery.authorization_endpoint,
    tokenEndpoint: discovery.token_endpoint,
    jwksUri: discovery.jwks_uri,
    revocationEndpoint: discovery.revocation_endpoint ?? null,
  };
}

let cached: { issuer: string; endpoints: Promise<GoogleEndpoints> } | undefined;

/** Google's endpoints, read on first use and kept; a provider that was down is asked again next time. */
export function googleEndpoints(): Promise<GoogleEndpoints> {
  const issuer = getEnv().GOOGLE_ISSUER;
  // A changed issuer (tests start a fresh fake) is read anew.
  if (cached?.issuer !== issuer) {
    const endpoints = readDiscovery().catch((error: unknown) => {
      if (cached?.endpoints === endpoints) cached = undefined;
      throw error;
    });
    cached = { issuer, endpoints };
  }
  return cached.endpoints;
}

/**
 * Where the Search Console card's connect form ends up after our redirect: Google's consent page, on the issuer's
 * origin (accounts.google.com, or the local fake). Browsers apply the CSP `form-action` to that redirect, so
 * server/app.ts allows it; none when Google is not configured.
 */
export function googleConsentOrigins(env = getEnv()): string[] {
  return env.googleEnabled ? [new URL(env.GOOGLE_ISSUER).origin] : [];
}
