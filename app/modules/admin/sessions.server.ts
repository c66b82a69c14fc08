import { inTransaction, type DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { endAllSessions } from "#app/modules/auth/session.server";
import { incrementConfigCounter } from "#app/modules/settings/app-config.server";
import { isoNow } from "#app/utils/time";

/**
 * The original sketch's global logout (app_settings.logout_version) made real: sessions
 * live in the database, so ending every session is one delete. The version is
 * still counted in app_config so the audit trail and the page can show it.
 */

const LOGOUT_VERSION_KEY = "logout_version";

export async function sessionOverview(db: DB) {
  const now = isoNow();
  const [active, config] = await Promise.all([
    db
      .selectFrom("sessions")
      .select((eb) => [eb.fn.countAll<number>().as("sessions"), eb.fn.count<number>("user_id").distinct().as("users")])
      .where("expires_at", ">", now)
      .executeTakeFirstOrThrow(),
    db.selectFrom("app_config").select(["value", "updated_at"]).where("key", "=", LOGOUT_VERSION_KEY).executeTakeFirst(),
  ]);
  return {
    activeSessions: active.sessions,
    signedInUsers: active.users,
    logoutVersion: config ? Number(config.value) : 0,
    lastEndedAt: config?.updated_at ?? null,
  };
}

/** Deletes every session (the operator's own included), bumps logout_version and audits it, atomically. */
export async function endEverySession(db: DB, actor: { userId: string; ip?: string | null }) {
  return inTransaction(db, async (trx) => {
    const ended = await endAllSessions(trx);
    const logoutVersion = await incrementConfigCounter(trx, LOGOUT_VERSION_KEY, actor.userId);
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "sessions.end_all",
      target: `${LOGOUT_VERSION_KEY}:${logoutVersion}`,
      detail: { endedSessions: ended, logoutVersion },
      ip: actor.ip ?? null,
    });
    return { ended, logoutVersion };
  });
}
