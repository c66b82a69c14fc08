import type { WorkspaceRole } from "#app/db/schema";
import { can } from "#app/modules/auth/permissions";

/** Publishing's view of the one role policy (app/modules/auth/permissions.ts). */
export function canManageConnections(role: WorkspaceRole) {
  return can(role, "connections.manage");
}

export function canPublish(role: WorkspaceRole) {
  return can(role, "articles.publish");
}
