import { beforeAll, describe, expect, it, vi } from "vitest";
import { passwordHasher } from "#app/modules/auth/password-hasher.server";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import type { DB } from "#app/db/client.server";
import { PASSWORD_GUESS_RULES, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { COMMON_PASSWORD_MESSAGE, PASSWORD_TOO_LONG_MESSAGE } from "#app/modules/auth/validation";
import { startSession } from "#app/modules/auth/session.server";
import * as forgot from "#app/routes/auth/forgot-password";
import * as resend from "#app/routes/auth/resend-verification";
import * as reset from "#app/routes/auth/reset-password";
import * as signin from "#app/routes/auth/signin";
import * as signout from "#app/routes/auth/signout";
import * as signup from "#app/routes/auth/signup";
import * as verify from "#app/routes/auth/verify";
import * as signupEmail from "#app/routes/auth/signup-email";
import { readToast } from "#app/utils/toast.server";
import { callRoute, cookiesOf, get, post } from "#tests/setup/route-harness";

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

async function mailsTo(email: string) {
  return db.selectFrom("mail_outbox").selectAll().where("to_address", "=", email).orderBy("id").execute();
}

async function lastLink(email: string, path: string) {
  const mail = (await mailsTo(email)).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link mailed to ${email}`);
  return new URL(link);
}

async function verifiedUser(email: string, password = "correct-horse") {
  const { userId } = await makeUser(db, { email, password, signedIn: false });
  return userId;
}

type FormResult = {
  result: { error?: Record<string, string[] | null> | null };
  notice: { title: string; description?: string; link?: { to: string; label: string } } | null;
};

const INVALID_RESET_LINK = {
  title: "Invalid Reset Link",
  description: "This password reset link is invalid or has expired. Please request a new one.",
};

describe("sign-up", () => {
  it("carries a free tool's topic through sign-in to the write screen's keyword", async () => {
    const page = (await callRoute<{ topic: string }>({ handler: signup.loader, request: get("/signup?topic=%20cold%20brew%20") })).data;
    expect(page.topic).toBe("cold brew");
    const response = await callRoute({
      handler: signup.action,
      request: post("/signup", { email: "topic@example.com", password: "secret1", topic: page.topic }),
    });
    const location = new URL(response.headers.get("Location")!, "http://x");
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("redirectTo")).toBe("/dashboard/write?keyword=cold%20brew");
  });

  it("asks for a name, optional: given, it names the person and their workspace; too long, it is refused", async () => {
    await callRoute({
      handler: signup.action,
      request: post("/signup", { fullName: "  Ana Ruiz ", email: "ana@example.com", password: "secret1" }),
    });
    const ana = await db.selectFrom("users").select(["id", "full_name"]).where("email", "=", "ana@example.com").executeTakeFirstOrThrow();
    expect(ana.full_name).toBe("Ana Ruiz");
    const workspace = await db
      .selectFrom("workspaces as w")
      .innerJoin("memberships as m", "m.workspace_id", "w.id")
      .select("w.name")
      .where("m.user_id", "=", ana.id)
      .executeTakeFirstOrThrow();
    expect(workspace.name).toBe("Ana Ruiz's workspace");

    const tooLong = await callRoute<FormResult>({
      handler: signup.action,
      request: post("/signup", { fullName: "x".repeat(101), email: "long@example.com", password: "secret1" }),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.result.error?.fullName).toEqual(["Please keep your name under 100 characters"]);
    expect(await db.selectFrom("users").select("id").where("email", "=", "long@example.com").executeTakeFirst()).toBeUndefined();
  });

  it("asks 'Did you mean …?' once for a mistyped mail provider, creating nothing; the same address sent again is kept", async () => {
    const asked = await callRoute<FormResult>({
      handler: signup.action,
      request: post("/signup", { email: "jane@gmial.com", password: "secret1" }),
    });
    expect(asked.status).toBe(400);
    expect(asked.data.result.error?.email).toEqual(["Did you mean jane@gmail.com? Correct it, or sign up again to keep jane@gmial.com."]);
    expect(await db.selectFrom("users").select("id").where("email", "=", "jane@gmial.com").executeTakeFirst()).toBeUndefined();
    const kept = await callRoute({
      handler: signup.action,
      request: post("/signup", { email: "jane@gmial.com", password: "secret1", emailChecked: "jane@gmial.com" }),
    });
    expect(kept.status).toBe(302);
    expect(await db.selectFrom("users").select("id").where("email", "=", "jane@gmial.com").executeTakeFirst()).toBeDefined();
    // A company's own domain is nobody's typo.
    const own = await callRoute({ handler: signup.action, request: post("/signup", { email: "jo@clayandkiln.com", password: "secret1" }) });
    expect(own.status).toBe(302);
  });

  it("creates user, workspace and first site, mails a 60-minute verification link and sends the user to sign in", async () => {
    const response = await callRoute({
      handler: signup.action,
      request: post("/signup", { email: "  New.User@Example.com ", password: "secret1" }),
    });
    expect(response.response).toBeInstanceOf(Response);
    expect(response.headers.get("Location")).toBe("/signin?message=verify-email&email=new.user%40example.com");

    const user = await db.selectFrom("users").selectAll().where("email", "=", "new.user@example.com").executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(user.password_hash).toMatch(/^\$2[aby]\$/);
    const membership = await db.selectFrom("memberships").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(membership.role).toBe("owner");
    const site = await db.selectFrom("sites").selectAll().where("workspace_id", "=", membership.workspace_id).executeTakeFirstOrThrow();
    expect(await db.selectFrom("brand_settings").select("site_id").where("site_id", "=", site.id).executeTakeFirst()).toBeTruthy();

    const [mail] = await mailsTo("new.user@example.com");
    expect(mail?.tag).toBe("verify-email");
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/verify\?token=[\w-]{20,}/);
    const job = await db
      .selectFrom("jobs")
      .selectAll()
      .where("name", "=", "deliver-mail")
      .where("idempotency_key", "=", `mail:${mail!.id}`)
      .executeTakeFirst();
    expect(job?.status).toBe("queued");

    const token = await db.selectFrom("auth_tokens").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(token.kind).toBe("verify_email");
    const link = await lastLink("new.user@example.com", "/verify");
    expect(token.token_hash).not.toBe(link.searchParams.get("token"));
    const ttl = Date.parse(token.expires_at) - Date.parse(token.created_at);
    expect(ttl).toBe(60 * 60 * 1000);
  });

  it("rejects a bad email and a short password with field messages, creating nothing", async () => {
    const before = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const result = await callRoute({ handler: signup.action, request: post("/signup", { email: "not-an-email", password: "12345" }) });
    expect(result.status).toBe(400);
    const { result: reply } = result.data as FormResult;
    expect(reply.error?.email).toEqual(["Please enter a valid email address"]);
    expect(reply.error?.password).toEqual(["Password must be at least 6 characters long"]);
    const empty = (await callRoute({ handler: signup.action, request: post("/signup", {}) })).data as FormResult;
    expect(empty.result.error?.email).toEqual(["Email is required"]);
    expect(empty.result.error?.password).toEqual(["Password is required"]);
    const after = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("tells an existing address to sign in instead", async () => {
    await verifiedUser("taken@example.com");
    const result = await callRoute({
      handler: signup.action,
      request: post("/signup", { email: "TAKEN@example.com", password: "secret12" }),
    });
    expect((result.data as FormResult).notice).toEqual({
      title: "Account exists",
      description: "An account with this email already exists. Please sign in instead.",
      link: { to: "/signin", label: "Go to sign in" },
    });
  });

  it("refuses a filled honeypot quietly with 400", async () => {
    const result = await callRoute({
      handler: signup.action,
      request: post("/signup", { email: "bot@example.com", password: "secret12", website: "http://spam" }),
    });
    expect(result.status).toBe(400);
    expect(await db.selectFrom("users").where("email", "=", "bot@example.com").select("id").executeTakeFirst()).toBeUndefined();
  });

  it("sends signed-in visitors to the dashboard, and to the onboarding dialog with ?onboarding=true", async () => {
    const userId = await verifiedUser("signed-in@example.com");
    const cookie = (await startSession(db, userId, get("/"))).split(";")[0]!;
    const plain = await callRoute({ handler: signup.loader, request: get("/signup", cookie) });
    expect(plain.headers.get("Location")).toBe("/dashboard");
    const onboarding = await callRoute({ handler: signup.loader, request: get("/signup?onboarding=true", cookie) });
    expect(onboarding.headers.get("Location")).toBe("/dashboard?onboarding=1");
    const signinPage = await callRoute({ handler: signin.loader, request: get("/signin", cookie) });
    expect(signinPage.headers.get("Location")).toBe("/dashboard");
  });
});

describe("sign-in", () => {
  it("signs a verified user in, with a session cookie, a 'Welcome back!' toast and a safe redirect", async () => {
    const userId = await verifiedUser("reader@example.com");
    const response = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "Reader@Example.com", password: "correct-horse", redirectTo: "/dashboard/topics" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/topics");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__session="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__toast="))).toBe(true);
    const rows = await db.selectFrom("sessions").select("ip").where("user_id", "=", userId).execute();
    expect(rows).toEqual([{ ip: "203.0.113.7" }]);

    const offsite = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "reader@example.com", password: "correct-horse", redirectTo: "//evil.example/steal" }),
    });
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });

  it("answers a wrong password and an unknown email with the same message", async () => {
    await verifiedUser("guarded@example.com");
    for (const form of [
      { email: "guarded@example.com", password: "wrong-password" },
      { email: "nobody@example.com", password: "whatever" },
    ]) {
      const result = await callRoute({ handler: signin.action, request: post("/signin", form), ip: "198.51.100.1" });
      expect(result.status).toBe(400);
      expect((result.data as FormResult).notice).toEqual({ title: "Error signing in", description: "Invalid email or password" });
    }
  });

  it("tells an unverified user to verify, offering to resend", async () => {
    await callRoute({ handler: signup.action, request: post("/signup", { email: "pending@example.com", password: "secret12" }) });
    const result = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "pending@example.com", password: "secret12" }),
    });
    const { notice } = result.data as FormResult;
    expect(notice?.title).toBe("Error signing in");
    expect(notice?.description).toMatch(/verify your email/);
    expect(notice?.link).toEqual({ to: "/resend-verification?email=pending%40example.com", label: "Resend verification email" });
  });

  it("shows the notice named by ?message", async () => {
    const cases = {
      "verify-email&email=a%40b.co": "Check your email",
      "verification-sent": "Verification email sent",
      "reset-sent": "Password reset email sent",
      "password-updated": "Password updated successfully",
    };
    for (const [query, title] of Object.entries(cases)) {
      const data = (
        await callRoute<{ notice: { title: string; description: string } }>({
          handler: signin.loader,
          request: get(`/signin?message=${query}`),
        })
      ).data;
      expect(data.notice.title).toBe(title);
    }
    const verify = (
      await callRoute<{ notice: { description: string } }>({
        handler: signin.loader,
        request: get("/signin?message=verify-email&email=a%40b.co"),
      })
    ).data;
    expect(verify.notice.description).toContain("a@b.co");
  });

  it("refuses a burst of parallel guesses from one address before bcrypt, beyond the (email, IP) limit", async () => {
    await verifiedUser("burst@example.com");
    const compare = vi.spyOn(passwordHasher, "compare");
    try {
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          callRoute({
            handler: signin.action,
            request: post("/signin", { email: "burst@example.com", password: `guess-${i}` }),
            ip: "198.51.100.50",
          }),
        ),
      );
      expect(compare.mock.calls.length).toBeLessThanOrEqual(PASSWORD_GUESS_RULES.pair.points);
      expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(25 - PASSWORD_GUESS_RULES.pair.points);
    } finally {
      compare.mockRestore();
    }
  });

  it("refuses a burst across many emails from one address before bcrypt, beyond the IP limit", async () => {
    // No real hashing: only how many attempts reach bcrypt matters here.
    const compare = vi.spyOn(passwordHasher, "compare").mockImplementation(async () => false);
    try {
      const total = PASSWORD_GUESS_RULES.ip.points + 30;
      await Promise.all(
        Array.from({ length: total }, (_, i) =>
          callRoute({
            handler: signin.action,
            request: post("/signin", { email: `spray-${i}@example.com`, password: "guess-one" }),
            ip: "198.51.100.51",
          }),
        ),
      );
      expect(compare.mock.calls.length).toBeLessThanOrEqual(PASSWORD_GUESS_RULES.ip.points);
    } finally {
      compare.mockRestore();
    }
  });

  it("keys addresses on the IPv6 /64, and an IPv4-mapped address as the IPv4", async () => {
    await verifiedUser("six@example.com");
    for (let i = 0; i < PASSWORD_GUESS_RULES.pair.points; i++) {
      await callRoute({
        handler: signin.action,
        request: post("/signin", { email: "six@example.com", password: `guess-${i}` }),
        ip: `2001:db8:5:6::${i + 1}`,
      });
    }
    const sameNet = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "six@example.com", password: "correct-horse" }),
      ip: "2001:db8:5:6:ffff::9",
    });
    expect(sameNet.status).toBe(429);
    const otherNet = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "six@example.com", password: "correct-horse" }),
      ip: "2001:db8:5:7::1",
    });
    expect(otherNet.headers.get("Location")).toBe("/dashboard");

    await verifiedUser("mapped@example.com");
    for (let i = 0; i < PASSWORD_GUESS_RULES.pair.points; i++) {
      await callRoute({
        handler: signin.action,
        request: post("/signin", { email: "mapped@example.com", password: `guess-${i}` }),
        ip: "192.0.2.77",
      });
    }
    expect(
      (
        await callRoute({
          handler: signin.action,
          request: post("/signin", { email: "mapped@example.com", password: "correct-horse" }),
          ip: "::ffff:192.0.2.77",
        })
      ).status,
    ).toBe(429);
  });

  it("never locks the owner out: strangers' guesses slow strangers down, the right password from a clean address works", async () => {
    await verifiedUser("target@example.com");
    for (let i = 0; i < 25; i++) {
      // Different addresses: the per-email limit must hold on its own.
      await callRoute({
        handler: signin.action,
        request: post("/signin", { email: "target@example.com", password: `guess-${i}` }),
        ip: `192.0.2.${i + 1}`,
      });
    }
    // A stranger who already failed from this address is slowed down, with a bounded wait.
    const again = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "target@example.com", password: "guess-again" }),
      ip: "192.0.2.1",
    });
    expect(again.status).toBe(429);
    expect((again.data as FormResult).notice).toEqual({ title: "Error signing in", description: RATE_LIMIT_MESSAGE });
    expect(RATE_LIMIT_MESSAGE).toBe("Too many attempts. Please wait a few minutes and try again.");
    const retryAfter = Number(again.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_GUESS_RULES.account.maxWaitSeconds);

    const owner = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "target@example.com", password: "correct-horse" }),
      ip: "192.0.2.99",
    });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/dashboard");
  });
});

describe("redirects after sign-in stay on our origin", () => {
  it.each([
    ["/\t/evil.com", "/dashboard"],
    [decodeURIComponent("%2F%09%2Fevil.com"), "/dashboard"],
    ["/\n/evil.com", "/dashboard"],
    ["/ /evil.com", "/dashboard"],
    ["//evil.com", "/dashboard"],
    ["///evil.com", "/dashboard"],
    ["/\\evil.com", "/dashboard"],
    ["\\/evil.com", "/dashboard"],
    ["/.//evil.com", "/dashboard"],
    ["https://evil.com", "/dashboard"],
    ["javascript:alert(document.cookie)", "/dashboard"],
    ["/\u0000/evil.com", "/dashboard"],
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["/dashboard/write?keyword=a%20b", "/dashboard/write?keyword=a%20b"],
  ])("redirectTo %j → Location %s", async (redirectTo, location) => {
    const email = `redirect-${Math.random().toString(36).slice(2)}@example.com`;
    await verifiedUser(email);
    const response = await callRoute({
      handler: signin.action,
      request: post("/signin", { email, password: "correct-horse", redirectTo }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });
});

describe("'Wrong address?' on 'Check your email'", () => {
  const change = (email: string, cookie?: string) =>
    callRoute({ handler: signupEmail.action, request: post("/signup/email", { email, current: "x" }, cookie) });
  const toastOf = async (res: { headers: Headers }) =>
    (await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookiesOf(res) } }))).toast;

  it("corrects a mistyped address in the browser that signed up: the old link dies, a new one goes to the new address", async () => {
    const signedUp = await callRoute({
      handler: signup.action,
      request: post("/signup", { email: "mo@gmial.com", password: "secret12", emailChecked: "mo@gmial.com" }),
    });
    const browser = cookiesOf(signedUp);
    const oldToken = (await lastLink("mo@gmial.com", "/verify")).searchParams.get("token")!;
    // The page offers it in this browser only.
    const page = await callRoute<{ canChangeEmail: boolean }>({
      handler: signin.loader,
      request: get("/signin?message=verify-email&email=mo%40gmial.com", browser),
    });
    expect(page.data.canChangeEmail).toBe(true);
    const elsewhere = await callRoute<{ canChangeEmail: boolean }>({
      handler: signin.loader,
      request: get("/signin?message=verify-email"),
    });
    expect(elsewhere.data.canChangeEmail).toBe(false);

    // From another browser: refused, nothing changes.
    expect((await toastOf(await change("mo@gmail.com")))?.description).toMatch(/only in the browser you signed up in/);
    const changed = await change("mo@gmail.com", browser);
    expect(changed.headers.get("Location")).toBe("/signin?message=verify-email&email=mo%40gmail.com");
    expect((await toastOf(changed))?.title).toBe("Address changed");
    expect(await db.selectFrom("users").select("id").where("email", "=", "mo@gmial.com").executeTakeFirst()).toBeUndefined();
    const user = await db
      .selectFrom("users")
      .select(["id", "email_verified_at"])
      .where("email", "=", "mo@gmail.com")
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    // The link mailed to the typo no longer verifies anything; the new one does, and signs in only in this browser.
    expect((await callRoute({ handler: verify.action, request: post("/verify", { token: oldToken }) })).data).toEqual({
      outcome: "invalid",
    });
    const newToken = (await lastLink("mo@gmail.com", "/verify")).searchParams.get("token")!;
    const verified = await callRoute({ handler: verify.action, request: post("/verify", { token: newToken }, cookiesOf(changed)) });
    expect(verified.status).toBe(302);
    // Verified now: the address can no longer be changed this way.
    expect((await toastOf(await change("mo2@gmail.com", cookiesOf(changed))))?.description).toMatch(/already verified/);
  });

  it("refuses an address another account has", async () => {
    await verifiedUser("taken-already@example.com");
    const signedUp = await callRoute({
      handler: signup.action,
      request: post("/signup", { email: "pat@example.com", password: "secret12" }),
    });
    expect((await toastOf(await change("taken-already@example.com", cookiesOf(signedUp))))?.description).toMatch(/already exists/);
    expect(await db.selectFrom("users").select("id").where("email", "=", "pat@example.com").executeTakeFirst()).toBeDefined();
  });
});

describe("email verification", () => {
  it("verifies on POST only, once; a used link reports already verified; a bad link fails", async () => {
    await callRoute({ handler: signup.action, request: post("/signup", { email: "verify-me@example.com", password: "secret12" }) });
    const link = await lastLink("verify-me@example.com", "/verify");
    const token = link.searchParams.get("token")!;

    const page = (await callRoute<{ token: string; signedIn: boolean }>({ handler: verify.loader, request: get(`/verify?token=${token}`) }))
      .data;
    expect(page).toEqual({ token, signedIn: false });
    const still = await db
      .selectFrom("users")
      .select("email_verified_at")
      .where("email", "=", "verify-me@example.com")
      .executeTakeFirstOrThrow();
    expect(still.email_verified_at).toBeNull();

    expect((await callRoute({ handler: verify.action, request: post("/verify", { token }) })).data).toEqual({ outcome: "verified" });
    const now = await db
      .selectFrom("users")
      .select("email_verified_at")
      .where("email", "=", "verify-me@example.com")
      .executeTakeFirstOrThrow();
    expect(now.email_verified_at).not.toBeNull();
    expect((await callRoute({ handler: verify.action, request: post("/verify", { token }) })).data).toEqual({
      outcome: "already-verified",
    });
    expect((await callRoute({ handler: verify.action, request: post("/verify", { token: "forged-token" }) })).data).toEqual({
      outcome: "invalid",
    });
    expect((await callRoute({ handler: verify.action, request: post("/verify", {}) })).data).toEqual({ outcome: "invalid" });

    const signedIn = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "verify-me@example.com", password: "secret12" }),
    });
    expect(signedIn.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses an expired link", async () => {
    await callRoute({ handler: signup.action, request: post("/signup", { email: "late@example.com", password: "secret12" }) });
    const token = (await lastLink("late@example.com", "/verify")).searchParams.get("token")!;
    await db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await callRoute({ handler: verify.action, request: post("/verify", { token }) })).data).toEqual({ outcome: "invalid" });
  });
});

describe("resend verification and forgot password", () => {
  it("give the same answer whether or not the address has an account, mailing only real ones", async () => {
    await callRoute({ handler: signup.action, request: post("/signup", { email: "resend@example.com", password: "secret12" }) });
    await verifiedUser("already@example.com");
    for (const email of ["resend@example.com", "already@example.com", "ghost@example.com"]) {
      const response = await callRoute({ handler: resend.action, request: post("/resend-verification", { email }) });
      expect(response.headers.get("Location")).toBe(`/signin?message=verification-sent&email=${encodeURIComponent(email)}`);
    }
    expect((await mailsTo("resend@example.com")).map((m) => m.tag)).toEqual(["verify-email", "verify-email"]);
    expect(await mailsTo("already@example.com")).toEqual([]);
    expect(await mailsTo("ghost@example.com")).toEqual([]);

    for (const email of ["already@example.com", "ghost@example.com"]) {
      const response = await callRoute({ handler: forgot.action, request: post("/forgot-password", { email }) });
      expect(response.headers.get("Location")).toBe("/signin?message=reset-sent");
    }
    expect((await mailsTo("already@example.com")).map((m) => m.tag)).toEqual(["reset-password"]);
    expect(await mailsTo("ghost@example.com")).toEqual([]);
  });

  it("ask for an email with the spec's 'Email Required' message", async () => {
    for (const [route, path] of [
      [resend, "/resend-verification"],
      [forgot, "/forgot-password"],
    ] as const) {
      const result = await callRoute({ handler: route.action, request: post(path, { email: "  " }) });
      expect(result.status).toBe(400);
      expect((result.data as FormResult).notice).toEqual({ title: "Email Required", description: "Please enter your email address" });
    }
  });

  it("limit repeated requests for one address", async () => {
    for (let i = 0; i < 5; i++)
      await callRoute({ handler: forgot.action, request: post("/forgot-password", { email: "spam-me@example.com" }), ip: `192.0.2.${i}` });
    const result = await callRoute({
      handler: forgot.action,
      request: post("/forgot-password", { email: "spam-me@example.com" }),
      ip: "192.0.2.200",
    });
    expect(result.status).toBe(429);
    expect((result.data as FormResult).notice?.description).toBe(RATE_LIMIT_MESSAGE);
  });
});

describe("password reset", () => {
  it("validates with the spec's messages, then sets the password once and ends every session", async () => {
    const userId = await verifiedUser("forgetful@example.com", "old-password");
    const session = await startSession(db, userId, get("/"));
    await startSession(db, userId, get("/"));
    await callRoute({ handler: forgot.action, request: post("/forgot-password", { email: "forgetful@example.com" }) });
    await callRoute({ handler: forgot.action, request: post("/forgot-password", { email: "forgetful@example.com" }) });
    const token = (await lastLink("forgetful@example.com", "/reset-password")).searchParams.get("token")!;

    expect((await callRoute({ handler: reset.loader, request: get(`/reset-password?token=${token}`) })).data).toEqual({
      token,
      valid: true,
    });
    expect((await callRoute({ handler: reset.loader, request: get("/reset-password?token=nope") })).data).toEqual({
      token: "",
      valid: false,
    });
    expect((await callRoute({ handler: reset.loader, request: get("/reset-password") })).data).toEqual({ token: "", valid: false });

    const attempts: Array<[Record<string, string>, string, string]> = [
      [{ password: "", confirmPassword: "" }, "Password Required", "Please enter and confirm your new password"],
      [{ password: "abcdef", confirmPassword: "" }, "Password Required", "Please enter and confirm your new password"],
      [{ password: "abcdef", confirmPassword: "abcdeg" }, "Passwords Don't Match", "Please make sure both passwords are identical"],
      [{ password: "abc", confirmPassword: "abc" }, "Password Too Short", "Password must be at least 6 characters long"],
    ];
    for (const [form, title, description] of attempts) {
      const result = await callRoute({ handler: reset.action, request: post("/reset-password", { token, ...form }) });
      expect(result.status).toBe(400);
      expect((result.data as FormResult).notice).toEqual({ title, description });
    }
    const unchanged = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();

    const done = await callRoute({
      handler: reset.action,
      request: post("/reset-password", { token, password: "new-password", confirmPassword: "new-password" }, session.split(";")[0]),
    });
    expect(done.headers.get("Location")).toBe("/signin?message=password-updated");
    expect(done.headers.get("Set-Cookie")).toMatch(/__session=;.*Max-Age=0/);
    const after = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(unchanged.password_hash);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toEqual([]);

    // Single use, and the older link of the same user is retired too.
    const again = await callRoute({
      handler: reset.action,
      request: post("/reset-password", { token, password: "other-pass", confirmPassword: "other-pass" }),
    });
    expect((again.data as FormResult).notice).toEqual(INVALID_RESET_LINK);
    const open = await db
      .selectFrom("auth_tokens")
      .select("id")
      .where("user_id", "=", userId)
      .where("kind", "=", "reset_password")
      .where("used_at", "is", null)
      .execute();
    expect(open).toEqual([]);

    const oldLogin = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "forgetful@example.com", password: "old-password" }),
    });
    expect((oldLogin.data as FormResult).notice?.description).toBe("Invalid email or password");
    const newLogin = await callRoute({
      handler: signin.action,
      request: post("/signin", { email: "forgetful@example.com", password: "new-password" }),
    });
    expect(newLogin.headers.get("Location")).toBe("/dashboard");
  });

  it("also verifies the address of an unverified account, and refuses expired links", async () => {
    await callRoute({ handler: signup.action, request: post("/signup", { email: "never-verified@example.com", password: "secret12" }) });
    await callRoute({ handler: forgot.action, request: post("/forgot-password", { email: "never-verified@example.com" }) });
    const token = (await lastLink("never-verified@example.com", "/reset-password")).searchParams.get("token")!;
    await callRoute({
      handler: reset.action,
      request: post("/reset-password", { token, password: "brand-new", confirmPassword: "brand-new" }),
    });
    const user = await db
      .selectFrom("users")
      .select("email_verified_at")
      .where("email", "=", "never-verified@example.com")
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();

    await callRoute({ handler: forgot.action, request: post("/forgot-password", { email: "never-verified@example.com" }) });
    const late = (await lastLink("never-verified@example.com", "/reset-password")).searchParams.get("token")!;
    await db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where("used_at", "is", null)
      .execute();
    expect((await callRoute({ handler: reset.loader, request: get(`/reset-password?token=${late}`) })).data).toEqual({
      token: "",
      valid: false,
    });
    const result = await callRoute({
      handler: reset.action,
      request: post("/reset-password", { token: late, password: "brand-new2", confirmPassword: "brand-new2" }),
    });
    expect((result.data as FormResult).notice).toEqual(INVALID_RESET_LINK);
  });
});

describe("password rules wherever a password is set", () => {
  const longPassword = "é€".repeat(20); // 40 characters, 100 bytes: bcrypt would cut it silently

  it("sign-up refuses a password over 72 bytes and a common one, case-insensitively, creating nothing", async () => {
    for (const [password, message] of [
      [longPassword, PASSWORD_TOO_LONG_MESSAGE],
      ["Password123", COMMON_PASSWORD_MESSAGE],
      ["qwerty123", COMMON_PASSWORD_MESSAGE],
    ] as const) {
      const email = `rules-${Math.random().toString(36).slice(2)}@example.com`;
      const result = await callRoute({ handler: signup.action, request: post("/signup", { email, password }) });
      expect(result.status, password).toBe(400);
      expect((result.data as FormResult).result.error?.password).toEqual([message]);
      expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    }
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe(
      "Password must be at most 72 bytes long. Letters with accents, symbols and emoji count as 2 to 4 bytes each.",
    );
  });

  it("reset password refuses the same, keeping the link usable", async () => {
    await verifiedUser("rules-reset@example.com", "old-password");
    await callRoute({ handler: forgot.action, request: post("/forgot-password", { email: "rules-reset@example.com" }) });
    const token = (await lastLink("rules-reset@example.com", "/reset-password")).searchParams.get("token")!;
    const cases: Array<[string, string, string]> = [
      [longPassword, "Password Too Long", PASSWORD_TOO_LONG_MESSAGE],
      ["Sunshine", "Password Too Common", COMMON_PASSWORD_MESSAGE],
    ];
    for (const [password, title, description] of cases) {
      const result = await callRoute({
        handler: reset.action,
        request: post("/reset-password", { token, password, confirmPassword: password }),
      });
      expect(result.status).toBe(400);
      expect((result.data as FormResult).notice).toEqual({ title, description });
    }
    expect((await callRoute({ handler: reset.loader, request: get(`/reset-password?token=${token}`) })).data).toEqual({
      token,
      valid: true,
    });
  });
});

describe("password reset under attack", () => {
  it("checks the link before hashing the new password", async () => {
    const hash = vi.spyOn(passwordHasher, "hash");
    try {
      const password = "x7#Lq!9v".repeat(9); // 72 bytes: the most expensive password there is to hash
      const result = await callRoute({
        handler: reset.action,
        request: post("/reset-password", { token: "forged-token", password, confirmPassword: password }),
        ip: "198.51.100.60",
      });
      expect(result.status).toBe(400);
      expect((result.data as FormResult).notice).toEqual(INVALID_RESET_LINK);
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
  });

  it("limits submissions per address and per link", async () => {
    const form = (token: string) => ({ token, password: "flood-pass-1", confirmPassword: "flood-pass-1" });
    const fromOneAddress = [];
    for (let i = 0; i < 40; i++)
      fromOneAddress.push(
        (await callRoute({ handler: reset.action, request: post("/reset-password", form(`forged-${i}`)), ip: "198.51.100.61" })).status,
      );
    expect(fromOneAddress.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect(fromOneAddress.at(-1)).toBe(429);

    const oneLink = [];
    for (let i = 0; i < 15; i++)
      oneLink.push(
        (await callRoute({ handler: reset.action, request: post("/reset-password", form("one-forged-link")), ip: `198.51.101.${i + 1}` }))
          .status,
      );
    expect(oneLink.at(-1)).toBe(429);
    const limited = (
      await callRoute({ handler: reset.action, request: post("/reset-password", form("one-forged-link")), ip: "198.51.102.1" })
    ).data as FormResult;
    expect(limited.notice).toEqual({ title: "Failed to Update Password", description: RATE_LIMIT_MESSAGE });
  });
});

describe("sign-out", () => {
  it("ends this session only on POST and says 'Signed out'", async () => {
    const userId = await verifiedUser("leaving@example.com");
    const cookie = (await startSession(db, userId, get("/"))).split(";")[0]!;
    const viaGet = await callRoute({ handler: signout.loader, request: get("/signout", cookie) });
    expect(viaGet.headers.get("Location")).toBe("/");
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toHaveLength(1);

    const response = await callRoute({ handler: signout.action, request: post("/signout", {}, cookie) });
    expect(response.headers.get("Location")).toBe("/");
    expect(cookiesOf(response)).toContain("__toast=");
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).toEqual([]);
  });
});
