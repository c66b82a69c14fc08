import { ServerClient } from "postmark";
import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { deleteConfig, openStoredSecret, readConfigRows, upsertConfig } from "#app/modules/settings/app-config.server";

/**
 * The mail settings in force (docs/decisions/041-operator-email-settings.md):
 * what an operator saved on /dashboard/admin/email-settings wins, the
 * environment (POSTMARK_SERVER_TOKEN, MAIL_FROM) is the default. Mail is the
 * one setting an operator must be able to fix without a redeploy (a revoked
 * token, a new sender signature), so it is read from the database on every send.
 */

export const MAIL_CONFIG_KEYS = { token: "mail.postmark_server_token", from: "mail.from" } as const;

type SettingSource = "settings" | "environment" | "none";
export type MailSettings = { token: string | null; tokenSource: SettingSource; from: string; fromSource: SettingSource };

export async function getMailSettings(db: DB): Promise<MailSettings> {
  const env = getEnv();
  const rows = await readConfigRows(db, Object.values(MAIL_CONFIG_KEYS));
  const savedToken = openStoredSecret(MAIL_CONFIG_KEYS.token, rows.get(MAIL_CONFIG_KEYS.token));
  const savedFrom = rows.get(MAIL_CONFIG_KEYS.from)?.value || null;
  return {
    token: savedToken ?? env.POSTMARK_SERVER_TOKEN ?? null,
    tokenSource: savedToken ? "settings" : env.POSTMARK_SERVER_TOKEN ? "environment" : "none",
    from: savedFrom ?? env.MAIL_FROM,
    fromSource: savedFrom ? "settings" : "environment",
  };
}

/** A Postmark client for the token in force, on the configured API host. */
export function postmarkClientFor(token: string, timeoutMs: number) {
  const base = new URL(getEnv().POSTMARK_API_URL);
  return new ServerClient(token, { useHttps: base.protocol === "https:", requestHost: base.host, timeout: timeoutMs / 1000 });
}

/** What the settings page shows: never the token, only whether one is saved or in force and where from. */
export async function mailSettingsView(db: DB) {
  const settings = await getMailSettings(db);
  const rows = await readConfigRows(db, Object.values(MAIL_CONFIG_KEYS));
  const latest = [...rows.values()].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0] ?? null;
  const updater = latest?.updated_by
    ? await db.selectFrom("users").select("email").where("id", "=", latest.updated_by).executeTakeFirst()
    : undefined;
  const tokenRow = rows.get(MAIL_CONFIG_KEYS.token);
  return {
    configured: Boolean(settings.token),
    tokenSource: settings.tokenSource,
    savedHasToken: Boolean(tokenRow?.value),
    /** A saved token this server cannot open (another ENCRYPTION_KEY): it is not used. */
    savedTokenUnreadable: Boolean(tokenRow?.value) && settings.tokenSource !== "settings",
    from: settings.from,
    fromSource: settings.fromSource,
    savedFrom: rows.get(MAIL_CONFIG_KEYS.from)?.value ?? "",
    updatedAt: latest?.updated_at ?? null,
    updatedByEmail: updater?.email ?? null,
  };
}

/**
 * Saves the form: a blank token keeps the saved one, clearToken removes it (the
 * environment's applies again), a blank from address falls back to the
 * environment's. Audited in the same transaction, never with the token.
 */
export async function saveMailSettings(
  db: DB,
  input: { token: string | null; clearToken: boolean; from: string },
  actor: { userId: string; ip: string | null },
) {
  return inTransaction(db, async (trx) => {
    const rows = await readConfigRows(trx, Object.values(MAIL_CONFIG_KEYS));
    const oldToken = openStoredSecret(MAIL_CONFIG_KEYS.token, rows.get(MAIL_CONFIG_KEYS.token));
    let tokenChange: "set" | "cleared" | null = null;
    if (input.token && input.token !== oldToken) {
      await upsertConfig(trx, MAIL_CONFIG_KEYS.token, input.token, { secret: true, actorId: actor.userId });
      tokenChange = "set";
    } else if (!input.token && input.clearToken && rows.has(MAIL_CONFIG_KEYS.token)) {
      await deleteConfig(trx, MAIL_CONFIG_KEYS.token);
      tokenChange = "cleared";
    }
    const oldFrom = rows.get(MAIL_CONFIG_KEYS.from)?.value ?? "";
    const fromChanged = oldFrom !== input.from;
    if (fromChanged) {
      if (input.from) await upsertConfig(trx, MAIL_CONFIG_KEYS.from, input.from, { secret: false, actorId: actor.userId });
      else await deleteConfig(trx, MAIL_CONFIG_KEYS.from);
    }
    if (tokenChange || fromChanged) {
      await recordAudit(trx, {
        actorId: actor.userId,
        action: "mail_settings.update",
        target: "mail_settings",
        detail: { token: tokenChange ?? "unchanged", from: fromChanged ? input.from || "(environment)" : "unchanged" },
        ip: actor.ip,
      });
    }
    return { tokenChange, fromChanged };
  });
}
