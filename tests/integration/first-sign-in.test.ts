import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { readToast } from "#app/utils/toast.server";
import * as resend from "#app/routes/auth/resend-verification";
import * as signin from "#app/routes/auth/signin";
import * as signup from "#app/routes/auth/signup";
import * as verify from "#app/routes/auth/verify";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, cookiesOf, get, post } from "#tests/setup/route-harness";

/**
 * docs/decisions/034: the verification link signs in only in
 * the browser that signed up, once; the first sign-in says 'Welcome to Inkpilot!'.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

/** A POST carrying this browser's cookies. */
function postWith(path: string, fields: Record<string, string>, cookie: string) {
  const request = post(path, fields);
  if (cookie) request.headers.set("Cookie", cookie);
  return request;
}

async function toastOf(res: { headers: Headers }) {
  const cookie = /__toast=[^;]+/.exec(res.headers.getSetCookie().join("; "))?.[0];
  if (!cookie) return null;
  return (await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast;
}

async function userOf(email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email_verified_at", "last_signed_in_at"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
}

async function sessionCount(userId: string) {
  const { count } = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function lastToken(email: string) {
  const mail = await db
    .selectFrom("mail_outbox")
    .select("text")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes("/verify?token="));
  return new URL(link!).searchParams.get("token")!;
}

/** Signs up as a browser would; returns the cookies the browser keeps (the sign-up binding). */
async function signUpInBrowser(email: string, extra: Record<string, string> = {}) {
  const res = await callRoute({ handler: signup.action, request: post("/signup", { email, password: "secret12", ...extra }) });
  expect(res.status).toBe(302);
  return cookiesOf(res);
}

describe("verifying in the browser that signed up", () => {
  it("signs the user in once, with 'Email Verified' and the first-sign-in greeting; the used link signs no one in again", async () => {
    const email = "same-browser@example.com";
    const browser = await signUpInBrowser(email);
    expect(browser).toMatch(/^__signup=/);
    const token = await lastToken(email);
    const { id } = await userOf(email);

    const res = await callRoute({ handler: verify.action, request: postWith("/verify", { token }, browser) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const set = res.headers.getSetCookie();
    expect(set.some((c) => c.startsWith("__session="))).toBe(true);
    // The binding is spent with the link.
    expect(set.some((c) => c.startsWith("__signup=;") && /Max-Age=0/i.test(c))).toBe(true);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Email Verified", description: "Welcome to Inkpilot!" });
    expect(await sessionCount(id)).toBe(1);
    const user = await userOf(email);
    expect(user.email_verified_at).not.toBeNull();
    expect(user.last_signed_in_at).not.toBeNull();

    // The token is single-use: the same link in the same browser is refused as a sign-in.
    const again = await callRoute({ handler: verify.action, request: postWith("/verify", { token }, browser) });
    expect(again.data).toEqual({ outcome: "already-verified" });
    expect(again.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await sessionCount(id)).toBe(1);

    // Later password sign-ins are greeted as returning.
    const later = await callRoute({ handler: signin.action, request: post("/signin", { email, password: "secret12" }) });
    expect(later.headers.get("Location")).toBe("/dashboard");
    expect((await toastOf(later))?.title).toBe("Welcome back!");
  });

  it("opens the write screen with a free tool's topic", async () => {
    const email = "topic-browser@example.com";
    const browser = await signUpInBrowser(email, { topic: "cold brew" });
    const res = await callRoute({ handler: verify.action, request: postWith("/verify", { token: await lastToken(email) }, browser) });
    expect(res.headers.get("Location")).toBe("/dashboard/write?keyword=cold%20brew");
  });

  it("binds a link resent from that browser too", async () => {
    const email = "resent-browser@example.com";
    const browser = await signUpInBrowser(email);
    const first = await lastToken(email);
    const sent = await callRoute({ handler: resend.action, request: postWith("/resend-verification", { email }, browser) });
    expect(sent.status).toBe(302);
    const token = await lastToken(email);
    expect(token).not.toBe(first);
    const res = await callRoute({ handler: verify.action, request: postWith("/verify", { token }, browser) });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });
});

describe("verifying anywhere else", () => {
  it("verifies the address but asks to sign in: no cookie, or another account's sign-up cookie", async () => {
    const email = "other-browser@example.com";
    await signUpInBrowser(email);
    const strangerBrowser = await signUpInBrowser("stranger@example.com");
    const { id } = await userOf(email);
    const token = await lastToken(email);

    const res = await callRoute({ handler: verify.action, request: postWith("/verify", { token }, strangerBrowser) });
    expect(res.data).toEqual({ outcome: "verified" });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await sessionCount(id)).toBe(0);
    expect((await userOf(email)).email_verified_at).not.toBeNull();

    // The first sign-in after that is still the first.
    const signedIn = await callRoute({ handler: signin.action, request: post("/signin", { email, password: "secret12" }) });
    expect((await toastOf(signedIn))?.title).toBe("Welcome to Inkpilot!");
  });

  it("refuses a forged binding cookie (unsigned)", async () => {
    const email = "forged-browser@example.com";
    await signUpInBrowser(email);
    const { id } = await userOf(email);
    const forged = `__signup=${Buffer.from(JSON.stringify({ u: id, k: "guess" })).toString("base64")}`;
    const res = await callRoute({ handler: verify.action, request: postWith("/verify", { token: await lastToken(email) }, forged) });
    expect(res.data).toEqual({ outcome: "verified" });
    expect(await sessionCount(id)).toBe(0);
  });
});

describe("the sign-in greeting", () => {
  it("says 'Welcome to Inkpilot!' the first time and 'Welcome back!' after", async () => {
    const { email, userId } = await makeUser(db, { password: "correct-horse", signedIn: false });
    const first = await callRoute({ handler: signin.action, request: post("/signin", { email, password: "correct-horse" }) });
    expect(first.status).toBe(302);
    expect((await toastOf(first))?.title).toBe("Welcome to Inkpilot!");
    const second = await callRoute({ handler: signin.action, request: post("/signin", { email, password: "correct-horse" }) });
    expect((await toastOf(second))?.title).toBe("Welcome back!");
    // Signing out in between changes nothing: the account has been here.
    await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
    const third = await callRoute({ handler: signin.action, request: post("/signin", { email, password: "correct-horse" }) });
    expect((await toastOf(third))?.title).toBe("Welcome back!");
  });

  it("a wrong password is no sign-in: the next right one is still the first", async () => {
    const { email } = await makeUser(db, { password: "correct-horse", signedIn: false });
    await callRoute({ handler: signin.action, request: post("/signin", { email, password: "wrong-horse" }) });
    const res = await callRoute({ handler: signin.action, request: post("/signin", { email, password: "correct-horse" }) });
    expect((await toastOf(res))?.title).toBe("Welcome to Inkpilot!");
  });
});

it("the loader still only reads: opening the link verifies nothing", async () => {
  const email = "look-only@example.com";
  const browser = await signUpInBrowser(email);
  const token = await lastToken(email);
  const page = await callRoute({ handler: verify.loader, request: get(`/verify?token=${token}`, browser) });
  expect(page.data).toEqual({ token, signedIn: false });
  expect((await userOf(email)).email_verified_at).toBeNull();
});
