import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import type { DB } from "#app/db/client.server";
import { BENCH_SECRETS, type BuiltServer } from "./built-server";
import { startTopology, type Topology } from "./topology";

/**
 * The signed-in dashboard under load, for npm run bench:pages and any other benchmark that needs a
 * built server with a large site and signed-in users (docs/decisions/053): start it, seed a site,
 * sign users in, drive pages at a fixed concurrency, and read the server's main-thread CPU.
 */

export type BenchServer = BuiltServer & {
  db: DB;
  /** Main-thread and whole-process CPU of the server so far, in ms (Linux /proc). */
  cpu: () => { mainMs: number; processMs: number };
  /** Stops the server and closes the benchmark's own database handle. */
  stop: () => Promise<void>;
};

/**
 * The built server in production mode on a fresh temporary database, plus a database handle in this
 * process (WAL: both may use the file at once) and this process's environment set so the app's own
 * session helper signs cookies the server accepts. `env` overrides startBuiltServer's defaults; `nodeArgs`
 * go to the server's node (e.g. --cpu-prof to see where a page's time goes).
 */
export async function startBenchServer({
  env = {},
  nodeArgs = [],
  topology = "single",
}: { env?: Record<string, string>; nodeArgs?: string[]; topology?: Topology } = {}): Promise<BenchServer> {
  const server = await startTopology(topology, { env: { LOG_LEVEL: "warn", ...env }, nodeArgs });
  Object.assign(process.env, { NODE_ENV: "production", APP_URL: server.url, DATA_DIR: server.dataDir, ...BENCH_SECRETS });
  const { openDatabase } = await import("#app/db/client.server");
  const opened = openDatabase(path.join(server.dataDir, "inkpilot.sqlite"));
  // Every process of the topology, summed: main threads, and whole processes with their worker threads.
  const sum = (file: (pid: number) => string) =>
    server.pids().reduce((total, pid) => {
      try {
        return total + cpuTicksMs(file(pid));
      } catch {
        return total;
      }
    }, 0);
  return {
    ...server,
    db: opened.db,
    cpu: () => ({ mainMs: sum((pid) => `/proc/${pid}/task/${pid}/stat`), processMs: sum((pid) => `/proc/${pid}/stat`) }),
    async stop() {
      await opened.db.destroy();
      await server.stop();
    },
  };
}

