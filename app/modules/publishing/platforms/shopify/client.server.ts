import { createAdminApiClient } from "@shopify/admin-api-client";
import { getEnv } from "#app/env.server";
import { describeResponse, guardedFetchApi, parseLenientJson, retryAfterMs } from "../../http.server";
import { PublishError, type AdapterContext, type Credentials } from "../../types";
import { normalizeShopDomain, refreshShopifyToken, rewriteShopifyUrl } from "./oauth.server";

/**
 * The Admin GraphQL API through Shopify's client over our request guard: the
 * session (token refreshed before it expires), the queries Inkpilot sends, the
 * leaky-bucket throttle waited out inline, and the store's blogs.
 */

/** Waiting for the leaky bucket inside one call is fine up to this; longer, the engine retries later. */
const MAX_INLINE_THROTTLE_WAIT_MS = 10_000;
const MAX_THROTTLE_RETRIES = 3;
/** Renew an access token this long before it expires (a call can take a while). */
const REFRESH_MARGIN_MS = 5 * 60_000;

const ARTICLE_FIELDS = "id handle title isPublished publishedAt blog { id handle }";
export const Q = {
  shop: "query InkpilotShop { shop { name myshopifyDomain primaryDomain { url } } }",
  scopes: "query InkpilotScopes { currentAppInstallation { accessScopes { handle } } }",
  blogs:
    "query InkpilotBlogs($after: String) { blogs(first: 50, after: $after) { nodes { id title handle } pageInfo { hasNextPage endCursor } } }",
  create: `mutation InkpilotArticleCreate($article: ArticleCreateInput!) { articleCreate(article: $article) { article { ${ARTICLE_FIELDS} } userErrors { code field message } } }`,
  update: `mutation InkpilotArticleUpdate($id: ID!, $article: ArticleUpdateInput!) { articleUpdate(id: $id, article: $article) { article { ${ARTICLE_FIELDS} } userErrors { code field message } } }`,
  read: `query InkpilotArticle($id: ID!) { article(id: $id) { ${ARTICLE_FIELDS} } }`,
  find: `query InkpilotFindArticle($query: String!) { articles(first: 10, query: $query) { nodes { ${ARTICLE_FIELDS} } } }`,
};

export type ShopifyArticle = {
  id: string;
  handle: string;
  title: string;
  isPublished: boolean;
  publishedAt: string | null;
  blog: { id: string; handle: string } | null;
};
export type UserError = { code: string | null; field: string[] | null; message: string };
type Blog = { id: string; title: string; handle: string };
type Cost = {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
};

/** Who is calling: a saved connection (can store refreshed tokens) or connect() with fresh tokens. */
export type Session = {
  shop: string;
  credentials: Credentials;
  connectionId: string;
  correlationId: string;
  signal: AbortSignal;
  save: ((credentials: Credentials) => Promise<void>) | null;
  log: AdapterContext["log"];
};

export type GqlAnswer<T> = { data: T; apiVersion: string | null; deprecated: string | null };

export function sessionFrom(ctx: AdapterContext): Session {
  const shop = normalizeShopDomain(ctx.config.shop);
  if (!shop)
    throw new PublishError("config", "This Shopify connection has no valid store address. Reconnect Shopify.", {
      detail: "config.shop missing",
    });
  return {
    shop,
    credentials: ctx.credentials,
    connectionId: ctx.connectionId,
    correlationId: ctx.correlationId,
    signal: ctx.signal,
    save: ctx.saveCredentials.bind(ctx),
    log: ctx.log.bind(ctx),
  };
}

