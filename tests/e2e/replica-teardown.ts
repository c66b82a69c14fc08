import { TRAFFIC_PATH, type LiteFsTraffic } from "../fakes/litefs-proxy";
import { E2E_APP_URL, E2E_TOPOLOGY } from "./stack";

/**
 * The replica topology's last check (docs/decisions/080-replicas-and-processes.md): the specs' reads reached the
 * replica, their writes the primary, and no read failed there. A GET that writes fails on the replica's
 * read-only database, even where the spec itself did not look at that answer, and fails the run here. Some read
 * must also have waited for the replica to reach its client's last write (the `__txid` cookie).
 */
export default async function replicaTeardown() {
  if (E2E_TOPOLOGY !== "replica") return;
  const traffic = (await (await fetch(`${E2E_APP_URL}${TRAFFIC_PATH}`)).json()) as LiteFsTraffic;
  console.log(
    `LiteFS stand-in: ${traffic.readsOnReplica} reads on the replica (${traffic.replayedReads} replayed on the primary, ${traffic.waitedReads} waited for the replica to reach their last write), ${traffic.writesOnPrimary} writes on the primary`,
  );
  if (traffic.replicaFailures.length) {
    throw new Error(`Reads that failed on the read replica (a GET that writes?):\n  ${traffic.replicaFailures.join("\n  ")}`);
  }
  if (traffic.readsOnReplica === 0 || traffic.writesOnPrimary === 0) throw new Error("The replica topology saw no reads or no writes.");
  if (traffic.waitedReads === 0)
    throw new Error("No read waited for the replica to reach its last write: the consistency cookie did not work.");
}
