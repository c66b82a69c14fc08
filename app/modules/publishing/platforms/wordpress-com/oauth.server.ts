import type { DB } from "#app/db/client.server";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { consumeOAuthState, createOAuthState } from "#app/modules/auth/oauth-states.server";
import { appCredentials } from "../../app-credentials.server";
import { logDiag, newCorrelationId } from "../../diagnostics.server";
import { describeResponse, parseLenientJson, platformRequest } from "../../http.server";

/**
 * Connecting a site hosted on WordPress.com (docs/decisions/033): the classic
 * OAuth2 code flow at `/oauth2/*` with a state nonce (oauth_states, 10 minutes,
 * single use), the code exchanged for a token bound to the one blog the
 * customer picks (no `scope`: WordPress.com's default single-blog grant, the
 * least we can ask for that still writes posts and media), then checked with
 * `/oauth2/token-info` so a token issued to another app or for another blog is
 * refused before anything is stored. Code-flow tokens do not expire, so there
 * is no refresh.
 */

const WORDPRESS_COM_PROVIDER = "wordpress_com";
const WORDPRESS_COM_CALLBACK_PATH = "/integrations/wordpress_com/callback";
const WORDPRESS_COM_STATE_TTL_MS = 10 * 60_000;

export type WordPressComApp = { clientId: string; clientSecret: string; source: "env" | "db" };

/**
 * The app's client id and secret, or null when connecting WordPress.com is not
 * set up: the environment, or the operators' integration settings page (app-credentials.server.ts).
 */
export async function wordpressComAppCredentials(): Promise<WordPressComApp | null> {
  const { clientId, clientSecret, source } = await appCredentials(getDb(), "wordpress_com");
  if (!clientId || !clientSecret || source === "none") return null;
  return { clientId, clientSecret, source };
}

/** `https://public-api.wordpress.com` (or the fake's origin) + path. */
export function wordpressComUrl(path: string) {
  return `${getEnv().WORDPRESS_COM_API_URL.replace(/\/$/, "")}${path}`;
}

function wordpressComRedirectUri(appUrl: string) {
  return `${appUrl.replace(/\/$/, "")}${WORDPRESS_COM_CALLBACK_PATH}`;
}

export type WordPressComOAuthErrorCode = "not_configured" | "state" | "denied" | "exchange" | "token";

/** A failed connect step; `message` is for the customer, `detail` for the diagnostic log. */
export class WordPressComOAuthError extends Error {
  override name = "WordPressComOAuthError";
  readonly code: WordPressComOAuthErrorCode;
  readonly detail: string;
  /** Whether the attempt was started from a popup; null when the state was unknown. */
  readonly popup: boolean | null;
  constructor(code: WordPressComOAuthErrorCode, message: string, detail = "", popup: boolean | null = null) {
    super(message);
    this.code = code;
    this.detail = detail.slice(0, 200);
    this.popup = popup;
  }
}

async function requireApp(): Promise<WordPressComApp> {
  const app = await wordpressComAppCredentials();
  if (!app) {
    throw new WordPressComOAuthError(
      "not_configured",
      "Connecting WordPress.com is not set up on this Inkpilot server yet (missing app client ID or secret).",
      "WORDPRESS_COM_CLIENT_ID/WORDPRESS_COM_CLIENT_SECRET not set",
    );
  }
  return app;
}

/**
 * The first step: a state nonce bound to this site and user, and WordPress.com's
 * authorize URL. `blog` (a site address or id) preselects the site when the
 * customer typed one; `popup` makes the callback answer with the page that
 * messages the opener.
 */
export async function startWordPressComConnect(
  db: DB,
  input: { siteId: string; userId: string; appUrl: string; popup?: boolean; blog?: string | null },
) {
  const app = await requireApp();
  const redirectUri = wordpressComRedirectUri(input.appUrl);
  const { state, expiresAt } = await createOAuthState(db, {
    provider: WORDPRESS_COM_PROVIDER,
    siteId: input.siteId,
    payload: { userId: input.userId, redirectUri, popup: Boolean(input.popup) },
    ttlMs: WORDPRESS_COM_STATE_TTL_MS,
  });
  const params = new URLSearchParams({ client_id: app.clientId, redirect_uri: redirectUri, response_type: "code", state });
  const blog = input.blog?.trim();
  if (blog && blog.length <= 255) params.set("blog", blog);
  await logDiag(db, {
    siteId: input.siteId,
    provider: WORDPRESS_COM_PROVIDER,
    level: "info",
    stage: "oauth_start",
    detail: `popup=${Boolean(input.popup)}${blog ? ` blog=${blog.slice(0, 100)}` : ""}`,
    correlationId: newCorrelationId(),
  });
  return { url: wordpressComUrl(`/oauth2/authorize?${params}`), state, expiresAt };
}

export type WordPressComConnectResult = {
  siteId: string;
  userId: string | null;
  popup: boolean;
  /** What the connection stores encrypted. */
  credentials: { accessToken: string };
  /** For ConnectInput.options of wordpressComAdapter.connect (non-secret). */
  options: { blogId: string; blogUrl: string };
};

type QueryInput = URLSearchParams | Record<string, string | undefined>;

type TokenAnswer = { access_token?: string; token_type?: string; blog_id?: number | string; blog_url?: string | null; scope?: string };
type TokenInfo = { client_id?: string | number; user_id?: string | number; blog_id?: string | number; scope?: string };