/** Waits, or fails as transient when the job is cancelled or its time is up meanwhile. */
function sleep(ms: number, signal: AbortSignal) {
  const aborted = () =>
    new PublishError("transient", "Publishing stopped while waiting for Shopify's query budget.", {
      detail: `aborted during ${ms} ms wait`,
    });
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export const reconnect = "Reconnect Shopify in Settings → Integrations.";

function authError(detail: string) {
  return new PublishError("auth", `Shopify no longer accepts Inkpilot's access to this store. ${reconnect}`, {
    detail,
    fix: `${reconnect} If the Inkpilot app was uninstalled from the store, connecting installs it again.`,
  });
}

/** One refresh per connection at a time in this process: two jobs must not spend the same refresh token twice. */
const refreshing = new Map<string, Promise<Credentials>>();

async function refreshSession(session: Session) {
  const refreshToken = session.credentials.refreshToken;
  if (!refreshToken) throw authError("access token expired and no refresh token stored");
  const refreshExpiry = Date.parse(session.credentials.refreshTokenExpiresAt ?? "");
  if (Number.isFinite(refreshExpiry) && refreshExpiry <= Date.now()) throw authError("refresh token expired");
  const key = session.connectionId || session.shop;
  let pending = refreshing.get(key);
  if (!pending) {
    pending = (async () => {
      const next = await refreshShopifyToken(session, session.shop, refreshToken);
      next.refreshToken ??= refreshToken;
      if (!next.refreshTokenExpiresAt && session.credentials.refreshTokenExpiresAt)
        next.refreshTokenExpiresAt = session.credentials.refreshTokenExpiresAt;
      // Saved at once: the old refresh token stops working once the new one is used.
      if (session.save) await session.save(next);
      return next;
    })().finally(() => refreshing.delete(key));
    refreshing.set(key, pending);
  }
  const next = await pending;
  for (const k of Object.keys(session.credentials)) delete session.credentials[k];
  Object.assign(session.credentials, next);
  await session.log("info", "token_refresh", "Shopify access token renewed");
}

function needsRefresh(credentials: Credentials) {
  const expiresAt = Date.parse(credentials.accessTokenExpiresAt ?? "");
  return Boolean(credentials.refreshToken) && Number.isFinite(expiresAt) && expiresAt - Date.now() < REFRESH_MARGIN_MS;
}

function header(response: Response, name: string) {
  return response.headers.get(name);
}

/** Sends one operation through Shopify's client over our request guard; a failure to reach Shopify is a PublishError. */
async function sendOperation(session: Session, accessToken: string, query: string, variables: Record<string, unknown>) {
  let thrown: unknown = null;
  const base = guardedFetchApi(session);
  const client = createAdminApiClient({
    storeDomain: session.shop,
    apiVersion: getEnv().SHOPIFY_API_VERSION,
    accessToken,
    // The client would warn on console about versions it does not know yet; the doctor checks the answered version instead.
    logger: () => {},
    customFetchApi: async (url, init) => {
      try {
        return await base(rewriteShopifyUrl(url), init as RequestInit);
      } catch (error) {
        thrown = error;
        throw error;
      }
    },
  });
  try {
    return await client.fetch(query, { variables });
  } catch (error) {
    // The client wraps what our fetch threw (a PublishError for timeouts and refusals); keep ours.
    if (thrown instanceof PublishError) throw thrown;
    throw new PublishError("transient", "We could not reach Shopify.", { detail: String(thrown ?? error).slice(0, 200), cause: error });
  }
}

/** What an HTTP status other than 200 and 401 means for the engine; null for 200. */
function refusalOfStatus(response: Response, detail: string): PublishError | null {
  if (response.status === 429) {
    return new PublishError("rate_limit", "Shopify asked us to slow down; publishing will retry shortly.", {
      detail,
      retryAfterMs: retryAfterMs(Object.fromEntries(response.headers)) ?? 2000,
    });
  }
  if (response.status >= 500)
    return new PublishError("transient", `Shopify had a temporary problem (HTTP ${response.status}).`, { detail });
  if (response.status === 402)
    return new PublishError("config", "This Shopify store is frozen (unpaid Shopify bill), so it cannot take new articles.", {
      detail,
      fix: "Settle the store's Shopify bill, then publish again.",
    });
  if (response.status === 423)
    return new PublishError("config", "This Shopify store is locked by Shopify.", {
      detail,
      fix: "Contact Shopify support about the store.",
    });
  if (response.status === 404)
    return new PublishError("config", "Shopify could not find this store. It may have been closed or renamed.", {
      detail,
      fix: reconnect,
    });
  if (response.status === 403)
    return new PublishError("config", "Shopify refused Inkpilot's request (HTTP 403).", { detail, fix: reconnect });
  if (response.status !== 200) return new PublishError("invalid", `Shopify refused the request (HTTP ${response.status}).`, { detail });
  return null;
}

type GqlBody<T> = { data?: T | null; errors?: unknown; extensions?: { cost?: Cost } };
type GqlError = { message?: string; extensions?: { code?: string } };

function readBody<T>(text: string, detail: string): GqlBody<T> {
  let body: GqlBody<T>;
  try {
    body = parseLenientJson(text) as GqlBody<T>;
  } catch (cause) {
    throw new PublishError("transient", "Shopify sent an answer we could not read.", { detail, cause });
  }
  if (!body || typeof body !== "object") throw new PublishError("transient", "Shopify sent an answer we could not read.", { detail });
  return body;
}

/** How long until the leaky bucket holds what the throttled query costs (a second when Shopify did not say). */
function throttleWaitMs(cost: Cost | undefined) {
  const status = cost?.throttleStatus;
  return status
    ? Math.max(
        50,
        Math.ceil(((cost.requestedQueryCost - status.currentlyAvailable) / (status.restoreRate > 0 ? status.restoreRate : 1)) * 1000),
      )
    : 1000;
}

/** What GraphQL errors other than THROTTLED mean for the engine; null when there are none. */
function refusalOfErrors(errors: GqlError[], codes: string[], anyErrors: unknown, detail: string): PublishError | null {
  if (codes.includes("ACCESS_DENIED")) {
    return new PublishError("config", "Inkpilot is missing the Shopify permission to write blog articles (write_content).", {
      detail,
      fix: "Reconnect Shopify and approve every permission asked.",
    });
  }
  if (codes.includes("INTERNAL_SERVER_ERROR")) return new PublishError("transient", "Shopify had a temporary problem.", { detail });
  if (errors.length || anyErrors) {
    const message =
      errors
        .map((e) => e.message)
        .filter(Boolean)
        .join("; ") || "unknown error";
    return new PublishError("invalid", `Shopify refused the request: ${message.slice(0, 200)}`, { detail });
  }
  return null;
}

/** One GraphQL operation: token renewal, 401 → refresh once, THROTTLED → wait for the bucket, every failure a PublishError. */
export async function gql<T>(session: Session, query: string, variables: Record<string, unknown> = {}): Promise<GqlAnswer<T>> {
  let refreshed = false;
  let throttled = 0;
  for (;;) {
    if (needsRefresh(session.credentials) && !refreshed) {
      await refreshSession(session);
      refreshed = true;
    }
    if (!session.credentials.accessToken) throw authError("no access token stored");
    const response = await sendOperation(session, session.credentials.accessToken, query, variables);
    const text = await response.text();
    const detail = describeResponse({ status: response.status, text });
    if (response.status === 401) {
      if (!refreshed && session.credentials.refreshToken) {
        await refreshSession(session);
        refreshed = true;
        continue;
      }
      throw authError(detail);
    }
    const refused = refusalOfStatus(response, detail);
    if (refused) throw refused;

    const body = readBody<T>(text, detail);
    const errors = Array.isArray(body.errors) ? (body.errors as GqlError[]) : [];
    const codes = errors.map((e) => e.extensions?.code ?? "");
    if (codes.includes("THROTTLED")) {
      const waitMs = throttleWaitMs(body.extensions?.cost);
      if (throttled < MAX_THROTTLE_RETRIES && waitMs <= MAX_INLINE_THROTTLE_WAIT_MS) {
        throttled++;
        await session.log("info", "throttled", `waiting ${waitMs} ms for Shopify's query budget`);
        await sleep(waitMs, session.signal);
        continue;
      }
      throw new PublishError("rate_limit", "Shopify asked us to slow down; publishing will retry shortly.", {
        detail,
        retryAfterMs: waitMs,
      });
    }
    const rejected = refusalOfErrors(errors, codes, body.errors, detail);
    if (rejected) throw rejected;
    if (!body.data) throw new PublishError("transient", "Shopify sent an answer without data.", { detail });
    return {
      data: body.data,
      apiVersion: header(response, "x-shopify-api-version"),
      deprecated: header(response, "x-shopify-api-deprecated-reason"),
    };
  }
}

export async function listBlogs(session: Session): Promise<Blog[]> {
  const blogs: Blog[] = [];
  let after: string | null = null;
  // 250 pages of 50 is far beyond any store; the bound guards against a looping cursor.
  for (let page = 0; page < 250; page++) {
    const { data }: GqlAnswer<{ blogs: { nodes: Blog[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }> = await gql(
      session,
      Q.blogs,
      {
        after,
      },
    );
    blogs.push(...data.blogs.nodes);
    if (!data.blogs.pageInfo.hasNextPage || !data.blogs.pageInfo.endCursor) break;
    after = data.blogs.pageInfo.endCursor;
  }
  return blogs;
}
