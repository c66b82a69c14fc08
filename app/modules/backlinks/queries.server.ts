import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import type { LinkFailure, LinkKind, LinkStatus } from "#app/db/schema";
import { failureReason, httpStatusText } from "./failure.server";

/** The Backlinks page's reads, always within one site. */

export const LINKS_PER_PAGE = 50;

export type LinkFilter = { kind: LinkKind | null; status: "broken" | null };

export function parseLinkFilter(params: URLSearchParams): LinkFilter {
  const kind = params.get("kind");
  return {
    kind: kind === "internal" || kind === "external" ? kind : null,
    status: params.get("status") === "broken" ? "broken" : null,
  };
}

export async function getLinkSummary(db: DB, siteId: string) {
  const row = await db
    .selectFrom("links")
    .select([
      (eb) => eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(kind = 'internal'), 0)`.as("internal"),
      sql<number>`coalesce(sum(kind = 'external'), 0)`.as("external"),
      sql<number>`coalesce(sum(status = 'broken'), 0)`.as("broken"),
      (eb) => eb.fn.max("checked_at").as("lastCheckedAt"),
    ])
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow();
  return {
    counts: { total: Number(row.total), internal: Number(row.internal), external: Number(row.external), broken: Number(row.broken) },
    /** When the site's links were last checked (the latest check of any link). */
    lastCheckedAt: (row.lastCheckedAt as string | null) ?? null,
  };
}

export type LinkRow = {
  id: string;
  url: string;
  anchorText: string;
  kind: LinkKind;
  status: LinkStatus;
  httpStatus: number | null;
  finalUrl: string | null;
  lastError: string | null;
  /** Why the last check failed, in plain words ("Domain not found", "404 Not Found"); null when it did not. */
  reason: string | null;
  checkedAt: string | null;
  articleId: string;
  articleTitle: string;
};

type ReasonFields = { status: LinkStatus; failure: LinkFailure | null; httpStatus: number | null };

/** The plain-words reason of a failed check; rows checked before failures were classified fall back to their HTTP status. */
function reasonOf(row: ReasonFields) {
  if (row.status === "ok" || row.status === "redirect" || row.status === "unchecked") return null;
  return failureReason(row.failure, row.httpStatus) ?? (row.httpStatus ? httpStatusText(row.httpStatus) : null);
}

export async function listLinkPage(db: DB, siteId: string, filter: LinkFilter, page: number) {
  let base = db.selectFrom("links as l").where("l.site_id", "=", siteId);
  if (filter.kind) base = base.where("l.kind", "=", filter.kind);
  if (filter.status) base = base.where("l.status", "=", filter.status);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const pageCount = Math.max(1, Math.ceil(total / LINKS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = await base
    .innerJoin("articles as a", (join) => join.onRef("a.id", "=", "l.article_id").onRef("a.site_id", "=", "l.site_id"))
    .select([
      "l.id",
      "l.url",
      "l.anchor_text as anchorText",
      "l.kind",
      "l.status",
      "l.http_status as httpStatus",
      "l.final_url as finalUrl",
      "l.last_error as lastError",
      "l.failure",
      "l.checked_at as checkedAt",
      "a.id as articleId",
      "a.title as articleTitle",
    ])
    .orderBy("a.created_at", "desc")
    .orderBy("l.url")
    .orderBy("l.id")
    .limit(LINKS_PER_PAGE)
    .offset((current - 1) * LINKS_PER_PAGE)
    .execute();
  const items: LinkRow[] = rows.map(({ failure, ...row }) => ({ ...row, reason: reasonOf({ ...row, failure }) }));
  return { items, total, page: current, pageCount };
}

/** One link of an article and its last check: ok is null until it has been checked. */
export type ArticleLinkCheck = { url: string; ok: boolean | null; reason: string | null; checkedAt: string | null };

/**
 * The stored link checks of one article, for the SEO score's "unverified or
 * unreachable links" check: ok true (answered, possibly after a redirect), false
 * (failed, with the reason in plain words) or null (not checked yet). Scoped to the site.
 */
export async function linkChecksForArticle(db: DB, siteId: string, articleId: string): Promise<ArticleLinkCheck[]> {
  const rows = await db
    .selectFrom("links")
    .select(["url", "status", "failure", "http_status as httpStatus", "checked_at as checkedAt"])
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .orderBy("url")
    .execute();
  return rows.map((row) => ({
    url: row.url,
    ok: row.status === "unchecked" ? null : row.status === "ok" || row.status === "redirect",
    reason: reasonOf(row),
    checkedAt: row.checkedAt,
  }));
}

/** Of these URLs, those the link checker found working (answered, or redirected to a page that did) since `since`. */
export async function workingLinkUrls(db: DB, siteId: string, urls: string[], since: string): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom("links")
    .select("url")
    .distinct()
    .where("site_id", "=", siteId)
    .where("url", "in", urls)
    .where("status", "in", ["ok", "redirect"])
    .where("checked_at", ">=", since)
    .execute();
  return new Set(rows.map((r) => r.url));
}
