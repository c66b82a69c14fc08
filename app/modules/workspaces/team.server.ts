import { inTransaction, type DB } from "#app/db/client.server";
import type { WorkspaceRole } from "#app/db/schema";
import { getEnv } from "#app/env.server";
import { liveKeysCreatedBy, revokeKeysCreatedBy } from "#app/modules/api/keys.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { ROLE_LABELS } from "#app/modules/auth/permissions";
import { skipOnboarding } from "#app/modules/auth/users.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { invitationMail } from "#app/modules/email/templates/invitation.server";
import { hashToken, newId, randomToken } from "#app/utils/crypto.server";
import { DAY, isoIn, isoNow } from "#app/utils/time";
import { createAccount } from "./accounts.server";
import { whenMemberLeaves } from "./departure-hooks.server";
import type { Actor } from "./sites.server";

/**
 * A workspace's members and invitations (docs/decisions/044). Routes check the
 * permission (members.manage) with requirePermission first; these functions
 * add the rules that depend on the rows: only owners touch owners, the last
 * owner stays, an invitation is used once within 7 days. Every change is audited.
 */

const INVITATION_TTL_MS = 7 * DAY;
export type InvitableRole = "admin" | "editor";

export type Member = { userId: string; name: string; email: string; role: WorkspaceRole; joinedAt: string };

export async function listMembers(db: DB, workspaceId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id as userId", "u.full_name", "u.username", "u.email", "m.role", "m.created_at as joinedAt"])
    .where("m.workspace_id", "=", workspaceId)
    .orderBy("m.created_at")
    .orderBy("u.email")
    .execute();
  return rows.map(({ full_name, username, ...r }) => ({ ...r, name: full_name || username }));
}

export type PendingInvitation = { id: string; email: string; role: InvitableRole; expiresAt: string; expired: boolean };

/** Invitations not accepted yet (expired ones too, so they can be sent again or revoked). */
export async function listInvitations(db: DB, workspaceId: string): Promise<PendingInvitation[]> {
  const now = isoNow();
  const rows = await db
    .selectFrom("invitations")
    .select(["id", "email", "role", "expires_at as expiresAt"])
    .where("workspace_id", "=", workspaceId)
    .where("accepted_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({ ...r, expired: r.expiresAt <= now }));
}

function ownerCount(db: DB, workspaceId: string) {
  return db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

function membershipOf(db: DB, workspaceId: string, userId: string) {
  return db
    .selectFrom("memberships")
    .select("role")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export type InviteResult = { ok: true; invitationId: string } | { ok: false; reason: "already-member" };

/**
 * Invites an address: a pending invitation to the same address is replaced (its
 * link stops working), the token is stored hashed and mailed in clear once.
 */
export async function inviteMember(
  db: DB,
  workspace: { id: string; name: string },
  invite: { email: string; role: InvitableRole },
  actor: Actor & { fullName: string; email: string },
): Promise<InviteResult> {
  const email = invite.email.trim().toLowerCase();
  const member = await db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select("u.id")
    .where("m.workspace_id", "=", workspace.id)
    .where("u.email", "=", email)
    .executeTakeFirst();
  if (member) return { ok: false, reason: "already-member" };
  const token = randomToken();
  const id = newId();
  const invitedAt = new Date();
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom("invitations")
      .where("workspace_id", "=", workspace.id)
      .where("email", "=", email)
      .where("accepted_at", "is", null)
      .execute();
    await trx
      .insertInto("invitations")
      .values({
        id,
        workspace_id: workspace.id,
        email,
        role: invite.role,
        token_hash: hashToken(token),
        invited_by: actor.userId,
        expires_at: isoIn(INVITATION_TTL_MS, invitedAt),
        accepted_at: null,
        created_at: isoNow(invitedAt),
      })
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: workspace.id,
      action: "member.invite",
      target: `invitation:${id}`,
      detail: { email, role: invite.role },
      ip: actor.ip,
    });
  });
  const url = `${getEnv().appUrl}/invite?token=${encodeURIComponent(token)}`;
  await sendMail(db, {
    to: email,
    tag: "invitation",
    ...invitationMail({
      inviter: { fullName: actor.fullName, email: actor.email },
      workspace: workspace.name,
      roleLabel: ROLE_LABELS[invite.role],
      url,
    }),
  });
  return { ok: true, invitationId: id };
}

