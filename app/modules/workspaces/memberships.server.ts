import type { DB } from "#app/db/client.server";
import type { DigestFrequency } from "#app/db/schema";

/** A member's choice of auto-pilot digest for one workspace (the digest itself is autopilot's). */
export async function setMembershipDigest(db: DB, userId: string, workspaceId: string, digest: DigestFrequency) {
  await db.updateTable("memberships").set({ digest }).where("user_id", "=", userId).where("workspace_id", "=", workspaceId).execute();
}
