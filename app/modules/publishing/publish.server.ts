import { z } from "zod";
import { inTransaction, type DB } from "#app/db/client.server";
import type { CmsPlatform, PublicationsTable } from "#app/db/schema";
import { enqueue, PermanentJobError, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow, MINUTE } from "#app/utils/time";
import { emitEvent } from "#app/modules/webhooks/webhooks.server";
import { backdateArticlePublished, markArticlePublishing, settleArticlePublishState } from "#app/modules/articles/state.server";
import { getRevision, recordRevision, revisionAsArticle } from "#app/modules/articles/revisions.server";
import { announceLivePost } from "#app/modules/indexing/announce.server";
import { contentHash } from "#app/modules/articles/content-hash.server";
import { getAdapter } from "./adapters.server";
import { getConnectionForUse, markNeedsAttention } from "./connections.server";
import { logDiag, newCorrelationId } from "./diagnostics.server";
import { scheduleLiveCheck } from "./live-check.server";
import { buildPost } from "./post.server";
import { placeImages } from "./figures";
import { uploadImages } from "./media.server";
import { PublishError, type AdapterContext, type PostInput, type PublishingAdapter, type RemotePost, type UploadedMedia } from "./types";
import { adapterContext } from "./adapter-context.server";
import type { Selectable } from "kysely";

/**
 * The publication engine (docs/decisions/033). One publication per (article,
 * connection) is THE record of that article on that destination:
 * - publishing again updates the remote post it names instead of creating one;
 * - the remote id is stored the moment a create answers, and create_started_at
 *   is set just before it, so an attempt that died in between (crash, timeout,
 *   lost answer) is followed by a look for the post (adapter.findExisting: by
 *   marker or slug) before anything is created again;
 * - every image is uploaded once per connection (publication_media) and the
 *   body is rewritten to the media library's URLs.
 * Publishing runs as the 'publish-article' job; its failures are sorted by
 * PublishError kind into waiting (429), retrying (5xx, timeouts), and stopping
 * with the customer's message (credentials, settings, refused content).
 */

export type Publication = Selectable<PublicationsTable>;

export class PublishRequestError extends Error {
  override name = "PublishRequestError";
}

export const PUBLISH_MESSAGES = {
  noConnection: "Choose a connected platform to publish.",
  disconnected: "This connection was disconnected. Reconnect it in Settings → Integrations, or choose another.",
  noAdapter: "Publishing to this platform is not available yet.",
  pastSchedule: "Choose a time in the future to schedule, or publish now.",
  articleMissing: "That article does not exist on this site.",
  revisionMissing: "That version of the article no longer exists.",
  emptyTitle: "Give the article a title before publishing.",
} as const;

const REQUEST_DEDUPE_MS = 2 * MINUTE;

/**
 * Queues a publish of an article to a connection (now, or at scheduleAt).
 * A second request while one is still queued or running is the same request
 * (a double click): it returns the existing publication instead of a second job.
 * The publication names the exact revision it will send (revision_id): the
 * working copy as it is now, recorded as a 'publish' revision, or the revision
 * given (an approved one); edits made after the request are not sent.
 */
type PublicationRequest = { articleId: string; connectionId: string; mode: "draft" | "live"; scheduleAt: Date | null; revisionId?: string };
type Requester = { siteId: string; userId: string | null };

