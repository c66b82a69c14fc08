import type { DB } from "#app/db/client.server";
import { logger } from "#app/utils/logger.server";
import { safeTimeZone } from "#app/utils/time";
import { generatePlan, PlanError, type PlannerDeps, windowItems } from "./plan.server";

/**
 * The first plan, made at onboarding once the site's pages are read (or from
 * what the scan stored when that failed), so auto-pilot's first day has a
 * keyword (docs/decisions/050-content-plan.md). A site whose window already
 * holds planned keywords keeps them; a refusal (an ended trial) is logged,
 * never an onboarding failure.
 */
export async function planAtOnboarding(db: DB, siteId: string, deps: PlannerDeps & { correlationId?: string } = {}) {
  const now = deps.now ?? new Date();
  const site = await db.selectFrom("sites").select(["id", "workspace_id", "timezone"]).where("id", "=", siteId).executeTakeFirst();
  if (!site) return null;
  const planSite = { id: site.id, timeZone: safeTimeZone(site.timezone) };
  const items = await windowItems(db, planSite, now);
  if (items.some((i) => i.keyword.trim() !== "")) return null;
  const owner = await db
    .selectFrom("memberships")
    .select("user_id")
    .where("workspace_id", "=", site.workspace_id)
    .where("role", "=", "owner")
    .orderBy("created_at")
    .executeTakeFirst();
  if (!owner) return null;
  try {
    return await generatePlan(db, planSite, { workspaceId: site.workspace_id, siteId, userId: owner.user_id }, { ...deps, now });
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    logger.warn({ correlationId: deps.correlationId, siteId, reason: error.code }, "no plan at onboarding");
    return null;
  }
}
