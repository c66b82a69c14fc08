import type { DB } from "#app/db/client.server";
import { decryptSecret, encryptSecret } from "#app/utils/crypto.server";
import { createSearchConsoleApi, googleTokenUrl } from "./client.server";
import { updateConnection } from "./store.server";
import type { SearchConsoleApi } from "./types";

type ConnectionTokens = { site_id: string; refresh_token: string; access_token: string | null; access_token_expires_at: string | null };

/**
 * The Search Console client of a site's connection: its tokens unsealed (bound to `search-console:<site>:refresh`
 * and `:access`), and every access token Google refreshes sealed and stored back on the connection. Throws when
 * the stored tokens cannot be unsealed (another ENCRYPTION_KEY, a copied row).
 */
export function searchConsoleApiFor(db: DB, connection: ConnectionTokens): SearchConsoleApi {
  const aad = (kind: string) => ({ aad: `search-console:${connection.site_id}:${kind}` });
  return createSearchConsoleApi({
    tokens: {
      refreshToken: decryptSecret(connection.refresh_token, aad("refresh")),
      accessToken: connection.access_token ? decryptSecret(connection.access_token, aad("access")) : null,
      expiresAt: connection.access_token_expires_at,
    },
    tokenUrl: googleTokenUrl(),
    onTokens: (t) =>
      updateConnection(db, connection.site_id, {
        access_token: encryptSecret(t.accessToken, aad("access")),
        access_token_expires_at: t.expiresAt,
      }),
  });
}
