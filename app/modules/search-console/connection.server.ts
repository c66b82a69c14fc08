import crypto from "node:crypto";
import { inTransaction, type DB } from "#app/db/client.server";
import type { Database } from "#app/db/schema";
import { recordAudit } from "#app/modules/audit/audit.server";
import { googleEndpoints } from "#app/modules/auth/google-discovery.server";
import { consumeNamedLimit } from "#app/modules/auth/rate-limit.server";
import { consumeOAuthState, createOAuthState } from "#app/modules/auth/oauth-states.server";
import type { Actor } from "#app/modules/workspaces/sites.server";
import { decryptSecret, encryptSecret } from "#app/utils/crypto.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { blogAddressOf } from "#app/modules/hosted-blog/address.server";
import { blogUrl } from "#app/modules/hosted-blog/urls";
import { createSearchConsoleApi } from "./client.server";
import {
  consentUrl,
  exchangeCode,
  GoogleOAuthError,
  pkcePair,
  revokeToken,
  SEARCH_CONSOLE_READ_SCOPE,
  SEARCH_CONSOLE_WRITE_SCOPE,
} from "./google-oauth.server";
import { connectionForgotten } from "./hooks.server";
import { matchProperty, readableProperties, siteDomain } from "./property-match";
import type { SearchConsoleApi } from "./types";
import type { ExpressionBuilder } from "kysely";

/**
 * A site's Google Search Console connection (docs/decisions/060-search-results.md): connect through Google's
 * consent (state single use and bound to the user and site, PKCE), the tokens sealed at rest with encryptSecret,
 * the property matched to the site or picked by the customer, and disconnect, which revokes at Google and deletes
 * the site's stored search figures. searchConsoleFor hands the import and the indexing parts a ready client.
 */

const PROVIDER = "google_search_console";
const CONNECT_LIMIT = { points: 10, duration: 15 * 60 };

/** A refused or failed step; `message` is for the customer, with a reference when something was logged. */
export class SearchConsoleConnectError extends Error {
  override name = "SearchConsoleConnectError";
  constructor(
    message: string,
    readonly correlationId: string | null = null,
    /** The HTTP status of a refused form. */
    readonly status = 422,
  ) {
    super(message);
  }
}

const correlation = () => crypto.randomBytes(4).toString("hex");
const aad = (siteId: string, kind: "refresh" | "access") => ({ aad: `search-console:${siteId}:${kind}` });

/**
 * The address the property must cover: the hosted blog's own domain once it serves there (its posts are what the
 * results map), else the site's own address, else the blog's /b/ address here.
 */
async function siteAddress(db: DB, siteId: string) {
  const [site, blog] = await Promise.all([
    db.selectFrom("sites").select("url").where("id", "=", siteId).executeTakeFirst(),
    blogAddressOf(db, siteId),
  ]);
  if (blog && !blog.basePath) return blogUrl(blog);
  if (site?.url) return site.url;
  return blog ? `${blogUrl(blog)}/` : null;
}

/** Google's consent page for this site, with a fresh single-use state; rate-limited per user. */
export async function startSearchConsoleConnect(
  db: DB,
  input: { siteId: string; userId: string; sitemap: boolean; chooseAccount?: boolean },
) {
  if (!(await consumeNamedLimit("search-console-connect", CONNECT_LIMIT, input.userId))) {
    throw new SearchConsoleConnectError("Too many connection attempts. Please wait a few minutes and try again.", null, 429);
  }
  const { verifier, challenge } = pkcePair();
  const { state } = await createOAuthState(db, {
    provider: PROVIDER,
    siteId: input.siteId,
    payload: { userId: input.userId, verifier, sitemap: input.sitemap },
  });
  try {
    return await consentUrl({ state, challenge, sitemap: input.sitemap, chooseAccount: input.chooseAccount ?? false });
  } catch (error) {
    if (error instanceof GoogleOAuthError) throw new SearchConsoleConnectError(error.message);
    throw error;
  }
}

type Row = { site_id: string; refresh_token: string; access_token: string | null; access_token_expires_at: string | null };

