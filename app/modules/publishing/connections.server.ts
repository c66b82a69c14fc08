import { type Selectable, type Updateable } from "kysely";
import { inTransaction, type DB } from "#app/db/client.server";
import type { CmsConnectionsTable, ConnectionStatus } from "#app/db/schema";
import { decryptSecret, encryptSecret, newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import type { ConnectionConfig, ConnectResult, Credentials, DoctorCheck, PlatformId } from "./types";

/**
 * A site's publishing destinations (docs/decisions/033). Credentials are sealed
 * with AES-256-GCM bound to the row id and only ever decrypted here, for an
 * adapter call on the server; what the browser sees is ConnectionView, which
 * has none. Every function takes the site id and matches it, so no connection
 * of another site can be read or changed through a guessed id.
 */

type Row = Selectable<CmsConnectionsTable>;

export type ConnectionView = {
  id: string;
  platform: PlatformId;
  name: string;
  siteUrl: string;
  status: ConnectionStatus;
  isDefault: boolean;
  lastError: string | null;
  lastCheckedAt: string | null;
  doctor: DoctorCheck[];
  /** Non-secret settings the card may show (chosen blog, collection…). */
  config: ConnectionConfig;
};

/** A connection with its decrypted credentials, for adapter calls on the server only. */
export type ConnectionForUse = ConnectionView & { siteId: string; credentials: Credentials };

export class ConnectionNotFoundError extends Error {
  override name = "ConnectionNotFoundError";
  constructor() {
    super("That connection does not exist on this site.");
  }
}

const binding = (id: string) => ({ aad: `cms_connections:${id}` });

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function toView(row: Row): ConnectionView {
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    siteUrl: row.site_url,
    status: row.status,
    isDefault: row.is_default === 1,
    lastError: row.last_error,
    lastCheckedAt: row.last_checked_at,
    doctor: parseJson<DoctorCheck[]>(row.doctor, []),
    config: parseJson<ConnectionConfig>(row.config, {}),
  };
}

function sealCredentials(connectionId: string, credentials: Credentials) {
  return encryptSecret(JSON.stringify(credentials), binding(connectionId));
}

function openCredentials(row: Row): Credentials {
  if (!row.credentials_encrypted) return {};
  return JSON.parse(decryptSecret(row.credentials_encrypted, binding(row.id))) as Credentials;
}

/** Every connection of the site, default first, disconnected ones last. */
export async function listConnections(db: DB, siteId: string): Promise<ConnectionView[]> {
  const rows = await db.selectFrom("cms_connections").selectAll().where("site_id", "=", siteId).orderBy("created_at").execute();
  const rank = (v: ConnectionView) => (v.isDefault ? 0 : v.status === "disconnected" ? 2 : 1);
  return rows.map(toView).sort((a, b) => rank(a) - rank(b));
}

/** The destinations an article can be published to now. */
export async function usableConnections(db: DB, siteId: string) {
  return (await listConnections(db, siteId)).filter((c) => c.status !== "disconnected");
}

/** The site's connection by id; another site's id is not found. */
async function connectionRowOfSite(db: DB, siteId: string, connectionId: string) {
  const row = await db
    .selectFrom("cms_connections")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("id", "=", connectionId)
    .executeTakeFirst();
  if (!row) throw new ConnectionNotFoundError();
  return row;
}

export async function getConnection(db: DB, siteId: string, connectionId: string): Promise<ConnectionView> {
  return toView(await connectionRowOfSite(db, siteId, connectionId));
}

export async function getConnectionForUse(db: DB, siteId: string, connectionId: string): Promise<ConnectionForUse> {
  const row = await connectionRowOfSite(db, siteId, connectionId);
  return { ...toView(row), siteId: row.site_id, credentials: openCredentials(row) };
}

/**
 * Stores what connect() returned. The same site address on the same platform
 * revives its earlier row (a reconnect), so publications made before keep
 * pointing at it and publishing again updates those posts instead of creating
 * new ones. The first real destination of a site still on the hosted blog
 * does not become the default by itself: the customer chooses.
 */
export async function saveConnection(
  db: DB,
  input: { siteId: string; userId: string | null; platform: PlatformId; result: ConnectResult; doctor: DoctorCheck[] },
): Promise<ConnectionView> {
  const now = isoNow();
  const status = statusFromDoctor(input.doctor);
  const lastError = firstProblem(input.doctor);
  return inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom("cms_connections")
      .select("id")
      .where("site_id", "=", input.siteId)
      .where("platform", "=", input.platform)
      .where("site_url", "=", input.result.siteUrl)
      .executeTakeFirst();
    const id = existing?.id ?? newId();
    const values = {
      name: input.result.name,
      credentials_encrypted: sealCredentials(id, input.result.credentials),
      config: JSON.stringify(input.result.config),
      status,
      doctor: JSON.stringify(input.doctor),
      last_error: lastError,
      last_checked_at: now,
      updated_at: now,
    };
    if (existing) await trx.updateTable("cms_connections").set(values).where("id", "=", id).execute();
    else
      await trx
        .insertInto("cms_connections")
        .values({
          id,
          site_id: input.siteId,
          platform: input.platform,
          site_url: input.result.siteUrl,
          created_by: input.userId,
          created_at: now,
          ...values,
        })
        .execute();
    const row = await trx.selectFrom("cms_connections").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return toView(row);
  });
}