export async function requestPublication(db: DB, tenant: Requester, input: PublicationRequest, now = new Date()): Promise<Publication> {
  const { article, connection } = await checkedRequest(db, tenant, input, now);
  const existing = await db
    .selectFrom("publications")
    .selectAll()
    .where("article_id", "=", input.articleId)
    .where("connection_id", "=", input.connectionId)
    .executeTakeFirst();
  // A double click (or a retried form post) joins the request still on its way instead of queuing a second one.
  const inFlight = existing && (existing.status === "pending" || existing.status === "publishing");
  if (inFlight && !input.scheduleAt && now.getTime() - Date.parse(existing.updated_at) < REQUEST_DEDUPE_MS) return existing;

  const correlationId = newCorrelationId();
  const publicationId = existing?.id ?? newId();
  await inTransaction(db, async (trx) => {
    const revisionId = input.revisionId ?? (await recordRevision(trx, article, { kind: "publish", userId: tenant.userId }, now)).id;
    const request = { publicationId, correlationId, revisionId, now };
    await savePublicationRequest(trx, tenant, input, request, Boolean(existing));
    await markArticlePublishing(trx, input.articleId, { scheduledAt: input.scheduleAt?.toISOString() ?? null, at: isoNow(now) });
    // The correlation id makes each request its own job; a stale scheduled job of an earlier request finds a newer id and stops.
    await enqueue(
      trx,
      "publish-article",
      { publicationId, correlationId },
      {
        runAt: input.scheduleAt ?? now,
        idempotencyKey: `${publicationId}:${correlationId}`,
        maxAttempts: 6,
        // A burst to one destination runs a few at a time and leaves the rest of the lane to other customers.
        groupKey: `publish:${input.connectionId}`,
        tenant: { siteId: tenant.siteId },
      },
    );
  });
  await logDiag(db, {
    siteId: tenant.siteId,
    provider: connection.platform,
    level: "info",
    stage: input.scheduleAt ? "publish.scheduled" : "publish.queued",
    detail: `article ${input.articleId} mode ${input.mode}${input.scheduleAt ? ` at ${input.scheduleAt.toISOString()}` : ""}`,
    correlationId,
  });
  return db.selectFrom("publications").selectAll().where("id", "=", publicationId).executeTakeFirstOrThrow();
}

/** The site's article and destination a request names, refused in the spec's words when it cannot go out. */
async function checkedRequest(db: DB, tenant: Requester, input: PublicationRequest, now: Date) {
  const article = await db
    .selectFrom("articles")
    .select([
      "id",
      "site_id",
      "title",
      "slug",
      "content_html",
      "meta_description",
      "target_keyword",
      "featured_image",
      "topic_id",
      "status",
    ])
    .where("site_id", "=", tenant.siteId)
    .where("id", "=", input.articleId)
    .executeTakeFirst();
  if (!article) throw new PublishRequestError(PUBLISH_MESSAGES.articleMissing);
  if (!article.title.trim()) throw new PublishRequestError(PUBLISH_MESSAGES.emptyTitle);
  const connection = await db
    .selectFrom("cms_connections")
    .select(["id", "platform", "status"])
    .where("site_id", "=", tenant.siteId)
    .where("id", "=", input.connectionId)
    .executeTakeFirst();
  if (!connection) throw new PublishRequestError(PUBLISH_MESSAGES.noConnection);
  if (connection.status === "disconnected") throw new PublishRequestError(PUBLISH_MESSAGES.disconnected);
  if (!getAdapter(connection.platform)) throw new PublishRequestError(PUBLISH_MESSAGES.noAdapter);
  if (input.scheduleAt && input.scheduleAt.getTime() <= now.getTime()) throw new PublishRequestError(PUBLISH_MESSAGES.pastSchedule);
  if (input.revisionId && !(await getRevision(db, tenant.siteId, input.articleId, input.revisionId)))
    throw new PublishRequestError(PUBLISH_MESSAGES.revisionMissing);
  return { article, connection };
}

/** The publication row of a request: the article and destination's one row, started afresh, or a new one. */
async function savePublicationRequest(
  trx: DB,
  tenant: Requester,
  input: PublicationRequest,
  request: { publicationId: string; correlationId: string; revisionId: string; now: Date },
  exists: boolean,
) {
  const stamp = isoNow(request.now);
  const fresh = {
    revision_id: request.revisionId,
    mode: input.mode,
    status: input.scheduleAt ? ("scheduled" as const) : ("pending" as const),
    scheduled_for: input.scheduleAt?.toISOString() ?? null,
    correlation_id: request.correlationId,
    last_error: null,
    requested_by: tenant.userId,
    updated_at: stamp,
  };
  if (exists) {
    await trx
      .updateTable("publications")
      .set({ ...fresh, attempts: 0 })
      .where("id", "=", request.publicationId)
      .execute();
    return;
  }
  await trx
    .insertInto("publications")
    .values({
      ...fresh,
      id: request.publicationId,
      site_id: tenant.siteId,
      article_id: input.articleId,
      connection_id: input.connectionId,
      marker: request.publicationId,
      remote_id: null,
      remote_url: null,
      remote_status: null,
      remote_version: null,
      create_started_at: null,
      content_hash: null,
      published_at: null,
      live_check: null,
      live_checked_at: null,
      created_at: stamp,
    })
    .execute();
}

