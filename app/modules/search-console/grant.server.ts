import crypto from "node:crypto";
import { type DB, inTransaction } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { searchConsoleReleasedMail } from "#app/modules/email/templates/search-console.server";
import type { MemberLeaving, SitesLeaving } from "#app/modules/workspaces/departure-hooks.server";
import { workspaceOwners } from "#app/modules/workspaces/owners.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { grantShared, revokeGrantOf } from "./connection.server";

/**
 * A Search Console grant is the Google account of the member who connected it, not the workspace's
 * (docs/decisions/065-search-console-grant-bound-to-its-member.md): when that member leaves, or the sites go, the
 * grant is revoked at Google, unless another site still uses the same Google account (Google ends an account's
 * whole grant at once); then the connection here stops and waits for someone to reconnect. Audited; the owners
 * are mailed when a member's leaving stops their site's connection.
 */

type Connection = { site_id: string; workspace_id: string; google_email: string; refresh_token: string; property: string | null };
type Revoked = "yes" | "shared" | "failed";

/** Revokes each Google account's grant once, unless a connection outside `leaving` still uses it. */
async function revokeUnshared(db: DB, rows: Connection[], leaving: string[], correlationId: string) {
  const outcome = new Map<string, Revoked>();
  for (const row of rows) {
    if (outcome.has(row.google_email)) continue;
    if (await grantShared(db, row.google_email, leaving)) {
      outcome.set(row.google_email, "shared");
      continue;
    }
    try {
      await revokeGrantOf(row, correlationId);
      outcome.set(row.google_email, "yes");
    } catch (caught) {
      outcome.set(row.google_email, "failed");
      logger.warn({ err: caught, area: "search-console", correlationId, siteId: row.site_id }, "search console: revoking a grant failed");
    }
  }
  return outcome;
}

const connectionsOf = (db: DB) =>
  db.selectFrom("search_console_connections").select(["site_id", "workspace_id", "google_email", "refresh_token", "property"]);

/** Before sites are deleted (one site, or workspaces with theirs): their grants are revoked first. */
export async function revokeGrantsOfSites(db: DB, change: SitesLeaving) {
  const rows = await connectionsOf(db).where("site_id", "in", change.siteIds).execute();
  if (!rows.length) return;
  const correlationId = crypto.randomBytes(4).toString("hex");
  const outcome = await revokeUnshared(db, rows, change.siteIds, correlationId);
  await inTransaction(db, async (trx) => {
    for (const row of rows) {
      await recordAudit(trx, {
        actorId: change.actor.userId,
        workspaceId: row.workspace_id,
        action: "search_console.revoke",
        target: `site:${row.site_id}`,
        detail: { reason: change.reason, googleEmail: row.google_email, revoked: outcome.get(row.google_email), correlationId },
        ip: change.actor.ip,
      });
    }
  });
}

/**
 * A member left workspaces (removed, or their account deleted): the connections they made there are revoked (or,
 * while another site shares the grant, stopped), marked 'needs reconnect' with the reason, and the owners told.
 */
export async function releaseGrantsOfMember(db: DB, change: MemberLeaving) {
  const rows = await connectionsOf(db).where("connected_by", "=", change.userId).where("workspace_id", "in", change.workspaceIds).execute();
  if (!rows.length) return;
  const member = await db.selectFrom("users").select("email").where("id", "=", change.userId).executeTakeFirst();
  const memberEmail = member?.email ?? "The member who connected it";
  const correlationId = crypto.randomBytes(4).toString("hex");
  const outcome = await revokeUnshared(
    db,
    rows,
    rows.map((r) => r.site_id),
    correlationId,
  );
  const now = isoNow();
  await inTransaction(db, async (trx) => {
    for (const row of rows) {
      await trx
        .updateTable("search_console_connections")
        .set({
          status: "needs_reconnect",
          connected_by: null,
          last_error: `${memberEmail}, who connected this Google account, is no longer a member; connect Search Console again with your own Google account.`,
          last_error_at: now,
          updated_at: now,
        })
        .where("site_id", "=", row.site_id)
        .execute();
      await recordAudit(trx, {
        actorId: change.actor.userId,
        workspaceId: row.workspace_id,
        action: "search_console.revoke",
        target: `site:${row.site_id}`,
        detail: {
          reason: change.reason,
          member: change.userId,
          googleEmail: row.google_email,
          revoked: outcome.get(row.google_email),
          correlationId,
        },
        ip: change.actor.ip,
      });
    }
  });
  for (const row of rows) await tellOwners(db, row, memberEmail, outcome.get(row.google_email) === "yes");
}

async function tellOwners(db: DB, row: Connection, memberEmail: string, revoked: boolean) {
  const site = await db.selectFrom("sites").select("name").where("id", "=", row.site_id).executeTakeFirst();
  const settingsUrl = `${getEnv().appUrl}/dashboard/settings?tab=integrations#search-console`;
  for (const owner of await workspaceOwners(db, row.workspace_id)) {
    await sendMail(db, {
      to: owner.email,
      tag: "search-console-released",
      ...searchConsoleReleasedMail({
        workspaceName: owner.workspaceName,
        siteName: site?.name ?? "your site",
        memberEmail,
        revoked,
        settingsUrl,
      }),
    });
  }
}
