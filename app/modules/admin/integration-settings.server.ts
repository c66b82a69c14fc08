import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import {
  APP_PROVIDER_INFO,
  APP_PROVIDERS,
  appCredentials,
  saveAppCredentials,
  storedAppConfig,
  type AppProvider,
} from "#app/modules/publishing/app-credentials.server";
import { SETTINGS_MESSAGES } from "./diagnostics-copy";

/**
 * The operators' integration settings page (docs/product.md "Integration settings
 * page"): the client credentials of Inkpilot's WordPress.com, Shopify and Wix
 * apps. Nothing secret leaves this module: the view says whether a secret is
 * set, never what it is, and the audit trail records that a secret changed,
 * never its value.
 */

function redirectUriOf(provider: AppProvider) {
  return `${getEnv().appUrl}${APP_PROVIDER_INFO[provider].callbackPath}`;
}

/** The spec's "WordPress config" shape, per provider, plus which source is in force. */
export async function integrationSettingsView(db: DB) {
  const providers = [];
  for (const provider of APP_PROVIDERS) {
    const info = APP_PROVIDER_INFO[provider];
    const [inForce, stored] = await Promise.all([appCredentials(db, provider), storedAppConfig(db, provider)]);
    const rows = [stored.clientId, stored.clientSecret].filter((r) => r !== null);
    const latest = rows.sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0] ?? null;
    const updater = latest?.updated_by
      ? await db.selectFrom("users").select(["id", "email"]).where("id", "=", latest.updated_by).executeTakeFirst()
      : undefined;
    providers.push({
      provider,
      name: info.name,
      source: inForce.source,
      envVars: { clientId: info.idEnv, clientSecret: info.secretEnv },
      /** The client id in force (a public value: it travels in every authorize URL). */
      clientId: inForce.clientId,
      /** What the form shows: the saved client id, which the environment may be overriding. */
      savedClientId: stored.clientId?.value ?? "",
      hasClientId: Boolean(inForce.clientId),
      hasClientSecret: Boolean(inForce.clientSecret),
      savedHasClientSecret: Boolean(stored.clientSecret?.value),
      redirectUri: redirectUriOf(provider),
      updatedAt: latest?.updated_at ?? null,
      updatedByUserId: latest?.updated_by ?? null,
      updatedByEmail: updater?.email ?? null,
    });
  }
  return providers;
}

export type IntegrationSettingsView = Awaited<ReturnType<typeof integrationSettingsView>>;

/** Saves one provider's credentials and audits what changed, in one transaction. */
export async function updateIntegrationSettings(
  db: DB,
  provider: AppProvider,
  input: { clientId: string; clientSecret: string | null },
  actor: { userId: string; ip: string | null },
) {
  return inTransaction(db, async (trx) => {
    const changed = await saveAppCredentials(trx, provider, input, actor.userId);
    if (changed.clientIdChanged || changed.secretChanged) {
      await recordAudit(trx, {
        actorId: actor.userId,
        action: "app_credentials.update",
        target: `app_credentials:${provider}`,
        // The client id is public; the secret is only ever said to have changed.
        detail: { provider, clientId: input.clientId, clientIdChanged: changed.clientIdChanged, secretChanged: changed.secretChanged },
        ip: actor.ip,
      });
    }
    return changed;
  });
}

type CredentialCheck = { label: string; ok: boolean; detail: string };
export type CredentialTestResult = { ok: boolean; title: string; description: string; checks: CredentialCheck[]; source: string };

const PRINTABLE = /^[\x21-\x7e]+$/;
/** Tokens a merchant or user holds: pasted by mistake where the app's secret belongs. */
const TOKEN_PREFIXES = ["shpat_", "shpca_", "shppa_", "shpua_", "Bearer "];

/**
 * Test Connection. None of these platforms can check an app's client id and
 * secret without a user or a store going through the install, so "valid" here
 * means what can honestly be known: both values are present, look like app
 * credentials (no spaces, sensible lengths, not a store's access token, not the
 * id repeated), and the redirect URI the platform must list is usable (HTTPS
 * unless on this machine). The page says so; the first real install proves the rest.
 */
export async function testIntegrationSettings(db: DB, provider: AppProvider): Promise<CredentialTestResult> {
  const info = APP_PROVIDER_INFO[provider];
  const credentials = await appCredentials(db, provider);
  const sourceLabel =
    credentials.source === "env" ? "environment variables" : credentials.source === "db" ? "saved configuration" : "nothing";
  if (!credentials.clientId || !credentials.clientSecret) {
    return {
      ok: false,
      title: SETTINGS_MESSAGES.testFailed,
      description: SETTINGS_MESSAGES.incomplete,
      checks: [
        { label: "Client ID present", ok: Boolean(credentials.clientId), detail: credentials.clientId ? "Set" : "Missing" },
        { label: "Client Secret present", ok: Boolean(credentials.clientSecret), detail: credentials.clientSecret ? "Set" : "Missing" },
      ],
      source: sourceLabel,
    };
  }
  const { clientId, clientSecret } = credentials;
  const redirectUri = redirectUriOf(provider);
  const redirect = new URL(redirectUri);
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(redirect.hostname);
  const checks: CredentialCheck[] = [
    { label: "Client ID present", ok: true, detail: "Set" },
    { label: "Client Secret present", ok: true, detail: "Set" },
    {
      label: "Client ID well-formed",
      ok: PRINTABLE.test(clientId) && clientId.length >= 4 && clientId.length <= 200,
      detail: "4 to 200 characters, no spaces",
    },
    {
      label: "Client Secret well-formed",
      ok: PRINTABLE.test(clientSecret) && clientSecret.length >= 16 && clientSecret.length <= 500 && clientSecret !== clientId,
      detail: "16 to 500 characters, no spaces, not the Client ID again",
    },
    {
      label: "Client Secret is the app's secret, not an access token",
      ok: !TOKEN_PREFIXES.some((p) => clientSecret.startsWith(p)),
      detail: "A store's or user's access token cannot sign an OAuth exchange",
    },
    {
      label: "Redirect URI usable",
      ok: redirect.protocol === "https:" || local,
      detail: `${redirectUri} must use HTTPS (except on this machine) and be listed in the ${info.name} app's settings`,
    },
  ];
  const failed = checks.filter((c) => !c.ok);
  if (failed.length) {
    return {
      ok: false,
      title: SETTINGS_MESSAGES.testFailed,
      description: failed.map((c) => `${c.label}: ${c.detail}.`).join(" "),
      checks,
      source: sourceLabel,
    };
  }
  return {
    ok: true,
    title: SETTINGS_MESSAGES.valid(info.name),
    description: `Checked the ${sourceLabel}: both values present and well-formed, redirect URI usable. ${info.name} itself only confirms the credentials during a real install.`,
    checks,
    source: sourceLabel,
  };
}