/** utime + stime of a /proc stat file, in ms (the kernel counts in USER_HZ, 100 per second on Linux). */
function cpuTicksMs(file: string) {
  const stat = fs.readFileSync(file, "utf8");
  // The command name may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export type SeededSite = { userId: string; workspaceId: string; siteId: string };

/**
 * An onboarded account whose site holds `n` articles inserted directly, as the issue measured: no
 * stored SEO score or basis (what rows from before decision 038 or a bulk import look like). Statuses
 * mix drafts, published (with a publication date), failed and 180 scheduled (two a day), over the last year.
 */
export async function seedSite(db: DB, n: number, email = "bench-pages@example.com"): Promise<SeededSite> {
  const { createAccount } = await import("#app/modules/workspaces/accounts.server");
  const { newId } = await import("#app/utils/crypto.server");
  const { isoNow } = await import("#app/utils/time");
  const account = await createAccount(db, { email, passwordHash: null, fullName: "Bench Owner", emailVerified: true });
  await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", account.userId).execute();
  const statuses = ["draft", "draft", "draft", "published", "published", "scheduled", "failed"] as const;
  const sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ";
  const body = "<p>" + sentence.repeat(150) + "</p>";
  // Saved articles carry their word count, as every save writes it (the checklist looks for one with words).
  const wordCount = sentence.trim().split(/\s+/).length * 150;
  const start = Date.now() - 365 * 86_400_000;
  let scheduled = 0;
  const rows = Array.from({ length: n }, (_, i) => {
    const id = newId();
    const at = new Date(start + i * Math.floor((365 * 86_400_000) / Math.max(n, 1))).toISOString();
    let status: (typeof statuses)[number] = statuses[i % statuses.length]!;
    // Two scheduled posts a day for the scheduler's 90 days, as a busy site has; the rest of that share went out.
    if (status === "scheduled" && scheduled >= 180) status = "published";
    const slot = status === "scheduled" ? scheduled++ : 0;
    return {
      id,
      site_id: account.siteId,
      author_id: account.userId,
      title: `Article ${i} about topic ${i % 97}`,
      slug: `article-${i}`,
      target_keyword: `keyword ${i % 113}`,
      status,
      content_html: body,
      word_count: wordCount,
      published_at: status === "published" ? at : null,
      scheduled_at: status === "scheduled" ? new Date(Date.now() + 3_600_000 + slot * 12 * 3_600_000).toISOString() : null,
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("articles")
      .values(rows.slice(i, i + 500))
      .execute();
  return account;
}

/** `count` session cookies for the user, made by the app's own startSession (as tests/e2e/users.ts does). */
export async function signInSessions(db: DB, userId: string, url: string, count: number) {
  const { startSession } = await import("#app/modules/auth/session.server");
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) cookies.push((await startSession(db, userId, new Request(url))).split(";")[0]!);
  return cookies;
}

/**
 * Every dashboard page a signed-in owner opens, read from app/routes.ts (the dashboard layout's
 * children that render a page and take no id), plus the variants that cost differently: the
 * articles list's search, the scheduler's past tab and each settings tab.
 */
export async function dashboardPages(): Promise<string[]> {
  const { default: routes } = await import("#app/routes");
  const layout = routes.find((r) => r.path === "dashboard" && r.file === "routes/dashboard/layout.tsx");
  const pages = new Set<string>();
  const files = new Set<string>();
  for (const child of layout?.children ?? []) {
    if (!child.file.endsWith(".tsx") || child.path?.includes(":") || files.has(child.file)) continue;
    files.add(child.file);
    pages.add(child.index ? "/dashboard" : `/dashboard/${child.path}`);
  }
  pages.delete("/dashboard/write/ai/review");
  return [
    ...pages,
    "/dashboard?q=topic+42",
    "/dashboard/scheduler?tab=past",
    ...["content", "integrations", "publishing"].map((tab) => `/dashboard/settings?tab=${tab}`),
    "/integrations",
  ];
}

export type PageFigures = {
  page: string;
  requests: number;
  rps: number;
  p50: number;
  p975: number;
  max: number;
  non2xx: number;
  /** Server main-thread CPU per answered request, ms. */
  mainCpuMs: number;
  processCpuMs: number;
};

/**
 * Drives each page with `connections` users at once for `durationS` seconds each (autocannon, closed
 * loop: the compressed form of users who each open a page, read it and open the next), round-robin
 * over the session cookies, and reads the server's CPU around each page's run.
 */
export async function measurePages(
  server: Pick<BenchServer, "url" | "cpu">,
  cookies: string[],
  pages: string[],
  { connections = 10, durationS = 8, warmupS = 2 } = {},
): Promise<PageFigures[]> {
  const figures: PageFigures[] = [];
  for (const page of pages) {
    // Each page first runs under the same load, unmeasured: a server in production has run its code many times
    // already, and three requests left the first page measured paying the JIT compilation of all shared code
    // (its p97.5 was 30-50 % higher than when measured later in the run).
    if (warmupS > 0) await autocannon({ url: server.url + page, connections, duration: warmupS, headers: headersFor(cookies[0]!) });
    const before = server.cpu();
    const result = await autocannon({
      url: server.url + page,
      connections,
      duration: durationS,
      headers: headersFor(cookies[figures.length % cookies.length]!),
    });
    const after = server.cpu();
    const requests = Math.max(result.requests.total, 1);
    figures.push({
      page,
      requests: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p975: result.latency.p97_5,
      max: result.latency.max,
      non2xx: result.non2xx,
      mainCpuMs: (after.mainMs - before.mainMs) / requests,
      processCpuMs: (after.processMs - before.processMs) / requests,
    });
  }
  return figures;
}

function headersFor(cookie: string) {
  return { cookie, "accept-encoding": "gzip" };
}

/**
 * `/healthz` latency while `posts` form posts are in flight at once for `durationS` seconds: the write
 * page's Save (a new draft each time), from one address, so most meet the per-client limit on
 * concurrent mutations (server/concurrency.ts) as a burst would. Probes /healthz every 25 ms.
 */
export async function healthzDuringPosts(server: Pick<BenchServer, "url" | "cpu">, cookie: string, { posts = 40, durationS = 8 } = {}) {
  const body = new URLSearchParams({
    intent: "save",
    title: "Bench draft",
    content: "<p>" + "A bench draft. ".repeat(200) + "</p>",
  }).toString();
  const cpuBefore = server.cpu();
  const startedAt = Date.now();
  const load = autocannon({
    url: `${server.url}/dashboard/write`,
    method: "POST",
    connections: posts,
    duration: durationS,
    body,
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded", "accept-encoding": "gzip" },
  });
  // Probed from a process of its own, open loop, as a load balancer's health check: one probe every 25 ms
  // whether or not the last has answered. In this process the probes' timings would include the wait for an
  // event loop that autocannon's forty connections keep busy.
  const samples = await probeHealthz(server.url, durationS * 1000 - 800, 300);
  const result = await load;
  const busy = (server.cpu().mainMs - cpuBefore.mainMs) / (Date.now() - startedAt);
  return {
    /** Share of the wall time the server's main thread was on the CPU (1 = always). */
    mainThreadBusy: busy,
    samples,
    posts: result.requests.total,
    answered: { "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
  };
}

/** /healthz latencies (ms) of one probe every `everyMs` for `forMs`, after `delayMs`, from a child process. */
async function probeHealthz(url: string, forMs: number, delayMs: number, everyMs = 25): Promise<number[]> {
  const source = `
    const samples = [];
    const probes = [];
    await new Promise((r) => setTimeout(r, ${delayMs}));
    const timer = setInterval(() => probes.push((async () => {
      const t0 = performance.now();
      await (await fetch(${JSON.stringify(`${url}/healthz`)})).arrayBuffer();
      samples.push(performance.now() - t0);
    })()), ${everyMs});
    await new Promise((r) => setTimeout(r, ${forMs}));
    clearInterval(timer);
    await Promise.all(probes);
    process.stdout.write(JSON.stringify(samples));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.once("exit", resolve));
  return JSON.parse(out) as number[];
}