async function recordRemote(db: DB, publicationId: string, remote: RemotePost, extra: Partial<Publication> = {}) {
  await db
    .updateTable("publications")
    .set({
      remote_id: remote.remoteId,
      remote_url: remote.url,
      remote_status: remote.status,
      remote_version: remote.version ?? null,
      create_started_at: null,
      updated_at: isoNow(),
      ...extra,
    })
    .where("id", "=", publicationId)
    .execute();
}

/** Create, or update what exists; a remote post deleted by hand is created again, a version collision re-read once. */
async function sendPost(
  db: DB,
  adapter: PublishingAdapter,
  ctx: AdapterContext,
  publication: Publication,
  post: PostInput,
  featured: UploadedMedia | null,
) {
  let remote = publication.remote_id ? { remoteId: publication.remote_id, version: publication.remote_version } : null;
  if (!remote) {
    // No id stored: a first publish, or an earlier create whose answer never reached us. Look before creating.
    const found = await adapter.findExisting(ctx, post);
    if (found) {
      await ctx.log("info", "publish.found-existing", `remote ${found.remoteId} found by marker or slug; updating it`);
      await recordRemote(db, publication.id, found);
      remote = { remoteId: found.remoteId, version: found.version ?? null };
    }
  }
  if (remote) {
    try {
      return await adapter.update(ctx, remote, post, featured);
    } catch (error) {
      if (error instanceof PublishError && error.kind === "conflict") {
        const fresh = await adapter.read(ctx, remote.remoteId);
        if (fresh) return adapter.update(ctx, { remoteId: fresh.remoteId, version: fresh.version ?? null }, post, featured);
      }
      if (!(error instanceof PublishError && error.kind === "not_found")) throw error;
      await ctx.log("warn", "publish.remote-missing", `remote ${remote.remoteId} is gone on the platform; creating it again`);
    }
  }
  await db.updateTable("publications").set({ create_started_at: isoNow(), remote_id: null }).where("id", "=", publication.id).execute();
  const created = await adapter.create(ctx, post, featured);
  // Stored before anything else can fail: from here on a retry updates this post.
  await recordRemote(db, publication.id, created);
  return created;
}

async function settleArticle(db: DB, articleId: string) {
  // The article's status follows its publications: published once any went out, failed when the last one failed.
  const rows = await db.selectFrom("publications").select(["status", "published_at"]).where("article_id", "=", articleId).execute();
  const status = rows.some((r) => r.status === "publishing" || r.status === "pending")
    ? "publishing"
    : rows.some((r) => r.status === "scheduled")
      ? "scheduled"
      : rows.some((r) => r.status === "published")
        ? "published"
        : rows.some((r) => r.status === "failed")
          ? "failed"
          : "draft";
  const publishedAt = rows
    .map((r) => r.published_at)
    .filter((v): v is string => !!v)
    .sort()[0];
  await settleArticlePublishState(db, articleId, { status, publishedAt: publishedAt ?? null });
}

/** The engine stamps a publish with the present; the demo's live posts went out over past weeks (its seeder backdates them). */
export async function backdatePublished(db: DB, articleId: string, at: Date) {
  const stamp = isoNow(at);
  await db.updateTable("publications").set({ published_at: stamp, updated_at: stamp }).where("article_id", "=", articleId).execute();
  await backdateArticlePublished(db, articleId, stamp);
}

