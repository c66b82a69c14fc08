import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Starts the BUILT app (npm run build first) the way production runs it, on a
 * free loopback port with a throw-away data directory, for the benchmark and
 * audit scripts. Nothing here builds.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The secrets the benchmark server runs with, so a script can sign a session cookie the server accepts. */
export const BENCH_SECRETS = {
  SESSION_SECRET: "bench-session-secret-0123456789abcdef",
  ENCRYPTION_KEY: "0".repeat(64),
  CRON_SECRET: "bench-cron-secret",
};

export type BuiltServer = { url: string; dataDir: string; stop: () => Promise<void>; process: ChildProcess };

/** `env` adds to or overrides the defaults below (the hostile benchmark runs the worker, for example). */
/** `dataDir`: an existing data directory to share (a replica beside its primary), left in place when it stops. */
export async function startBuiltServer({
  env = {},
  nodeArgs = [],
  dataDir: sharedDataDir,
}: { env?: Record<string, string>; nodeArgs?: string[]; dataDir?: string } = {}): Promise<BuiltServer> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    throw new Error(`No build in ${buildDir}: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = sharedDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, "server/index.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      ...BENCH_SECRETS,
      RUN_WORKER: "false",
      RUN_CRON: "false",
      SEED_DEMO: "false",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("The server did not answer /healthz within 30 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    process: child,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      if (!sharedDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The tool page to measure: the readability checker when the tools exist, else /about. */
export async function pickToolPage(url: string) {
  const response = await fetch(`${url}/tools/readability-checker`);
  await response.arrayBuffer();
  return response.ok ? "/tools/readability-checker" : "/about";
}
