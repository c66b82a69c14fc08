import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";

/**
 * The audit trail of operator and security-relevant actions. Rows are written
 * in the same transaction as the change they describe, so the trail never
 * claims something that did not happen (or misses something that did).
 */

export type AuditEntry = {
  actorId: string | null;
  action: string;
  workspaceId?: string | null;
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

export async function recordAudit(db: DB, entry: AuditEntry) {
  const row = await db
    .insertInto("audit_log")
    .values({
      actor_id: entry.actorId,
      workspace_id: entry.workspaceId ?? null,
      action: entry.action,
      target: entry.target ?? "",
      detail: JSON.stringify(entry.detail ?? {}),
      ip: entry.ip ?? null,
      created_at: isoNow(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
