import { sql } from "kysely";
import { getDb, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { newId } from "#app/utils/crypto.server";
import { consumeOAuthState, createOAuthState } from "#app/modules/auth/oauth-states.server";
import { appCredentials } from "../../app-credentials.server";
import { logDiag, newCorrelationId } from "../../diagnostics.server";
import { describeResponse, platformRequest, retryAfterMs } from "../../http.server";
import { PublishError } from "../../types";

/**
 * Connecting a Wix site through our app's install flow (docs/decisions/033):
 * the browser goes to Wix's installer with a state nonce, Wix installs the app
 * on the site the customer picks and sends the browser back to our callback
 * with `code`, `state` and `instanceId`. Access is then a client-credentials
 * token per app instance (4 hours, no refresh token), minted from the app's id
 * and secret and kept in memory until shortly before it expires.
 */

const WIX_PROVIDER = "wix";
/** Where Wix sends the browser back; the app's redirect URL in the Wix Dev Center must be this. */
const WIX_CALLBACK_PATH = "/integrations/wix/callback";
const WIX_STATE_TTL_MS = 10 * 60_000;
/** Wix's tokens last 4 hours; ours never outlive that, and are renewed this long before. */
const WIX_TOKEN_MAX_MS = 4 * 60 * 60_000;
const TOKEN_MARGIN_MS = 5 * 60_000;

/** Instance ids are GUIDs; anything else never reaches a URL or the database. */
const INSTANCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function normalizeInstanceId(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const id = input.trim().toLowerCase();
  return INSTANCE_ID.test(id) ? id : null;
}

export function wixApiUrl(path: string) {
  return `${getEnv().WIX_API_URL.replace(/\/$/, "")}${path}`;
}

export type WixInstallErrorCode = "not_configured" | "denied" | "state" | "instance" | "taken" | "token";

/** A failed install step; `message` is for the customer, `detail` for the diagnostic log. */
export class WixInstallError extends Error {
  override name = "WixInstallError";
  readonly code: WixInstallErrorCode;
  readonly detail: string;
  /** Whether the install was started from the popup (the callback then answers the popup page). */
  popup = false;
  constructor(code: WixInstallErrorCode, message: string, detail = "") {
    super(message);
    this.code = code;
    this.detail = detail.slice(0, 200);
  }
}

/** The Wix app's id and secret (environment, or the operators' integration settings), or null. */
async function wixApp() {
  const { clientId, clientSecret } = await appCredentials(getDb(), "wix");
  return clientId && clientSecret ? { appId: clientId, appSecret: clientSecret } : null;
}

async function requireAppCredentials() {
  const app = await wixApp();
  if (!app) {
    throw new WixInstallError(
      "not_configured",
      "Connecting Wix is not set up on this Inkpilot server yet (missing Wix app ID or secret).",
      "Wix app id/secret not set",
    );
  }
  return app;
}

type RequestCtx = { correlationId: string; signal: AbortSignal };

// ---------------------------------------------------------------------------
// Tokens

type CachedToken = { accessToken: string; expiresAt: number };
/** One entry per app instance, in this process only: tokens are cheap to mint and never stored. */
const tokenCache = new Map<string, CachedToken>();
const minting = new Map<string, Promise<CachedToken>>();

/** Forgets the cached token of an instance (after a 401, or on disconnect). */
export function dropWixToken(instanceId: string) {
  tokenCache.delete(instanceId);
}

/** For tests: starts every instance without a cached token. */
export function clearWixTokenCache() {
  tokenCache.clear();
}

/**
 * An access token for the instance: the cached one while it has more than five
 * minutes left, otherwise a new one (one mint at a time per instance).
 * Refusals are `auth` (the app was removed from the site) or `config` (our app
 * credentials are wrong); anything else is transient.
 */
export async function wixAccessToken(ctx: RequestCtx, instanceId: string, now = Date.now()): Promise<string> {
  const cached = tokenCache.get(instanceId);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > now) return cached.accessToken;
  let pending = minting.get(instanceId);
  if (!pending) {
    pending = mintWixToken(ctx, instanceId, now).finally(() => minting.delete(instanceId));
    minting.set(instanceId, pending);
  }
  const token = await pending;
  tokenCache.set(instanceId, token);
  return token.accessToken;
}

function parseTokenAnswer(text: string): { access_token?: unknown; expires_in?: unknown } | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as { access_token?: unknown; expires_in?: unknown }) : null;
  } catch {
    return null;
  }
}

