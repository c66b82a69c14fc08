import crypto from "node:crypto";
import http from "node:http";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A minimal OpenID Connect provider shaped like Google's: discovery, an
 * authorization endpoint that auto-approves the selected test user, a token
 * endpoint with client authentication, single-use codes and the PKCE check,
 * RS256 id_tokens with their JWKS, and userinfo. /__fake endpoints let tests
 * choose the user and arm an error.
 *
 * It also grants Google API scopes the way Google's consent screen does (the
 * Search Console connection): `access_type=offline` gets a refresh token on the
 * first offline consent (again only with `prompt=consent`), the person may
 * untick a scope (granular consent, chosen with /__fake/consent),
 * `include_granted_scopes=true` adds what was granted before, the token
 * endpoint answers `grant_type=refresh_token` (invalid_grant once revoked), and
 * `POST /revoke` (RFC 7009, in discovery as revocation_endpoint) ends the whole
 * grant: its refresh tokens and every access token stop working. Other fakes
 * (tests/fakes/search-console.ts) check a bearer token with lookupAccessToken.
 */

export const WEBMASTERS_READONLY_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
export const WEBMASTERS_SCOPE = "https://www.googleapis.com/auth/webmasters";
const USERINFO_EMAIL_SCOPE = "https://www.googleapis.com/auth/userinfo.email";
const USERINFO_PROFILE_SCOPE = "https://www.googleapis.com/auth/userinfo.profile";
/** Google answers the short names with their long forms in the granted `scope`. */
const SCOPE_ALIASES: Record<string, string> = { email: USERINFO_EMAIL_SCOPE, profile: USERINFO_PROFILE_SCOPE };
const KNOWN_SCOPES = new Set(["openid", USERINFO_EMAIL_SCOPE, USERINFO_PROFILE_SCOPE, WEBMASTERS_READONLY_SCOPE, WEBMASTERS_SCOPE]);
/** Sign-in scopes are never offered as a checkbox on Google's consent screen. */
const BASIC_SCOPES = new Set(["openid", USERINFO_EMAIL_SCOPE, USERINFO_PROFILE_SCOPE]);
const ACCESS_TOKEN_SECONDS = 3599;

/** What a bearer access token stands for; null from lookupAccessToken when unknown, expired or revoked. */
export type FakeAccessToken = { sub: string; email: string; scopes: string[]; expiresAt: number; clientId: string };

type AccessGrant = { user: FakeOidcUser; scopes: string[]; expiresAt: number; revoked: boolean };
type RefreshGrant = { user: FakeOidcUser; scopes: string[]; revoked: boolean };

/** Every running fake, so a fake API in the same process checks tokens without an HTTP round trip. */
const running = new Set<(token: string) => FakeAccessToken | null>();

/** The user and scopes of a live access token issued by any running fake provider; null otherwise. */
export function lookupAccessToken(token: string): FakeAccessToken | null {
  for (const lookup of running) {
    const found = lookup(token);
    if (found) return found;
  }
  return null;
}

export type FakeOidcUser = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
  hd?: string;
};

const DEFAULT_OIDC_USERS: FakeOidcUser[] = [
  { sub: "100000000000000000001", email: "ada@gmail.test", email_verified: true, name: "Ada Lovelace" },
  { sub: "100000000000000000002", email: "unverified@gmail.test", email_verified: false, name: "Una Verified" },
  { sub: "100000000000000000003", email: "grace@workspace.test", email_verified: true, name: "Grace Hopper", hd: "workspace.test" },
];

type PendingCode = {
  user: FakeOidcUser;
  redirectUri: string;
  challenge: string | null;
  method: string;
  nonce: string | null;
  scope: string;
  /** The scopes the person granted (requested minus unticked, plus earlier grants with include_granted_scopes). */
  granted: string[];
  offline: boolean;
  promptConsent: boolean;
  expiresAt: number;
};

