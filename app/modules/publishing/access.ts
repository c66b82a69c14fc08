import type { WorkspaceRole } from "#app/db/schema";

/**
 * Who may do what with publishing (docs/product.md "Teams"): editors write and
 * publish; owners and admins also connect, change and disconnect destinations.
 */
export function canManageConnections(role: WorkspaceRole) {
  return role === "owner" || role === "admin";
}

export function canPublish(role: WorkspaceRole) {
  return role === "owner" || role === "admin" || role === "editor";
}