async function mintWixToken(ctx: RequestCtx, instanceId: string, now: number): Promise<CachedToken> {
  const app = await wixApp();
  if (!app) {
    throw new PublishError("config", "Wix is not set up on this Inkpilot server (missing Wix app ID or secret).", {
      detail: "Wix app id/secret not set",
    });
  }
  const response = await platformRequest(ctx, wixApiUrl("/oauth2/token"), {
    method: "POST",
    json: { grant_type: "client_credentials", client_id: app.appId, client_secret: app.appSecret, instance_id: instanceId },
  });
  const detail = `token: ${describeResponse(response)}`;
  if (response.status === 429)
    throw new PublishError("rate_limit", "Wix asked us to slow down; publishing will retry shortly.", {
      detail,
      retryAfterMs: retryAfterMs(response.headers) ?? 60_000,
    });
  if (response.status >= 500)
    throw new PublishError("transient", "Wix had a temporary problem granting access; publishing will retry.", { detail });
  const answer = parseTokenAnswer(response.text);
  if (response.status === 200) {
    if (typeof answer?.access_token !== "string" || !answer.access_token)
      throw new PublishError("transient", "Wix sent an answer we could not read while granting access.", { detail });
    const seconds = typeof answer.expires_in === "number" && answer.expires_in > 0 ? answer.expires_in : 14_400;
    return { accessToken: answer.access_token, expiresAt: now + Math.min(seconds * 1000, WIX_TOKEN_MAX_MS) };
  }
  if (/client|secret|app id|appid/i.test(response.text) && !/instance/i.test(response.text)) {
    throw new PublishError("config", "Wix refused Inkpilot's app credentials. The Inkpilot team has been told; please try again later.", {
      detail,
    });
  }
  throw new PublishError("auth", "Wix no longer lets Inkpilot into this site: the Inkpilot app may have been removed from it.", {
    detail,
    fix: "Reconnect Wix in Settings → Integrations; connecting installs the Inkpilot app on your site again.",
  });
}

// ---------------------------------------------------------------------------
// Install flow

async function diag(db: DB, siteId: string | null, level: "info" | "warn" | "error", stage: string, detail: string, correlationId: string) {
  await logDiag(db, { siteId, provider: WIX_PROVIDER, level, stage, detail, correlationId });
}

/**
 * The first step of connecting: a state nonce bound to this site and user,
 * valid 10 minutes and once, and Wix's installer URL carrying it.
 * `popup` is remembered so the callback knows to answer the popup page.
 */
export async function startWixInstall(db: DB, input: { siteId: string; userId: string; appUrl: string; popup?: boolean }) {
  const { appId } = await requireAppCredentials();
  const redirectUrl = `${input.appUrl.replace(/\/$/, "")}${WIX_CALLBACK_PATH}`;
  const { state, expiresAt } = await createOAuthState(db, {
    provider: WIX_PROVIDER,
    siteId: input.siteId,
    payload: { userId: input.userId, redirectUrl, popup: Boolean(input.popup) },
    ttlMs: WIX_STATE_TTL_MS,
  });
  const url = new URL(getEnv().WIX_INSTALLER_URL);
  url.searchParams.set("appId", appId);
  url.searchParams.set("redirectUrl", redirectUrl);
  url.searchParams.set("state", state);
  await diag(db, input.siteId, "info", "install_start", `popup=${Boolean(input.popup)}`, newCorrelationId());
  return { url: url.toString(), state, expiresAt };
}

export type WixInstallResult = {
  siteId: string;
  userId: string | null;
  instanceId: string;
  popup: boolean;
  /** Ready for ConnectInput.options of wixAdapter.connect (the route adds ownerEmail). */
  options: Record<string, string>;
};

type QueryInput = URLSearchParams | Record<string, string | undefined>;

/** Whether another Inkpilot site holds a live connection to this Wix instance. */
async function connectedToAnotherSite(db: DB, instanceId: string, siteId: string) {
  const claimed = await db
    .selectFrom("cms_connections")
    .select(["site_id"])
    .where("platform", "=", "wix")
    .where("status", "!=", "disconnected")
    .where("site_id", "!=", siteId)
    .where(sql<string>`json_extract(config, '$.instanceId')`, "=", instanceId)
    .executeTakeFirst();
  return Boolean(claimed);
}

