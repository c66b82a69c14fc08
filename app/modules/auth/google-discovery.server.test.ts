import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { startFakeOidc, type FakeOidc } from "#tests/fakes/oidc";
import { googleConsentOrigins, googleEndpoints } from "./google-discovery.server";

let oidc: FakeOidc;

beforeAll(async () => {
  oidc = await startFakeOidc();
  process.env.GOOGLE_CLIENT_ID = oidc.clientId;
  process.env.GOOGLE_CLIENT_SECRET = oidc.clientSecret;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${oidc.port}`;
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await oidc.close();
});

describe("Google's endpoints from discovery", () => {
  it("reads the authorization, token and revocation endpoints once, and asks again after a failure", async () => {
    // Nothing listens on port 9: the first read fails and is not kept.
    process.env.GOOGLE_ISSUER = "http://127.0.0.1:9";
    process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${oidc.port},127.0.0.1:9`;
    resetEnvForTests();
    await expect(googleEndpoints()).rejects.toThrow();

    process.env.GOOGLE_ISSUER = oidc.issuer;
    resetEnvForTests();
    const endpoints = await googleEndpoints();
    expect(endpoints).toMatchObject({
      authorizationEndpoint: `${oidc.issuer}/o/oauth2/v2/auth`,
      tokenEndpoint: `${oidc.issuer}/token`,
      revocationEndpoint: `${oidc.issuer}/revoke`,
    });
    expect(googleEndpoints()).toBe(googleEndpoints());
    // The connect form's redirect to the consent page passes the CSP form-action.
    expect(googleConsentOrigins()).toEqual([oidc.url]);
  });
});
