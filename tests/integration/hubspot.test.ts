import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { issueAuthToken } from "#app/modules/auth/tokens.server";
import { verifyEmailToken } from "#app/modules/auth/auth.server";
import { hubspotSink, syncContact } from "#app/modules/crm/hubspot.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { completeOnboarding } from "#app/modules/onboarding/scan.server";
import { startFakeHubSpot } from "#tests/fakes/hubspot";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";

/**
 * Contact sync: verified users, and Google users once they
 * finish onboarding, become HubSpot contacts through the queue and the official
 * SDK, upserted by email, once per address; without a token nothing is sent.
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeHubSpot>>;
let worker: ReturnType<typeof startWorker>;

const syncJobs = () => db.selectFrom("jobs").select(["status", "payload", "last_error"]).where("name", "=", "sync-contact").execute();
async function settled() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const jobs = await syncJobs();
    if (jobs.every((j) => j.status === "succeeded" || j.status === "failed")) return jobs;
    if (Date.now() > deadline) throw new Error(`sync-contact jobs did not settle: ${JSON.stringify(jobs)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const contacts = async () =>
  (await (await fetch(`${fake.url}/__fake/contacts`)).json()) as Array<{ id: string; properties: Record<string, string> }>;

beforeAll(async () => {
  db = await testDb();
  fake = await startFakeHubSpot();
  worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
});
afterAll(async () => {
  await worker.stop();
  await fake.close();
  delete process.env.HUBSPOT_ACCESS_TOKEN;
  delete process.env.HUBSPOT_API_URL;
  resetEnvForTests();
});
beforeEach(async () => {
  await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
  await db.deleteFrom("jobs").where("name", "=", "sync-contact").execute();
});

function configure(token: string | null) {
  if (token) Object.assign(process.env, { HUBSPOT_ACCESS_TOKEN: token, HUBSPOT_API_URL: fake.url });
  else delete process.env.HUBSPOT_ACCESS_TOKEN;
  resetEnvForTests();
}

async function verifyByLink(userId: string) {
  const token = await issueAuthToken(db, userId, "verify_email");
  expect((await verifyEmailToken(db, token)).outcome).toBe("verified");
}

describe("contact sync", () => {
  it("without a token nothing is queued or sent", async () => {
    configure(null);
    const user = await makeUser(db, { emailVerified: false, fullName: "No Token" });
    await verifyByLink(user.userId);
    expect(await syncJobs()).toEqual([]);
    expect((await (await fetch(`${fake.url}/__fake/requests`)).json()) as unknown[]).toEqual([]);
  });

  it("a user who verifies the address becomes a contact, once, with the name split", async () => {
    configure(fake.token);
    const user = await makeUser(db, { emailVerified: false, fullName: "Ada Byron Lovelace" });
    await verifyByLink(user.userId);
    await settled();
    expect(await contacts()).toEqual([
      expect.objectContaining({ properties: { email: user.email, firstname: "Ada", lastname: "Byron Lovelace" } }),
    ]);
    // Finishing onboarding later does not queue the same address again.
    await completeOnboarding(db, user.userId);
    expect(await syncJobs()).toHaveLength(1);
  });

  it("a Google user (verified by the provider) is synced when onboarding is finished", async () => {
    configure(fake.token);
    const user = await makeUser(db, { emailVerified: true, fullName: "Grace" });
    expect(await syncJobs()).toEqual([]);
    await completeOnboarding(db, user.userId);
    await settled();
    expect((await contacts()).map((c) => c.properties.email)).toEqual([user.email]);
  });

  it("an unverified user finishing onboarding is not synced", async () => {
    configure(fake.token);
    const user = await makeUser(db, { emailVerified: false });
    await completeOnboarding(db, user.userId);
    expect(await syncJobs()).toEqual([]);
  });

  it("the upsert is keyed by email: a second sync updates the same contact", async () => {
    const user = await makeUser(db, { emailVerified: true, fullName: "First Name" });
    const sink = hubspotSink(fake.token, fake.url);
    const first = await syncContact(db, sink, user.userId);
    await db.updateTable("users").set({ full_name: "Changed Name" }).where("id", "=", user.userId).execute();
    const second = await syncContact(db, sink, user.userId);
    expect(first?.created).toBe(true);
    expect(second).toEqual({ id: first!.id, created: false });
    expect((await contacts())[0]!.properties).toMatchObject({ firstname: "Changed", lastname: "Name" });
  });

  it("a wrong token fails the job at once without retries; HubSpot's own words are kept", async () => {
    configure("pat-wrong");
    const user = await makeUser(db, { emailVerified: false });
    await verifyByLink(user.userId);
    const [job] = await settled();
    expect(job).toMatchObject({ status: "failed" });
    expect(job!.last_error).toContain("HubSpot refused the contact (401)");
    expect(await contacts()).toEqual([]);
  });
});
