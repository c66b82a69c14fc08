import type { WorkspaceRole } from "#app/db/schema";

/**
 * The one role policy of a workspace (docs/decisions/002 and 044): editors
 * write and publish; admins also manage connections, settings, sites' content
 * settings, the hosted blog's domain, members, API keys and event webhooks; owners also billing, adding and
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
  "blog.manage": ["owner", "admin"],
  "members.manage": ["owner", "admin"],
  "api_keys.manage": ["owner", "admin"],
  "webhooks.manage": ["owner", "admin"],
  "sites.rename": ["owner", "admin"],
  "sites.add": ["owner"],
  "sites.delete": ["owner"],
  "billing.manage": ["owner"],
  "workspace.delete": ["owner"],
  "workspace.rename": ["owner"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const ROLE_LABELS: Record<WorkspaceRole, string> = { owner: "Owner", admin: "Admin", editor: "Editor" };

export function can(role: WorkspaceRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly WorkspaceRole[]).includes(role);
}

/** What each permission lets a member do, in the words of a refusal ("Only owners can manage billing"). */
const PERMISSION_ACTIONS: Record<Permission, string> = {
  "articles.write": "write articles",
  "articles.publish": "publish articles",
  "topics.manage": "manage topics",
  "connections.manage": "manage connections",
  "settings.manage": "change settings",
  "blog.manage": "manage the blog's domain and look",
  "members.manage": "manage the team",
  "api_keys.manage": "manage API keys",
  "webhooks.manage": "manage webhooks",
  "sites.rename": "rename sites",
  "sites.add": "add sites",
  "sites.delete": "delete sites",
  "billing.manage": "manage billing",
  "workspace.delete": "delete the workspace",
  "workspace.rename": "rename the workspace",
};

/** The refusal shown when a role lacks a permission: what only whom may do, and whom to ask; never internals. */
export function permissionRefusal(permission: Permission): string {
  const roles = PERMISSIONS[permission] as readonly WorkspaceRole[];
  const adminsToo = roles.includes("admin");
  const only = adminsToo ? "Only owners and admins" : "Only owners";
  const who = adminsToo ? "an admin or the owner" : "the owner";
  return `${only} can ${PERMISSION_ACTIONS[permission]}. Ask ${who} of this workspace.`;
}
