import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { startFakeOidc, type FakeOidc, type FakeOidcUser } from "#tests/fakes/oidc";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import * as google from "#app/routes/auth/google";
import * as callback from "#app/routes/auth/google-callback";
import * as signin from "#app/routes/auth/signin";
import * as verify from "#app/routes/auth/verify";
import { ORIGIN as BASE, callRoute, get, post } from "#tests/setup/route-harness";

/** "Sign in with Google" end to end against the local OIDC provider: the real strategy, PKCE, state and id_token checks. */

let db: DB;
let oidc: FakeOidc;

beforeAll(async () => {
  oidc = await startFakeOidc();
  process.env.GOOGLE_CLIENT_ID = oidc.clientId;
  process.env.GOOGLE_CLIENT_SECRET = oidc.clientSecret;
  process.env.GOOGLE_ISSUER = oidc.issuer;
  // Discovery goes through the outbound guard, which lets a private address through only when listed.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${oidc.port}`;
  resetEnvForTests();
  db = await testDb();
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await oidc.close();
});

/** Start → provider (auto-approves the chosen user) → callback, as a browser would, keeping the state cookie. */
async function googleSignIn(user: FakeOidcUser, { tamperCookie = false } = {}) {
  oidc.loginAs(user);
  const start = await callRoute({ handler: google.loader, request: get("/auth/google") });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get("Location")!);
  const stateCookie = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const atProvider = await fetch(authorizeUrl, { redirect: "manual" });
  const back = new URL(atProvider.headers.get("Location")!);
  expect(back.origin + back.pathname).toBe(`${BASE}/auth/google/callback`);
  const cookie = tamperCookie ? stateCookie.replace(/=state=[^&]+/, "=state=forged") : stateCookie;
  const done = await callRoute({ handler: callback.loader, request: get(back.pathname + back.search, tamperCookie ? "other=1" : cookie) });
  return { start, authorizeUrl, back, done };
}

