import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import type { CmsPlatform } from "#app/db/schema";
import { liveAdapters, getAdapter } from "#app/modules/publishing/adapters.server";
import { checkConnection } from "#app/modules/publishing/connect.server";
import { getConnectionForUse } from "#app/modules/publishing/connections.server";
import { logDiag, newCorrelationId, recentDiagLogs } from "#app/modules/publishing/diagnostics.server";
import { htmlToMarkdown } from "#app/modules/articles/markdown.server";
import { PublishError, type PostInput } from "#app/modules/publishing/types";
import { isoNow } from "#app/utils/time";
import { adapterContext } from "#app/modules/publishing/adapter-context.server";
import { DIAG_MESSAGES } from "./diagnostics-copy";

/**
 * The operators' publishing diagnostics (docs/product.md "Operators"): a health check and a test publish on any site's
 * connection, the diagnostic log, install records and pending OAuth states.
 * Operators act across sites, so these functions take a connection id alone;
 * only the operator routes call them. Nothing secret is returned: no
 * credentials, and an OAuth state only as a short prefix (the full value would
 * let anyone finish that install).
 */

/** Platforms with a working adapter: the providers the page offers. */
export function diagnosticProviders() {
  return liveAdapters().map((a) => ({ platform: a.facts.platform, name: a.facts.name }));
}

/** Connections of one platform across every site, newest first, without credentials. */
export async function connectionsOfPlatform(db: DB, platform: CmsPlatform) {
  return db
    .selectFrom("cms_connections as c")
    .innerJoin("sites as s", "s.id", "c.site_id")
    .select(["c.id", "c.name", "c.site_url as siteUrl", "c.status", "c.last_checked_at as lastCheckedAt", "s.name as siteName"])
    .where("c.platform", "=", platform)
    .orderBy("c.created_at", "desc")
    .limit(200)
    .execute();
}

async function connectionRow(db: DB, connectionId: string) {
  return db.selectFrom("cms_connections").select(["id", "site_id", "platform", "status"]).where("id", "=", connectionId).executeTakeFirst();
}

export type HealthResult = {
  ok: boolean;
  error: string | null;
  correlationId: string;
  checks: { label: string; state: string; detail: string }[];
};

/** The connection doctor on a customer's connection (as their 'Check again' would); the spec's {ok, error, correlationId}. */
export async function runHealthCheck(db: DB, connectionId: string): Promise<HealthResult> {
  const row = await connectionRow(db, connectionId);
  if (!row) return { ok: false, error: DIAG_MESSAGES.noConnection, correlationId: newCorrelationId(), checks: [] };
  if (row.status === "disconnected") return { ok: false, error: DIAG_MESSAGES.disconnected, correlationId: newCorrelationId(), checks: [] };
  const { checks, correlationId } = await checkConnection(db, row.site_id, row.id);
  const failing = checks.filter((c) => c.state === "fail");
  const ok = failing.length === 0;
  const error = ok ? null : failing.map((c) => `${c.label}: ${c.detail}`).join(" ");
  await logDiag(db, {
    siteId: row.site_id,
    provider: row.platform,
    level: ok ? "info" : "error",
    stage: "operator.health",
    detail: ok ? `${checks.length} check(s) passed or warned` : (error ?? ""),
    correlationId,
  });
  return { ok, error, correlationId, checks: checks.map((c) => ({ label: c.label, state: c.state, detail: c.detail })) };
}

/** The test article: marked as a test in its title, slug and tags, so the customer (or operator) can find and delete it. */
function testPost(correlationId: string, brandName: string): PostInput {
  const html =
    `<p>This is a connection test sent by Inkpilot support (reference ${correlationId}). It was created as a draft and can be deleted.</p>` +
    `<h2>What it checks</h2><ul><li>Inkpilot can reach the site with the stored credentials.</li><li>A draft post can be created and read back.</li></ul>`;
  return {
    articleId: `test-${correlationId}`,
    title: `Inkpilot connection test ${correlationId}`,
    slug: `inkpilot-connection-test-${correlationId}`,
    html,
    markdown: htmlToMarkdown(html),
    excerpt: "A connection test sent by Inkpilot support. Safe to delete.",
    metaTitle: `Inkpilot connection test ${correlationId}`,
    metaDescription: "A connection test sent by Inkpilot support. Safe to delete.",
    keyword: "",
    tags: ["inkpilot-test"],
    featuredImage: null,
    images: [],
    mode: "draft",
    scheduleAt: null,
    canonicalUrl: null,
    publicationId: `test-${correlationId}`,
    correlationId,
    brandName,
  };
}

