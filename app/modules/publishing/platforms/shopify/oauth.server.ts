import crypto from "node:crypto";
import { getDb, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { newId } from "#app/utils/crypto.server";
import { consumeOAuthState, createOAuthState } from "#app/modules/auth/oauth-states.server";
import { appCredentials, appVerificationSecrets } from "../../app-credentials.server";
import { describeResponse, platformRequest } from "../../http.server";
import { PublishError, type Credentials } from "../../types";

/**
 * Connecting a Shopify store as a public app (docs/decisions/033): install URL
 * with a state nonce, the callback's HMAC, shop and timestamp checks, the code
 * exchanged for an expiring offline token, and its refresh. Merchants can no
 * longer create custom apps, so there is no "paste a token" path.
 */

export const SHOPIFY_PROVIDER = "shopify";
/** `write_content` covers blogs and articles and implies `read_content`. */
const SHOPIFY_SCOPES = ["write_content"] as const;
/** Either grants articles; the newer name may be what a store grants. */
const WRITE_SCOPES = ["write_content", "write_online_store_pages"];
/** Where Shopify sends the merchant back; the lead's route must serve it and the app config must list it. */
const SHOPIFY_CALLBACK_PATH = "/shopify/callback";
const SHOPIFY_STATE_TTL_MS = 10 * 60_000;
/** The official library's limit on the callback timestamp's distance from our clock. */
const SHOPIFY_MAX_SKEW_MS = 90_000;
export const SHOP_DOMAIN_MESSAGE = "Enter full shop domain like your-store.myshopify.com";

const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/** The shop's `{name}.myshopify.com`, trimmed and lower-cased, or null: never build a URL from anything else. */
export function normalizeShopDomain(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const shop = input.trim().toLowerCase();
  if (shop.length > 255 || !SHOP_DOMAIN.test(shop)) return null;
  return shop;
}

/** `https://{shop}{path}`, or the local fake's origin with the shop as first path segment in tests. */
function shopifyUrl(shop: string, path: string) {
  const origin = getEnv().TEST_SHOPIFY_SHOP_ORIGIN;
  return origin ? `${origin.replace(/\/$/, "")}/${shop}${path}` : `https://${shop}${path}`;
}

/** The same mapping for a full URL the Admin API client built (`https://{shop}/admin/api/…`). */
export function rewriteShopifyUrl(url: string) {
  const origin = getEnv().TEST_SHOPIFY_SHOP_ORIGIN;
  if (!origin) return url;
  const parsed = new URL(url);
  if (!parsed.hostname.endsWith(".myshopify.com")) return url;
  return shopifyUrl(parsed.hostname, `${parsed.pathname}${parsed.search}`);
}

/**
 * The client secret and, after a rotation, the previous one: both verify what Shopify signs.
 * From the environment or the operators' integration settings (app-credentials.server.ts).
 */
export function shopifySecrets(db: DB = getDb()): Promise<string[]> {
  return appVerificationSecrets(db, SHOPIFY_PROVIDER);
}

type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function queryEntries(query: QueryInput): Array<[string, string]> {
  const grouped = new Map<string, string[]>();
  const add = (key: string, value: string) => grouped.set(key, [...(grouped.get(key) ?? []), value]);
  if (query instanceof URLSearchParams) query.forEach((value, key) => add(key, value));
  else
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) add(key, v);
    }
  // Repeated keys become one comma-joined value, as the official library does.
  return [...grouped].map(([key, values]) => [key, values.join(",")]);
}

