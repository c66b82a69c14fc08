import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startLiteFsStandIn } from "../fakes/litefs-proxy";
import { E2E_PORT, REPLICA_PORT, REPLICA_PRIMARY_PORT, fakeUrl } from "./stack";

/**
 * E2E_TOPOLOGY=replica (docs/decisions/080-replicas-and-processes.md): the built app twice on one database, as
 * LiteFS runs it on Fly: a primary (migrations, the worker, every write) and a read replica whose `.primary` file
 * names it and which opens the database read-only, so a GET that writes there fails loudly. The LiteFS stand-in
 * (tests/fakes/litefs-proxy.ts) takes the specs' requests on E2E_PORT and sends each to the replica first.
 */

const PRIMARY_HOSTNAME = "primary-e2e";
// The replica's position trails each write by this much, as LiteFS's does over a network, so a page loaded right
// after a form post (its redirect) waits on the `__txid` cookie as it would on Fly.
const REPLICA_LAG_MS = 150;

async function healthy(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`The app at ${url} exited with code ${child.exitCode}.`);
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app at ${url} did not become healthy.`);
}

export async function startReplicaTopology(env: Record<string, string>, dataDir: string) {
  const children: ChildProcess[] = [];
  const start = (port: number, extra: Record<string, string>) => {
    const child = spawn(process.execPath, ["server/index.js"], {
      stdio: "inherit",
      env: { ...process.env, ...env, PORT: String(port), ...extra },
    });
    children.push(child);
    return child;
  };
  // The primary first: it creates and migrates the database the replica then opens read-only.
  const primary = start(REPLICA_PRIMARY_PORT, {});
  await healthy(fakeUrl(REPLICA_PRIMARY_PORT), primary);
  const litefsDir = path.join(dataDir, "replica-litefs");
  fs.mkdirSync(litefsDir, { recursive: true });
  fs.writeFileSync(path.join(litefsDir, ".primary"), `${PRIMARY_HOSTNAME}\n`);
  const replica = start(REPLICA_PORT, { LITEFS_DIR: litefsDir });
  await healthy(fakeUrl(REPLICA_PORT), replica);
  const proxy = await startLiteFsStandIn({
    port: E2E_PORT,
    primary: { host: "127.0.0.1", port: REPLICA_PRIMARY_PORT },
    replica: { host: "127.0.0.1", port: REPLICA_PORT },
    primaryHostname: PRIMARY_HOSTNAME,
    databasePath: path.join(dataDir, "inkpilot.sqlite"),
    replicaLagMs: REPLICA_LAG_MS,
  });
  console.log(`E2E topology: replica on ${REPLICA_PORT} and primary on ${REPLICA_PRIMARY_PORT} behind the LiteFS stand-in on ${E2E_PORT}`);
  const stop = () => {
    void proxy.close();
    for (const child of children) child.kill("SIGTERM");
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Either process ending ends the stack, as the single app's exit does.
  for (const child of children) child.on("exit", (code) => (stop(), process.exit(code ?? 0)));
}
