import type { WorkspaceRole } from "#app/db/schema";

/**
 * The one role policy of a workspace (docs/decisions/002 and 044): editors
 * write and publish; admins also manage connections, settings, sites' content
 * settings, members, API keys and event webhooks; owners also billing, adding and
 * deleting sites, and deleting the workspace. Client-safe, so the UI hides what a
 * role cannot do with the same table the server enforces (requirePermission in
 * app/modules/auth/guards.server.ts).
 */
const PERMISSIONS = {
  "articles.write": ["owner", "admin", "editor"],
  "articles.publish": ["owner", "admin", "editor"],
  "topics.manage": ["owner", "admin", "editor"],
  "connections.manage": ["owner", "admin"],
  "settings.manage": ["owner", "admin"],
  "members.manage": ["owner", "admin"],
  "api_keys.manage": ["owner", "admin"],
  "webhooks.manage": ["owner", "admin"],
  "sites.rename": ["owner", "admin"],
  "sites.add": ["owner"],
  "sites.delete": ["owner"],
  "billing.manage": ["owner"],
  "workspace.delete": ["owner"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: "Owner", admin: "Admin", editor: "Editor" };

export function can(role: WorkspaceRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly WorkspaceRole[]).includes(role);
}

/** The refusal shown when a role lacks a permission; names the role that may, never internals. */
export function permissionRefusal(permission: Permission): string {
  const roles = PERMISSIONS[permission] as readonly WorkspaceRole[];
  const who = roles.includes("admin") ? "an admin or the owner" : "the owner";
  return `Your role does not allow this. Ask ${who} of this workspace.`;
}