/** Shopify's query HMAC: every parameter but hmac/signature, sorted by key, URL-encoded, HMAC-SHA256 in lowercase hex. */
export function shopifyQueryHmac(query: QueryInput, secret: string) {
  const entries = queryEntries(query)
    .filter(([key]) => key !== "hmac" && key !== "signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const message = new URLSearchParams(entries).toString();
  return crypto.createHmac("sha256", secret).update(message).digest("hex");
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function verifyShopifyQueryHmac(query: QueryInput, secrets: string[]) {
  const hmac = queryEntries(query).find(([key]) => key === "hmac")?.[1];
  if (!hmac || !/^[0-9a-f]{64}$/i.test(hmac)) return false;
  return secrets.some((secret) => safeEqual(shopifyQueryHmac(query, secret), hmac.toLowerCase()));
}

/** Webhooks are signed differently: base64 HMAC-SHA256 of the raw body bytes. */
export function verifyShopifyWebhookHmac(rawBody: Buffer | string, hmacHeader: string | null | undefined, secrets: string[]) {
  if (!hmacHeader) return false;
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  return secrets.some((secret) => safeEqual(crypto.createHmac("sha256", secret).update(body).digest("base64"), hmacHeader.trim()));
}

/** The scopes a merchant granted, compared with what publishing needs (a merchant can grant less). */
export function missingShopifyScopes(granted: string | string[]) {
  const list = (Array.isArray(granted) ? granted : granted.split(",")).map((s) => s.trim()).filter(Boolean);
  return list.some((s) => WRITE_SCOPES.includes(s)) ? [] : ["write_content"];
}

export type ShopifyOAuthErrorCode = "not_configured" | "shop" | "hmac" | "timestamp" | "state" | "exchange" | "scope";

/** A failed install step; `message` is for the customer, `detail` for the diagnostic log. */
export class ShopifyOAuthError extends Error {
  override name = "ShopifyOAuthError";
  readonly code: ShopifyOAuthErrorCode;
  readonly detail: string;
  constructor(code: ShopifyOAuthErrorCode, message: string, detail = "") {
    super(message);
    this.code = code;
    this.detail = detail.slice(0, 200);
  }
}

async function requireAppCredentials(db: DB) {
  const { clientId, clientSecret } = await appCredentials(db, SHOPIFY_PROVIDER);
  if (!clientId || !clientSecret) {
    throw new ShopifyOAuthError(
      "not_configured",
      "Connecting Shopify is not set up on this Inkpilot server yet (missing app client ID or secret).",
      "Shopify client id/secret not set (environment or admin integration settings)",
    );
  }
  return { clientId, clientSecret };
}

type TokenAnswer = {
  access_token?: string;
  scope?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
};

/** The connection's stored secrets from a token answer: both tokens and their expiry times, saved together. */
export function credentialsFromTokenAnswer(answer: TokenAnswer, now: Date = new Date()): Credentials {
  if (!answer.access_token) throw new Error("Shopify's token answer has no access_token");
  const credentials: Credentials = { accessToken: answer.access_token, scope: answer.scope ?? "" };
  if (answer.expires_in) credentials.accessTokenExpiresAt = new Date(now.getTime() + answer.expires_in * 1000).toISOString();
  if (answer.refresh_token) credentials.refreshToken = answer.refresh_token;
  if (answer.refresh_token_expires_in)
    credentials.refreshTokenExpiresAt = new Date(now.getTime() + answer.refresh_token_expires_in * 1000).toISOString();
  return credentials;
}

type RequestCtx = { correlationId: string; signal: AbortSignal };

/** The callback's code for an offline token that expires (`expiring: "1"`), with its refresh token. */
export async function exchangeShopifyCode(ctx: RequestCtx, shop: string, code: string, db: DB = getDb()): Promise<Credentials> {
  const { clientId, clientSecret } = await requireAppCredentials(db);
  let response;
  try {
    response = await platformRequest(ctx, shopifyUrl(shop, "/admin/oauth/access_token"), {
      method: "POST",
      json: { client_id: clientId, client_secret: clientSecret, code, expiring: "1" },
    });
  } catch (error) {
    throw new ShopifyOAuthError("exchange", "We could not reach Shopify to finish connecting. Please try again.", String(error));
  }
  const answer = response.status === 200 ? safeJson<TokenAnswer>(response.text) : null;
  if (!answer?.access_token) {
    throw new ShopifyOAuthError(
      "exchange",
      "Shopify did not accept the sign-in code (it may have been used already). Start connecting again.",
      describeResponse(response),
    );
  }
  return credentialsFromTokenAnswer(answer);
}

/**
 * A new access token and a new refresh token for the old refresh token. Shopify
 * keeps the old refresh token usable until the new one is first used, so a lost
 * answer can be retried. Refused tokens are `auth`; anything else is transient.
 */
export async function refreshShopifyToken(ctx: RequestCtx, shop: string, refreshToken: string, db: DB = getDb()): Promise<Credentials> {
  const { clientId, clientSecret } = await appCredentials(db, SHOPIFY_PROVIDER);
  if (!clientId || !clientSecret) {
    throw new PublishError("config", "Shopify is not set up on this Inkpilot server (missing app client ID or secret).", {
      detail: "Shopify client id/secret not set (environment or admin integration settings)",
    });
  }
  const response = await platformRequest(ctx, shopifyUrl(shop, "/admin/oauth/access_token"), {
    method: "POST",
    json: {
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: "refresh_token",
      refresh_token: refreshToken,
    },
  });
  const detail = `refresh: ${describeResponse(response)}`;
  if (response.status >= 500 || response.status === 429) {
    throw new PublishError("transient", "Shopify had a temporary problem renewing access; publishing will retry.", { detail });
  }
  const answer = response.status === 200 ? safeJson<TokenAnswer>(response.text) : null;
  if (response.status === 200 && !answer?.access_token) {
    throw new PublishError("transient", "Shopify sent an answer we could not read while renewing access.", { detail });
  }
  if (!answer?.access_token) {
    throw new PublishError(
      "auth",
      "Shopify no longer lets Inkpilot renew access to this store. Reconnect Shopify in Settings → Integrations.",
      {
        detail,
        fix: "Reconnect Shopify in Settings → Integrations (the app may have been uninstalled).",
      },
    );
  }
  return credentialsFromTokenAnswer(answer);
}

function safeJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

async function diag(
  db: DB,
  entry: { siteId: string | null; level: "info" | "warn" | "error"; stage: string; detail: string; correlationId: string },
) {
  await db
    .insertInto("diag_logs")
    .values({
      site_id: entry.siteId,
      provider: SHOPIFY_PROVIDER,
      level: entry.level,
      stage: entry.stage,
      detail: entry.detail.slice(0, 200),
      correlation_id: entry.correlationId,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export function shortCorrelationId() {
  return crypto.randomBytes(4).toString("hex");
}

/**
 * The first step of connecting: a state nonce bound to this site and user, and
 * Shopify's authorize URL for an offline token (no `grant_options[]`). The
 * route may also put `state` in a short-lived httpOnly cookie to bind it to the browser.
 */
export async function startShopifyInstall(db: DB, input: { siteId: string; userId: string; shop: string; appUrl: string }) {
  const { clientId } = await requireAppCredentials(db);
  const shop = normalizeShopDomain(input.shop);
  if (!shop) throw new ShopifyOAuthError("shop", SHOP_DOMAIN_MESSAGE, `shop=${String(input.shop).slice(0, 100)}`);
  const redirectUri = `${input.appUrl.replace(/\/$/, "")}${SHOPIFY_CALLBACK_PATH}`;
  const { state, expiresAt } = await createOAuthState(db, {
    provider: SHOPIFY_PROVIDER,
    siteId: input.siteId,
    payload: { shop, userId: input.userId, redirectUri },
    ttlMs: SHOPIFY_STATE_TTL_MS,
  });
  const params = new URLSearchParams({ client_id: clientId, scope: SHOPIFY_SCOPES.join(","), redirect_uri: redirectUri, state });
  await diag(db, {
    siteId: input.siteId,
    level: "info",
    stage: "oauth_start",
    detail: `shop=${shop}`,
    correlationId: shortCorrelationId(),
  });
  return { url: shopifyUrl(shop, `/admin/oauth/authorize?${params}`), state, expiresAt, shop };
}

export type ShopifyInstallResult = {
  shop: string;
  siteId: string;
  userId: string | null;
  scope: string;
  credentials: Credentials;
  /** Ready for ConnectInput.options of shopifyAdapter.connect (add `blogId` once the customer chose one). */
  options: Record<string, string>;
};

type Fail = (error: ShopifyOAuthError, siteId?: string | null) => Promise<never>;

/** The callback's own checks, before its state is spent: Shopify's signature, the shop's domain, the answer's age. */
async function verifiedCallbackShop(db: DB, query: QueryInput, now: Date, fail: Fail) {
  const value = (key: string) => queryEntries(query).find(([k]) => k === key)?.[1] ?? "";
  if (!verifyShopifyQueryHmac(query, await shopifySecrets(db))) {
    return fail(
      new ShopifyOAuthError(
        "hmac",
        "Shopify's answer could not be verified. Start connecting again from Inkpilot.",
        `hmac mismatch shop=${value("shop")}`,
      ),
    );
  }
  const shop = normalizeShopDomain(value("shop"));
  if (!shop) return fail(new ShopifyOAuthError("shop", SHOP_DOMAIN_MESSAGE, `shop=${value("shop").slice(0, 100)}`));
  const timestamp = Number(value("timestamp")) * 1000;
  if (!Number.isFinite(timestamp) || Math.abs(now.getTime() - timestamp) > SHOPIFY_MAX_SKEW_MS) {
    return fail(
      new ShopifyOAuthError(
        "timestamp",
        "Shopify's answer is too old. Start connecting again from Inkpilot.",
        `timestamp=${value("timestamp")}`,
      ),
    );
  }
  return shop;
}

/** Records (or moves to this site, with the scopes now granted) the app's install on the shop, in cms_installs. */
async function recordInstall(db: DB, shop: string, siteId: string, scope: string, now: Date) {
  const existing = await db
    .selectFrom("cms_installs")
    .select("id")
    .where("provider", "=", "shopify")
    .where("external_id", "=", shop)
    .executeTakeFirst();
  if (existing) await db.updateTable("cms_installs").set({ site_id: siteId, scope }).where("id", "=", existing.id).execute();
  else
    await db
      .insertInto("cms_installs")
      .values({ id: newId(), provider: "shopify", external_id: shop, site_id: siteId, scope, created_at: now.toISOString() })
      .execute();
}

/**
 * The callback: HMAC, shop, timestamp, then the single-use state (which must
 * belong to the expected site and the same shop), the code exchange and the
 * granted scopes. Throws ShopifyOAuthError with a message for the customer;
 * each step is written to the diagnostic log for the Shopify debug page.
 */
export async function completeShopifyInstall(
  db: DB,
  query: QueryInput,
  options: { expectedSiteId?: string | null; expectedState?: string | null; now?: Date; signal?: AbortSignal } = {},
): Promise<ShopifyInstallResult> {
  const correlationId = shortCorrelationId();
  const now = options.now ?? new Date();
  const value = (key: string) => queryEntries(query).find(([k]) => k === key)?.[1] ?? "";
  const fail: Fail = async (error, siteId = null) => {
    await diag(db, { siteId, level: "error", stage: `oauth_callback_${error.code}`, detail: error.detail || error.message, correlationId });
    throw error;
  };
  await requireAppCredentials(db);

  const shop = await verifiedCallbackShop(db, query, now, fail);
  const stateValue = value("state");
  const expired = new ShopifyOAuthError(
    "state",
    "This connection attempt expired or was already used. Start connecting again.",
    `state unknown, used or expired shop=${shop}`,
  );
  if (options.expectedState != null && !safeEqual(options.expectedState, stateValue)) return fail(expired);
  const state = await consumeOAuthState(db, stateValue, SHOPIFY_PROVIDER, now);
  if (!state) return fail(expired);
  if (state.payload.shop !== shop) {
    return fail(
      new ShopifyOAuthError(
        "state",
        "Shopify answered for another store than the one you entered. Start connecting again.",
        `state shop=${String(state.payload.shop)} callback shop=${shop}`,
      ),
      state.siteId,
    );
  }
  if (options.expectedSiteId !== undefined && state.siteId !== options.expectedSiteId) {
    return fail(
      new ShopifyOAuthError("state", "This connection was started for another site. Start connecting again.", "state site mismatch"),
      state.siteId,
    );
  }
  const siteId = state.siteId;
  if (!siteId)
    return fail(
      new ShopifyOAuthError("state", "This connection attempt is not tied to a site. Start connecting again.", "state without site"),
    );

  let credentials: Credentials;
  try {
    credentials = await exchangeShopifyCode(
      { correlationId, signal: options.signal ?? AbortSignal.timeout(30_000) },
      shop,
      value("code"),
      db,
    );
  } catch (error) {
    if (error instanceof ShopifyOAuthError) return fail(error, siteId);
    throw error;
  }
  const scope = credentials.scope ?? "";
  const missing = missingShopifyScopes(scope);
  if (missing.length) {
    return fail(
      new ShopifyOAuthError(
        "scope",
        `Shopify granted fewer permissions than Inkpilot needs to publish (missing: ${missing.join(", ")}). Connect again and approve every permission asked.`,
        `granted=${scope}`,
      ),
      siteId,
    );
  }
  await recordInstall(db, shop, siteId, scope, now);
  await diag(db, { siteId, level: "info", stage: "oauth_callback_ok", detail: `shop=${shop} scope=${scope}`, correlationId });
  return {
    shop,
    siteId,
    userId: typeof state.payload.userId === "string" ? state.payload.userId : null,
    scope,
    credentials,
    options: { shop, ...credentials },
  };
}