function clientFor(db: DB, row: Row, tokenUrl: string): SearchConsoleApi {
  return createSearchConsoleApi({
    tokenUrl,
    tokens: {
      refreshToken: decryptSecret(row.refresh_token, aad(row.site_id, "refresh")),
      accessToken: row.access_token ? decryptSecret(row.access_token, aad(row.site_id, "access")) : null,
      expiresAt: row.access_token_expires_at,
    },
    // Every refreshed access token is stored sealed, so the next run does not refresh again.
    onTokens: async (tokens) => {
      await db
        .updateTable("search_console_connections")
        .set({
          access_token: encryptSecret(tokens.accessToken, aad(row.site_id, "access")),
          access_token_expires_at: tokens.expiresAt,
          ...(tokens.refreshToken ? { refresh_token: encryptSecret(tokens.refreshToken, aad(row.site_id, "refresh")) } : {}),
          updated_at: isoNow(),
        })
        .where("site_id", "=", row.site_id)
        .execute();
    },
  });
}

/** Sets the property; another property than before starts its import from scratch. */
async function setProperty(db: DB, siteId: string, property: string | null) {
  const changed = (eb: ExpressionBuilder<Database, "search_console_connections">) =>
    property === null ? eb("property", "is not", null) : eb.or([eb("property", "is", null), eb("property", "!=", property)]);
  await db
    .updateTable("search_console_connections")
    .set({ days_imported_through: null, weeks_imported_through: null })
    .where("site_id", "=", siteId)
    .where(changed)
    .execute();
  return db
    .updateTable("search_console_connections")
    .set({ property, updated_at: isoNow() })
    .where("site_id", "=", siteId)
    .returning("workspace_id")
    .executeTakeFirstOrThrow();
}

/**
 * Another connection, besides the given sites', still holding a grant of this Google account (Google revokes an
 * account's whole grant at once).
 */
export async function grantShared(db: DB, googleEmail: string, siteIds: string | string[]) {
  const other = await db
    .selectFrom("search_console_connections")
    .select("site_id")
    .where("google_email", "=", googleEmail)
    .where("site_id", "not in", typeof siteIds === "string" ? [siteIds] : siteIds)
    .executeTakeFirst();
  return Boolean(other);
}

/** Revokes a connection's grant at Google (RFC 7009); throws GoogleOAuthError when Google did not confirm. */
export async function revokeGrantOf(row: { site_id: string; refresh_token: string }, correlationId: string) {
  await revokeToken(decryptSecret(row.refresh_token, aad(row.site_id, "refresh")), correlationId);
}

/** Deletes every row a site's connection produced: figures and the connection here, findings and indexing's records through the hooks. */
async function forgetConnection(trx: DB, siteId: string) {
  const pages = trx.selectFrom("search_pages").select("id").where("site_id", "=", siteId);
  const queries = trx.selectFrom("search_queries").select("id").where("site_id", "=", siteId);
  await trx.deleteFrom("search_page_query_weeks").where("page_id", "in", pages).execute();
  await trx.deleteFrom("search_page_days").where("page_id", "in", pages).execute();
  await trx.deleteFrom("search_query_weeks").where("query_id", "in", queries).execute();
  await trx.deleteFrom("search_site_days").where("site_id", "=", siteId).execute();
  await trx.deleteFrom("search_pages").where("site_id", "=", siteId).execute();
  await trx.deleteFrom("search_queries").where("site_id", "=", siteId).execute();
  await trx.deleteFrom("search_console_connections").where("site_id", "=", siteId).execute();
  await connectionForgotten(trx, siteId);
}

async function connectionRow(db: DB, siteId: string) {
  return db.selectFrom("search_console_connections").selectAll().where("site_id", "=", siteId).executeTakeFirst();
}

export type SearchConsoleAccess = { api: SearchConsoleApi; property: string; scopes: string[] };

/** Tests' stand-in of Google's API for every site (null: the real client, built from the stored connection). */
let standIn: ((siteId: string) => SearchConsoleApi) | null = null;
export function useSearchConsoleStandIn(factory: ((siteId: string) => SearchConsoleApi) | null) {
  standIn = factory;
}

/**
 * The one way to Google on a site's behalf: its Search Console client, property and granted scopes; null when not
 * connected, no property yet, or to reconnect. The import, URL inspection and sitemap submission all ask here.
 */
export async function searchConsoleFor(db: DB, siteId: string): Promise<SearchConsoleAccess | null> {
  const row = await connectionRow(db, siteId);
  if (!row?.property || row.status !== "active") return null;
  const scopes = row.scopes.split(/\s+/).filter(Boolean);
  if (standIn) return { api: standIn(siteId), property: row.property, scopes };
  const { tokenEndpoint } = await googleEndpoints();
  return { api: clientFor(db, row, tokenEndpoint), property: row.property, scopes };
}

export type ConnectOutcome = { property: string | null; sitemapRefused: boolean };

