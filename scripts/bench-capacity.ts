// npm run bench:capacity: how many sites and signed-in users one machine carries (docs/decisions/054).
// Drives the BUILT server (run `npm run build` first) in production mode, with its job worker and the offline writer,
// against the fake WordPress in its own process (BENCH_LATENCY_MS per request, 100 by default). For each step of
// BENCH_STEPS sites (250,500,1000,2000,4000,8000 by default) it seeds the sites that are new in the step (each a Pro
// workspace with BENCH_ARTICLES articles, 30 by default, and WordPress as its default destination), then for
// BENCH_STEP_SECONDS (120, so each auto-pilot slot falls inside it) runs the peak-hour mix:
// - signed-in users: BENCH_ACTIVE_SHARE of the sites (3%, at least 10) each act every ~8 s (uniform 4-12 s): 70% a
//   dashboard page, 15% an editor autosave (a form post), 15% a developer API call (list or create);
// - auto-pilot: BENCH_AUTOPILOT_SHARE of the sites (10%) whose generation time is now and publishing time a minute
//   later, through the real cron call, writer, gate (held days approved at once, as a reviewer would) and publishing;
// - /healthz every 250 ms.
// It prints, per step: page, post and API p50/p97.5, /healthz p97.5 and max, jobs finished per second, the publish
// lane's wait (oldest due publishing job, sampled every second), auto-pilot days published, the server's CPU use and
// CPU per request, and the database's size; it stops at the first step over a limit (page p97.5 150 ms,
// /healthz p97.5 100 ms, publish lane wait 300 s). Each step also times a fixed reference workload
// (scripts/lib/reference-workload.ts) and gives the latencies as multiples of it (×ref), so runs on machines of
// different speeds compare. BENCH_TOPOLOGY: single (one process, the default), processes (WEB_PROCESSES=2 beside a
// job process) or replica (a primary and a read replica behind the LiteFS stand-in; scripts/lib/topology.ts).
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { BENCH_SECRETS } from "./lib/built-server";
import { startBenchServer } from "./lib/dashboard-load";
import { percentile, startWordPressProcess, wordpressDestinations } from "./bench-wordpress";
import { exitWhenDone } from "./lib/exit-when-done";
import { timeReferenceWorkload, timesReference } from "./lib/reference-workload";
import { TOPOLOGIES, type Topology } from "./lib/topology";

const STEPS = (process.env.BENCH_STEPS ?? "250,500,1000,2000,4000,8000").split(",").map(Number);
const ARTICLES_PER_SITE = Number(process.env.BENCH_ARTICLES ?? 30);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 120);
const ACTIVE_SHARE = Number(process.env.BENCH_ACTIVE_SHARE ?? 0.03);
const AUTOPILOT_SHARE = Number(process.env.BENCH_AUTOPILOT_SHARE ?? 0.1);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const THINK_MS = 8_000;
const TOPOLOGY = (process.env.BENCH_TOPOLOGY ?? "single") as Topology;
if (!TOPOLOGIES.includes(TOPOLOGY)) throw new Error(`BENCH_TOPOLOGY must be one of ${TOPOLOGIES.join(", ")}`);
const LIMITS = { pageP975Ms: 150, healthP975Ms: 100, laneWaitS: 300 };
const PAGES = [
  "/dashboard",
  "/dashboard/articles",
  "/dashboard/articles?q=coffee",
  "/dashboard/scheduler",
  "/dashboard/plan",
  "/dashboard/topics",
  "/dashboard/settings",
  "/dashboard/backlinks",
  "WRITE",
];
const OUTBOUND_JOBS = ["publish-article", "autopilot-publish", "autopilot-write"];