function userRow(email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

describe("Google sign-in", () => {
  it("asks the discovered endpoint with scopes, PKCE S256, state and nonce, and a state cookie", async () => {
    const start = await callRoute({ handler: google.loader, request: get("/auth/google") });
    const url = new URL(start.headers.get("Location")!);
    expect(url.origin + url.pathname).toBe(`${oidc.issuer}/o/oauth2/v2/auth`);
    expect(url.searchParams.get("client_id")).toBe(oidc.clientId);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/auth/google/callback`);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    const cookie = start.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^__oidc_google:[\w-]+=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("creates a verified account for a new Google user, mails a welcome and opens onboarding", async () => {
    const user = { sub: "g-new-1", email: "newcomer@gmail.test", email_verified: true, name: "New Comer" };
    const { done } = await googleSignIn(user);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/dashboard?onboarding=1");
    const cookies = done.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__session="))).toBe(true);
    expect(cookies.some((c) => /^__oidc_google:[\w-]+=;.*Max-Age=0/.test(c))).toBe(true);

    const row = await userRow("newcomer@gmail.test");
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.password_hash).toBeNull();
    expect(row?.full_name).toBe("New Comer");
    const link = await db.selectFrom("oauth_accounts").selectAll().where("subject", "=", "g-new-1").executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider: "google", user_id: row!.id });
    const welcome = await db.selectFrom("mail_outbox").select("tag").where("to_address", "=", "newcomer@gmail.test").execute();
    expect(welcome).toEqual([{ tag: "welcome" }]);
    const token = oidc.log.find((e) => e.endpoint === "token")!;
    expect(token.detail.code_verifier).toBeTruthy();

    // The same Google account again: the existing link, no second account, no second welcome.
    const again = await googleSignIn(user);
    expect(again.done.headers.get("Location")).toBe("/dashboard");
    expect(await db.selectFrom("users").select("id").where("email", "=", "newcomer@gmail.test").execute()).toHaveLength(1);
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "=", "newcomer@gmail.test").execute()).toHaveLength(1);
  });

  it("never opens a session for an address the provider has not verified: our own verification mail first", async () => {
    const user = { sub: "g-unverified-new", email: "Fresh.Unverified@gmail.test", email_verified: false, name: "Una" };
    const { done } = await googleSignIn(user);
    expect(done.headers.get("Location")).toBe("/signin?message=verify-email&email=fresh.unverified%40gmail.test");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    const row = await userRow("fresh.unverified@gmail.test");
    expect(row?.email_verified_at).toBeNull();
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", row!.id).execute()).toEqual([]);
    const mails = await db
      .selectFrom("mail_outbox")
      .select(["tag", "text"])
      .where("to_address", "=", "fresh.unverified@gmail.test")
      .execute();
    expect(mails.map((m) => m.tag)).toEqual(["verify-email"]);

    // Again with the same Google account: still no session.
    const again = await googleSignIn(user);
    expect(again.done.headers.get("Location")).toMatch(/^\/signin\?message=verify-email/);
    expect(again.done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);

    // Our link proves the mailbox; then Google sign-in opens a session.
    const token = new URL(mails[0]!.text.match(/https?:\/\/\S+\/verify\?token=\S+/)![0]).searchParams.get("token")!;
    expect((await callRoute({ handler: verify.action, request: post("/verify", { token }) })).data).toEqual({ outcome: "verified" });
    const after = await googleSignIn(user);
    expect(after.done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });

  it("lets an account the provider vouches for later in without our mail", async () => {
    const user = { sub: "g-later", email: "later@gmail.test", email_verified: false, name: "Later" };
    await googleSignIn(user);
    const verifiedNow = await googleSignIn({ ...user, email_verified: true });
    expect(verifiedNow.done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    expect((await userRow("later@gmail.test"))?.email_verified_at).not.toBeNull();
  });

  it("links to an existing account by email only when Google verified the address", async () => {
    const { userId } = await makeUser(db, { email: "owner@gmail.test", password: "secret12", signedIn: false });

    const unverified = await googleSignIn({ sub: "g-impostor", email: "owner@gmail.test", email_verified: false, name: "Impostor" });
    expect(unverified.done.headers.get("Location")).toBe("/signin");
    expect(unverified.done.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(unverified.done.headers.getSetCookie().some((c) => c.startsWith("__toast="))).toBe(true);
    expect(await db.selectFrom("oauth_accounts").select("id").where("subject", "=", "g-impostor").executeTakeFirst()).toBeUndefined();

    const verified = await googleSignIn({ sub: "g-owner", email: "owner@gmail.test", email_verified: true, name: "Owner" });
    expect(verified.done.headers.get("Location")).toBe("/dashboard");
    const link = await db.selectFrom("oauth_accounts").selectAll().where("subject", "=", "g-owner").executeTakeFirstOrThrow();
    expect(link.user_id).toBe(userId);
    // The password stays usable for a verified account.
    const pw = await callRoute({ handler: signin.action, request: post("/signin", { email: "owner@gmail.test", password: "secret12" }) });
    expect(pw.headers.get("Location")).toBe("/dashboard");
  });

  it("drops the unproven password when linking to an unverified account (pre-registration takeover)", async () => {
    await makeUser(db, { email: "victim@gmail.test", password: "attacker1", emailVerified: false, signedIn: false });
    const { done } = await googleSignIn({ sub: "g-victim", email: "victim@gmail.test", email_verified: true, name: "Victim" });
    expect(done.headers.get("Location")).toBe("/dashboard");
    const row = await userRow("victim@gmail.test");
    expect(row?.password_hash).toBeNull();
    expect(row?.email_verified_at).not.toBeNull();
  });

  it("turns a refusal at the provider, a forged state and a bad id_token into 'Error signing in with Google'", async () => {
    const user = { sub: "g-err", email: "err@gmail.test", email_verified: true, name: "Err" };
    oidc.failNext("access_denied");
    const denied = await googleSignIn(user);
    expect(denied.back.searchParams.get("error")).toBe("access_denied");
    expect(denied.done.headers.get("Location")).toBe("/signin");

    const forged = await googleSignIn(user, { tamperCookie: true });
    expect(forged.done.headers.get("Location")).toBe("/signin");

    for (const claims of [
      { aud: "someone-else" },
      { iss: "https://evil.example" },
      { nonce: "replayed" },
      { exp: Math.floor(Date.now() / 1000) - 60 },
    ]) {
      oidc.tamperNextIdToken(claims);
      const bad = await googleSignIn(user);
      expect(bad.done.headers.get("Location"), JSON.stringify(claims)).toBe("/signin");
    }
    expect(await userRow("err@gmail.test")).toBeUndefined();
    // The same flow untampered succeeds, so each refusal above came from its own check.
    expect((await googleSignIn(user)).done.headers.get("Location")).toBe("/dashboard?onboarding=1");
  });

  it("redeems a code only once", async () => {
    const user = { sub: "g-once", email: "once@gmail.test", email_verified: true, name: "Once" };
    oidc.loginAs(user);
    const start = await callRoute({ handler: google.loader, request: get("/auth/google") });
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const back = new URL((await fetch(start.headers.get("Location")!, { redirect: "manual" })).headers.get("Location")!);
    const first = await callRoute({ handler: callback.loader, request: get(back.pathname + back.search, cookie) });
    expect(first.headers.get("Location")).toBe("/dashboard?onboarding=1");
    const replay = await callRoute({ handler: callback.loader, request: get(back.pathname + back.search, cookie) });
    expect(replay.headers.get("Location")).toBe("/signin");
  });
});
