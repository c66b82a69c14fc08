import crypto from "node:crypto";
import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";
import { logger } from "#app/utils/logger.server";

/**
 * The diagnostic log of publishing (operators' integration pages): one line per
 * step worth seeing, with an 8-character correlation id that also appears in
 * the server log and in what the customer is told, so a support request can be
 * traced. Details are cut at 200 characters and never carry secrets.
 */

export const DETAIL_MAX_CHARS = 200;

/** An 8-character id for one publish or connect attempt. */
export function newCorrelationId() {
  return crypto.randomBytes(4).toString("hex");
}

export type DiagLevel = "info" | "warn" | "error";

export async function logDiag(
  db: DB,
  entry: { siteId: string | null; provider: string; level: DiagLevel; stage: string; detail: string; correlationId: string },
) {
  const detail = entry.detail.replace(/\s+/g, " ").trim().slice(0, DETAIL_MAX_CHARS);
  logger[entry.level === "error" ? "warn" : "info"](
    { provider: entry.provider, stage: entry.stage, correlationId: entry.correlationId, detail },
    "publishing",
  );
  await db
    .insertInto("diag_logs")
    .values({
      site_id: entry.siteId,
      provider: entry.provider,
      level: entry.level,
      stage: entry.stage,
      detail,
      correlation_id: entry.correlationId,
      created_at: isoNow(),
    })
    .execute();
}

/** The newest lines, for the operators' page; optionally one provider's or one correlation id's. */
export async function recentDiagLogs(db: DB, filter: { provider?: string; correlationId?: string; limit?: number } = {}) {
  let query = db
    .selectFrom("diag_logs")
    .select(["id", "site_id", "provider", "level", "stage", "detail", "correlation_id", "created_at"])
    .orderBy("id", "desc")
    .limit(filter.limit ?? 200);
  if (filter.provider) query = query.where("provider", "=", filter.provider);
  if (filter.correlationId) query = query.where("correlation_id", "=", filter.correlationId);
  return query.execute();
}
