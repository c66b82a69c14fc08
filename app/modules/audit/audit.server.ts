import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";

/**
 * The audit trail of operator and security-relevant actions. Rows are written
 * in the same transaction as the change they describe, so the trail never
 * claims something that did not happen (or misses something that did).
 */

export type AuditEntry = {
  actorId: string | null;
  action: string;
  workspaceId?: string | null;
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

export async function recordAudit(db: DB, entry: AuditEntry) {
  const row = await db
    .insertInto("audit_log")
    .values({
      actor_id: entry.actorId,
      workspace_id: entry.workspaceId ?? null,
      action: entry.action,
      target: entry.target ?? "",
      detail: JSON.stringify(entry.detail ?? {}),
      ip: entry.ip ?? null,
      created_at: isoNow(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = {
  action: string | null;
  actor: string | null;
  workspaceId: string | null;
  from: string | null;
  to: string | null;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The audit page's filters from its query string; anything malformed is ignored, never an error. */
export function parseAuditFilter(url: URL): AuditFilter {
  const text = (name: string) => url.searchParams.get(name)?.trim().slice(0, 200) || null;
  const day = (name: string) => {
    const value = text(name);
    return value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  };
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    action: text("action"),
    actor: text("actor"),
    workspaceId: text("workspace"),
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The audit trail for operators, newest first: by action (prefix), actor email (part), workspace id and UTC day range. */
export async function listAudit(db: DB, filter: AuditFilter) {
  let query = db
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_id")
    .leftJoin("workspaces as w", "w.id", "a.workspace_id");
  // substr/instr rather than LIKE: typed text is matched literally, '%' and '_' included.
  if (filter.action) query = query.where(sql<boolean>`substr(a.action, 1, ${filter.action.length}) = ${filter.action}`);
  if (filter.actor) query = query.where(sql<boolean>`instr(lower(u.email), lower(${filter.actor})) > 0`);
  if (filter.workspaceId) query = query.where("a.workspace_id", "=", filter.workspaceId);
  if (filter.from) query = query.where("a.created_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("a.created_at", "<=", `${filter.to}T23:59:59.999Z`);
  const [{ total }, actions] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
  ]);
  const pageCount = Math.max(1, Math.ceil(Number(total) / AUDIT_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const entries = await query
    .select([
      "a.id",
      "a.action",
      "a.target",
      "a.detail",
      "a.ip",
      "a.created_at",
      "a.workspace_id",
      "u.email as actorEmail",
      "w.name as workspaceName",
    ])
    .orderBy("a.id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return { entries, total: Number(total), page, pageCount, actions: actions.map((a) => a.action) };
}
