import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupAccessToken, startFakeOidc, WEBMASTERS_READONLY_SCOPE, WEBMASTERS_SCOPE, type FakeOidc } from "#tests/fakes/oidc";

/** The fake Google's offline consent, refresh and revocation, which the Search Console tests stand on. */

let oidc: FakeOidc;
const REDIRECT = "http://127.0.0.1:1/dashboard/search-console/callback";

beforeAll(async () => {
  oidc = await startFakeOidc();
});
afterAll(async () => {
  await oidc.close();
});

async function consent(scope: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: oidc.clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope,
    access_type: "offline",
    include_granted_scopes: "true",
    state: "s",
    ...extra,
  });
  const back = new URL((await fetch(`${oidc.issuer}/o/oauth2/v2/auth?${params}`, { redirect: "manual" })).headers.get("Location")!);
  const answer = await fetch(`${oidc.issuer}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code") ?? "",
      redirect_uri: REDIRECT,
      client_id: oidc.clientId,
      client_secret: oidc.clientSecret,
    }),
  });
  return (await answer.json()) as Record<string, string | number>;
}

async function tokenCall(body: Record<string, string>) {
  const response = await fetch(`${oidc.issuer}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: oidc.clientId, client_secret: oidc.clientSecret, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

describe("the fake Google's offline consent", () => {
  it("gives a refresh token on the first offline consent only, again with prompt=consent, and lists the revocation endpoint", async () => {
    const user = { sub: "sc-1", email: "owner@sc.test", email_verified: true, name: "Owner" };
    oidc.loginAs(user);
    const discovery = (await (await fetch(`${oidc.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    expect(discovery.revocation_endpoint).toBe(`${oidc.issuer}/revoke`);

    const first = await consent(`openid email ${WEBMASTERS_READONLY_SCOPE}`);
    expect(first.refresh_token).toMatch(/^1\/\//);
    expect(first.expires_in).toBe(3599);
    expect(String(first.scope).split(" ").sort()).toEqual(
      ["openid", "https://www.googleapis.com/auth/userinfo.email", WEBMASTERS_READONLY_SCOPE].sort(),
    );
    expect(await consent(`openid email ${WEBMASTERS_READONLY_SCOPE}`)).not.toHaveProperty("refresh_token");
    expect(await consent(`openid email ${WEBMASTERS_READONLY_SCOPE}`, { prompt: "consent" })).toHaveProperty("refresh_token");
    expect(lookupAccessToken(String(first.access_token))).toMatchObject({ email: "owner@sc.test", sub: "sc-1" });
  });

  it("lets the person untick the sitemap scope, and include_granted_scopes adds earlier grants", async () => {
    oidc.loginAs({ sub: "sc-2", email: "editor@sc.test", email_verified: true, name: "Ed" });
    oidc.untickScopes([WEBMASTERS_SCOPE]);
    const granted = await consent(`openid email ${WEBMASTERS_READONLY_SCOPE} ${WEBMASTERS_SCOPE}`, { prompt: "consent" });
    expect(String(granted.scope)).not.toContain(WEBMASTERS_SCOPE + " ");
    expect(String(granted.scope).split(" ")).not.toContain(WEBMASTERS_SCOPE);
    oidc.untickScopes([]);
    const later = await consent("openid email", { prompt: "consent" });
    expect(String(later.scope).split(" ")).toContain(WEBMASTERS_READONLY_SCOPE);
  });

  it("refreshes, and after a revoke neither the refresh token nor its access tokens work", async () => {
    oidc.loginAs({ sub: "sc-3", email: "third@sc.test", email_verified: true, name: "Third" });
    const first = await consent(`openid email ${WEBMASTERS_READONLY_SCOPE}`, { prompt: "consent" });
    const refreshed = await tokenCall({ grant_type: "refresh_token", refresh_token: String(first.refresh_token) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.scope).toBe(first.scope);
    expect(lookupAccessToken(String(refreshed.body.access_token))?.scopes).toContain(WEBMASTERS_READONLY_SCOPE);

    oidc.failNextRevoke();
    const failed = await fetch(`${oidc.issuer}/revoke`, {
      method: "POST",
      body: new URLSearchParams({ token: String(first.refresh_token) }),
    });
    expect(failed.status).toBe(503);
    const revoked = await fetch(`${oidc.issuer}/revoke`, {
      method: "POST",
      body: new URLSearchParams({ token: String(first.refresh_token) }),
    });
    expect(revoked.status).toBe(200);
    expect(lookupAccessToken(String(refreshed.body.access_token))).toBeNull();
    expect(lookupAccessToken(String(first.access_token))).toBeNull();
    const again = await tokenCall({ grant_type: "refresh_token", refresh_token: String(first.refresh_token) });
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await tokenCall({ grant_type: "refresh_token", refresh_token: "1//unknown" })).body.error).toBe("invalid_grant");
    const twice = await fetch(`${oidc.issuer}/revoke`, {
      method: "POST",
      body: new URLSearchParams({ token: String(first.refresh_token) }),
    });
    expect(twice.status).toBe(400);
  });

  it("revokes from Google's side and expires access tokens on request; tokeninfo answers for live tokens only", async () => {
    oidc.loginAs({ sub: "sc-4", email: "fourth@sc.test", email_verified: true, name: "Fourth" });
    const first = await consent(`openid email ${WEBMASTERS_READONLY_SCOPE}`, { prompt: "consent" });
    const info = await fetch(`${oidc.issuer}/tokeninfo?access_token=${String(first.access_token)}`);
    expect(((await info.json()) as { email: string }).email).toBe("fourth@sc.test");
    oidc.expireAccessTokens();
    expect(lookupAccessToken(String(first.access_token))).toBeNull();
    const refreshed = await tokenCall({ grant_type: "refresh_token", refresh_token: String(first.refresh_token) });
    expect(lookupAccessToken(String(refreshed.body.access_token))).not.toBeNull();
    oidc.revokeUser("fourth@sc.test");
    expect(lookupAccessToken(String(refreshed.body.access_token))).toBeNull();
    expect(oidc.grants().find((g) => g.email === "fourth@sc.test")).toBeUndefined();
  });
});
