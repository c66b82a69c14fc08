import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { randomToken } from "#app/utils/crypto.server";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { blogAddressMoved, moveBlogPosts } from "./address-change.server";
import { parseProxyUrl, PROXY_CHECK_FILE, proxyCheckBody } from "./proxy-url";

/**
 * The hosted blog under a path of the customer's own site, served by their reverse proxy
 * (docs/decisions/078-blog-behind-a-proxy.md): the owner enters the address, configures the proxy with a recipe
 * (docs/blog-behind-a-proxy.md) and the token shown, and a check fetches the blog's check file through that
 * address. Once found, the blog answers there: its posts' URLs move to it and its /b/ address answers 301. One per
 * blog, each address once; not beside a custom domain. Connecting and releasing are audited; the callers check
 * the member's role.
 */

type Tenant = { workspaceId: string; siteId: string };
type Actor = { userId: string; ip: string | null };
export type ProxyResult = { ok: true } | { ok: false; message: string };

export type BlogProxyView = {
  publicUrl: string;
  status: "pending" | "active";
  /** The proxy sends it in the Inkpilot-Proxy-Token header; the recipes show where. */
  token: string;
  lastError: string | null;
  checkedAt: string | null;
};

const CHECK_TIMEOUT_MS = 10_000;

async function proxyRow(db: DB, siteId: string) {
  return db.selectFrom("blog_proxies").selectAll().where("site_id", "=", siteId).executeTakeFirst();
}

export async function blogProxyOf(db: DB, siteId: string): Promise<BlogProxyView | null> {
  const row = await proxyRow(db, siteId);
  if (!row) return null;
  return { publicUrl: row.public_url, status: row.status, token: row.token, lastError: row.last_error, checkedAt: row.checked_at };
}

/** Starts serving the blog under the customer's path: checked, unique, with a fresh token; audited. */
export async function connectBlogProxy(db: DB, tenant: Tenant, input: string, actor: Actor): Promise<ProxyResult> {
  const env = getEnv();
  const parsed = parseProxyUrl(input, { ownHosts: [new URL(env.appUrl).hostname], localHosts: env.TEST_ALLOW_PRIVATE_HOSTS });
  if (!parsed.ok) return parsed;
  if (await proxyRow(db, tenant.siteId)) return { ok: false, message: "This blog already has an address on your site. Release it first." };
  const domain = await db.selectFrom("blog_domains").select("hostname").where("site_id", "=", tenant.siteId).executeTakeFirst();
  if (domain) return { ok: false, message: `This blog is on ${domain.hostname}. Release that domain first.` };
  const taken = await db.selectFrom("blog_proxies").select("site_id").where("public_url", "=", parsed.value.publicUrl).executeTakeFirst();
  if (taken) return { ok: false, message: "That address already shows another blog." };
  const now = isoNow();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("blog_proxies")
      .values({
        site_id: tenant.siteId,
        public_url: parsed.value.publicUrl,
        token: randomToken(24),
        status: "pending",
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "blog_proxy.connect",
      workspaceId: tenant.workspaceId,
      target: parsed.value.publicUrl,
      detail: { siteId: tenant.siteId },
      ip: actor.ip,
    });
  });
  return { ok: true };
}

/** What fetching the check file through the customer's address found: null when it is this blog's answer. */
async function checkThroughProxy(publicUrl: string, token: string, correlationId: string): Promise<string | null> {
  const url = `${publicUrl}/${PROXY_CHECK_FILE}`;
  try {
    const response = await guardedFetch(url, { timeoutMs: CHECK_TIMEOUT_MS, maxBytes: 4096, truncate: true, correlationId });
    if (response.status === 200 && response.body.toString("utf8").trim() === proxyCheckBody(token)) return null;
    return `${url} answered HTTP ${response.status} without this blog's check. Check that your proxy forwards ${publicUrl}/ to your blog's address here and sends the three headers of the recipe, with this token.`;
  } catch (error) {
    const reason = error instanceof OutboundRequestError ? error.message : "the request failed";
    logger.warn({ err: error, correlationId, url }, "the check through a blog's proxy failed");
    return `Could not reach ${url} (${reason}). Check that your site is online and its proxy is in place.`;
  }
}

/** Fetches the check file through the customer's address; found → active, and the posts' URLs move there. */
export async function checkBlogProxy(db: DB, siteId: string, correlationId: string): Promise<ProxyResult> {
  const row = await proxyRow(db, siteId);
  if (!row) return { ok: false, message: "This blog has no address on your site to check." };
  const problem = await checkThroughProxy(row.public_url, row.token, correlationId);
  const nowActive = !problem && row.status !== "active";
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("blog_proxies")
      .set({ status: problem ? row.status : "active", last_error: problem, checked_at: isoNow(), updated_at: isoNow() })
      .where("site_id", "=", siteId)
      .execute();
    if (nowActive) await moveBlogPosts(trx, siteId, { publicUrl: row.public_url }, "to-own");
  });
  if (nowActive) await blogAddressMoved(db, siteId, correlationId);
  return problem ? { ok: false, message: problem } : { ok: true };
}

/** Stops serving under the customer's path: the blog is back at /b/ here; audited. */
export async function releaseBlogProxy(db: DB, tenant: Tenant, actor: Actor, correlationId: string): Promise<ProxyResult> {
  const row = await proxyRow(db, tenant.siteId);
  if (!row) return { ok: false, message: "This blog has no address on your site to release." };
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("blog_proxies").where("site_id", "=", tenant.siteId).execute();
    if (row.status === "active") await moveBlogPosts(trx, tenant.siteId, { publicUrl: row.public_url }, "back-here");
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "blog_proxy.release",
      workspaceId: tenant.workspaceId,
      target: row.public_url,
      detail: { siteId: tenant.siteId },
      ip: actor.ip,
    });
  });
  if (row.status === "active") await blogAddressMoved(db, tenant.siteId, correlationId);
  return { ok: true };
}
