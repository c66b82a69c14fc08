import { runOnCpuWorker } from "#app/modules/cpu/pool.server";

/**
 * The one bcrypt cost, for the app, the demo seed and test accounts alike (the
 * timing dummy in auth.server.ts is a hash at this cost too).
 */
export const BCRYPT_COST = 10;

/**
 * bcrypt, on a CPU worker thread: one hash or comparison at cost 10 is about
 * 70-100 ms of pure JavaScript (bcryptjs), which on the main thread would hold
 * up every other request. An object so tests can watch (spy on) the calls.
 */
export const passwordHasher = {
  hash: (password: string) => runOnCpuWorker({ kind: "hash-password", password, cost: BCRYPT_COST }),
  compare: (password: string, hash: string) => runOnCpuWorker({ kind: "compare-password", password, hash }),
};
