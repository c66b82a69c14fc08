import type { DB } from "#app/db/client.server";
import { saveCredentials, type ConnectionForUse } from "./connections.server";
import { logDiag } from "./diagnostics.server";
import type { AdapterContext } from "./types";

/**
 * What an adapter is given for one call on a stored connection: its settings and opened credentials, a time
 * limit, the diagnostic log under one correlation id, and a way to store refreshed tokens at once (the context
 * then carries them, so a later request of the same call uses them). Publishing, the doctor, disconnecting and
 * the operators' test publish all build it here.
 */
export function adapterContext(
  db: DB,
  connection: ConnectionForUse,
  { correlationId, signal }: { correlationId: string; signal: AbortSignal },
): AdapterContext {
  return {
    connectionId: connection.id,
    siteId: connection.siteId,
    siteUrl: connection.siteUrl,
    config: connection.config,
    credentials: connection.credentials,
    correlationId,
    signal,
    async saveCredentials(credentials) {
      await saveCredentials(db, connection.id, credentials);
      this.credentials = credentials;
    },
    log: (level, stage, detail) =>
      logDiag(db, { siteId: connection.siteId, provider: connection.platform, level, stage, detail, correlationId }),
  };
}
