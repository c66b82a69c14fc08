import { sql } from "kysely";
import { inTransaction, type DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { endAllSessionsOfUser } from "#app/modules/auth/session.server";
import { monthKey } from "#app/modules/articles/quota.server";
import { isoNow } from "#app/utils/time";
import { loadEntitlement } from "#app/modules/billing/subscriptions.server";
import { setPlanColumns } from "#app/modules/workspaces/plan.server";

/**
 * Operators' view of customers: search users and workspaces,
 * look at one, end a user's sessions, set a workspace's plan by hand. Every
 * change is audited in the same transaction.
 */

const ACCOUNTS_PAGE_SIZE = 50;
type Actor = { userId: string; ip: string | null };

/** Users whose email or name, or one of whose workspaces' name, contains the text (case-insensitive, literal). */
export async function searchAccounts(db: DB, text: string) {
  const q = text.trim().slice(0, 200).toLowerCase();
  let users = db
    .selectFrom("users as u")
    .select(["u.id", "u.email", "u.full_name", "u.is_operator", "u.email_verified_at", "u.created_at", "u.last_signed_in_at"]);
  if (q) {
    users = users.where((eb) =>
      eb.or([
        sql<boolean>`instr(lower(u.email), ${q}) > 0`,
        sql<boolean>`instr(lower(u.full_name), ${q}) > 0`,
        eb.exists(
          eb
            .selectFrom("memberships as m")
            .innerJoin("workspaces as w", "w.id", "m.workspace_id")
            .select("m.user_id")
            .whereRef("m.user_id", "=", "u.id")
            .where(sql<boolean>`instr(lower(w.name), ${q}) > 0`),
        ),
      ]),
    );
  }
  const found = await users.orderBy("u.created_at", "desc").limit(ACCOUNTS_PAGE_SIZE).execute();
  const memberships = found.length
    ? await db
        .selectFrom("memberships as m")
        .innerJoin("workspaces as w", "w.id", "m.workspace_id")
        .select(["m.user_id", "m.role", "w.id", "w.name", "w.plan"])
        .where(
          "m.user_id",
          "in",
          found.map((u) => u.id),
        )
        .execute()
    : [];
  return found.map((user) => ({
    ...user,
    workspaces: memberships.filter((m) => m.user_id === user.id).map(({ id, name, plan, role }) => ({ id, name, plan, role })),
  }));
}

export async function userDetail(db: DB, userId: string) {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "full_name", "is_operator", "email_verified_at", "onboarding_completed_at", "last_signed_in_at", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const [workspaces, sessions] = await Promise.all([
    db
      .selectFrom("memberships as m")
      .innerJoin("workspaces as w", "w.id", "m.workspace_id")
      .select(["w.id", "w.name", "w.plan", "m.role", "m.created_at as joinedAt"])
      .where("m.user_id", "=", userId)
      .orderBy("m.created_at")
      .execute(),
    db
      .selectFrom("sessions")
      .select(["id", "created_at", "last_seen_at", "user_agent", "ip"])
      .where("user_id", "=", userId)
      .where("expires_at", ">", isoNow())
      .orderBy("last_seen_at", "desc")
      .execute(),
  ]);
  // Session ids are bearer secrets: the page gets a short, useless prefix to tell rows apart.
  return { user, workspaces, sessions: sessions.map((s) => ({ ...s, id: s.id.slice(0, 6) })) };
}

export async function workspaceDetail(db: DB, workspaceId: string, now = new Date()) {
  const workspace = await db
    .selectFrom("workspaces")
    .select(["id", "name", "plan", "trial_ends_at", "trial_articles_used", "stripe_customer_id", "created_at"])
    .where("id", "=", workspaceId)
    .executeTakeFirst();
  if (!workspace) return null;
  const month = monthKey(now);
  const [members, sites] = await Promise.all([
    db
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.user_id")
      .select(["u.id", "u.email", "u.full_name", "m.role", "m.created_at as joinedAt"])
      .where("m.workspace_id", "=", workspaceId)
      .orderBy("m.created_at")
      .execute(),
    db
      .selectFrom("sites as s")
      .select((eb) => [
        "s.id",
        "s.name",
        "s.url",
        "s.created_at",
        eb.selectFrom("articles as a").select(eb.fn.countAll<number>().as("n")).whereRef("a.site_id", "=", "s.id").as("articles"),
        eb
          .selectFrom("usage_events as e")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("e.site_id", "=", "s.id")
          .where("e.month", "=", month)
          .as("aiArticlesThisMonth"),
      ])
      .where("s.workspace_id", "=", workspaceId)
      .orderBy("s.created_at")
      .execute(),
  ]);
  // What billing makes of it (docs/decisions/046): a live Stripe subscription wins over a plan set by hand.
  const entitlement = await loadEntitlement(db, workspaceId, now);
  const billing = { state: entitlement.state, subscription: entitlement.subscription };
  return { workspace, members, sites, month, billing };
}

/** Ends every session of one user (they sign in again), audited. */
export async function endUserSessions(db: DB, userId: string, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    await endAllSessionsOfUser(trx, userId);
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "user.sessions.end",
      target: `user:${userId}`,
      detail: { ended: Number(before.n) },
      ip: actor.ip,
    });
    return Number(before.n);
  });
}

/**
 * Sets a workspace's plan by hand (a server without billing, a goodwill
 * extension): Pro, or a trial ending on the given day. Audited with the old and
 * new values.
 */
export async function setWorkspacePlan(
  db: DB,
  workspaceId: string,
  change: { plan: "trial" | "pro"; trialEndsAt: string | null },
  actor: Actor,
) {
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("workspaces").select(["plan", "trial_ends_at"]).where("id", "=", workspaceId).executeTakeFirst();
    if (!before) return false;
    const trialEndsAt = change.plan === "trial" && change.trialEndsAt ? change.trialEndsAt : before.trial_ends_at;
    await setPlanColumns(trx, workspaceId, change.plan, trialEndsAt);
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: "workspace.plan.set",
      target: `workspace:${workspaceId}`,
      detail: { from: { plan: before.plan, trialEndsAt: before.trial_ends_at }, to: { plan: change.plan, trialEndsAt } },
      ip: actor.ip,
    });
    return true;
  });
}
