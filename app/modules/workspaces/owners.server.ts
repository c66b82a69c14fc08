import type { DB } from "#app/db/client.server";

/** A workspace's owners (oldest first) and the workspace's name: whom the notices about a workspace are mailed to. */
export function workspaceOwners(db: DB, workspaceId: string) {
  return db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["u.email", "w.name as workspaceName"])
    .where("m.workspace_id", "=", workspaceId)
    .where("m.role", "=", "owner")
    .orderBy("m.created_at")
    .execute();
}
