import { flyReplayTo, isReplica, primaryHostname } from "#app/db/replica.server";
import { logger } from "#app/utils/logger.server";
import type express from "express";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * On a read replica, a request that writes is answered with `fly-replay` at once, before it is read or worked
 * on, so Fly's proxy sends it to the primary. The LiteFS proxy in front does the same for every write it
 * sees; this is the app's own guarantee for a request that reaches it directly (docs/decisions/080).
 */
export function replayWritesOnPrimary(): express.RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) || !isReplica()) return next();
    const primary = primaryHostname();
    if (!primary) return next();
    res
      .status(409)
      .set({ "fly-replay": flyReplayTo(primary), "Cache-Control": "no-store" })
      .end();
  };
}

const ROLE_CHECK_MS = 2000;

/**
 * LiteFS can hand the primary's lease to another machine while this process runs. A process booted as a replica
 * has a read-only database and no worker; one booted as the primary runs migrations and the worker. Either is
 * wrong after a change, so the process stops (gracefully, like a deploy) and its supervisor starts it again in
 * its new role.
 */
export function restartWhenRoleChanges(bootedAsReplica: boolean, stop: () => void) {
  const timer = setInterval(() => {
    if (isReplica() === bootedAsReplica) return;
    clearInterval(timer);
    logger.warn({ bootedAsReplica }, "this machine's database role changed: restarting in the new role");
    stop();
  }, ROLE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