export type PublishAttempt = { publicationId: string; correlationId: string; lastAttempt: boolean; signal: AbortSignal };

/** One attempt of a queued publish. Throws RetryLaterError / a plain error to be retried, PermanentJobError to stop. */
export async function runPublication(db: DB, attempt: PublishAttempt) {
  const publication = await db.selectFrom("publications").selectAll().where("id", "=", attempt.publicationId).executeTakeFirst();
  // Deleted with its article, or superseded by a newer request (its own job carries the new id).
  if (!publication || publication.correlation_id !== attempt.correlationId) return;
  // Done by an earlier attempt whose job outcome was not recorded (a lost lease): a new request would carry a new id.
  if (publication.status === "published") return;
  const connection = await getConnectionForUse(db, publication.site_id, publication.connection_id);
  const adapter = getAdapter(connection.platform);
  if (connection.status === "disconnected" || !adapter) {
    const message = connection.status === "disconnected" ? PUBLISH_MESSAGES.disconnected : PUBLISH_MESSAGES.noAdapter;
    await failPublication(db, publication, connection.platform, message, "");
    throw new PermanentJobError(PUBLISH_MESSAGES.disconnected);
  }
  const article = await revisionToSend(db, publication);
  if (!article) return;
  await db
    .updateTable("publications")
    .set({ status: "publishing", attempts: publication.attempts + 1, updated_at: isoNow() })
    .where("id", "=", publication.id)
    .execute();
  await settleArticle(db, article.id);
  const ctx = adapterContext(db, connection, { correlationId: publication.correlation_id, signal: attempt.signal });
  try {
    const readBack = await deliverPost(db, adapter, ctx, publication, article);
    await recordPublished(db, publication, connection.platform, article, readBack, ctx.log);
  } catch (error) {
    await attemptFailed(db, publication, connection, ctx, attempt, error);
  }
}

type SentArticle = ReturnType<typeof revisionAsArticle>;

/** The revision the request named is what goes out; a request queued before revisions existed sends the working copy now. */
async function revisionToSend(db: DB, publication: Publication): Promise<SentArticle | null> {
  const working = await db
    .selectFrom("articles")
    .select(["id", "site_id", "title", "slug", "content_html", "meta_description", "target_keyword", "featured_image", "topic_id"])
    .where("id", "=", publication.article_id)
    .where("site_id", "=", publication.site_id)
    .executeTakeFirst();
  if (!working) return null;
  const named = publication.revision_id ? await getRevision(db, publication.site_id, working.id, publication.revision_id) : null;
  const revision =
    named ??
    (await inTransaction(db, async (trx) => {
      const recorded = await recordRevision(trx, working, { kind: "publish", userId: publication.requested_by });
      await trx.updateTable("publications").set({ revision_id: recorded.id }).where("id", "=", publication.id).execute();
      return recorded;
    }));
  return revisionAsArticle(revision);
}

/** Builds the post, uploads its images, sends it and reads back what the platform now holds. */
async function deliverPost(db: DB, adapter: PublishingAdapter, ctx: AdapterContext, publication: Publication, article: SentArticle) {
  const post = await buildPost(db, article, {
    publicationId: publication.id,
    correlationId: publication.correlation_id,
    mode: publication.mode,
    scheduleAt: null,
  });
  const { uploaded, placed } = await uploadImages(db, adapter, ctx, post);
  // Each image at its new address, in the platform's own figure with its size (and srcset where it makes sizes).
  const ready: PostInput = { ...post, html: placeImages(post.html, placed, adapter.figures ?? "html") };
  const featured = post.featuredImage ? (uploaded.get(post.featuredImage.localPath) ?? null) : null;
  const sent = await sendPost(db, adapter, ctx, publication, ready, featured);
  // What the platform says now; a destination that cannot tell (a webhook) keeps what the send answered.
  const read = await adapter.read(ctx, sent.remoteId);
  return read ? { ...read, url: read.url ?? sent.url } : sent;
}

