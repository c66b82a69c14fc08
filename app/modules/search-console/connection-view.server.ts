import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { formatDateTime } from "#app/utils/time";
import { SEARCH_CONSOLE_WRITE_SCOPE } from "./google-oauth.server";
import { propertyLabel } from "./property-match";

/**
 * What people see of Search Console connections: the site's card in Settings → Integrations, and the operators'
 * health list. Only the account, property, status, times and errors in words: never a token.
 */

const STATUS_WORDS = { active: "Connected", needs_reconnect: "Needs reconnecting" } as const;

/** The site's Search Console card: null connection when not connected; times in the site's zone. */
export async function searchConsoleCard(db: DB, siteId: string, timeZone: string) {
  const row = await db
    .selectFrom("search_console_connections")
    .select(["google_email", "property", "scopes", "status", "last_import_at", "last_error", "last_error_at"])
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  return {
    configured: getEnv().googleEnabled,
    connection: row
      ? {
          email: row.google_email,
          property: row.property,
          propertyText: row.property ? propertyLabel(row.property) : null,
          status: row.status,
          statusText: STATUS_WORDS[row.status],
          sitemapAllowed: row.scopes.split(" ").includes(SEARCH_CONSOLE_WRITE_SCOPE),
          lastImportText: row.last_import_at ? formatDateTime(row.last_import_at, timeZone) : null,
          lastError: row.last_error,
          lastErrorText: row.last_error_at ? formatDateTime(row.last_error_at, timeZone) : null,
        }
      : null,
  };
}

/** The operators' view: connections by status, and each connection (failing ones only when asked), never tokens. */
export async function searchConsoleHealth(db: DB, { failingOnly }: { failingOnly: boolean }) {
  const counts = await db
    .selectFrom("search_console_connections")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("status", "=", "active").then(1).else(0).end()).as("active"),
      eb.fn.sum<number>(eb.case().when("status", "=", "needs_reconnect").then(1).else(0).end()).as("needsReconnect"),
      eb.fn.sum<number>(eb.case().when("property", "is", null).then(1).else(0).end()).as("noProperty"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.or([eb("status", "!=", "active"), eb("last_error", "is not", null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("failing"),
    ])
    .executeTakeFirstOrThrow();
  let query = db
    .selectFrom("search_console_connections as c")
    .innerJoin("sites as s", "s.id", "c.site_id")
    .select([
      "c.site_id as siteId",
      "s.name as siteName",
      "c.property",
      "c.status",
      "c.last_import_at as lastImportAt",
      "c.last_error as lastError",
      "c.last_error_at as lastErrorAt",
    ])
    .orderBy("c.last_error_at", "desc")
    .orderBy("s.name")
    .limit(200);
  if (failingOnly) query = query.where((eb) => eb.or([eb("c.status", "!=", "active"), eb("c.last_error", "is not", null)]));
  return {
    counts: {
      total: Number(counts.total),
      active: Number(counts.active ?? 0),
      needsReconnect: Number(counts.needsReconnect ?? 0),
      noProperty: Number(counts.noProperty ?? 0),
      failing: Number(counts.failing ?? 0),
    },
    rows: (await query.execute()).map((r) => ({ ...r, statusText: STATUS_WORDS[r.status] })),
  };
}
