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
 */

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
  const accessTokens = new Map<string, FakeOidcUser>();
  const log: Array<{ endpoint: string; detail: Record<string, unknown> }> = [];
  let issuer = "";

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
          scopes_supported: ["openid", "email", "profile"],
          token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
          code_challenge_methods_supported: ["S256", "plain"],
        });
      }
      if (url.pathname === "/jwks" && req.method === "GET") return sendJson(res, 200, { keys: [jwk] });
      if (url.pathname === "/o/oauth2/v2/auth" && req.method === "GET") return authorize(url, res);
      if (url.pathname === "/token" && req.method === "POST") return await token(req, res);
      if (url.pathname === "/userinfo" && req.method === "GET") {
        const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
        const user = accessTokens.get(bearer);
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
    if (!(p.get("scope") ?? "").split(" ").includes("openid")) return fail("invalid_scope");
    const method = p.get("code_challenge_method") ?? "plain";
    if (p.get("code_challenge") && !["S256", "plain"].includes(method)) return fail("invalid_request");
    if (armedError) {
      const error = armedError;
      armedError = null;
      return fail(error);
    }
    const code = crypto.randomBytes(24).toString("base64url");
    codes.set(code, {
      user: current,
      redirectUri,
      challenge: p.get("code_challenge"),
      method,
      nonce: p.get("nonce"),
      scope: p.get("scope") ?? "",
      expiresAt: Date.now() + 5 * 60_000,
    });
    back.searchParams.set("code", code);
    back.searchParams.set("scope", p.get("scope") ?? "");
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
    const accessToken = crypto.randomBytes(24).toString("base64url");
    accessTokens.set(accessToken, user);
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
    const idToken = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(privateKey);
    return sendJson(res, 200, {
      access_token: accessToken,
      expires_in: 3599,
      token_type: "Bearer",
      scope: pending.scope,
      id_token: idToken,
    });
  }

  const listening = await listen(server, port);
  issuer = listening.url;
  return {
    ...listening,
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
    /** Overrides claims (iss, aud, nonce, exp…) of the next id_token, to test the client's checks. */
    tamperNextIdToken(claims: Record<string, unknown>) {
      tampered = claims;
    },
    log,
  };
}

export type FakeOidc = Awaited<ReturnType<typeof startFakeOidc>>;
