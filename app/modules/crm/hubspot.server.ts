import { Client } from "@hubspot/api-client";
import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { enqueue, PermanentJobError, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";

/**
 * Contact sync (docs/product.md's `hubspot-sync-contact`): a verified
 * user, or a Google user once onboarding is finished, becomes a HubSpot contact,
 * through the queue. An upsert keyed by email, so a retry or a second sync never
 * makes a second contact. Without a private-app token nothing is sent.
 */

type Contact = { email: string; firstName: string; lastName: string };

/** The one outside call, behind a small interface: the official SDK against HubSpot or the local fake. */
export type ContactSink = { upsertContact(contact: Contact): Promise<{ id: string; created: boolean }> };

export function hubspotSink(accessToken: string, basePath: string = getEnv().HUBSPOT_API_URL): ContactSink {
  // The SDK's own retries are off: the job retries, with the queue's backoff.
  const client = new Client({ accessToken, basePath, numberOfApiCallRetries: 0 });
  return {
    async upsertContact(contact) {
      const response = await client.crm.contacts.batchApi.upsert({
        inputs: [
          {
            idProperty: "email",
            id: contact.email,
            properties: { email: contact.email, firstname: contact.firstName, lastname: contact.lastName },
          },
        ],
      });
      const result = response.results[0];
      if (!result) throw new Error("HubSpot answered without a contact");
      return { id: result.id, created: result._new };
    },
  };
}

function splitName(fullName: string) {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

/** Queues the sync of this user's current address, once per address; nothing without a token. */
export async function requestContactSync(db: DB, userId: string) {
  if (!getEnv().HUBSPOT_ACCESS_TOKEN) return;
  const user = await db.selectFrom("users").select(["email", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user?.email_verified_at) return;
  await enqueue(db, "sync-contact", { userId }, { idempotencyKey: `hubspot:${userId}:${user.email}`, maxAttempts: 8 });
}

const SyncPayload = z.object({ userId: z.string() });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    "sync-contact": z.input<typeof SyncPayload>;
  }
}

function statusOf(error: unknown) {
  const code = (error as { code?: unknown }).code;
  return typeof code === "number" ? code : null;
}

export async function syncContact(db: DB, sink: ContactSink, userId: string) {
  const user = await db.selectFrom("users").select(["email", "full_name", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
  // Deleted or unverified meanwhile: nothing to send.
  if (!user?.email_verified_at) return null;
  return sink.upsertContact({ email: user.email, ...splitName(user.full_name) });
}

export const syncContactJob: JobDefinition<typeof SyncPayload> = {
  payload: SyncPayload,
  async run({ userId }, { db }) {
    const token = getEnv().HUBSPOT_ACCESS_TOKEN;
    if (!token) return;
    try {
      const result = await syncContact(db, hubspotSink(token), userId);
      if (result) logger.info({ userId, contactId: result.id, created: result.created }, "hubspot contact synced");
    } catch (error) {
      const status = statusOf(error);
      if (status === 429) throw new RetryLaterError("HubSpot rate limit", 10_000, { cause: error });
      // A wrong token or scope, or a refused contact, fails the same way again.
      if (status !== null && status >= 400 && status < 500)
        throw new PermanentJobError(`HubSpot refused the contact (${status})`, { cause: error });
      throw error;
    }
  },
};
