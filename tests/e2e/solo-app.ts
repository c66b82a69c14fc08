import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { E2E_SECRETS } from "./stack";

/**
 * The built app started on its own by the specs that cannot share the stack's
 * (crash, provider and first-start specs): `node server/index.js` with the
 * given environment, its output kept for the failure message.
 */

export type SoloApp = { child: ChildProcess; log: string[] };

/**
 * A solo app's environment: production mode on 127.0.0.1 with its own data folder and no minute tick, and the
 * stack's session secret, so `signIn` mints this app's session cookie too. `name` tells its cron secret apart;
 * `overrides` adds the spec's own settings or replaces these.
 */
export function soloAppEnv(
  name: string,
  { port, dataDir, appUrl = `http://127.0.0.1:${port}` }: { port: number; dataDir: string; appUrl?: string },
  overrides: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    DATABASE_PATH: path.join(dataDir, "inkpilot.sqlite"),
    SESSION_SECRET: E2E_SECRETS.SESSION_SECRET,
    ENCRYPTION_KEY: "3".repeat(64),
    CRON_SECRET: `${name}-cron-secret`,
    RUN_CRON: "false",
    LOG_LEVEL: "warn",
    ...overrides,
  };
}

export function spawnSoloApp(env: NodeJS.ProcessEnv, log: string[] = []): SoloApp {
  const child = spawn(process.execPath, ["server/index.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => log.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => log.push(d.toString()));
  return { child, log };
}

/** Resolves once /healthz answers; fails with the app's output if it exits or stays unhealthy. */
export async function waitForHealth({ child, log }: SoloApp, url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${log.join("")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`app did not become healthy:\n${log.join("")}`);
}

export function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));
}

/** Stops the app (SIGTERM) and waits for it to exit. */
export async function stopSoloApp(app: SoloApp | undefined) {
  if (!app) return;
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGTERM");
  await exited(app.child);
}