export async function revokeInvitation(db: DB, workspaceId: string, invitationId: string, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom("invitations")
      .where("id", "=", invitationId)
      .where("workspace_id", "=", workspaceId)
      .where("accepted_at", "is", null)
      .returning(["email", "role"])
      .executeTakeFirst();
    if (!gone) return false;
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: "member.revoke",
      target: `invitation:${invitationId}`,
      detail: gone,
      ip: actor.ip,
    });
    return true;
  });
}

export type MemberChangeResult =
  | { ok: true; revokedApiKeys?: number; keptApiKeys?: number }
  | { ok: false; reason: "not-found" | "owner-only" | "last-owner" | "only-workspace" };

/** Only an owner makes an owner or changes an owner's role; the last owner keeps the role. */
export async function changeRole(
  db: DB,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
  actor: Actor & { role: WorkspaceRole },
): Promise<MemberChangeResult> {
  return inTransaction(db, async (trx) => {
    const target = await membershipOf(trx, workspaceId, userId);
    if (!target) return { ok: false, reason: "not-found" } as const;
    if ((role === "owner" || target.role === "owner") && actor.role !== "owner") return { ok: false, reason: "owner-only" } as const;
    if (target.role === role) return { ok: true } as const;
    if (target.role === "owner" && (await ownerCount(trx, workspaceId)) <= 1) return { ok: false, reason: "last-owner" } as const;
    await trx.updateTable("memberships").set({ role }).where("workspace_id", "=", workspaceId).where("user_id", "=", userId).execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: "member.role",
      target: `user:${userId}`,
      detail: { from: target.role, to: role },
      ip: actor.ip,
    });
    return { ok: true } as const;
  });
}

/**
 * Removes a member (or, with the actor's own id, leaves): owners only remove owners; the last owner stays; nobody
 * leaves their only workspace. With `revokeApiKeys`, the developer API keys the member created in this workspace are
 * revoked in the same transaction (the Remove dialog's checkbox, on by default): a key acts for its workspace whoever
 * made it, so it would otherwise outlive the member's access (decision 045).
 */
export async function removeMember(
  db: DB,
  workspaceId: string,
  userId: string,
  actor: Actor & { role: WorkspaceRole },
  options: { revokeApiKeys?: boolean } = {},
): Promise<MemberChangeResult> {
  const result = await inTransaction(db, async (trx) => {
    const target = await membershipOf(trx, workspaceId, userId);
    if (!target) return { ok: false, reason: "not-found" } as const;
    const leaving = userId === actor.userId;
    if (!leaving && target.role === "owner" && actor.role !== "owner") return { ok: false, reason: "owner-only" } as const;
    if (target.role === "owner" && (await ownerCount(trx, workspaceId)) <= 1) return { ok: false, reason: "last-owner" } as const;
    const others = await trx
      .selectFrom("memberships")
      .select("workspace_id")
      .where("user_id", "=", userId)
      .where("workspace_id", "!=", workspaceId)
      .executeTakeFirst();
    if (!others) return { ok: false, reason: "only-workspace" } as const;
    await trx.deleteFrom("memberships").where("workspace_id", "=", workspaceId).where("user_id", "=", userId).execute();
    const revoked = options.revokeApiKeys
      ? await revokeKeysCreatedBy(trx, { workspaceId, userId: actor.userId, ip: actor.ip }, userId, "member.remove")
      : [];
    const kept = options.revokeApiKeys ? [] : await liveKeysCreatedBy(trx, workspaceId, userId);
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: leaving ? "member.leave" : "member.remove",
      target: `user:${userId}`,
      detail: options.revokeApiKeys ? { role: target.role, revokedApiKeys: revoked.map((k) => k.prefix) } : { role: target.role },
      ip: actor.ip,
    });
    return { ok: true, revokedApiKeys: revoked.length, keptApiKeys: kept.length } as const;
  });
  // A grant the member made at another service (Search Console) leaves with them (decision 065).
  if (result.ok) await whenMemberLeaves(db, { userId, workspaceIds: [workspaceId], reason: "member-removed", actor });
  return result;
}

/** Whether this member may leave now, for the page to hide what would be refused (removeMember decides). */
export async function canLeave(db: DB, workspaceId: string, userId: string, role: WorkspaceRole) {
  if (role === "owner" && (await ownerCount(db, workspaceId)) <= 1) return false;
  const other = await db
    .selectFrom("memberships")
    .select("workspace_id")
    .where("user_id", "=", userId)
    .where("workspace_id", "!=", workspaceId)
    .executeTakeFirst();
  return Boolean(other);
}

