import bcrypt from "bcryptjs";
import type { DB } from "#app/db/client.server";
import type { ArticlesTable, PublicationStatus, SitesTable, TopicsTable, WorkspaceRole, WorkspacesTable } from "#app/db/schema";
import { BCRYPT_COST } from "#app/modules/auth/password-hasher.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { signInAs } from "./route-harness";
import type { Insertable, Updateable } from "kysely";

/**
 * The rows integration tests start from. A user comes with the workspace and
 * first site the app's own createAccount makes, and a session cookie; the
 * workspace and site take overrides (plan, url, timezone, ...). Articles and
 * topics are plain rows with defaults, for tests about lists and ownership;
 * tests about writing articles go through the app's own mutations instead.
 */

let counter = 0;
/** A unique address per call within a test file. */
function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${counter}-${newId().slice(0, 8)}@example.com`;
}

export type UserOptions = {
  email?: string;
  /** Stored as a bcrypt hash (cheap cost: tests only); null makes a Google-only style account. */
  password?: string | null;
  fullName?: string;
  emailVerified?: boolean;
  isOperator?: boolean;
  /** Onboarding finished (no first-run dialog). */
  onboarded?: boolean;
  workspace?: Updateable<WorkspacesTable>;
  site?: Updateable<SitesTable>;
  /** false: no session row, and cookie is "" (for tests that count sessions or sign in themselves). */
  signedIn?: boolean;
};

/** A user with a workspace, a first site and (unless signedIn is false) a session cookie. */
export async function makeUser(db: DB, options: UserOptions = {}) {
  const {
    email = uniqueEmail(),
    password = null,
    fullName = "",
    emailVerified = true,
    isOperator = false,
    onboarded = false,
    workspace,
    site,
    signedIn = true,
  } = options;
  const ids = await createAccount(db, {
    email,
    passwordHash: password === null ? null : await bcrypt.hash(password, BCRYPT_COST),
    fullName,
    emailVerified,
    isOperator,
  });
  if (onboarded) await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", ids.userId).execute();
  if (workspace) await db.updateTable("workspaces").set(workspace).where("id", "=", ids.workspaceId).execute();
  if (site) await db.updateTable("sites").set(site).where("id", "=", ids.siteId).execute();
  return { ...ids, email, password, cookie: signedIn ? await signInAs(db, ids.userId) : "" };
}
export type TestUser = Awaited<ReturnType<typeof makeUser>>;

/** A topic row on a site; returns its id. */
export async function makeTopic(db: DB, siteId: string, fields: Partial<Insertable<TopicsTable>> = {}) {
  const given = definedOnly(fields);
  const id = given.id ?? newId();
  const now = isoNow();
  await db
    .insertInto("topics")
    .values({ name: `Topic ${id.slice(0, 6)}`, created_at: now, updated_at: now, ...given, id, site_id: siteId })
    .execute();
  return id;
}

/** An article row on a site (a draft unless told otherwise); returns its id. */
export async function makeArticle(db: DB, siteId: string, fields: Partial<Insertable<ArticlesTable>> = {}) {
  const given = definedOnly(fields);
  const id = given.id ?? newId();
  const createdAt = given.created_at ?? isoNow();
  await db
    .insertInto("articles")
    .values({
      author_id: null,
      topic_id: null,
      title: `Article ${id.slice(0, 6)}`,
      slug: id,
      updated_at: createdAt,
      ...given,
      id,
      site_id: siteId,
      created_at: createdAt,
    })
    .execute();
  return id;
}

/** A publication row of an article on the site's hosted blog (by default live and published), as the publishing engine leaves it. */
export async function makePublication(
  db: DB,
  siteId: string,
  articleId: string,
  {
    mode = "live",
    status = "published",
    publishedAt,
    remoteId = null,
  }: { mode?: "draft" | "live"; status?: PublicationStatus; publishedAt?: string; remoteId?: string | null } = {},
) {
  const connection = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  const now = isoNow();
  const id = newId();
  await db
    .insertInto("publications")
    .values({
      id,
      site_id: siteId,
      article_id: articleId,
      connection_id: connection.id,
      mode,
      status,
      marker: articleId,
      remote_id: remoteId,
      remote_url: null,
      remote_status: null,
      remote_version: null,
      create_started_at: null,
      content_hash: null,
      last_error: null,
      correlation_id: "test0000",
      published_at: status === "published" ? (publishedAt ?? now) : null,
      live_check: null,
      live_checked_at: null,
      requested_by: null,
      scheduled_for: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Drops keys whose value is undefined, so an unset option keeps the default. */
function definedOnly<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** Makes a user a member of another workspace with a role (teams, docs/decisions/044). */
export async function addMember(db: DB, userId: string, workspaceId: string, role: WorkspaceRole) {
  await db.insertInto("memberships").values({ workspace_id: workspaceId, user_id: userId, role, created_at: isoNow() }).execute();
}
