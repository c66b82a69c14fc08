import type { DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";

/** Who changed a site's settings, for the audit log (every settings change is audited). */
export type SettingsActor = { userId: string; workspaceId: string; ip: string | null };

/**
 * Records which fields of a site's settings changed (names only: brand texts can be
 * long, and the settings page shows the values). Nothing changed, nothing recorded.
 */
export async function auditSettingsChange(
  db: DB,
  actor: SettingsActor,
  change: {
    kind: "brand" | "content" | "publishing";
    siteId: string;
    before: Record<string, unknown> | undefined;
    after: Record<string, unknown>;
  },
) {
  const fields = Object.keys(change.after).filter((key) => key !== "updated_at" && change.before?.[key] !== change.after[key]);
  if (!fields.length) return;
  await recordAudit(db, {
    actorId: actor.userId,
    workspaceId: actor.workspaceId,
    action: `settings.${change.kind}.update`,
    target: `site:${change.siteId}`,
    detail: { fields },
    ip: actor.ip,
  });
}
