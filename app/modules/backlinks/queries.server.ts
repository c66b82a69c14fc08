import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import type { LinkKind, LinkStatus } from "#app/db/schema";

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

export function parseLinkPage(raw: string | null) {
  const n = Number(raw);
  return Number.isInteger(n) && n > 1 ? Math.min(n, 100_000) : 1;
}

export async function getLinkSummary(db: DB, siteId: string) {
  const row = await db
    .selectFrom("links")
    .select([
      (eb) => eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(kind = 'internal'), 0)`.as("internal"),
      sql<number>`coalesce(sum(kind = 'external'), 0)`.as("external"),
      sql<number>`coalesce(sum(status = 'broken'), 0)`.as("broken"),
    ])
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), internal: Number(row.internal), external: Number(row.external), broken: Number(row.broken) };
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
  checkedAt: string | null;
  articleId: string;
  articleTitle: string;
};

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
  return { items: rows as LinkRow[], total, page: current, pageCount };
}
