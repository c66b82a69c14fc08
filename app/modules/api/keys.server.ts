import crypto from "node:crypto";
import { inTransaction, type DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { hashToken, newId } from "#app/utils/crypto.server";
import { isoNow, MINUTE } from "#app/utils/time";

/**
 * Developer API keys (docs/decisions/045). A key is `ink_live_` and 43
 * characters of base64url (32 random bytes): it is shown once, when created,
 * and stored only as its SHA-256, which is enough for a secret of that entropy
 * (no slow hash needed: nothing to guess). The first characters are kept as a
 * visible prefix so people can tell their keys apart. A key belongs to its
 * workspace and, optionally, to one site of it; revoking stamps revoked_at and
 * the next request with it is refused (every request looks the key up).
 */

const API_KEY_PREFIX = "ink_live_";
const VISIBLE_CHARS = API_KEY_PREFIX.length + 4;
/** last_used_at is written at most this often per key, so reads stay reads. */
const LAST_USED_WRITE_INTERVAL_MS = MINUTE;

export type ApiKeyActor = { workspaceId: string; userId: string; ip: string | null };

export type ApiKeyListItem = {
  id: string;
  name: string;
  prefix: string;
  siteId: string | null;
  siteName: string | null;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
};

export class ApiKeySiteError extends Error {
  override name = "ApiKeySiteError";
  constructor() {
    super("That site is not part of this workspace.");
  }
}

function generateApiKey() {
  return `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
}

/** Creates a key and returns it in full (the only time it exists outside the caller's hands). Audited in the same transaction. */
export async function createApiKey(db: DB, actor: ApiKeyActor, input: { name: string; siteId: string | null }) {
  const key = generateApiKey();
  const id = newId();
  await inTransaction(db, async (trx) => {
    if (input.siteId) {
      const site = await trx
        .selectFrom("sites")
        .select("id")
        .where("id", "=", input.siteId)
        .where("workspace_id", "=", actor.workspaceId)
        .executeTakeFirst();
      if (!site) throw new ApiKeySiteError();
    }
    await trx
      .insertInto("api_keys")
      .values({
        id,
        workspace_id: actor.workspaceId,
        site_id: input.siteId,
        name: input.name,
        prefix: key.slice(0, VISIBLE_CHARS),
        key_hash: hashToken(key),
        created_by: actor.userId,
        created_at: isoNow(),
      })
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      action: "api_key.created",
      target: `api_key:${id}`,
      detail: { name: input.name, prefix: key.slice(0, VISIBLE_CHARS), siteId: input.siteId },
      ip: actor.ip,
    });
  });
  return { id, key, prefix: key.slice(0, VISIBLE_CHARS) };
}

/** The workspace's live keys, newest first. */
export async function listApiKeys(db: DB, workspaceId: string): Promise<ApiKeyListItem[]> {
  return db
    .selectFrom("api_keys as k")
    .leftJoin("sites as s", "s.id", "k.site_id")
    .leftJoin("users as u", "u.id", "k.created_by")
    .select([
      "k.id",
      "k.name",
      "k.prefix",
      "k.site_id as siteId",
      "s.name as siteName",
      "k.created_at as createdAt",
      "u.email as createdBy",
      "k.last_used_at as lastUsedAt",
    ])
    .where("k.workspace_id", "=", workspaceId)
    .where("k.revoked_at", "is", null)
    .orderBy("k.created_at", "desc")
    .execute();
}

/** Revokes a key of this workspace; false when there is no such live key (another workspace's id included). */
export async function revokeApiKey(db: DB, actor: ApiKeyActor, keyId: string) {
  return inTransaction(db, async (trx) => {
    const key = await trx
      .updateTable("api_keys")
      .set({ revoked_at: isoNow() })
      .where("id", "=", keyId)
      .where("workspace_id", "=", actor.workspaceId)
      .where("revoked_at", "is", null)
      .returning(["id", "name", "prefix"])
      .executeTakeFirst();
    if (!key) return false;
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      action: "api_key.revoked",
      target: `api_key:${key.id}`,
      detail: { name: key.name, prefix: key.prefix },
      ip: actor.ip,
    });
    return true;
  });
}

/** A member's live keys in a workspace, as the Team page's Remove dialog lists them. */
export type MemberApiKey = { id: string; name: string; prefix: string; siteName: string | null };

/** The live keys this member created in this workspace, oldest first. */
export async function liveKeysCreatedBy(db: DB, workspaceId: string, userId: string): Promise<MemberApiKey[]> {
  return db
    .selectFrom("api_keys as k")
    .leftJoin("sites as s", "s.id", "k.site_id")
    .select(["k.id", "k.name", "k.prefix", "s.name as siteName"])
    .where("k.workspace_id", "=", workspaceId)
    .where("k.created_by", "=", userId)
    .where("k.revoked_at", "is", null)
    .orderBy("k.created_at")
    .orderBy("k.id")
    .execute();
}

/**
 * Revokes every live key a member created in a workspace, each audited as `api_key.revoked` with the reason:
 * run in the transaction that removes the member, so a removed member's keys do not go on working unnoticed.
 */
export async function revokeKeysCreatedBy(db: DB, actor: ApiKeyActor, userId: string, reason: "member.remove") {
  return inTransaction(db, async (trx) => {
    const keys = await trx
      .updateTable("api_keys")
      .set({ revoked_at: isoNow() })
      .where("workspace_id", "=", actor.workspaceId)
      .where("created_by", "=", userId)
      .where("revoked_at", "is", null)
      .returning(["id", "name", "prefix", "site_id"])
      .execute();
    for (const key of keys)
      await recordAudit(trx, {
        actorId: actor.userId,
        workspaceId: actor.workspaceId,
        action: "api_key.revoked",
        target: `api_key:${key.id}`,
        detail: { name: key.name, prefix: key.prefix, siteId: key.site_id, reason, createdBy: userId },
        ip: actor.ip,
      });
    return keys;
  });
}

/** Who an API request acts as: the key, its workspace, its site if it has one, and the member who made it. */
export type ApiPrincipal = { keyId: string; workspaceId: string; siteId: string | null; userId: string | null };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token of a request, or null when there is no Authorization: Bearer header. */
export function bearerToken(request: Request) {
  return BEARER.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
}

/**
 * The live key a token names, or null. One indexed read per request (key_hash
 * is unique); last_used_at is written only when it is a minute old, so a busy
 * key costs one write a minute.
 */
export async function authenticateApiKey(db: DB, token: string, now = new Date()): Promise<ApiPrincipal | null> {
  if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) return null;
  const row = await db
    .selectFrom("api_keys")
    .select(["id", "workspace_id", "site_id", "created_by", "last_used_at"])
    .where("key_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_WRITE_INTERVAL_MS) {
    // The API runs on the primary only (router.server.ts), so this write never meets a read replica.
    await db
      .updateTable("api_keys")
      .set({ last_used_at: isoNow(now) })
      .where("id", "=", row.id)
      .execute();
  }
  return { keyId: row.id, workspaceId: row.workspace_id, siteId: row.site_id, userId: row.created_by };
}

/** The sites a key may be limited to: the workspace's, oldest first. */
export async function workspaceSites(db: DB, workspaceId: string) {
  return db
    .selectFrom("sites")
    .select(["id", "name"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
