import type { DB } from "#app/db/client.server";
import type { ArticleStatus } from "#app/db/schema";

export const ARTICLE_LIST_TABS = ["all", "draft", "scheduled", "published"] as const;
export type ArticleListTab = (typeof ARTICLE_LIST_TABS)[number];

export function parseArticleTab(value: string | null): ArticleListTab {
  return (ARTICLE_LIST_TABS as readonly string[]).includes(value ?? "") ? (value as ArticleListTab) : "all";
}

export type ArticleListItem = {
  id: string;
  title: string;
  targetKeyword: string;
  status: ArticleStatus;
  createdAt: string;
  authorId: string | null;
  authorName: string | null;
};

/**
 * The site's articles, newest first, optionally one status only. Always scoped
 * by site: the caller passes the site resolved from the session, never a URL id.
 */
export async function listArticles(
  db: DB,
  siteId: string,
  { status = "all", limit = 500 }: { status?: ArticleListTab; limit?: number } = {},
): Promise<ArticleListItem[]> {
  let query = db
    .selectFrom("articles as a")
    .leftJoin("users as u", "u.id", "a.author_id")
    .select([
      "a.id",
      "a.title",
      "a.target_keyword as targetKeyword",
      "a.status",
      "a.created_at as createdAt",
      "a.author_id as authorId",
      "u.full_name as authorFullName",
      "u.username as authorUsername",
    ])
    .where("a.site_id", "=", siteId);
  if (status !== "all") query = query.where("a.status", "=", status);
  const rows = await query.orderBy("a.created_at", "desc").limit(limit).execute();
  return rows.map(({ authorFullName, authorUsername, ...row }) => ({
    ...row,
    authorName: authorFullName || authorUsername || null,
  }));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * 'dd MMM yyyy' in the site's time zone. Built from parts because locale month
 * abbreviations vary (en-GB says "Sept").
 */
export function formatListDate(iso: string, timeZone = "UTC") {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    zone = "UTC";
  }
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "2-digit" }).formatToParts(
    new Date(iso),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")} ${MONTHS[Number(get("month")) - 1]} ${get("year")}`;
}