export type InvitationView = {
  state: "valid" | "used" | "expired";
  email: string;
  role: InvitableRole;
  workspaceName: string;
  inviterName: string | null;
};

/** What the invitation page shows for a link, without using it. */
export async function findInvitation(db: DB, token: string): Promise<InvitationView | null> {
  if (!token) return null;
  const row = await db
    .selectFrom("invitations as i")
    .innerJoin("workspaces as w", "w.id", "i.workspace_id")
    .leftJoin("users as u", "u.id", "i.invited_by")
    .select(["i.email", "i.role", "i.expires_at", "i.accepted_at", "w.name as workspaceName", "u.full_name", "u.username"])
    .where("i.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const state = row.accepted_at ? "used" : row.expires_at <= isoNow() ? "expired" : "valid";
  return { state, email: row.email, role: row.role, workspaceName: row.workspaceName, inviterName: row.full_name || row.username || null };
}

/**
 * Uses an invitation for this user: the single UPDATE … WHERE accepted_at IS NULL
 * lets one of two concurrent accepts win. A member already keeps their role.
 * Returns the workspace's first site, to make it current; null for a used, expired or unknown link.
 */
export async function acceptInvitation(db: DB, token: string, user: { id: string; ip: string | null }) {
  if (!token) return null;
  return inTransaction(db, async (trx) => {
    const now = isoNow();
    const invitation = await trx
      .updateTable("invitations")
      .set({ accepted_at: now })
      .where("token_hash", "=", hashToken(token))
      .where("accepted_at", "is", null)
      .where("expires_at", ">", now)
      .returning(["id", "workspace_id", "role", "email"])
      .executeTakeFirst();
    if (!invitation) return null;
    await trx
      .insertInto("memberships")
      .values({ workspace_id: invitation.workspace_id, user_id: user.id, role: invitation.role, created_at: now })
      .onConflict((oc) => oc.columns(["workspace_id", "user_id"]).doNothing())
      .execute();
    await recordAudit(trx, {
      actorId: user.id,
      workspaceId: invitation.workspace_id,
      action: "member.join",
      target: `invitation:${invitation.id}`,
      detail: { email: invitation.email, role: invitation.role },
      ip: user.ip,
    });
    const site = await trx
      .selectFrom("sites")
      .select("id")
      .where("workspace_id", "=", invitation.workspace_id)
      .orderBy("created_at")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return { workspaceId: invitation.workspace_id, siteId: site.id };
  });
}

export type InvitationSignUpResult = { ok: true; userId: string; siteId: string } | { ok: false; reason: "invalid" | "exists" };

/**
 * Creates the invitee's account from the link: the mailed link proves the
 * address, so it is verified at once, and onboarding (which scans into the
 * current site's brand) is skipped. The account gets its own workspace as any
 * sign-up does; the invited workspace's first site is where it starts.
 */
export async function signUpFromInvitation(
  db: DB,
  token: string,
  account: { fullName: string; passwordHash: string },
  ip: string | null,
): Promise<InvitationSignUpResult> {
  const invitation = await findInvitation(db, token);
  if (!invitation || invitation.state !== "valid") return { ok: false, reason: "invalid" };
  const existing = await db.selectFrom("users").select("id").where("email", "=", invitation.email.toLowerCase()).executeTakeFirst();
  if (existing) return { ok: false, reason: "exists" };
  const { userId } = await createAccount(db, {
    email: invitation.email,
    passwordHash: account.passwordHash,
    fullName: account.fullName,
    emailVerified: true,
  });
  await skipOnboarding(db, userId);
  const joined = await acceptInvitation(db, token, { id: userId, ip });
  if (!joined) return { ok: false, reason: "invalid" };
  return { ok: true, userId, siteId: joined.siteId };
}

/** Renames the workspace (owners; the caller checks), audited with the old and new name. False when it does not exist. */
export async function renameWorkspace(db: DB, workspaceId: string, name: string, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("workspaces").select("name").where("id", "=", workspaceId).executeTakeFirst();
    if (!before) return false;
    await trx.updateTable("workspaces").set({ name, updated_at: isoNow() }).where("id", "=", workspaceId).execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: "workspace.rename",
      target: `workspace:${workspaceId}`,
      detail: { from: before.name, to: name },
      ip: actor.ip,
    });
    return true;
  });
}