function readJson<T>(text: string): T | null {
  try {
    const value = parseLenientJson(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

type Fail = (code: WordPressComOAuthErrorCode, message: string, detail: string) => Promise<never>;
type RequestContext = { correlationId: string; signal: AbortSignal };

/** Trades the callback's code for a token bound to one blog; fails unless WordPress.com names that blog. */
async function exchangeCode(ctx: RequestContext, app: WordPressComApp, redirectUri: string, code: string, fail: Fail) {
  let exchange;
  try {
    exchange = await platformRequest(ctx, wordpressComUrl("/oauth2/token"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uri: redirectUri,
        code,
        grant_type: "authorization_code",
      }).toString(),
    });
  } catch (error) {
    return fail("exchange", "We could not reach WordPress.com to finish connecting. Please try again.", String(error));
  }
  const answer = exchange.status === 200 ? readJson<TokenAnswer>(exchange.text) : null;
  if (!answer?.access_token) {
    const said = readJson<{ error?: string }>(exchange.text)?.error;
    return fail(
      "exchange",
      said === "invalid_client"
        ? "WordPress.com does not recognise Inkpilot's app credentials; the operator must check them."
        : "WordPress.com did not accept the sign-in code (it may have been used already). Start connecting again.",
      `token: ${describeResponse(exchange)}`,
    );
  }
  const blogId = String(answer.blog_id ?? "");
  if (!/^[1-9]\d*$/.test(blogId) || !answer.blog_url) {
    return fail(
      "token",
      "WordPress.com did not say which site you chose. Start connecting again and pick one site.",
      `blog_id=${blogId} scope=${answer.scope ?? ""}`,
    );
  }
  return { accessToken: answer.access_token, blogId, blogUrl: answer.blog_url };
}

/** token-info proves the token is ours (client_id) and for the blog the exchange named. */
async function verifyToken(ctx: RequestContext, app: WordPressComApp, accessToken: string, blogId: string, fail: Fail) {
  let info;
  try {
    info = await platformRequest(
      ctx,
      wordpressComUrl(`/oauth2/token-info?${new URLSearchParams({ client_id: app.clientId, token: accessToken })}`),
    );
  } catch (error) {
    return fail("token", "We could not reach WordPress.com to check the new connection. Please try again.", String(error));
  }
  const tokenInfo = info.status === 200 ? readJson<TokenInfo>(info.text) : null;
  if (!tokenInfo || String(tokenInfo.client_id) !== app.clientId || String(tokenInfo.blog_id) !== blogId) {
    return fail(
      "token",
      "WordPress.com gave a token that is not for Inkpilot or not for the site you chose. Start connecting again.",
      `token-info: ${tokenInfo ? `client_id=${String(tokenInfo.client_id)} blog_id=${String(tokenInfo.blog_id)}` : describeResponse(info)}`,
    );
  }
}

/**
 * The callback: the single-use state (of the expected site), WordPress.com's
 * own error (declined), the code exchange and the token-info check. Throws
 * WordPressComOAuthError with a message for the customer; each step is in the
 * diagnostic log.
 */
export async function completeWordPressComConnect(
  db: DB,
  query: QueryInput,
  options: { expectedSiteId?: string | null; now?: Date; signal?: AbortSignal } = {},
): Promise<WordPressComConnectResult> {
  const correlationId = newCorrelationId();
  const value = (key: string) => (query instanceof URLSearchParams ? query.get(key) : query[key]) ?? "";
  let siteId: string | null = null;
  let popup: boolean | null = null;
  const fail: Fail = async (code, message, detail) => {
    await logDiag(db, { siteId, provider: WORDPRESS_COM_PROVIDER, level: "error", stage: `oauth_callback_${code}`, detail, correlationId });
    throw new WordPressComOAuthError(code, message, detail, popup);
  };
  const app = await requireApp();

  const state = await consumeOAuthState(db, value("state"), WORDPRESS_COM_PROVIDER, options.now);
  if (!state)
    return fail("state", "This connection attempt expired or was already used. Start connecting again.", "state unknown, used or expired");
  siteId = state.siteId;
  popup = state.payload.popup === true;
  if (!siteId || (options.expectedSiteId !== undefined && state.siteId !== options.expectedSiteId)) {
    return fail("state", "This connection was started for another site. Start connecting again.", "state site mismatch");
  }
  // The state is used up either way, so a declined attempt cannot be replayed.
  if (value("error")) {
    const declined = value("error") === "access_denied";
    return fail(
      "denied",
      declined
        ? "You declined the WordPress.com request, so nothing was connected. Click Connect again and approve it to publish there."
        : "WordPress.com did not let Inkpilot connect. Start connecting again.",
      `error=${value("error").slice(0, 60)} ${value("error_description").slice(0, 100)}`,
    );
  }
  const code = value("code");
  if (!code) return fail("exchange", "WordPress.com sent no sign-in code. Start connecting again.", "callback without code");

  const ctx = { correlationId, signal: options.signal ?? AbortSignal.timeout(30_000) };
  const redirectUri = typeof state.payload.redirectUri === "string" ? state.payload.redirectUri : "";
  const { accessToken, blogId, blogUrl } = await exchangeCode(ctx, app, redirectUri, code, fail);
  await verifyToken(ctx, app, accessToken, blogId, fail);
  await logDiag(db, {
    siteId,
    provider: WORDPRESS_COM_PROVIDER,
    level: "info",
    stage: "oauth_callback_ok",
    detail: `blog_id=${blogId} blog_url=${blogUrl}`,
    correlationId,
  });
  return {
    siteId,
    userId: typeof state.payload.userId === "string" ? state.payload.userId : null,
    popup,
    credentials: { accessToken },
    options: { blogId, blogUrl },
  };
}
