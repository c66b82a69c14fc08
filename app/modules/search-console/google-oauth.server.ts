import crypto from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { z } from "zod";
import { getEnv } from "#app/env.server";
import { googleEndpoints } from "#app/modules/auth/google-discovery.server";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";

/**
 * Google's OAuth for the Search Console connection (docs/decisions/060-search-results.md): the same Google client
 * as sign-in (GOOGLE_CLIENT_ID/SECRET), endpoints from discovery, the authorization code flow with PKCE (S256),
 * `access_type=offline` and `prompt=consent` so every connection gets its own refresh token, and
 * `include_granted_scopes`. The read-only Search Console scope always; the full one only when the customer asks
 * to submit sitemaps. Revocation follows RFC 7009 at the discovered revocation_endpoint.
 */

export const SEARCH_CONSOLE_READ_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
export const SEARCH_CONSOLE_WRITE_SCOPE = "https://www.googleapis.com/auth/webmasters";
const SEARCH_CONSOLE_CALLBACK_PATH = "/dashboard/search-console/callback";

export class GoogleOAuthError extends Error {
  override name = "GoogleOAuthError";
  constructor(
    message: string,
    /** For the log, never shown. */
    readonly detail: string,
  ) {
    super(message);
  }
}

function searchConsoleRedirectUri() {
  return `${getEnv().appUrl}${SEARCH_CONSOLE_CALLBACK_PATH}`;
}

/** A fresh PKCE pair: the verifier stays with the single-use state, the challenge goes to Google. */
export function pkcePair() {
  const verifier = crypto.randomBytes(32).toString("base64url");
  return { verifier, challenge: crypto.createHash("sha256").update(verifier).digest("base64url") };
}

export async function consentUrl(input: { state: string; challenge: string; sitemap: boolean; chooseAccount: boolean }) {
  const env = getEnv();
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) {
    throw new GoogleOAuthError("Connecting Google is not set up on this Inkpilot server yet.", "GOOGLE_CLIENT_ID/SECRET not set");
  }
  const { authorizationEndpoint } = await googleEndpoints();
  const scopes = ["openid", "email", SEARCH_CONSOLE_READ_SCOPE, ...(input.sitemap ? [SEARCH_CONSOLE_WRITE_SCOPE] : [])];
  const params = new URLSearchParams({
    client_id: env.GOOGLE_CLIENT_ID,
    redirect_uri: searchConsoleRedirectUri(),
    response_type: "code",
    scope: scopes.join(" "),
    state: input.state,
    code_challenge: input.challenge,
    code_challenge_method: "S256",
    access_type: "offline",
    prompt: input.chooseAccount ? "consent select_account" : "consent",
    include_granted_scopes: "true",
  });
  return `${authorizationEndpoint}?${params}`;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().default(""),
  id_token: z.string().optional(),
});

const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function post(url: string, form: Record<string, string>, correlationId: string) {
  try {
    return await guardedFetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams(form).toString(),
      timeoutMs: 15_000,
      maxBytes: 256 * 1024,
      correlationId,
    });
  } catch (error) {
    if (error instanceof OutboundRequestError) throw new GoogleOAuthError("We could not reach Google. Please try again.", error.message);
    throw error;
  }
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function said(text: string) {
  const body = json(text) as { error?: unknown } | null;
  return typeof body?.error === "string" ? body.error.slice(0, 60) : "";
}

export type GoogleGrant = { email: string; scopes: string[]; refreshToken: string; accessToken: string; expiresAt: string };

/** The code for tokens (PKCE verifier included), and the Google account's email from the verified id_token. */
export async function exchangeCode(code: string, verifier: string, correlationId: string): Promise<GoogleGrant> {
  const env = getEnv();
  const endpoints = await googleEndpoints();
  const response = await post(
    endpoints.tokenEndpoint,
    {
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: searchConsoleRedirectUri(),
      client_id: env.GOOGLE_CLIENT_ID ?? "",
      client_secret: env.GOOGLE_CLIENT_SECRET ?? "",
    },
    correlationId,
  );
  const parsed = response.status === 200 ? TokenAnswer.safeParse(json(response.text())) : null;
  if (!parsed?.success) {
    throw new GoogleOAuthError(
      "Google did not accept the sign-in code (it may have been used already). Start connecting again.",
      `token ${response.status} ${said(response.text())}`,
    );
  }
  const answer = parsed.data;
  if (!answer.refresh_token) {
    throw new GoogleOAuthError("Google did not give Inkpilot lasting access. Start connecting again.", "no refresh_token");
  }
  if (!answer.id_token) throw new GoogleOAuthError("Google did not say which account you chose. Start connecting again.", "no id_token");
  let jwks = jwksByUri.get(endpoints.jwksUri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(endpoints.jwksUri));
    jwksByUri.set(endpoints.jwksUri, jwks);
  }
  let email: unknown;
  try {
    const { payload } = await jwtVerify(answer.id_token, jwks, {
      issuer: endpoints.acceptedIssuers,
      audience: env.GOOGLE_CLIENT_ID,
      algorithms: ["RS256"],
    });
    email = payload.email;
  } catch (error) {
    throw new GoogleOAuthError("Google's answer could not be verified. Start connecting again.", `id_token: ${String(error)}`);
  }
  if (typeof email !== "string" || !email) {
    throw new GoogleOAuthError("Google did not share the account's email address. Start connecting again.", "id_token without email");
  }
  return {
    email,
    scopes: answer.scope.split(" ").filter(Boolean),
    refreshToken: answer.refresh_token,
    accessToken: answer.access_token,
    expiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000).toISOString(),
  };
}

/** Revokes a token (and with it Google's whole grant to Inkpilot for that account); throws GoogleOAuthError when Google did not confirm. */
export async function revokeToken(token: string, correlationId: string) {
  const { revocationEndpoint } = await googleEndpoints();
  if (!revocationEndpoint) throw new GoogleOAuthError("Google has no revocation endpoint.", "discovery without revocation_endpoint");
  const response = await post(revocationEndpoint, { token }, correlationId);
  // 400 invalid_token: Google already forgot it (revoked from the account's side), which is what we wanted.
  if (response.status === 200 || (response.status === 400 && said(response.text()) === "invalid_token")) return;
  throw new GoogleOAuthError("Google did not confirm the revocation.", `revoke ${response.status} ${said(response.text())}`);
}
