import { z } from "zod";
import { inTransaction, type DB } from "#app/db/client.server";
import type { PublicationsTable } from "#app/db/schema";
import { enqueue, PermanentJobError, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow, MINUTE } from "#app/utils/time";
import { emitEvent } from "#app/modules/webhooks/webhooks.server";
import { backdateArticlePublished, markArticlePublishing, settleArticlePublishState } from "#app/modules/articles/state.server";
import { getRevision, recordRevision, revisionAsArticle } from "#app/modules/articles/revisions.server";
import { announceLivePost } from "#app/modules/indexing/announce.server";
import { contentHash } from "#app/modules/articles/content-hash.server";
import { getAdapter } from "./platforms/registry";
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
export async function requestPublication(
  db: DB,
  tenant: { siteId: string; userId: string | null },
  input: { articleId: string; connectionId: string; mode: "draft" | "live"; scheduleAt: Date | null; revisionId?: string },
  now = new Date(),
): Promise<Publication> {
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

  const existing = await db
    .selectFrom("publications")
    .selectAll()
    .where("article_id", "=", input.articleId)
    .where("connection_id", "=", input.connectionId)
    .executeTakeFirst();
  if (
    existing &&
    !input.scheduleAt &&
    (existing.status === "pending" || existing.status === "publishing") &&
    now.getTime() - Date.parse(existing.updated_at) < REQUEST_DEDUPE_MS
  ) {
    return existing;
  }

  const stamp = isoNow(now);
  const correlationId = newCorrelationId();
  const status = input.scheduleAt ? "scheduled" : "pending";
  const publicationId = existing?.id ?? newId();
  await inTransaction(db, async (trx) => {
    const revisionId = input.revisionId ?? (await recordRevision(trx, article, { kind: "publish", userId: tenant.userId }, now)).id;
    if (existing) {
      await trx
        .updateTable("publications")
        .set({
          revision_id: revisionId,
          mode: input.mode,
          status,
          scheduled_for: input.scheduleAt?.toISOString() ?? null,
          correlation_id: correlationId,
          last_error: null,
          attempts: 0,
          requested_by: tenant.userId,
          updated_at: stamp,
        })
        .where("id", "=", publicationId)
        .execute();
    } else {
      await trx
        .insertInto("publications")
        .values({
          id: publicationId,
          site_id: tenant.siteId,
          article_id: input.articleId,
          connection_id: input.connectionId,
          mode: input.mode,
          status,
          scheduled_for: input.scheduleAt?.toISOString() ?? null,
          marker: publicationId,
          remote_id: null,
          remote_url: null,
          remote_status: null,
          remote_version: null,
          create_started_at: null,
          content_hash: null,
          last_error: null,
          correlation_id: correlationId,
          published_at: null,
          live_check: null,
          live_checked_at: null,
          requested_by: tenant.userId,
          revision_id: revisionId,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    await markArticlePublishing(trx, input.articleId, { scheduledAt: input.scheduleAt?.toISOString() ?? null, at: stamp });
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
  const correlationId = publication.correlation_id;
  const connection = await getConnectionForUse(db, publication.site_id, publication.connection_id);
  const adapter = getAdapter(connection.platform);
  const fail = async (message: string, detail: string) => {
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
        platform: connection.platform,
        error: message,
        correlation_id: correlationId,
      });
    });
    await settleArticle(db, publication.article_id);
    await logDiag(db, {
      siteId: publication.site_id,
      provider: connection.platform,
      level: "error",
      stage: "publish.failed",
      detail: `${message} ${detail}`,
      correlationId,
    });
  };
  if (connection.status === "disconnected" || !adapter) {
    await fail(connection.status === "disconnected" ? PUBLISH_MESSAGES.disconnected : PUBLISH_MESSAGES.noAdapter, "");
    throw new PermanentJobError(PUBLISH_MESSAGES.disconnected);
  }
  const working = await db
    .selectFrom("articles")
    .select(["id", "site_id", "title", "slug", "content_html", "meta_description", "target_keyword", "featured_image", "topic_id"])
    .where("id", "=", publication.article_id)
    .where("site_id", "=", publication.site_id)
    .executeTakeFirst();
  if (!working) return;
  // The revision the request named is what goes out; a request queued before revisions existed sends the working copy now.
  const named = publication.revision_id ? await getRevision(db, publication.site_id, working.id, publication.revision_id) : null;
  const revision =
    named ??
    (await inTransaction(db, async (trx) => {
      const recorded = await recordRevision(trx, working, { kind: "publish", userId: publication.requested_by });
      await trx.updateTable("publications").set({ revision_id: recorded.id }).where("id", "=", publication.id).execute();
      return recorded;
    }));
  const article = revisionAsArticle(revision);

  await db
    .updateTable("publications")
    .set({ status: "publishing", attempts: publication.attempts + 1, updated_at: isoNow() })
    .where("id", "=", publication.id)
    .execute();
  await settleArticle(db, article.id);
  const ctx = adapterContext(db, connection, { correlationId, signal: attempt.signal });
  try {
    const post = await buildPost(db, article, {
      publicationId: publication.id,
      correlationId,
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
    const readBack: RemotePost = read ? { ...read, url: read.url ?? sent.url } : sent;
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
        platform: connection.platform,
        mode: publication.mode,
        url: readBack.url ?? null,
        title: article.title,
      });
    });
    await settleArticle(db, article.id);
    await ctx.log("info", "publish.done", `remote ${readBack.remoteId} ${readBack.status} ${readBack.url ?? ""}`);
    // A public post is fetched once the platform has built its page (live-check.server.ts); never fails the publish.
    await scheduleLiveCheck(
      db,
      { id: publication.id, siteId: publication.site_id, mode: publication.mode, correlationId },
      readBack,
      ctx.log,
    );
    if (publication.mode === "live" && readBack.live && readBack.url) {
      const post = { publicationId: publication.id, siteId: publication.site_id, platform: connection.platform, url: readBack.url };
      const when = publication.published_at ?? now;
      await announceLivePost(
        db,
        { ...post, change: contentHash(article), publishedAt: when, previousUrl: publication.remote_url },
        ctx.log,
      );
    }
  } catch (error) {
    const known = error instanceof PublishError ? error : null;
    const message = known?.message ?? "Publishing failed for an unexpected reason. Please try again.";
    const detail = known?.detail || (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    const stop = !known || known.kind === "auth" || known.kind === "config" || known.kind === "invalid" || attempt.lastAttempt;
    if (known?.kind === "auth" || known?.kind === "config") await markNeedsAttention(db, connection.id, message);
    if (stop) {
      await fail(message, detail);
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

/** What the write screen and the articles list show of an article's publications. */
export async function publicationsOfArticle(db: DB, siteId: string, articleId: string) {
  return db
    .selectFrom("publications as p")
    .innerJoin("cms_connections as c", "c.id", "p.connection_id")
    .select([
      "p.id",
      "p.connection_id as connectionId",
      "c.platform",
      "c.name as connectionName",
      "c.site_url as siteUrl",
      "p.mode",
      "p.status",
      "p.remote_url as remoteUrl",
      "p.remote_status as remoteStatus",
      "p.last_error as lastError",
      "p.correlation_id as correlationId",
      "p.scheduled_for as scheduledFor",
      "p.published_at as publishedAt",
      "p.content_hash as contentHash",
      "p.revision_id as revisionId",
      "p.updated_at as updatedAt",
    ])
    .where("p.site_id", "=", siteId)
    .where("p.article_id", "=", articleId)
    .orderBy("p.created_at")
    .execute();
}

/**
 * Waits a little for a queued publish to settle, so 'Publish now' can answer
 * 'Published!' or the reason it failed; past the wait the job goes on and the
 * article shows its state. Polls the row: the worker may be another process.
 */
export async function awaitPublication(db: DB, publicationId: string, correlationId: string, timeoutMs: number, pollMs = 150) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.selectFrom("publications").selectAll().where("id", "=", publicationId).executeTakeFirst();
    if (!row || row.correlation_id !== correlationId) return row ?? null;
    if (row.status === "published" || row.status === "failed" || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
