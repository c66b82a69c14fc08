import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { grantOperatorsByEmail } from "#app/modules/auth/operators.server";
import * as signup from "#app/routes/auth/signup";
import * as verify from "#app/routes/auth/verify";
import { callRoute, post } from "#tests/setup/route-harness";

/** OPERATOR_EMAILS grants operator rights only to an address its owner has proven. */

let db: DB;
beforeAll(async () => {
  process.env.OPERATOR_EMAILS = "ops@example.com, squatted@example.com";
  resetEnvForTests();
  db = await testDb();
});

const isOperator = async (email: string) =>
  (await db.selectFrom("users").select("is_operator").where("email", "=", email).executeTakeFirstOrThrow()).is_operator;

describe("OPERATOR_EMAILS", () => {
  it("is not granted at boot to an account whose address was never verified", async () => {
    await makeUser(db, { email: "squatted@example.com", password: "someone-else-1", emailVerified: false, signedIn: false });
    await makeUser(db, { email: "ops@example.com", password: "operator-pass", signedIn: false });
    expect(await grantOperatorsByEmail(db, ["squatted@example.com", "ops@example.com"])).toBe(1);
    expect(await isOperator("squatted@example.com")).toBe(0);
    expect(await isOperator("ops@example.com")).toBe(1);
  });

  it("is granted when the listed address is verified later", async () => {
    await callRoute({ handler: signup.action, request: post("/signup", { email: "late-ops@example.com", password: "operator-pass" }) });
    process.env.OPERATOR_EMAILS = "late-ops@example.com";
    resetEnvForTests();
    const mail = await db
      .selectFrom("mail_outbox")
      .select("text")
      .where("to_address", "=", "late-ops@example.com")
      .executeTakeFirstOrThrow();
    const token = new URL(mail.text.match(/https?:\/\/\S+\/verify\?token=\S+/)![0]).searchParams.get("token")!;
    expect(await isOperator("late-ops@example.com")).toBe(0);
    expect((await callRoute({ handler: verify.action, request: post("/verify", { token }) })).data).toEqual({ outcome: "verified" });
    expect(await isOperator("late-ops@example.com")).toBe(1);
  });
});
