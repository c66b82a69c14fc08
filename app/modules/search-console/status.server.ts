import type { DB } from "#app/db/client.server";

/**
 * Whether a site is connected to Search Console, in one place (docs/decisions/072): other areas ask here rather
 * than read the connection's table. `connected`: a connection exists (its figures may still be coming, or it must
 * be reconnected); `usable`: it is active and has a property, so Google can be asked on its behalf.
 */
export type ConnectionStatus = {
  connected: boolean;
  usable: boolean;
  property: string | null;
  scopes: string[];
  /** Changes whenever an import stores more figures: a cache of the figures keys on it. */
  dataVersion: string;
};

export async function connectionStatus(db: DB, siteId: string): Promise<ConnectionStatus> {
  const row = await db
    .selectFrom("search_console_connections")
    .select(["status", "property", "scopes", "last_import_at", "days_imported_through", "weeks_imported_through"])
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  return {
    connected: Boolean(row),
    usable: Boolean(row?.property && row.status === "active"),
    property: row?.property ?? null,
    scopes: row ? row.scopes.split(/\s+/).filter(Boolean) : [],
    dataVersion: row ? [row.last_import_at, row.days_imported_through, row.weeks_imported_through].join(":") : "",
  };
}

/** The sites with a connection: all of a workspace's, or every usable one (active, with a property). */
export async function connectedSites(db: DB, which: { workspaceId: string } | { usable: true }): Promise<string[]> {
  let query = db.selectFrom("search_console_connections").select("site_id");
  query =
    "workspaceId" in which
      ? query.where("workspace_id", "=", which.workspaceId)
      : query.where("status", "=", "active").where("property", "is not", null);
  return (await query.execute()).map((r) => r.site_id);
}