export type TestPublishResult = {
  ok: boolean;
  correlationId: string;
  error: string | null;
  remote: { remoteId: string; url: string | null; status: string } | null;
};

/**
 * Sends a small draft to a connection straight through its adapter, without
 * the publication engine: no customer article is touched, no publication is
 * recorded, so nothing in the customer's account changes except, on their
 * site, a draft titled as a test. Every step is in the diagnostic log under
 * the returned correlation id.
 */
export async function runTestPublish(db: DB, connectionId: string, actor: { email: string }): Promise<TestPublishResult> {
  const correlationId = newCorrelationId();
  const fail = (error: string): TestPublishResult => ({ ok: false, correlationId, error, remote: null });
  const row = await connectionRow(db, connectionId);
  if (!row) return fail(DIAG_MESSAGES.noConnection);
  const adapter = getAdapter(row.platform);
  const log = (level: "info" | "warn" | "error", stage: string, detail: string) =>
    logDiag(db, { siteId: row.site_id, provider: row.platform, level, stage, detail, correlationId });
  if (row.status === "disconnected") return fail(DIAG_MESSAGES.disconnected);
  if (!adapter) return fail("Publishing to this platform is not available yet.");
  if (adapter.facts.connectKind === "builtin") return fail(DIAG_MESSAGES.builtin);
  if (!adapter.facts.supportsDraft) return fail(DIAG_MESSAGES.noDraft);
  const connection = await getConnectionForUse(db, row.site_id, row.id);
  const site = await db.selectFrom("sites").select("name").where("id", "=", row.site_id).executeTakeFirst();
  const ctx = adapterContext(db, connection, { correlationId, signal: AbortSignal.timeout(60_000) });
  await log("info", "test_publish.start", `by ${actor.email} at ${isoNow()}`);
  try {
    const sent = await adapter.create(ctx, testPost(correlationId, site?.name ?? "Inkpilot"), null);
    const read = await adapter.read(ctx, sent.remoteId).catch(() => null);
    const remote = read ? { ...read, url: read.url ?? sent.url } : sent;
    await log("info", "test_publish.done", `remote ${remote.remoteId} ${remote.status} ${remote.url ?? ""}`);
    return { ok: true, correlationId, error: null, remote: { remoteId: remote.remoteId, url: remote.url, status: remote.status } };
  } catch (error) {
    const known = error instanceof PublishError ? error : null;
    const message = known?.message ?? "Publishing failed for an unexpected reason.";
    await log(
      "error",
      "test_publish.failed",
      `${known?.kind ?? "error"} ${known?.detail || (error instanceof Error ? error.message : String(error))}`,
    );
    return fail(message);
  }
}

/** An OAuth state as operators may see it: enough to tell rows apart, not enough to use. */
function statePrefix(state: string) {
  return `${state.slice(0, 6)}…`;
}

export async function oauthStatesOverview(db: DB, filter: { provider?: string; shop?: string } = {}, now = new Date()) {
  let query = db
    .selectFrom("oauth_states as o")
    .leftJoin("sites as s", "s.id", "o.site_id")
    .select(["o.state", "o.provider", "o.expires_at", "o.created_at", "s.name as siteName"])
    .orderBy("o.created_at", "desc");
  if (filter.provider) query = query.where("o.provider", "=", filter.provider);
  if (filter.shop) query = query.where(sql<string>`json_extract(o.payload, '$.shop')`, "=", filter.shop);
  const rows = await query.limit(100).execute();
  const nowIso = now.toISOString();
  return {
    count: rows.length,
    states: rows.map((r) => ({
      state: statePrefix(r.state),
      provider: r.provider,
      siteName: r.siteName,
      created_at: r.created_at,
      expires_at: r.expires_at,
      expired: r.expires_at <= nowIso,
    })),
  };
}

export async function installRecords(db: DB) {
  return db
    .selectFrom("cms_installs as i")
    .leftJoin("sites as s", "s.id", "i.site_id")
    .select(["i.id", "i.provider", "i.external_id", "i.scope", "i.created_at", "s.name as siteName"])
    .orderBy("i.created_at", "desc")
    .limit(200)
    .execute();
}

const CORRELATION_ID = /^[0-9a-f]{8}$/;

/** The diagnostic log, newest first; an ill-formed correlation id filter matches nothing rather than everything. */
export async function diagnosticLog(db: DB, filter: { provider?: string | null; correlationId?: string | null }) {
  const correlationId = filter.correlationId?.trim().toLowerCase() || undefined;
  if (correlationId && !CORRELATION_ID.test(correlationId)) return [];
  return recentDiagLogs(db, { provider: filter.provider || undefined, correlationId, limit: 100 });
}
