// npm run bench:autopilot: BENCH_SITES sites (2,000 by default) with auto-pilot on, the offline
// writer and the fake WordPress (its own process) at 100 ms latency per request, through the real tick, job worker,
// generation pipeline, quality gate and publishing engine. The day is compressed into real minutes: every site's
// generation time is now, and its publishing time one of the next BENCH_SLOT_MINUTES minutes (all sites of a minute
// share one slot), so the whole day's work of every site is due within minutes. The offline writer's articles are
// never published without approval, so each held day is approved at once, as a reviewer clearing the queue would.
// Prints articles generated, posts published, held by the gate, duplicates (must be 0), missed slots (must be 0),
// the slot-to-live delay (p50, p95, max) and wall time. Goal: p95 slot-to-live under 5 minutes.
// BENCH_TIME_CHANGE (a share, 0.1 by default; 0 turns it off): that share of the sites change their publishing time
// through the Publishing tab's save BENCH_CHANGE_AFTER_S seconds (60) into the run, to a new minute still ahead; each
// changed site must publish at its new time, never at its old one nor before (prints how many were late and by how much).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { percentile, startWordPressProcess, wordpressDestinations } from "./bench-wordpress";
import { exitWhenDone } from "./lib/exit-when-done";

const SITES = Number(process.env.BENCH_SITES ?? 2000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const SLOT_MINUTES = Number(process.env.BENCH_SLOT_MINUTES ?? 10);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 45 * 60_000);
const TIME_CHANGE = Number(process.env.BENCH_TIME_CHANGE ?? 0.1);
const CHANGE_AFTER_MS = Number(process.env.BENCH_CHANGE_AFTER_S ?? 60) * 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-autopilot-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "bench.sqlite");
process.env.LOG_LEVEL = "silent";
process.env.NODE_ENV = "test";
process.env.RUN_WORKER = "false";

const fake = await startWordPressProcess(LATENCY_MS);
process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;