const fake = await startWordPressProcess(LATENCY_MS);
// The server and a database handle here; the app's modules in this process read the server's settings, so
// sessions and sealed credentials made here are the server's.
// BENCH_CPU_PROF=dir writes the server's CPU profile there when it stops (to find what held its event loop).
const profileDir = process.env.BENCH_CPU_PROF;
const server = await startBenchServer({
  topology: TOPOLOGY,
  nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  env: { RUN_WORKER: "true", RUN_CRON: "false", LOG_LEVEL: "error", TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${fake.port}` },
});
const origin = server.url;
const dbPath = path.join(server.dataDir, "inkpilot.sqlite");
Object.assign(process.env, { TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${fake.port}`, LOG_LEVEL: "silent", RUN_WORKER: "false" });
const db = server.db;

const { createAccount } = await import("#app/modules/workspaces/accounts.server");
const { startSession } = await import("#app/modules/auth/session.server");
const { createApiKey } = await import("#app/modules/api/keys.server");
const { createArticle } = await import("#app/modules/articles/mutations.server");
const { decideDay } = await import("#app/modules/autopilot/review.server");
const { newId } = await import("#app/utils/crypto.server");
const { isoNow, zonedParts } = await import("#app/utils/time");
const { DEMO_ARTICLES: demoArticles } = await import("#app/modules/demo/articles/index");
const { markdownToHtml } = await import("#app/modules/articles/markdown");

type BenchSite = { siteId: string; userId: string; workspaceId: string; cookie: string; articleId: string; apiKey: string };
const sites: BenchSite[] = [];
const connectWordPress = wordpressDestinations(fake);
let stored: { html: string; score: number | null; basis: string | null; words: number };

/** Seeds sites up to `count`: accounts, Pro, WordPress as the default destination, articles with stored scores, a session and an API key. */
async function seedSites(count: number) {
  for (let i = sites.length; i < count; i++) {
    // This process writes beside the server's worker: a transaction that read before the server's last commit is
    // refused (SQLITE_BUSY_SNAPSHOT) rather than waited for, so a site is seeded again under a fresh address.
    for (let attempt = 0; ; attempt++) {
      try {
        sites.push(await seedOneSite(i, attempt));
        break;
      } catch (error) {
        if (attempt >= 5 || !String((error as { code?: string }).code ?? "").startsWith("SQLITE_BUSY")) throw error;
      }
    }
  }
}

const STATUSES = ["published", "published", "published", "draft", "scheduled"] as const;

/** One site of seedSites: its account, connection, articles, session and API key. */
async function seedOneSite(i: number, attempt: number): Promise<BenchSite> {
  const account = await createAccount(db, {
    email: `cap-${i}-${attempt}@example.com`,
    passwordHash: null,
    fullName: `Owner ${i}`,
    emailVerified: true,
  });
  await db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", account.workspaceId).execute();
  await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", account.userId).execute();
  await connectWordPress(db, { siteId: account.siteId, userId: account.userId });
  // One article through the app (its score stored as a save stores it); the rest copied with that score.
  const demo = demoArticles[i % demoArticles.length]!;
  const first = await createArticle(db, {
    workspaceId: account.workspaceId,
    siteId: account.siteId,
    authorId: account.userId,
    title: demo.title,
    targetKeyword: demo.keyword,
    metaDescription: demo.metaDescription,
    contentHtml: markdownToHtml(demo.markdown),
  });
  {
    const row = await db
      .selectFrom("articles")
      .select(["content_html", "seo_score", "seo_basis", "word_count"])
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    stored = { html: row.content_html, score: row.seo_score, basis: row.seo_basis, words: row.word_count };
  }
  const start = Date.now() - ARTICLES_PER_SITE * 86_400_000;
  const copy = stored;
  const copies = Array.from({ length: ARTICLES_PER_SITE - 1 }, (_, k) => {
    const id = newId();
    const at = new Date(start + (k + 1) * 86_400_000).toISOString();
    return {
      id,
      site_id: account.siteId,
      author_id: account.userId,
      title: `${demo.title} (${k + 1})`,
      slug: id,
      target_keyword: `${demo.keyword} ${k + 1}`,
      status: STATUSES[(k + 1) % STATUSES.length],
      content_html: copy.html,
      word_count: copy.words,
      seo_score: copy.score,
      seo_basis: copy.basis,
      created_at: at,
      updated_at: at,
    };
  });
  if (copies.length) await db.insertInto("articles").values(copies).execute();
  const setCookie = await startSession(db, account.userId, new Request(origin));
  const { key } = await createApiKey(
    db,
    { workspaceId: account.workspaceId, userId: account.userId, ip: null },
    { name: "bench", siteId: null },
  );
  return { ...account, cookie: setCookie.split(";")[0]!, articleId: first.id, apiKey: key };
}

type Sample = { kind: "page" | "post" | "api"; label: string; ms: number; status: number };

async function timed(kind: Sample["kind"], label: string, run: () => Promise<Response>, samples: Sample[]) {
  const t0 = performance.now();
  try {
    const res = await run();
    await res.arrayBuffer();
    samples.push({ kind, label, ms: performance.now() - t0, status: res.status });
  } catch {
    samples.push({ kind, label, ms: performance.now() - t0, status: 0 });
  }
}

async function userLoop(site: BenchSite, until: number, samples: Sample[], { think = true } = {}) {
  // Users arrive spread over the first think time, not all at once.
  if (think) await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
  let n = 0;
  while (performance.now() < until) {
    n += 1;
    const roll = Math.random();
    const headers = { Cookie: site.cookie, "Accept-Encoding": "gzip" };
    if (roll < 0.7) {
      const page = PAGES[Math.floor(Math.random() * PAGES.length)]!;
      const url = page === "WRITE" ? `/dashboard/write?edit=${site.articleId}` : page;
      await timed("page", page, () => fetch(`${origin}${url}`, { headers, redirect: "manual" }), samples);
    } else if (roll < 0.85) {
      const body = new URLSearchParams({
        intent: "autosave",
        articleId: site.articleId,
        title: `Cold brew at home, take ${n}`,
        content: `<p>Steep coarse coffee in cold water for 16 hours, then filter it. Edit ${n}.</p>`,
        contentFormat: "html",
      });
      await timed(
        "post",
        "autosave",
        () =>
          fetch(`${origin}/dashboard/write?edit=${site.articleId}`, {
            method: "POST",
            headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
            body,
            redirect: "manual",
          }),
        samples,
      );
    } else {
      const auth = { Authorization: `Bearer ${site.apiKey}`, "Content-Type": "application/json" };
      if (roll < 0.95) {
        await timed("api", "GET /articles", () => fetch(`${origin}/api/v1/articles?per_page=20`, { headers: auth }), samples);
      } else {
        await timed(
          "api",
          "POST /articles",
          () =>
            fetch(`${origin}/api/v1/articles`, {
              method: "POST",
              headers: auth,
              body: JSON.stringify({ title: `API draft ${n}`, content_html: "<p>A draft from the API.</p>" }),
            }),
          samples,
        );
      }
    }
    if (think) await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
  }
}

function dbSizeMb() {
  const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  return (size(dbPath) + size(`${dbPath}-wal`)) / 1024 / 1024;
}

/** Turns auto-pilot on for `chosen` sites: written now, published a minute from now (UTC), one plan item each. */
async function armAutopilot(chosen: BenchSite[]) {
  const now = new Date();
  const { date, time } = zonedParts(now, "UTC");
  const slot = zonedParts(new Date(now.getTime() + 60_000), "UTC").time;
  for (const site of chosen) {
    await db.updateTable("sites").set({ timezone: "UTC" }).where("id", "=", site.siteId).execute();
    await db
      .updateTable("content_settings")
      .set({ auto_generation: 1, auto_gen_time: time, auto_publish: 1 })
      .where("site_id", "=", site.siteId)
      .execute();
    await db
      .updateTable("publishing_settings")
      .set({ scheduled_time: slot, daily_times: "[]" })
      .where("site_id", "=", site.siteId)
      .execute();
    await db
      .insertInto("plan_items")
      .values({
        id: newId(),
        site_id: site.siteId,
        date,
        keyword: `cold brew ratio ${site.siteId.slice(0, 6)}`,
        topic_id: null,
        article_id: null,
        created_at: isoNow(),
      })
      .execute();
  }
}

const cron = () =>
  fetch(`${origin}/resources/cron`, { method: "POST", headers: { Authorization: `Bearer ${BENCH_SECRETS.CRON_SECRET}` } }).catch(
    () => undefined,
  );

type StepResult = Record<string, string | number>;
const results: StepResult[] = [];
const round = (n: number) => Math.round(n);

try {
  let previous = 0;
  for (const count of STEPS) {
    console.error(`seeding sites ${previous + 1}-${count}…`);
    const seedStart = performance.now();
    await seedSites(count);
    console.error(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const newcomers = sites.slice(previous, count);
    const autopilotSites = newcomers.slice(0, Math.min(newcomers.length, Math.round(count * AUTOPILOT_SHARE)));
    await armAutopilot(autopilotSites);
    const users = sites.slice(0, Math.max(10, Math.round(count * ACTIVE_SHARE)));
    if (!previous) {
      // Warm-up, not measured: the first render of each page compiles its code.
      for (let i = 0; i < 5; i++) for (const site of users.slice(0, 3)) await userLoop(site, performance.now() + 1, [], { think: false });
      for (const page of PAGES)
        for (let i = 0; i < 5; i++)
          await fetch(`${origin}${page === "WRITE" ? `/dashboard/write?edit=${users[0]!.articleId}` : page}`, {
            headers: { Cookie: users[0]!.cookie },
          });
    }

    const referenceMs = timeReferenceWorkload();
    console.error(`step ${count} sites: ${users.length} users, ${autopilotSites.length} auto-pilot days, ${STEP_SECONDS} s`);
    const samples: Sample[] = [];
    const health: number[] = [];
    const laneWait: number[] = [];
    const stepStart = performance.now();
    const stepStartIso = new Date().toISOString();
    const until = stepStart + STEP_SECONDS * 1000;
    const cpuBefore = server.cpu().processMs;
    let running = true;
    const healthLoop = (async () => {
      while (running) {
        const t0 = performance.now();
        await fetch(`${origin}/healthz`)
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
        health.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const opsLoop = (async () => {
      let tick = 0;
      while (running) {
        if (tick % 15 === 0) await cron();
        tick += 1;
        const oldest = await db
          .selectFrom("jobs")
          .select((eb) => eb.fn.min("run_at").as("due"))
          .where("status", "=", "queued")
          .where("run_at", "<=", new Date().toISOString())
          .where("name", "in", OUTBOUND_JOBS)
          .executeTakeFirst();
        laneWait.push(oldest?.due ? (Date.now() - Date.parse(oldest.due)) / 1000 : 0);
        // A reviewer clears the queue: the offline writer's articles are held for approval.
        const held = await db.selectFrom("autopilot_days").select(["id", "site_id"]).where("state", "=", "held").execute();
        for (const day of held) {
          const owner = sites.find((s) => s.siteId === day.site_id);
          if (owner)
            await decideDay(db, { siteId: day.site_id, userId: owner.userId, userName: "Bench reviewer" }, day.id, "approved", new Date(), {
              // The offline writer's drafts never pass the gate (decision 049): the reviewer approves them anyway.
              confirmed: true,
            });
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
    await Promise.all(users.map((site) => userLoop(site, until, samples)));
    running = false;
    await Promise.all([healthLoop, opsLoop]);
    const seconds = (performance.now() - stepStart) / 1000;
    const cpuMs = server.cpu().processMs - cpuBefore;
    const finished = await db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("finished_at", ">=", stepStartIso)
      .executeTakeFirstOrThrow();
    // A day's post is live when its article's publication is (the day row's own state lags: it stays 'publishing').
    const days = await db
      .selectFrom("autopilot_days as d")
      .leftJoin("publications as p", (join) => join.onRef("p.article_id", "=", "d.article_id").on("p.status", "=", "published"))
      .select(["d.state", "p.id as publicationId"])
      .where("d.site_id", "in", autopilotSites.map((s) => s.siteId).concat(["-"]))
      .execute();
    const of = (kind: Sample["kind"]) => samples.filter((s) => s.kind === kind).map((s) => s.ms);
    const errors = samples.filter((s) => s.status === 0 || s.status >= 500).length;
    const pages = of("page");
    const row: StepResult = {
      sites: count,
      users: users.length,
      requests: samples.length,
      "req/s": (samples.length / seconds).toFixed(1),
      errors,
      "page p50": round(percentile(pages, 50)),
      "page p97.5": round(percentile(pages, 97.5)),
      "page p97.5 ×ref": timesReference(percentile(pages, 97.5), referenceMs),
      "post p97.5": round(percentile(of("post"), 97.5)),
      "API p97.5": round(percentile(of("api"), 97.5)),
      "/healthz p97.5": round(percentile(health, 97.5)),
      "/healthz p97.5 ×ref": timesReference(percentile(health, 97.5), referenceMs),
      "/healthz max": round(Math.max(...health)),
      "jobs/s": (Number(finished.n) / seconds).toFixed(1),
      "lane wait max s": Math.max(0, ...laneWait).toFixed(1),
      "auto-pilot live": `${days.filter((d) => d.publicationId).length}/${autopilotSites.length}`,
      "day states": Object.entries(days.reduce<Record<string, number>>((acc, d) => ((acc[d.state] = (acc[d.state] ?? 0) + 1), acc), {}))
        .map(([state, n]) => `${state} ${n}`)
        .join(", "),
      "server CPU %": round((cpuMs / (seconds * 1000)) * 100),
      "CPU ms/req": (cpuMs / Math.max(1, samples.length)).toFixed(1),
      "DB MB": round(dbSizeMb()),
      "ref ms": referenceMs.toFixed(1),
    };
    results.push(row);
    console.error(JSON.stringify(row));
    const slowest = Object.entries(
      samples.filter((s) => s.kind === "page").reduce<Record<string, number[]>>((acc, s) => ((acc[s.label] ??= []).push(s.ms), acc), {}),
    )
      .map(([label, ms]) => `${label} ${round(percentile(ms, 97.5))}`)
      .join(", ");
    console.error(`  page p97.5 by page (ms): ${slowest}`);
    previous = count;
    const over = [
      Number(row["page p97.5"]) > LIMITS.pageP975Ms ? `page p97.5 over ${LIMITS.pageP975Ms} ms` : "",
      Number(row["/healthz p97.5"]) > LIMITS.healthP975Ms ? `/healthz p97.5 over ${LIMITS.healthP975Ms} ms` : "",
      Number(row["lane wait max s"]) > LIMITS.laneWaitS ? `publish lane wait over ${LIMITS.laneWaitS} s` : "",
      errors ? `${errors} errors` : "",
    ].filter(Boolean);
    if (over.length) {
      row.limit = over.join("; ");
      break;
    }
  }
} finally {
  const columns = [...new Set(results.flatMap((r) => Object.keys(r)))];
  console.log(
    `\nCapacity of one machine, ${TOPOLOGY} topology (${STEP_SECONDS} s a step; ${ACTIVE_SHARE * 100}% of sites with a signed-in user acting every ~8 s; ${AUTOPILOT_SHARE * 100}% of sites' auto-pilot day in the step; WordPress at ${LATENCY_MS} ms)\n`,
  );
  console.log(`| ${columns.join(" | ")} |`);
  console.log(`|${columns.map(() => "---").join("|")}|`);
  for (const r of results) console.log(`| ${columns.map((c) => r[c] ?? "").join(" | ")} |`);
  const last = results.at(-1);
  console.log(
    last?.limit ? `\nLimit reached at ${last.sites} sites: ${last.limit}.` : `\nNo limit reached up to ${last?.sites ?? 0} sites.`,
  );
  await server.stop();
  fake.stop();
}

exitWhenDone();