/**
 * Google's callback: the state (single use, this user and site), the customer's own refusal, the code for tokens,
 * the scopes granted, then the connection stored sealed and the property matched when exactly one fits.
 */
export async function completeSearchConsoleConnect(
  db: DB,
  query: URLSearchParams,
  expected: { siteId: string; userId: string; ip: string | null },
): Promise<ConnectOutcome> {
  const correlationId = correlation();
  const log = logger.child({ area: "search-console", correlationId, siteId: expected.siteId });
  const state = await consumeOAuthState(db, query.get("state") ?? "", PROVIDER);
  if (!state) throw new SearchConsoleConnectError("This connection attempt expired or was already used. Start connecting again.");
  if (state.siteId !== expected.siteId || state.payload.userId !== expected.userId) {
    throw new SearchConsoleConnectError("This connection was started by another account or for another site. Start connecting again.");
  }
  const error = query.get("error");
  if (error) {
    throw new SearchConsoleConnectError(
      error === "access_denied"
        ? "You declined Google's request, so nothing was connected. Connect again and allow access to see your search results."
        : "Google did not let Inkpilot connect. Start connecting again.",
    );
  }
  let grant;
  try {
    grant = await exchangeCode(query.get("code") ?? "", String(state.payload.verifier ?? ""), correlationId);
  } catch (caught) {
    if (!(caught instanceof GoogleOAuthError)) throw caught;
    log.warn({ detail: caught.detail }, "search console: code exchange failed");
    throw new SearchConsoleConnectError(caught.message, correlationId);
  }
  const readable = grant.scopes.includes(SEARCH_CONSOLE_READ_SCOPE) || grant.scopes.includes(SEARCH_CONSOLE_WRITE_SCOPE);
  if (!readable) {
    // Revoking ends the account's whole grant: not while another site is connected through it.
    if (!(await grantShared(db, grant.email, expected.siteId))) {
      await revokeToken(grant.refreshToken, correlationId).catch((caught: unknown) =>
        log.warn({ err: caught }, "search console: revoking an unusable grant failed"),
      );
    }
    throw new SearchConsoleConnectError(
      "Google did not give Inkpilot access to Search Console (the permission was left unticked). Connect again and allow it.",
    );
  }
  const now = isoNow();
  const siteId = expected.siteId;
  const previous = await connectionRow(db, siteId);
  // What this site's customer asked for: include_granted_scopes may bring the sitemap scope another site's consent granted.
  const asked = state.payload.sitemap === true ? [SEARCH_CONSOLE_READ_SCOPE, SEARCH_CONSOLE_WRITE_SCOPE] : [SEARCH_CONSOLE_READ_SCOPE];
  const kept = grant.scopes.filter((s) => asked.includes(s));
  const scopes = (kept.length ? kept : [SEARCH_CONSOLE_WRITE_SCOPE]).join(" ");
  await inTransaction(db, async (trx) => {
    const site = await trx.selectFrom("sites").select("workspace_id").where("id", "=", siteId).executeTakeFirstOrThrow();
    const sealed = {
      google_email: grant.email,
      scopes,
      refresh_token: encryptSecret(grant.refreshToken, aad(siteId, "refresh")),
      access_token: encryptSecret(grant.accessToken, aad(siteId, "access")),
      access_token_expires_at: grant.expiresAt,
      status: "active" as const,
      last_error: null,
      last_error_at: null,
      connected_by: expected.userId,
      updated_at: now,
    };
    await trx
      .insertInto("search_console_connections")
      .values({ site_id: siteId, workspace_id: site.workspace_id, property: null, created_at: now, ...sealed })
      .onConflict((oc) => oc.column("site_id").doUpdateSet(sealed))
      .execute();
    await recordAudit(trx, {
      actorId: expected.userId,
      workspaceId: site.workspace_id,
      action: "search_console.connect",
      target: `site:${siteId}`,
      detail: { googleEmail: grant.email, scopes },
      ip: expected.ip,
    });
  });
  // Connected again with another Google account: the old account's grant goes, unless another site still uses it.
  if (previous && previous.google_email !== grant.email && !(await grantShared(db, previous.google_email, siteId))) {
    await revokeToken(decryptSecret(previous.refresh_token, aad(siteId, "refresh")), correlationId).catch((caught: unknown) =>
      log.warn({ err: caught }, "search console: revoking the previous account's grant failed"),
    );
  }
  const sitemapRefused = state.payload.sitemap === true && !grant.scopes.includes(SEARCH_CONSOLE_WRITE_SCOPE);
  const row = await connectionRow(db, siteId);
  const address = await siteAddress(db, siteId);
  let property: string | null = row?.property ?? null;
  try {
    const { tokenEndpoint } = await googleEndpoints();
    const properties = await clientFor(db, row!, tokenEndpoint).listProperties({ correlationId });
    const match = address ? matchProperty(address, properties) : null;
    // The same account connected again keeps its property when the account still reads it.
    if (property && !readableProperties(properties).includes(property)) property = null;
    if (!property && match?.kind === "one") property = match.property;
  } catch (caught) {
    log.warn({ err: caught }, "search console: listing properties failed");
    property = null;
  }
  await setProperty(db, siteId, property);
  return { property, sitemapRefused };
}

