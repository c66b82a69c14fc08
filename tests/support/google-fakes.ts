import { resetEnvForTests } from "#app/env.server";
import { lookupAccessToken, startFakeOidc } from "#tests/fakes/oidc";
import { startSearchConsoleFake } from "#tests/fakes/search-console";

const ENV = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_ISSUER", "GOOGLE_SEARCH_CONSOLE_URL", "TEST_ALLOW_PRIVATE_HOSTS"];

/**
 * The fake Google (OAuth, discovery, revocation) and the fake Search Console API it vouches for, with the app's
 * environment pointed at them: what the Search Console connection tests start before their first test.
 */
export async function startGoogleFakes() {
  const oidc = await startFakeOidc();
  const sc = await startSearchConsoleFake({ isValidAccessToken: (token) => lookupAccessToken(token)?.email ?? null });
  process.env.GOOGLE_CLIENT_ID = oidc.clientId;
  process.env.GOOGLE_CLIENT_SECRET = oidc.clientSecret;
  process.env.GOOGLE_ISSUER = oidc.issuer;
  process.env.GOOGLE_SEARCH_CONSOLE_URL = sc.rootUrl;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${oidc.port},127.0.0.1:${sc.port}`;
  resetEnvForTests();
  const close = async () => {
    for (const name of ENV) delete process.env[name];
    resetEnvForTests();
    await Promise.all([oidc.close(), sc.close()]);
  };
  return { oidc, sc, close };
}
