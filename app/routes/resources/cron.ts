import crypto from "node:crypto";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { enqueueDueWork } from "#app/worker/schedule.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import type { Route } from "./+types/cron";

/** External schedulers call this each minute with the bearer secret; it enqueues due work like the built-in tick. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const expected = Buffer.from(`Bearer ${getEnv().cronSecret}`);
  const given = Buffer.from(request.headers.get("Authorization") ?? "");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return Response.json({ ok: false, error: "Unauthorized" }, { status: 401 });
  }
  await enqueueDueWork(getDb());
  notifyWorker();
  return Response.json({ ok: true });
}