export async function startFakeOidc({
  port = 0,
  clientId = "inkpilot-test-client",
  clientSecret = "inkpilot-test-secret",
  users = DEFAULT_OIDC_USERS,
}: { port?: number; clientId?: string; clientSecret?: string; users?: FakeOidcUser[] } = {}) {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = crypto.randomBytes(8).toString("hex");
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };

  const known = new Map(users.map((u) => [u.sub, u]));
  let current: FakeOidcUser = users[0]!;
  let armedError: string | null = null;
  let tampered: Record<string, unknown> | null = null;
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessGrant>();
  const refreshTokens = new Map<string, RefreshGrant>();
  /** The scopes each user (by sub) has granted this client so far; gone when the grant is revoked. */
  const grants = new Map<string, Set<string>>();
  /** Scopes the person unticks on the consent screen from now on. */
  let unticked = new Set<string>();
  let revokeFailure: number | null = null;
  const log: Array<{ endpoint: string; detail: Record<string, unknown> }> = [];
  let issuer = "";

  function issueAccessToken(user: FakeOidcUser, scopes: string[]) {
    const token = `ya29.${crypto.randomBytes(24).toString("base64url")}`;
    accessTokens.set(token, { user, scopes, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000, revoked: false });
    return token;
  }

  function liveAccessToken(token: string): FakeAccessToken | null {
    const grant = accessTokens.get(token);
    if (!grant || grant.revoked || grant.expiresAt <= Date.now()) return null;
    return { sub: grant.user.sub, email: grant.user.email, scopes: [...grant.scopes], expiresAt: grant.expiresAt, clientId };
  }

  /** Like Google: revoking one token ends the user's whole grant to this client. */
  function revokeGrant(sub: string) {
    for (const grant of [...accessTokens.values(), ...refreshTokens.values()]) if (grant.user.sub === sub) grant.revoked = true;
    grants.delete(sub);
  }

  function grantsView() {
    return [...grants.entries()].map(([sub, scopes]) => ({
      sub,
      email: known.get(sub)?.email ?? null,
      scopes: [...scopes],
      liveRefreshTokens: [...refreshTokens.values()].filter((g) => g.user.sub === sub && !g.revoked).length,
    }));
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    try {
      if (url.pathname === "/.well-known/openid-configuration" && req.method === "GET") {
        return sendJson(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          revocation_endpoint: `${issuer}/revoke`,
          scopes_supported: ["openid", "email", "profile"],
          token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
          code_challenge_methods_supported: ["S256", "plain"],
        });
      }
      if (url.pathname === "/jwks" && req.method === "GET") return sendJson(res, 200, { keys: [jwk] });
      if (url.pathname === "/o/oauth2/v2/auth" && req.method === "GET") return authorize(url, res);
      if (url.pathname === "/token" && req.method === "POST") return await token(req, res);
      if (url.pathname === "/revoke" && req.method === "POST") return await revoke(req, url, res);
      if (url.pathname === "/tokeninfo" && req.method === "GET") {
        // Google's tokeninfo for an access token: 400 invalid_token when unknown, expired or revoked.
        const found = liveAccessToken(url.searchParams.get("access_token") ?? "");
        if (!found) return sendJson(res, 400, { error: "invalid_token", error_description: "Invalid Value" });
        return sendJson(res, 200, {
          azp: clientId,
          aud: clientId,
          sub: found.sub,
          scope: found.scopes.join(" "),
          exp: String(Math.floor(found.expiresAt / 1000)),
          expires_in: String(Math.max(0, Math.floor((found.expiresAt - Date.now()) / 1000))),
          email: found.email,
          email_verified: "true",
          access_type: "offline",
        });
      }
      if (url.pathname === "/userinfo" && req.method === "GET") {
        const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
        const user = liveAccessToken(bearer) ? accessTokens.get(bearer)!.user : null;
        if (!user) return sendJson(res, 401, { error: "invalid_token" });
        return sendJson(res, 200, {
          sub: user.sub,
          email: user.email,
          email_verified: user.email_verified,
          name: user.name,
          ...(user.hd ? { hd: user.hd } : {}),
        });
      }
      // Test controls.
      if (url.pathname === "/__fake/login-as" && req.method === "POST") {
        const user = JSON.parse(await readBody(req)) as FakeOidcUser;
        known.set(user.sub, user);
        current = user;
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === "/__fake/fail-next" && req.method === "POST") {
        armedError = (JSON.parse(await readBody(req)) as { error: string }).error;
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === "/__fake/consent" && req.method === "POST") {
        // { untick: [scope…] }: the scopes the person leaves unticked on the consent screen from now on ([] resets).
        const body = JSON.parse(await readBody(req)) as { untick?: string[] };
        unticked = new Set(body.untick ?? []);
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === "/__fake/revoke" && req.method === "POST") {
        // The person removes the app in their Google Account: { email } or { sub }.
        const body = JSON.parse(await readBody(req)) as { email?: string; sub?: string };
        const sub = body.sub ?? [...known.values()].find((u) => u.email === body.email)?.sub;
        if (sub) revokeGrant(sub);
        return sendJson(res, 200, { ok: true, revoked: Boolean(sub) });
      }
      if (url.pathname === "/__fake/expire-access-tokens" && req.method === "POST") {
        for (const grant of accessTokens.values()) grant.expiresAt = Date.now() - 1000;
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === "/__fake/fail-next-revoke" && req.method === "POST") {
        revokeFailure = (JSON.parse((await readBody(req)) || "{}") as { status?: number }).status ?? 503;
        return sendJson(res, 200, { ok: true });
      }
      if (url.pathname === "/__fake/grants" && req.method === "GET") return sendJson(res, 200, grantsView());
      if (url.pathname === "/__fake/log" && req.method === "GET") return sendJson(res, 200, log);
      return sendJson(res, 404, { error: "not_found" });
    } catch (error) {
      return sendJson(res, 500, { error: "server_error", error_description: String(error) });
    }
  });

  function authorize(url: URL, res: http.ServerResponse) {
    const p = url.searchParams;
    const redirectUri = p.get("redirect_uri");
    log.push({ endpoint: "authorize", detail: Object.fromEntries(p) });
    // Like Google: a bad client or redirect URI is shown to the person, never redirected.
    if (p.get("client_id") !== clientId) return sendJson(res, 400, { error: "invalid_client" });
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return sendJson(res, 400, { error: "redirect_uri_mismatch" });
    const back = new URL(redirectUri);
    const state = p.get("state");
    if (state) back.searchParams.set("state", state);
    const fail = (error: string) => {
      back.searchParams.set("error", error);
      res.writeHead(302, { Location: back.toString() }).end();
    };
    if (p.get("response_type") !== "code") return fail("unsupported_response_type");
    const requested = (p.get("scope") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((scope) => SCOPE_ALIASES[scope] ?? scope);
    if (!requested.length || requested.some((scope) => !KNOWN_SCOPES.has(scope))) return fail("invalid_scope");
    const method = p.get("code_challenge_method") ?? "plain";
    if (p.get("code_challenge") && !["S256", "plain"].includes(method)) return fail("invalid_request");
    if (armedError) {
      const error = armedError;
      armedError = null;
      return fail(error);
    }
    // Granular consent: the person may untick an API scope, never the sign-in ones.
    const granted = new Set(requested.filter((scope) => BASIC_SCOPES.has(scope) || !unticked.has(scope)));
    if (p.get("include_granted_scopes") === "true") for (const scope of grants.get(current.sub) ?? []) granted.add(scope);
    const code = `4/${crypto.randomBytes(24).toString("base64url")}`;
    codes.set(code, {
      user: current,
      redirectUri,
      challenge: p.get("code_challenge"),
      method,
      nonce: p.get("nonce"),
      scope: p.get("scope") ?? "",
      granted: [...granted],
      offline: p.get("access_type") === "offline",
      promptConsent: (p.get("prompt") ?? "").split(" ").includes("consent"),
      expiresAt: Date.now() + 5 * 60_000,
    });
    back.searchParams.set("code", code);
    back.searchParams.set("scope", [...granted].join(" "));
    back.searchParams.set("authuser", "0");
    res.writeHead(302, { Location: back.toString() }).end();
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) {
      const decoded = Buffer.from(basic, "base64").toString("utf8");
      const split = decoded.indexOf(":");
      id = decodeURIComponent(decoded.slice(0, split));
      secret = decodeURIComponent(decoded.slice(split + 1));
    }
    log.push({ endpoint: "token", detail: { ...Object.fromEntries(form), basic: Boolean(basic) } });
    if (id !== clientId || secret !== clientSecret)
      return sendJson(res, 401, { error: "invalid_client", error_description: "Unauthorized" });
    if (form.get("grant_type") === "refresh_token") {
      const grant = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant || grant.revoked)
        return sendJson(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      return sendJson(res, 200, {
        access_token: issueAccessToken(grant.user, grant.scopes),
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: grant.scopes.join(" "),
        token_type: "Bearer",
      });
    }
    if (form.get("grant_type") !== "authorization_code") return sendJson(res, 400, { error: "unsupported_grant_type" });
    const code = form.get("code") ?? "";
    const pending = codes.get(code);
    // Single use: a code is gone after its first redemption, successful or not.
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now()) return sendJson(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
    if (form.get("redirect_uri") !== pending.redirectUri) return sendJson(res, 400, { error: "redirect_uri_mismatch" });
    if (pending.challenge) {
      const verifier = form.get("code_verifier") ?? "";
      const computed = pending.method === "S256" ? crypto.createHash("sha256").update(verifier).digest("base64url") : verifier;
      if (computed !== pending.challenge)
        return sendJson(res, 400, { error: "invalid_grant", error_description: "Missing code verifier." });
    }
    const user = pending.user;
    const accessToken = issueAccessToken(user, pending.granted);
    // A refresh token on the first offline consent of this user; again only when consent was asked anew.
    const hasLiveRefresh = [...refreshTokens.values()].some((g) => g.user.sub === user.sub && !g.revoked);
    let refreshToken: string | null = null;
    if (pending.offline && (!hasLiveRefresh || pending.promptConsent)) {
      refreshToken = `1//${crypto.randomBytes(32).toString("base64url")}`;
      refreshTokens.set(refreshToken, { user, scopes: pending.granted, revoked: false });
    }
    grants.set(user.sub, new Set([...(grants.get(user.sub) ?? []), ...pending.granted]));
    const openid = pending.granted.includes("openid");
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: issuer,
      aud: clientId,
      sub: user.sub,
      iat: now,
      exp: now + 3600,
      azp: clientId,
      email: user.email,
      email_verified: user.email_verified,
      name: user.name,
      ...(user.picture ? { picture: user.picture } : {}),
      ...(user.hd ? { hd: user.hd } : {}),
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
      ...tampered,
    };
    tampered = null;
    const idToken = openid ? await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(privateKey) : null;
    return sendJson(res, 200, {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: "Bearer",
      scope: pending.granted.join(" "),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(idToken ? { id_token: idToken } : {}),
    });
  }

  /** Google's revocation endpoint: `token` (access or refresh) in the form body or the query; 200, or 400 invalid_token. */
  async function revoke(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const token = form.get("token") ?? url.searchParams.get("token") ?? "";
    log.push({
      endpoint: "revoke",
      detail: { kind: refreshTokens.has(token) ? "refresh" : accessTokens.has(token) ? "access" : "unknown" },
    });
    if (revokeFailure) {
      const status = revokeFailure;
      revokeFailure = null;
      return sendJson(res, status, { error: "backend_error" });
    }
    const grant = refreshTokens.get(token) ?? accessTokens.get(token);
    if (!grant || grant.revoked) return sendJson(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
    revokeGrant(grant.user.sub);
    return sendJson(res, 200, {});
  }

  const listening = await listen(server, port);
  issuer = listening.url;
  running.add(liveAccessToken);
  return {
    ...listening,
    close: async () => {
      running.delete(liveAccessToken);
      await listening.close();
    },
    issuer,
    clientId,
    clientSecret,
    users: known,
    loginAs(user: FakeOidcUser) {
      known.set(user.sub, user);
      current = user;
    },
    failNext(error: string) {
      armedError = error;
    },
    /** The scopes the person unticks on the consent screen from now on ([] grants all asked). */
    untickScopes(scopes: string[]) {
      unticked = new Set(scopes);
    },
    /** The person removes the app in their Google Account: every token of theirs stops working. */
    revokeUser(email: string) {
      const sub = [...known.values()].find((u) => u.email === email)?.sub;
      if (sub) revokeGrant(sub);
    },
    /** Every access token issued so far has expired (a refresh is then needed). */
    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = Date.now() - 1000;
    },
    /** The next POST /revoke answers this status (503 by default) without revoking. */
    failNextRevoke(status = 503) {
      revokeFailure = status;
    },
    /** Users with a grant to this client, their granted scopes and live refresh tokens (never the tokens). */
    grants: grantsView,
    /** The user and scopes of one of this fake's live access tokens. */
    lookupAccessToken: liveAccessToken,
    /** Overrides claims (iss, aud, nonce, exp…) of the next id_token, to test the client's checks. */
    tamperNextIdToken(claims: Record<string, unknown>) {
      tampered = claims;
    },
    log,
  };
}

export type FakeOidc = Awaited<ReturnType<typeof startFakeOidc>>;
