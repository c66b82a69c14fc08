import type { DB } from "#app/db/client.server";

/** Reading an article's publications: what the screens show of them, and waiting a little for one to settle. */

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