function statusFromDoctor(checks: DoctorCheck[]): ConnectionStatus {
  return checks.some((c) => c.state === "fail") ? "needs_attention" : "connected";
}

function firstProblem(checks: DoctorCheck[]) {
  const failed = checks.find((c) => c.state === "fail");
  return failed ? failed.detail : null;
}

/** A finding about a connection, unless it was disconnected meanwhile: a late report must not bring it back. */
async function updateUnlessDisconnected(
  db: DB,
  { connectionId, siteId }: { connectionId: string; siteId?: string },
  values: Updateable<CmsConnectionsTable>,
) {
  let update = db
    .updateTable("cms_connections")
    .set({ ...values, updated_at: isoNow() })
    .where("id", "=", connectionId)
    .where("status", "!=", "disconnected");
  if (siteId) update = update.where("site_id", "=", siteId);
  await update.execute();
}

/** Records a fresh doctor report ('Check again', the periodic health check). */
export async function recordDoctor(db: DB, siteId: string, connectionId: string, checks: DoctorCheck[]) {
  await updateUnlessDisconnected(
    db,
    { connectionId, siteId },
    {
      doctor: JSON.stringify(checks),
      status: statusFromDoctor(checks),
      last_error: firstProblem(checks),
      last_checked_at: isoNow(),
    },
  );
}

/** The platform refused our credentials or a setting while publishing: the card says so until fixed. */
export async function markNeedsAttention(db: DB, connectionId: string, message: string) {
  await updateUnlessDisconnected(db, { connectionId }, { status: "needs_attention", last_error: message });
}

/** Refreshed tokens, sealed and stored before anything else can fail. */
export async function saveCredentials(db: DB, connectionId: string, credentials: Credentials) {
  await db
    .updateTable("cms_connections")
    .set({ credentials_encrypted: sealCredentials(connectionId, credentials), updated_at: isoNow() })
    .where("id", "=", connectionId)
    .execute();
}

/** Makes one connection the site's default destination (the partial unique index allows one). */
export async function setDefaultConnection(db: DB, siteId: string, connectionId: string) {
  const target = await getConnection(db, siteId, connectionId);
  if (target.status === "disconnected") throw new ConnectionNotFoundError();
  await inTransaction(db, async (trx) => {
    await trx.updateTable("cms_connections").set({ is_default: 0 }).where("site_id", "=", siteId).where("is_default", "=", 1).execute();
    await trx.updateTable("cms_connections").set({ is_default: 1, updated_at: isoNow() }).where("id", "=", connectionId).execute();
  });
}

/**
 * Forgets the credentials and marks the row disconnected; the row stays so the
 * history of what was published there stays readable and a reconnect revives
 * it. A default that is disconnected hands the default back to the hosted blog.
 */
export async function markDisconnected(db: DB, siteId: string, connectionId: string) {
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("cms_connections")
      .select(["id", "is_default"])
      .where("site_id", "=", siteId)
      .where("id", "=", connectionId)
      .executeTakeFirst();
    if (!row) throw new ConnectionNotFoundError();
    await trx
      .updateTable("cms_connections")
      .set({ status: "disconnected", credentials_encrypted: null, is_default: 0, last_error: null, doctor: "[]", updated_at: isoNow() })
      .where("id", "=", connectionId)
      .execute();
    if (row.is_default === 1) {
      await trx
        .updateTable("cms_connections")
        .set({ is_default: 1 })
        .where("site_id", "=", siteId)
        .where("platform", "=", "hosted")
        .where("status", "!=", "disconnected")
        .execute();
    }
  });
}

/** Turns the hosted blog back on after it was switched off. */
export async function reconnectHosted(db: DB, siteId: string) {
  await db
    .updateTable("cms_connections")
    .set({ status: "connected", updated_at: isoNow() })
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .execute();
}

/** The site's default destination, or null when every destination is switched off. */
export async function defaultConnection(db: DB, siteId: string) {
  const all = await usableConnections(db, siteId);
  return all.find((c) => c.isDefault) ?? null;
}

/**
 * The hosted blog's posts after its address changed (a new /b/ address, docs/decisions/071; its own domain, 076):
 * each hosted publication's recorded URL moves as `move` says (null: not under the old address), so the write
 * screen, the live check and the results read the new one (the old one answers 301). Run in the transaction that
 * changes the address.
 */
export async function rehomeHostedPublications(db: DB, siteId: string, move: (url: string) => string | null) {
  const rows = await db
    .selectFrom("publications")
    .select(["id", "remote_url"])
    .where("site_id", "=", siteId)
    .where("remote_url", "is not", null)
    .where("connection_id", "in", (eb) =>
      eb.selectFrom("cms_connections").select("id").where("site_id", "=", siteId).where("platform", "=", "hosted"),
    )
    .execute();
  const now = isoNow();
  for (const row of rows) {
    const url = move(row.remote_url!);
    if (url && url !== row.remote_url) {
      await db.updateTable("publications").set({ remote_url: url, updated_at: now }).where("id", "=", row.id).execute();
    }
  }
}
