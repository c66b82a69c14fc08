import fs from "node:fs";
import path from "node:path";
import { startLiteFsStandIn } from "#tests/fakes/litefs-proxy";
import { freePort, startBuiltServer, type BuiltServer } from "./built-server";

/**
 * The built app in one of the shapes production can take (docs/decisions/080-replicas-and-processes.md), for
 * the capacity benchmark (BENCH_TOPOLOGY):
 * - `single`: one process serves pages and runs the job worker;
 * - `processes`: WEB_PROCESSES=2, two web processes on one port beside a job process;
 * - `replica`: a primary (writes, the worker) and a read replica behind the LiteFS stand-in, which sends every
 *   read to the replica first.
 */

export type Topology = "single" | "processes" | "replica";
export const TOPOLOGIES: Topology[] = ["single", "processes", "replica"];

export type RunningTopology = BuiltServer & { pids: () => number[] };

/** Every process of the tree under `pid` (a supervisor's web and job processes), itself included. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

export async function startTopology(
  topology: Topology,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<RunningTopology> {
  if (topology === "single" || topology === "processes") {
    const server = await startBuiltServer({ env: { ...env, ...(topology === "processes" ? { WEB_PROCESSES: "2" } : {}) }, nodeArgs });
    return { ...server, pids: () => processTree(server.process.pid!) };
  }
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const primary = await startBuiltServer({ env: { ...env, APP_URL: url }, nodeArgs });
  const litefsDir = path.join(primary.dataDir, "replica-litefs");
  fs.mkdirSync(litefsDir, { recursive: true });
  fs.writeFileSync(path.join(litefsDir, ".primary"), "primary-bench\n");
  const replica = await startBuiltServer({ env: { ...env, APP_URL: url, LITEFS_DIR: litefsDir }, nodeArgs, dataDir: primary.dataDir });
  const port = (server: BuiltServer) => Number(new URL(server.url).port);
  const proxy = await startLiteFsStandIn({
    port: proxyPort,
    primary: { host: "127.0.0.1", port: port(primary) },
    replica: { host: "127.0.0.1", port: port(replica) },
    primaryHostname: "primary-bench",
  });
  return {
    url,
    dataDir: primary.dataDir,
    process: primary.process,
    pids: () => [primary.process.pid!, replica.process.pid!],
    async stop() {
      await proxy.close();
      await replica.stop();
      await primary.stop();
    },
  };
}
