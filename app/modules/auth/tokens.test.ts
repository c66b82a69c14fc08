import { describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { hashToken } from "#app/utils/crypto.server";
import { consumeRateLimit, isRateLimited, clearRateLimit, RATE_LIMIT_RULES } from "./rate-limit.server";
import { consumeAuthToken, findAuthToken, issueAuthToken, revokeAuthTokens } from "./tokens.server";

describe("auth tokens", () => {
  it("are random, stored hashed, single-use and bound to their kind", async () => {
    const db = await testDb();
    const { userId } = await createAccount(db, { email: "tokens@example.com", passwordHash: null });
    const a = await issueAuthToken(db, userId, "verify_email", { note: 1 });
    const b = await issueAuthToken(db, userId, "verify_email");
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
    const stored = await db.selectFrom("auth_tokens").select("token_hash").where("user_id", "=", userId).execute();
    expect(stored.map((r) => r.token_hash)).toEqual(expect.arrayContaining([hashToken(a), hashToken(b)]));
    expect(stored.some((r) => r.token_hash === a)).toBe(false);

    expect(await consumeAuthToken(db, a, "reset_password")).toBeNull();
    expect(await findAuthToken(db, a, "verify_email")).toMatchObject({ userId, state: "valid", payload: { note: 1 } });
    expect(await consumeAuthToken(db, a, "verify_email")).toEqual({ userId, payload: { note: 1 } });
    expect(await consumeAuthToken(db, a, "verify_email")).toBeNull();
    expect((await findAuthToken(db, a, "verify_email"))?.state).toBe("used");

    await revokeAuthTokens(db, userId, "verify_email");
    expect(await consumeAuthToken(db, b, "verify_email")).toBeNull();
    expect(await consumeAuthToken(db, "", "verify_email")).toBeNull();
  });

  it("expire", async () => {
    const db = await testDb();
    const { userId } = await createAccount(db, { email: "expiring@example.com", passwordHash: null });
    const token = await issueAuthToken(db, userId, "reset_password");
    await db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where("token_hash", "=", hashToken(token))
      .execute();
    expect((await findAuthToken(db, token, "reset_password"))?.state).toBe("expired");
    expect(await consumeAuthToken(db, token, "reset_password")).toBeNull();
  });
});

describe("rate limits", () => {
  it("count per email across addresses and per address across emails, and clear per email", async () => {
    const { points } = RATE_LIMIT_RULES.resend.email;
    for (let i = 0; i < points; i++) expect(await consumeRateLimit("resend", { ip: `10.0.0.${i}`, email: "A@x.test" })).toBe(true);
    expect(await consumeRateLimit("resend", { ip: "10.0.1.1", email: "a@x.test" })).toBe(false);
    expect(await isRateLimited("resend", { ip: "10.0.1.2", email: "a@x.test" })).toBe(true);
    expect(await isRateLimited("resend", { ip: "10.0.1.2", email: "b@x.test" })).toBe(false);
    await clearRateLimit("resend", "a@x.test");
    expect(await isRateLimited("resend", { ip: "10.0.1.2", email: "a@x.test" })).toBe(false);

    const ipPoints = RATE_LIMIT_RULES.signup.ip.points;
    for (let i = 0; i < ipPoints; i++) await consumeRateLimit("signup", { ip: "10.9.9.9", email: `u${i}@x.test` });
    expect(await isRateLimited("signup", { ip: "10.9.9.9", email: "fresh@x.test" })).toBe(true);
  });
});
