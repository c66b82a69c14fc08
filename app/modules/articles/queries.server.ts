import { sql, type SqlBool } from "kysely";
import type { DB } from "#app/db/client.server";
import type { ArticleStatus } from "#app/db/schema";
import { currentArticleTotals, resultsPeriods } from "#app/modules/results/metrics.server";

const ARTICLE_LIST_TABS = ["all", "draft", "scheduled", "published", "failed"] as const;
export type ArticleListTab = (typeof ARTICLE_LIST_TABS)[number];
/** clicks: most clicks in Google over the last 28 days first (docs/decisions/060-search-results.md). */
export type ArticleListSort = "newest" | "oldest" | "clicks";

export const ARTICLES_PER_PAGE = 20;

export function parseArticleTab(value: string | null): ArticleListTab {
  return (ARTICLE_LIST_TABS as readonly string[]).includes(value ?? "") ? (value as ArticleListTab) : "all";
}

export function parseArticleSort(value: string | null): ArticleListSort {
  return value === "oldest" || value === "clicks" ? value : "newest";
}

export type ArticleListItem = {
  id: string;
  title: string;
  targetKeyword: string;
  status: ArticleStatus;
  createdAt: string;
  /** When a scheduled article goes out (UTC). */
  scheduledAt: string | null;
  authorId: string | null;
  authorName: string | null;
  /** Stored at save time (decision 038); null until the article was first scored. */
  seoScore: number | null;
  wordCount: number;
  /** What seoScore was computed against; showStoredScores (stored-score.server.ts) compares it with the current basis. */
  seoBasis: string | null;
};

export type ArticleListQuery = {
  status?: ArticleListTab;
  /** Matches title or target keyword, case-insensitively (ASCII), anywhere. */
  search?: string;
  sort?: ArticleListSort;
  page?: number;
  perPage?: number;
};

export type ArticlePage = {
  items: ArticleListItem[];
  /** Articles matching status and search. */
  total: number;
  page: number;
  pageCount: number;
  /** The site's articles per status (no search), for the tabs. */
  counts: Record<ArticleListTab, number>;
};

/** LIKE pattern for a literal substring. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The list's columns of an article, its author joined. */
function listRows(db: DB) {
  return db
    .selectFrom("articles as a")
    .leftJoin("users as u", "u.id", "a.author_id")
    .select([
      "a.id",
      "a.title",
      "a.target_keyword as targetKeyword",
      "a.status",
      "a.created_at as createdAt",
      "a.scheduled_at as scheduledAt",
      "a.author_id as authorId",
      "u.full_name as authorFullName",
      "u.username as authorUsername",
      "a.seo_score as seoScore",
      "a.word_count as wordCount",
      "a.seo_basis as seoBasis",
    ]);
}

function withAuthor<T extends { authorFullName: string | null; authorUsername: string | null }>({
  authorFullName,
  authorUsername,
  ...row
}: T) {
  return { ...row, authorName: authorFullName || authorUsername || null };
}

/**
 * One page of the site's articles. Always scoped by site: the caller passes the
 * site resolved from the session, never a URL id. Three indexed queries whatever
 * the page size: counts per status, the matching total (only when searching)
 * and the page itself with its authors joined.
 */
export async function listArticlePage(db: DB, siteId: string, query: ArticleListQuery = {}): Promise<ArticlePage> {
  const { status = "all", sort = "newest", perPage = ARTICLES_PER_PAGE } = query;
  const search = query.search?.trim() ?? "";

  // Kept by triggers (migrations/0032_article_counts.ts): a few rows instead of counting every article.
  const grouped = await db.selectFrom("article_counts").select(["status", "n"]).where("site_id", "=", siteId).execute();
  const counts: Record<ArticleListTab, number> = { all: 0, draft: 0, scheduled: 0, published: 0, failed: 0 };
  for (const row of grouped) {
    counts.all += row.n;
    if (row.status in counts) counts[row.status as ArticleListTab] += row.n;
  }

  let filtered = db.selectFrom("articles as a").where("a.site_id", "=", siteId);
  if (status !== "all") filtered = filtered.where("a.status", "=", status);
  if (search) {
    const pattern = containsPattern(search);
    filtered = filtered.where(({ or }) =>
      or([sql<SqlBool>`a.title LIKE ${pattern} ESCAPE '\\'`, sql<SqlBool>`a.target_keyword LIKE ${pattern} ESCAPE '\\'`]),
    );
  }
  const total = search
    ? Number((await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)
    : counts[status];

  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page ?? 1, pageCount);
  const direction = sort === "oldest" ? "asc" : "desc";
  // By clicks: every article's 28 days of clicks (the results' read model, kept per data version), and the
  // matching ids with their dates from the covering index; sorted here, most clicks first, then newest.
  const periods = sort === "clicks" ? await resultsPeriods(db, siteId, "28d") : null;
  if (periods) {
    const clicks = new Map((await currentArticleTotals(db, siteId, periods)).map((t) => [t.articleId, t.current.clicks]));
    const candidates = await filtered.select(["a.id", "a.created_at"]).execute();
    candidates.sort(
      (x, y) => (clicks.get(y.id) ?? 0) - (clicks.get(x.id) ?? 0) || y.created_at.localeCompare(x.created_at) || y.id.localeCompare(x.id),
    );
    const order = candidates.slice((page - 1) * perPage, page * perPage).map((r) => r.id);
    const rows = order.length ? await listRows(db).where("a.id", "in", order).execute() : [];
    const at = new Map(order.map((id, i) => [id, i]));
    return { items: rows.sort((x, y) => at.get(x.id)! - at.get(y.id)!).map(withAuthor), total, page, pageCount, counts };
  }
  // The page's ids first, from the covering index articles_site_list alone (migration 0003): filtering and
  // skipping there reads no article row. Asked in one query with the columns below, SQLite read each candidate's
  // row (its body's overflow pages too) before the search could reject it: 5 ms per search at 10,000 articles.
  const pageIds = filtered
    .select("a.id")
    .orderBy("a.created_at", direction)
    .orderBy("a.id", direction)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const rows = await listRows(db).where("a.id", "in", pageIds).orderBy("a.created_at", direction).orderBy("a.id", direction).execute();
  return {
    items: rows.map(withAuthor),
    total,
    page,
    pageCount,
    counts,
  };
}

/** The site's articles, newest first, optionally one status only (no paging). */
export async function listArticles(
  db: DB,
  siteId: string,
  { status = "all", limit = 500 }: { status?: ArticleListTab; limit?: number } = {},
): Promise<ArticleListItem[]> {
  const { items } = await listArticlePage(db, siteId, { status, perPage: limit });
  return items;
}