/** Records (or moves to this site) the install of our app on the instance, in cms_installs. */
async function recordInstall(db: DB, instanceId: string, siteId: string, now: Date) {
  const existing = await db
    .selectFrom("cms_installs")
    .select("id")
    .where("provider", "=", "wix")
    .where("external_id", "=", instanceId)
    .executeTakeFirst();
  if (existing) await db.updateTable("cms_installs").set({ site_id: siteId }).where("id", "=", existing.id).execute();
  else
    await db
      .insertInto("cms_installs")
      .values({ id: newId(), provider: "wix", external_id: instanceId, site_id: siteId, scope: "", created_at: now.toISOString() })
      .execute();
}

/**
 * The callback: the single-use state (which must belong to the expected site),
 * the instance id, a token minted for it (which proves our app is installed
 * there), and the instance not being connected to another Inkpilot site. Records
 * the install in cms_installs. Throws WixInstallError with a message for the
 * customer; each step goes to the diagnostic log.
 */
export async function completeWixInstall(
  db: DB,
  query: QueryInput,
  options: { expectedSiteId?: string | null; now?: Date; signal?: AbortSignal } = {},
): Promise<WixInstallResult> {
  const correlationId = newCorrelationId();
  const now = options.now ?? new Date();
  const value = (key: string) => (query instanceof URLSearchParams ? query.get(key) : query[key]) ?? "";
  let popup = false;
  const fail = async (error: WixInstallError, siteId: string | null = null): Promise<never> => {
    error.popup = popup;
    await diag(db, siteId, "error", `install_callback_${error.code}`, error.detail || error.message, correlationId);
    throw error;
  };
  await requireAppCredentials();

  const state = await consumeOAuthState(db, value("state"), WIX_PROVIDER, now);
  if (!state)
    return fail(
      new WixInstallError(
        "state",
        "This connection attempt expired or was already used. Start connecting again.",
        "state unknown, used or expired",
      ),
    );
  popup = state.payload.popup === true;
  if (options.expectedSiteId !== undefined && state.siteId !== options.expectedSiteId)
    return fail(
      new WixInstallError("state", "This connection was started for another site. Start connecting again.", "state site mismatch"),
      state.siteId,
    );
  const siteId = state.siteId;
  if (!siteId)
    return fail(
      new WixInstallError("state", "This connection attempt is not tied to a site. Start connecting again.", "state without site"),
    );

  const error = value("error");
  if (error) {
    return fail(
      new WixInstallError(
        "denied",
        "The Inkpilot app was not installed on your Wix site, so Inkpilot cannot publish there. Connect again and approve the installation.",
        `error=${error.slice(0, 60)} ${value("error_description").slice(0, 100)}`,
      ),
      siteId,
    );
  }
  const instanceId = normalizeInstanceId(value("instanceId"));
  if (!instanceId)
    return fail(
      new WixInstallError(
        "instance",
        "Wix did not say which site the app was installed on. Start connecting again.",
        `instanceId=${value("instanceId").slice(0, 60)}`,
      ),
      siteId,
    );

  // Minting a token proves the instance is real and has our app installed.
  dropWixToken(instanceId);
  try {
    await wixAccessToken({ correlationId, signal: options.signal ?? AbortSignal.timeout(30_000) }, instanceId, now.getTime());
  } catch (cause) {
    const detail = cause instanceof PublishError ? `${cause.kind} ${cause.detail}` : String(cause);
    return fail(
      new WixInstallError("token", "Wix did not let Inkpilot into the site after installing. Please try connecting again.", detail),
      siteId,
    );
  }

  // An instance belongs to one Inkpilot site at a time: a callback carrying someone else's instance id gets nowhere.
  if (await connectedToAnotherSite(db, instanceId, siteId))
    return fail(
      new WixInstallError(
        "taken",
        "This Wix site is already connected to another Inkpilot workspace. Disconnect it there first.",
        `instance ${instanceId} connected to another site`,
      ),
      siteId,
    );

  await recordInstall(db, instanceId, siteId, now);
  await diag(db, siteId, "info", "install_callback_ok", `instance=${instanceId}`, correlationId);
  return {
    siteId,
    userId: typeof state.payload.userId === "string" ? state.payload.userId : null,
    instanceId,
    popup,
    options: { instanceId },
  };
}

/** The email a new site member is created with when the Wix site has none: the workspace owner's. */
export async function workspaceOwnerEmail(db: DB, siteId: string): Promise<string | null> {
  const row = await db
    .selectFrom("sites as s")
    .innerJoin("memberships as m", "m.workspace_id", "s.workspace_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.email", "u.full_name"])
    .where("s.id", "=", siteId)
    .where("m.role", "=", "owner")
    .orderBy("m.created_at")
    .executeTakeFirst();
  return row?.email ?? null;
}
