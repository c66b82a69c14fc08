import { sql } from "kysely";
import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { getDb, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import type { DigestFrequency, WorkspaceRole } from "#app/db/schema";
import { safeTimeZone } from "#app/utils/time";
import { can, permissionRefusal, type Permission } from "#app/modules/auth/permissions";
import { forbidden } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { endSession, lookupSession } from "./session.server";

/**
 * Who is acting and on which workspace and site, resolved once per request by
 * the dashboard layout's middleware. Every customer-data query takes its ids
 * from here, never from the URL alone.
 */
export type AuthState = {
  sessionId: string;
  user: {
    id: string;
    email: string;
    fullName: string;
    username: string;
    avatarPath: string | null;
    isOperator: boolean;
    emailVerified: boolean;
    onboardingCompleted: boolean;
    hasPassword: boolean;
  };
  workspace: { id: string; name: string; plan: "trial" | "pro"; trialEndsAt: string; trialArticlesUsed: number };
  role: WorkspaceRole;
  /** This member's auto-pilot digest for the workspace (account settings). */
  digest: DigestFrequency;
  /** timeZone: the site's IANA zone (UTC when unknown); every date a page shows is in it (app/utils/time.ts). */
  site: { id: string; name: string; url: string | null; timeZone: string };
};

export const authContext = createContext<AuthState>();

/**
 * The session's chosen site (sessions.current_site_id, docs/decisions/043) when
 * it still belongs to a workspace the user is a member of; otherwise the first
 * site of their first workspace. The role is the membership of that site's workspace.
 */
async function loadAuthState(db: DB, userId: string, sessionId: string): Promise<AuthState | null> {
  const chosen = db.selectFrom("sessions").select("current_site_id").where("id", "=", sessionId);
  const row = await db
    .selectFrom("users as u")
    .innerJoin("memberships as m", "m.user_id", "u.id")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .innerJoin("sites as s", "s.workspace_id", "w.id")
    .select([
      "u.id as userId",
      "u.email",
      "u.full_name",
      "u.username",
      "u.avatar_path",
      "u.is_operator",
      "u.email_verified_at",
      "u.onboarding_completed_at",
      "u.password_hash",
      "w.id as workspaceId",
      "w.name as workspaceName",
      "w.plan",
      "w.trial_ends_at",
      "w.trial_articles_used",
      "m.role",
      "m.digest",
      "s.id as siteId",
      "s.name as siteName",
      "s.url as siteUrl",
      "s.timezone",
    ])
    .where("u.id", "=", userId)
    // The chosen site first (1 sorts before 0, and NULL after both when nothing is chosen), then the oldest.
    .orderBy(sql`s.id = (${chosen})`, "desc")
    .orderBy("m.created_at")
    .orderBy("s.created_at")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId,
    user: {
      id: row.userId,
      email: row.email,
      fullName: row.full_name,
      username: row.username,
      avatarPath: row.avatar_path,
      isOperator: row.is_operator === 1,
      emailVerified: row.email_verified_at !== null,
      onboardingCompleted: row.onboarding_completed_at !== null,
      hasPassword: row.password_hash !== null,
    },
    workspace: {
      id: row.workspaceId,
      name: row.workspaceName,
      plan: row.plan,
      trialEndsAt: row.trial_ends_at,
      trialArticlesUsed: row.trial_articles_used,
    },
    role: row.role,
    digest: row.digest,
    site: { id: row.siteId, name: row.siteName, url: row.siteUrl, timeZone: safeTimeZone(row.timezone) },
  };
}

/** The signed-in state for pages that merely adapt to it (header, /signin). */
export async function getOptionalAuth(request: Request, db: DB = getDb()) {
  const session = await lookupSession(db, request);
  if (!session) return null;
  return loadAuthState(db, session.userId, session.sessionId);
}

/** Pages that say why sign-in is needed (docs/product.md "Billing": managing a subscription signed out). */
const SIGNIN_NOTICES: Array<{ path: RegExp; toast: { title: string; description: string } }> = [
  {
    path: /^\/dashboard\/upgrade\/?$/,
    toast: { title: "Please sign in", description: "You need to be signed in to manage your subscription." },
  },
];

/** To sign-in and back; `url` is the router's (a data request's `.data` suffix removed, docs/decisions/032). */
async function signinRedirect(url: URL, headers?: HeadersInit) {
  const back = url.pathname + url.search;
  const notice = SIGNIN_NOTICES.find((n) => n.path.test(url.pathname));
  const target = `/signin?redirectTo=${encodeURIComponent(back)}`;
  return notice ? redirectWithToast(target, { type: "error", ...notice.toast }, { headers }) : redirect(target, { headers });
}

/** Middleware for signed-in areas: resolves user → workspace → site into authContext. */
export const requireAuth: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const db = getDb();
  const session = await lookupSession(db, request);
  if (!session) throw await signinRedirect(url);
  const state = await loadAuthState(db, session.userId, session.sessionId);
  if (!state) throw await signinRedirect(url, { "Set-Cookie": await endSession(db, request) });
  context.set(authContext, state);
  const response = await next();
  if (session.refreshCookie) response.headers.append("Set-Cookie", session.refreshCookie);
  return response;
};

/**
 * Refuses (403, through the route's error boundary) when the signed-in member's
 * role lacks the permission; call it first in every loader or action that needs
 * more than membership (app/modules/auth/permissions.ts).
 */
export function requirePermission(auth: Pick<AuthState, "role">, permission: Permission) {
  if (!can(auth.role, permission)) forbidden(permissionRefusal(permission));
}

/** Middleware for operator pages; must run after requireAuth. */
export const requireOperator: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!context.get(authContext).user.isOperator) {
    forbidden("Access Denied - You need admin privileges to access this page.");
  }
  return next();
};

/** Signed-in visitors of sign-in and sign-up pages go to their dashboard: the redirect to return, or null. */
export async function redirectIfSignedIn(request: Request) {
  const session = await lookupSession(getDb(), request);
  return session ? redirect("/dashboard") : null;
}

// Browsers drop or fold these while parsing a Location header ("/\t/evil.com" becomes
// "//evil.com"), so a target holding any of them is refused outright, never cleaned.
const UNSAFE_IN_REDIRECT = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
const MAX_REDIRECT_LENGTH = 2048;

/**
 * A redirect target from a form or query string (redirectTo, returnTo): only a
 * path that resolves to our own origin, returned normalised (path, query,
 * hash). Anything else gives the fallback (no open redirects).
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/dashboard") {
  if (typeof target !== "string" || target.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || UNSAFE_IN_REDIRECT.test(target)) return fallback;
  const base = new URL(getEnv().appUrl);
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can normalise into a protocol-relative path ("/.//evil.com" → "//evil.com").
  return path.startsWith("//") ? fallback : path;
}
