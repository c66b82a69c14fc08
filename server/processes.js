// Several processes on one machine (docs/decisions/080-replicas-and-processes.md): with WEB_PROCESSES=N (N > 1)
// and a built app, this process forks N web processes that share the listening port (node:cluster hands each new
// connection to the next) and one more that runs the job worker and the minute tick without serving HTTP. They
// share the database, its limits and the worker's wake-up (it notices other processes' commits). A process that
// dies is started again; SIGTERM stops them all gracefully, as one process stops for a deploy.
import cluster from "node:cluster";
import process from "node:process";

const RESTART_DELAY_MS = 1000;

export function supervises() {
  const count = Number(process.env.WEB_PROCESSES ?? 1);
  return cluster.isPrimary && Number.isInteger(count) && count > 1 && !process.argv.includes("--dev");
}

export function superviseProcesses() {
  const webCount = Number(process.env.WEB_PROCESSES);
  const jobsWanted = process.env.RUN_WORKER !== "false" && process.env.RUN_WORKER !== "0";
  const roles = new Map();
  let stopping = false;

  const start = (role) => {
    // The web processes never run jobs; the job process serves no requests.
    const env = role === "jobs" ? { RUN_WORKER: "true", SERVE_HTTP: "false" } : { RUN_WORKER: "false", RUN_CRON: "false" };
    const child = cluster.fork({ ...env, WEB_PROCESSES: "1" });
    roles.set(child.id, role);
    return child;
  };
  // One process migrates and seeds first (the job process, or the first web process); the rest start once it has
  // booted, on a database that is ready.
  const first = start(jobsWanted ? "jobs" : "web");
  first.once("message", (message) => {
    if (message !== "booted") return;
    for (let i = jobsWanted ? 0 : 1; i < webCount; i++) start("web");
  });

  cluster.on("exit", (child, code, signal) => {
    const role = roles.get(child.id);
    roles.delete(child.id);
    if (stopping) {
      if (roles.size === 0) process.exit(0);
      return;
    }
    console.error(`A ${role} process exited (${signal ?? code}); starting another.`);
    setTimeout(() => start(role), RESTART_DELAY_MS);
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping ${roles.size} processes`);
    for (const child of Object.values(cluster.workers ?? {})) child?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  console.log(`Inkpilot supervising ${webCount} web processes${jobsWanted ? " and a job process" : ""}`);
}
