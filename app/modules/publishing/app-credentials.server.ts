import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { openStoredSecret, upsertConfig } from "#app/modules/settings/app-config.server";
import type { AppProvider } from "./app-providers";

export { APP_PROVIDER_INFO, APP_PROVIDERS, type AppProvider } from "./app-providers";

/**
 * The client credentials of Inkpilot's own apps on the OAuth platforms
 * (WordPress.com, Shopify, Wix): from environment variables, or saved by an
 * operator on /dashboard/admin/integration-settings into app_config.
 *
 * Which wins: the environment, whenever its client id variable is set (the
 * secret is then read from the environment too, never mixed with the database).
 * Deployment configuration is explicit and reviewed; a value saved in the
 * database cannot silently override it. The settings page says which source is
 * in force, and saved values wait there until the variables are removed.
 *
 * Stored as app_config rows: `app_credentials.<provider>.client_id` (plain) and
 * `.client_secret` / `.previous_client_secret` (is_secret = 1, AES-256-GCM
 * bound to the key, so a sealed value copied to another key does not open).
 */

type CredentialSource = "env" | "db" | "none";
export type AppCredentials = { clientId: string | null; clientSecret: string | null; source: CredentialSource };

export function configKey(provider: AppProvider, field: "client_id" | "client_secret" | "previous_client_secret") {
  return `app_credentials.${provider}.${field}`;
}

function envValues(provider: AppProvider) {
  const env = getEnv();
  const values: Record<AppProvider, { id: string | undefined; secret: string | undefined; previous?: string | undefined }> = {
    wordpress_com: { id: env.WORDPRESS_COM_CLIENT_ID, secret: env.WORDPRESS_COM_CLIENT_SECRET },
    shopify: { id: env.SHOPIFY_CLIENT_ID, secret: env.SHOPIFY_CLIENT_SECRET, previous: env.SHOPIFY_PREVIOUS_CLIENT_SECRET },
    wix: { id: env.WIX_APP_ID, secret: env.WIX_APP_SECRET },
  };
  return values[provider];
}

/** The app_config rows of a provider, secrets still sealed. */
export async function storedAppConfig(db: DB, provider: AppProvider) {
  const rows = await db
    .selectFrom("app_config")
    .select(["key", "value", "updated_by", "updated_at"])
    .where("key", "in", [
      configKey(provider, "client_id"),
      configKey(provider, "client_secret"),
      configKey(provider, "previous_client_secret"),
    ])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    clientId: byKey.get(configKey(provider, "client_id")) ?? null,
    clientSecret: byKey.get(configKey(provider, "client_secret")) ?? null,
    previousClientSecret: byKey.get(configKey(provider, "previous_client_secret")) ?? null,
  };
}

const openStored = openStoredSecret;

/**
 * THE reader of app credentials: the environment's when its client id variable
 * is set, else the operator's saved values, else nothing (source "none").
 */
export async function appCredentials(db: DB, provider: AppProvider): Promise<AppCredentials> {
  const env = envValues(provider);
  if (env.id) return { clientId: env.id, clientSecret: env.secret ?? null, source: "env" };
  const stored = await storedAppConfig(db, provider);
  const clientId = stored.clientId?.value || null;
  const clientSecret = openStored(configKey(provider, "client_secret"), stored.clientSecret);
  if (!clientId && !clientSecret) return { clientId: null, clientSecret: null, source: "none" };
  return { clientId, clientSecret, source: "db" };
}

/** Every secret a signature from the platform may be made with: the current one and, after a rotation, the previous one. */
export async function appVerificationSecrets(db: DB, provider: AppProvider): Promise<string[]> {
  const current = await appCredentials(db, provider);
  let previous: string | null | undefined;
  if (current.source === "env") previous = envValues(provider).previous;
  else if (current.source === "db") {
    const stored = await storedAppConfig(db, provider);
    previous = openStored(configKey(provider, "previous_client_secret"), stored.previousClientSecret);
  }
  return [current.clientSecret, previous].filter((s): s is string => Boolean(s));
}

/**
 * Saves a provider's client id and, when given, a new secret (a blank secret
 * keeps the stored one). The replaced secret is kept as the previous one so
 * signatures made before the rotation still verify. Returns what changed,
 * never a secret. Runs inside the caller's transaction.
 */
export async function saveAppCredentials(
  db: DB,
  provider: AppProvider,
  input: { clientId: string; clientSecret: string | null },
  actorId: string,
) {
  const stored = await storedAppConfig(db, provider);
  const upsert = (key: string, value: string, secret: boolean) => upsertConfig(db, key, value, { secret, actorId });
  const clientIdChanged = (stored.clientId?.value ?? "") !== input.clientId;
  if (clientIdChanged) await upsert(configKey(provider, "client_id"), input.clientId, false);
  let secretChanged = false;
  if (input.clientSecret) {
    const secretKey = configKey(provider, "client_secret");
    const old = openStored(secretKey, stored.clientSecret);
    secretChanged = old !== input.clientSecret;
    if (secretChanged) {
      if (old) {
        const previousKey = configKey(provider, "previous_client_secret");
        await upsert(previousKey, old, true);
      }
      await upsert(secretKey, input.clientSecret, true);
    }
  }
  return { clientIdChanged, secretChanged };
}