/** Records the published post and its event, then asks for its live check and announces a public post to search engines. */
async function recordPublished(
  db: DB,
  publication: Publication,
  platform: CmsPlatform,
  article: SentArticle,
  readBack: RemotePost,
  log: AdapterContext["log"],
) {
  const now = isoNow();
  await inTransaction(db, async (trx) => {
    await recordRemote(trx, publication.id, readBack, {
      status: "published",
      last_error: null,
      content_hash: contentHash(article),
      published_at: publication.published_at ?? now,
      updated_at: now,
    });
    await emitEvent(trx, publication.site_id, "article.published", {
      article_id: article.id,
      publication_id: publication.id,
      connection_id: publication.connection_id,
      platform,
      mode: publication.mode,
      url: readBack.url ?? null,
      title: article.title,
    });
  });
  await settleArticle(db, article.id);
  await log("info", "publish.done", `remote ${readBack.remoteId} ${readBack.status} ${readBack.url ?? ""}`);
  // A public post is fetched once the platform has built its page (live-check.server.ts); never fails the publish.
  const { correlation_id: correlationId } = publication;
  await scheduleLiveCheck(db, { id: publication.id, siteId: publication.site_id, mode: publication.mode, correlationId }, readBack, log);
  if (publication.mode !== "live" || !readBack.live || !readBack.url) return;
  const post = { publicationId: publication.id, siteId: publication.site_id, platform, url: readBack.url };
  const when = publication.published_at ?? now;
  await announceLivePost(db, { ...post, change: contentHash(article), publishedAt: when, previousUrl: publication.remote_url }, log);
}

/**
 * An attempt that failed: a refused sign-in or setting marks the connection, and a permanent or last failure fails
 * the publication with the spec's message; anything else puts it back to pending for the job to try again.
 */
async function attemptFailed(
  db: DB,
  publication: Publication,
  connection: { id: string; platform: CmsPlatform },
  ctx: AdapterContext,
  attempt: PublishAttempt,
  error: unknown,
): Promise<never> {
  const known = error instanceof PublishError ? error : null;
  const message = known?.message ?? "Publishing failed for an unexpected reason. Please try again.";
  const detail = known?.detail || (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  const stop = !known || known.kind === "auth" || known.kind === "config" || known.kind === "invalid" || attempt.lastAttempt;
  if (known?.kind === "auth" || known?.kind === "config") await markNeedsAttention(db, connection.id, message);
  if (stop) {
    await failPublication(db, publication, connection.platform, message, detail);
    throw new PermanentJobError(message);
  }
  await db
    .updateTable("publications")
    .set({ status: "pending", last_error: message, updated_at: isoNow() })
    .where("id", "=", publication.id)
    .execute();
  await ctx.log("warn", "publish.retry", `${known?.kind ?? "error"}: ${detail}`);
  if (known?.kind === "rate_limit") throw new RetryLaterError(message, known.retryAfterMs ?? 30_000, { cause: error });
  throw error;
}

/** The publication failed for good: recorded with its event, the article's state settled, the reason logged. */
async function failPublication(db: DB, publication: Publication, platform: CmsPlatform, message: string, detail: string) {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("publications")
      .set({ status: "failed", last_error: message, updated_at: isoNow() })
      .where("id", "=", publication.id)
      .execute();
    await emitEvent(trx, publication.site_id, "publication.failed", {
      article_id: publication.article_id,
      publication_id: publication.id,
      connection_id: publication.connection_id,
      platform,
      error: message,
      correlation_id: publication.correlation_id,
    });
  });
  await settleArticle(db, publication.article_id);
  await logDiag(db, {
    siteId: publication.site_id,
    provider: platform,
    level: "error",
    stage: "publish.failed",
    detail: `${message} ${detail}`,
    correlationId: publication.correlation_id,
  });
}

const Payload = z.object({ publicationId: z.string().min(1), correlationId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    "publish-article": z.input<typeof Payload>;
  }
}

export const publishArticleJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: (payload, { db, job, signal }) => runPublication(db, { ...payload, signal, lastAttempt: job.attempts >= job.max_attempts }),
};
