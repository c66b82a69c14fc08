import type { DB } from "#app/db/client.server";
import { logger } from "#app/utils/logger.server";

/**
 * What other areas do when sites go or a member leaves a workspace: the Search Console connection revokes the grant
 * its member made at Google (docs/decisions/065-search-console-grant-bound-to-its-member.md). Registered at start-up
 * by app/worker/hooks.server.ts so workspaces never imports those areas; tests add their own. Both run outside the
 * deleting transaction, since they talk to other services: sites leaving before the rows go ('revoke first'), a
 * member leaving after the membership is gone (or before an account is deleted, while its rows still name it).
 * A failing callback is logged and never stops the deletion or the others.
 */

type DepartureActor = { userId: string | null; ip: string | null };
export type SitesLeaving = { siteIds: string[]; reason: "site-deleted" | "workspace-deleted"; actor: DepartureActor };
export type MemberLeaving = { userId: string; workspaceIds: string[]; reason: "member-removed" | "account-deleted"; actor: DepartureActor };

const sitesHooks: Array<(db: DB, change: SitesLeaving) => Promise<void>> = [];
const memberHooks: Array<(db: DB, change: MemberLeaving) => Promise<void>> = [];

function remover<T>(list: T[], hook: T) {
  list.push(hook);
  return () => {
    const at = list.indexOf(hook);
    if (at >= 0) list.splice(at, 1);
  };
}

/** Adds a callback run before sites are deleted; returns a function that removes it (tests). */
export const onSitesLeaving = (hook: (db: DB, change: SitesLeaving) => Promise<void>) => remover(sitesHooks, hook);
/** Adds a callback run when a member leaves workspaces; returns a function that removes it (tests). */
export const onMemberLeaving = (hook: (db: DB, change: MemberLeaving) => Promise<void>) => remover(memberHooks, hook);

async function runAll<C>(hooks: Array<(db: DB, change: C) => Promise<void>>, db: DB, change: C) {
  for (const hook of hooks) {
    try {
      await hook(db, change);
    } catch (error) {
      logger.error({ err: error, change }, "departure hook failed");
    }
  }
}

export async function beforeSitesLeave(db: DB, change: SitesLeaving) {
  if (change.siteIds.length) await runAll(sitesHooks, db, change);
}

export async function whenMemberLeaves(db: DB, change: MemberLeaving) {
  if (change.workspaceIds.length) await runAll(memberHooks, db, change);
}