const { getDb, closeDb } = await import("#app/db/client.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { createAccount } = await import("#app/modules/workspaces/accounts.server");
const { enqueueDueAutopilot } = await import("#app/modules/autopilot/autopilot.server");
const { decideDay } = await import("#app/modules/autopilot/review.server");
const { movePendingDays } = await import("#app/modules/autopilot/pending.server");
const { savePublishingSettings } = await import("#app/modules/publishing/schedule.server");
const { jobRegistry } = await import("#app/worker/registry.server");
const { startWorker } = await import("#app/modules/jobs/runner.server");
const { workerOptions } = await import("#app/worker/worker.server");
const { newId } = await import("#app/utils/crypto.server");
const { isoNow, zonedParts } = await import("#app/utils/time");

const fakePosts = async () => (await (await fetch(`${fake.url}/__fake/posts`)).json()) as unknown[];

const db = getDb();
try {
  await migrateToLatest(db);
  const start = new Date();
  const { date: today, time: nowTime } = zonedParts(start, "UTC");
  const minuteAfter = (n: number) => zonedParts(new Date(start.getTime() + n * 60_000), "UTC").time;

  console.log(`Seeding ${SITES} sites (auto-pilot on, a plan item for today, the fake WordPress as default destination)…`);
  const connectWordPress = wordpressDestinations(fake);
  const owners = new Map<string, string>();
  for (let i = 0; i < SITES; i++) {
    const account = await createAccount(db, {
      email: `bench-${i}@example.com`,
      passwordHash: null,
      fullName: `Owner ${i}`,
      emailVerified: true,
    });
    owners.set(account.siteId, account.userId);
    await db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", account.workspaceId).execute();
    await connectWordPress(db, { siteId: account.siteId, userId: account.userId });
    await db
      .updateTable("content_settings")
      .set({ auto_generation: 1, auto_gen_time: nowTime, auto_publish: 1 })
      .where("site_id", "=", account.siteId)
      .execute();
    await db
      .insertInto("plan_items")
      .values({
        id: newId(),
        site_id: account.siteId,
        date: today,
        keyword: `cold brew guide ${i}`,
        topic_id: null,
        article_id: null,
        created_at: isoNow(),
      })
      .execute();
  }

  // Slots spread over the next minutes, the first one two minutes after seeding (however long seeding took).
  const seeded = Date.now();
  for (const [i, siteId] of [...owners.keys()].entries())
    await db
      .updateTable("publishing_settings")
      .set({ scheduled_time: minuteAfter(Math.ceil((seeded - start.getTime()) / 60_000) + 2 + (i % SLOT_MINUTES)), daily_times: "[]" })
      .where("site_id", "=", siteId)
      .execute();
  console.log(`Running the day (worker: ${JSON.stringify(workerOptions())})…`);
  const worker = startWorker(db, jobRegistry, workerOptions());
  const started = performance.now();
  // The minute tick, every 5 s here: repeated ticks must not write anything twice.
  await enqueueDueAutopilot(db);
  worker.notify();
  const tick = setInterval(() => void enqueueDueAutopilot(db).then(() => worker.notify()), 5_000);
  let heldSeen = 0;
  let lastReport = performance.now();
  // The sites that change their publishing time mid-day, and the instant each must now publish at.
  const changeEvery = TIME_CHANGE > 0 ? Math.max(1, Math.round(1 / TIME_CHANGE)) : 0;
  const changed = new Map<string, { at: string; outBefore: boolean }>();
  let changeDone = changeEvery === 0;
  const siteIds = [...owners.keys()];
  for (;;) {
    if (!changeDone && performance.now() - started >= CHANGE_AFTER_MS) {
      changeDone = true;
      const moment = new Date();
      for (const [i, siteId] of siteIds.entries()) {
        if (i % changeEvery !== 0) continue;
        // A new minute 2 to 2 + SLOT_MINUTES minutes ahead, other than the old one.
        const at = new Date(Math.ceil((moment.getTime() + (2 + ((i + 3) % SLOT_MINUTES)) * 60_000) / 60_000) * 60_000);
        const before = await db.selectFrom("autopilot_days").select("state").where("site_id", "=", siteId).executeTakeFirst();
        await savePublishingSettings(
          db,
          siteId,
          { scheduledTime: zonedParts(at, "UTC").time, timeZone: "UTC", extraTimes: [] },
          undefined,
          (trx) => movePendingDays(trx, siteId, moment),
        );
        changed.set(siteId, { at: at.toISOString(), outBefore: ["scheduled", "published", "failed"].includes(before?.state ?? "") });
      }
      worker.notify();
      console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${changed.size} sites changed their publishing time`);
    }
    // A reviewer clears the queue: every held day is approved as soon as it is held.
    const held = await db.selectFrom("autopilot_days").select(["id", "site_id"]).where("state", "=", "held").execute();
    heldSeen += held.length;
    for (const day of held) {
      await decideDay(db, { siteId: day.site_id, userId: owners.get(day.site_id)!, userName: "Bench reviewer" }, day.id, "approved");
      worker.notify();
    }
    const done = await db
      .selectFrom("publications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["published", "failed"])
      .executeTakeFirstOrThrow();
    const now = performance.now();
    if (now - lastReport > 15_000) {
      const written = await db
        .selectFrom("generations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "succeeded")
        .executeTakeFirstOrThrow();
      console.log(`  ${((now - started) / 1000).toFixed(0)} s: ${written.n} written, ${heldSeen} approved, ${done.n} published`);
      lastReport = now;
    }
    if (Number(done.n) >= SITES || now - started > TIMEOUT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  clearInterval(tick);
  const wallS = (performance.now() - started) / 1000;
  await worker.stop();

  const days = await db.selectFrom("autopilot_days").select(["site_id", "state", "publish_at", "article_id"]).execute();
  const generated = await db.selectFrom("generations").select("id").where("status", "=", "succeeded").execute();
  const publications = await db.selectFrom("publications").select(["article_id", "status", "published_at"]).execute();
  const publishedAt = new Map(publications.filter((p) => p.status === "published").map((p) => [p.article_id, p.published_at!]));
  const delays = days
    .filter((d) => d.article_id && d.publish_at && publishedAt.has(d.article_id))
    .map((d) => Math.max(0, Date.parse(publishedAt.get(d.article_id!)!) - Date.parse(d.publish_at!)) / 1000);
  const posts = await fakePosts();
  const perSite = new Map<string, number>();
  for (const d of days) perSite.set(d.site_id, (perSite.get(d.site_id) ?? 0) + 1);
  const duplicateDays = [...perSite.values()].filter((n) => n > 1).length;
  const missed = SITES - publishedAt.size;

  console.log("");
  console.log(`Sites:                  ${SITES} (slots over ${SLOT_MINUTES} minutes, WordPress latency ${LATENCY_MS} ms)`);
  console.log(`Articles generated:     ${generated.length}`);
  console.log(`Posts published:        ${publishedAt.size} (remote posts ${posts.length})`);
  console.log(`Held by the gate:       ${heldSeen} (the offline writer's articles always wait for approval; approved at once here)`);
  console.log(`Duplicates:             ${posts.length - publishedAt.size + duplicateDays} (must be 0)`);
  console.log(`Missed slots:           ${missed} (must be 0)`);
  console.log(
    `Slot-to-live delay:     p50 ${percentile(delays, 50).toFixed(1)} s, p95 ${percentile(delays, 95).toFixed(1)} s, max ${Math.max(0, ...delays).toFixed(1)} s (goal: p95 under 300 s)`,
  );
  console.log(`Wall time:              ${wallS.toFixed(1)} s`);
  let changeOk = true;
  if (changed.size) {
    const dayOf = new Map(days.map((d) => [d.site_id, d]));
    const late: number[] = [];
    let early = 0;
    let wrongSlot = 0;
    let outBefore = 0;
    for (const [siteId, change] of changed) {
      if (change.outBefore) {
        outBefore += 1;
        continue;
      }
      const day = dayOf.get(siteId);
      const live = day?.article_id ? publishedAt.get(day.article_id) : undefined;
      if (day?.publish_at !== change.at) wrongSlot += 1;
      if (!live) continue;
      const delay = (Date.parse(live) - Date.parse(change.at)) / 1000;
      if (delay < 0) early += 1;
      else late.push(delay);
    }
    const lateOver = late.filter((d) => d > 60);
    console.log(
      `Time changed mid-day:   ${changed.size} sites (${outBefore} already out before the change); day rows at the new time: ${changed.size - outBefore - wrongSlot}/${changed.size - outBefore}; published before the new time: ${early} (must be 0)`,
    );
    console.log(
      `  at the new time:      p50 ${percentile(late, 50).toFixed(1)} s, p95 ${percentile(late, 95).toFixed(1)} s, max ${Math.max(0, ...late).toFixed(1)} s after it; late by more than a minute: ${lateOver.length}`,
    );
    changeOk = early === 0 && wrongSlot === 0;
  }
  process.exitCode =
    changeOk && missed === 0 && posts.length === publishedAt.size && duplicateDays === 0 && percentile(delays, 95) < 300 ? 0 : 1;
} finally {
  await closeDb();
  fake.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

exitWhenDone();
