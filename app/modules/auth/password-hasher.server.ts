import { runOnCpuWorker } from "#app/modules/cpu/pool.server";

/**
 * bcrypt, on a CPU worker thread: one hash or comparison at cost 10 is about
 * 70-100 ms of pure JavaScript (bcryptjs), which on the main thread would hold
 * up every other request. An object so tests can watch (spy on) the calls.
 */
export const passwordHasher = {
  hash: (password: string, cost: number) => runOnCpuWorker({ kind: "hash-password", password, cost }),
  compare: (password: string, hash: string) => runOnCpuWorker({ kind: "compare-password", password, hash }),
};
