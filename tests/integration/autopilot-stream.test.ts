import { expect, it } from "vitest";
import { requireAuth } from "#app/modules/auth/guards.server";
import { moveDay } from "#app/modules/autopilot/timeline.server";
import * as events from "#app/routes/dashboard/autopilot/events";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/** The scheduler's and the day page's live stream: a change of one of the site's days is pushed as `change`. */
it("pushes a day's change of state to an open page", async () => {
  const db = await testDb();
  const user = await makeUser(db);
  const stamp = isoNow();
  await db
    .insertInto("autopilot_days")
    .values({
      id: `${user.siteId}-d`,
      site_id: user.siteId,
      day: "2031-01-01",
      publish_at: null,
      plan_item_id: null,
      article_id: null,
      generation_id: null,
      notified_at: null,
      failure_mailed_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const abort = new AbortController();
  const request = new Request(get("/dashboard/autopilot/events", user.cookie), { signal: abort.signal });
  const res = await callRoute<unknown>({ middleware: [requireAuth], handler: events.loader, request });
  expect(res.response?.headers.get("Content-Type")).toContain("text/event-stream");
  const reader = res.response!.body!.getReader();
  const decoder = new TextDecoder();
  let text = decoder.decode((await reader.read()).value);
  expect(text).toContain("retry:");
  expect(text).not.toContain("event: change");
  await moveDay(db, `${user.siteId}-d`, "held", { reasons: ["Review mode is on: it waits for your approval."] });
  while (!text.includes("event: change")) text += decoder.decode((await reader.read()).value);
  expect(text).toContain("event: change");
  abort.abort();
});