export type PropertyChoices = {
  properties: string[];
  /** The site's domain, to say which one no property matched. */
  domain: string | null;
  /** Whether any property covers the site's address. */
  anyMatch: boolean;
  error: string | null;
};

/** Said to a member who did not connect the site's Google account: the grant is that person's, not the workspace's. */
export const NOT_YOUR_GRANT =
  "Only the person who connected this Google account can choose its property. To use another property, connect Search Console again with your own Google account.";

/**
 * The properties the connected account reads, for the picker (only for the member who connected it: decision 065);
 * the site's domain to name the mismatch.
 */
export async function propertyChoices(db: DB, siteId: string, userId: string): Promise<PropertyChoices> {
  const row = await connectionRow(db, siteId);
  const address = await siteAddress(db, siteId);
  const domain = address ? siteDomain(address) : null;
  if (!row) return { properties: [], domain, anyMatch: false, error: null };
  if (row.connected_by !== userId) return { properties: [], domain, anyMatch: false, error: NOT_YOUR_GRANT };
  try {
    const { tokenEndpoint } = await googleEndpoints();
    const listed = await clientFor(db, row, tokenEndpoint).listProperties();
    const anyMatch = address ? matchProperty(address, listed).kind !== "none" : false;
    return { properties: readableProperties(listed), domain, anyMatch, error: null };
  } catch (caught) {
    const correlationId = correlation();
    logger.warn({ err: caught, area: "search-console", correlationId, siteId }, "search console: listing properties failed");
    return {
      properties: [],
      domain,
      anyMatch: false,
      error: `Google did not list this account's properties (reference ${correlationId}).`,
    };
  }
}

/** The pick of the member who connected, among the properties the account reads (checked again with Google). */
export async function chooseProperty(db: DB, siteId: string, property: string, actor: Actor) {
  const row = await connectionRow(db, siteId);
  if (row && row.connected_by !== actor.userId) throw new SearchConsoleConnectError(NOT_YOUR_GRANT, null, 403);
  const { properties } = await propertyChoices(db, siteId, actor.userId);
  if (!properties.includes(property)) {
    throw new SearchConsoleConnectError("That property is not one this Google account can read. Pick one from the list.");
  }
  await inTransaction(db, async (trx) => {
    const row = await setProperty(trx, siteId, property);
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: row.workspace_id,
      action: "search_console.property",
      target: `site:${siteId}`,
      detail: { property },
      ip: actor.ip,
    });
  });
}

export type DisconnectOutcome = { revoked: "yes" | "shared" | "failed"; correlationId: string };

/**
 * Revokes the grant at Google, then deletes the connection and every row it produced (forgetConnection). Google ends
 * the whole grant of an account, so a grant another connected site still uses is left alone. A failed revoke still
 * disconnects here and is logged with its reference.
 */
export async function disconnectSearchConsole(db: DB, siteId: string, actor: Actor): Promise<DisconnectOutcome | null> {
  const row = await connectionRow(db, siteId);
  if (!row) return null;
  const correlationId = correlation();
  const shared = await grantShared(db, row.google_email, siteId);
  let revoked: DisconnectOutcome["revoked"] = shared ? "shared" : "yes";
  if (!shared) {
    try {
      await revokeGrantOf(row, correlationId);
    } catch (caught) {
      revoked = "failed";
      logger.error(
        { err: caught, area: "search-console", correlationId, siteId, detail: caught instanceof GoogleOAuthError ? caught.detail : "" },
        "search console: revoking at Google failed; disconnected here anyway",
      );
    }
  }
  await inTransaction(db, async (trx) => {
    await forgetConnection(trx, siteId);
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: row.workspace_id,
      action: "search_console.disconnect",
      target: `site:${siteId}`,
      detail: { googleEmail: row.google_email, property: row.property, revoked, correlationId },
      ip: actor.ip,
    });
  });
  return { revoked, correlationId };
}
