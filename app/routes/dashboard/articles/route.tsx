import { Form, Link } from "react-router";
import { Pagination, parsePage } from "#app/components/pagination";
import { GettingStartedChecklist } from "#app/components/getting-started";
import { UsageMeter } from "#app/components/usage-card";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { getUsageSummary } from "#app/modules/articles/quota.server";
import { ARTICLES_PER_PAGE, listArticlePage, parseArticleSort, parseArticleTab } from "#app/modules/articles/queries.server";
import type { ArticleListSort, ArticleListTab } from "#app/modules/articles/queries.server";
import { showStoredScores } from "#app/modules/articles/stored-score.server";
import { authContext } from "#app/modules/auth/guards.server";
import { gettingStarted } from "#app/modules/onboarding/checklist.server";
import { articleListClicks } from "#app/modules/results/metrics.server";
import { cn } from "#app/utils/cn";
import { formatDate } from "#app/utils/time";
import { shortDateTime } from "#app/modules/publishing/status-words";
import { findingCountsByArticle } from "#app/modules/results/findings.server";
import { ArticlesEmpty } from "./articles-empty";
import { ArticlesTable } from "./articles-table";
import type { Route } from "./+types/route";

export const handle = { breadcrumb: "Articles" };

export const meta: Route.MetaFunction = () => [{ title: "Articles | Inkpilot" }];

const TABS: { id: ArticleListTab; label: string }[] = [
  { id: "all", label: "All" },
  { id: "draft", label: "Draft" },
  { id: "scheduled", label: "Scheduled" },
  { id: "published", label: "Published" },
  { id: "failed", label: "Failed" },
];

const MAX_SEARCH = 200;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { user, site, workspace } = context.get(authContext);
  const db = getDb();
  const params = url.searchParams;
  const status = parseArticleTab(params.get("status"));
  const q = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH);
  const sort = parseArticleSort(params.get("sort"));
  const list = await listArticlePage(db, site.id, { status, search: q, sort, page: parsePage(params.get("page")) });
  // Stored scores; stale ones are marked and rescored by a background job, never by this load (decisions 038, 053).
  const items = await showStoredScores(db, site.id, list.items);
  const usage = await getUsageSummary(db, workspace.id, site.id);
  const ids = items.map((a) => a.id);
  const findings = await findingCountsByArticle(db, site.id, ids);
  const checklist = await gettingStarted(db, { userId: user.id, siteId: site.id });
  // Search Console's 28 days for the visible rows, one grouped query; null before the site has figures.
  const clicks = await articleListClicks(db, site.id, ids);
  return {
    status,
    q,
    sort,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    // Position of the page's first row, for "Showing 21-40 of 57".
    first: (list.page - 1) * ARTICLES_PER_PAGE + 1,
    counts: list.counts,
    usage,
    checklist,
    hasClicks: clicks !== null,
    articles: items.map((a) => ({
      id: a.id,
      title: a.title,
      targetKeyword: a.targetKeyword,
      status: a.status,
      // The scheduled time in words, as the write screen says it: 'Scheduled for 28 Nov, 09:00'.
      statusText: a.status === "scheduled" && a.scheduledAt ? `Scheduled for ${shortDateTime(a.scheduledAt, site.timeZone)}` : null,
      author: a.authorId === user.id ? "You" : (a.authorName ?? "Former member"),
      createdOn: formatDate(a.createdAt, site.timeZone),
      seoScore: a.seoScore,
      wordCount: a.wordCount,
      scoring: a.scoring,
      clicks: clicks ? (clicks.get(a.id) ?? { clicks: 0, change: null, sparkline: [] }) : null,
      findings: findings.get(a.id) ?? 0,
    })),
  };
}

type ListState = { status: ArticleListTab; q: string; sort: ArticleListSort; page: number };

/** The list URL for a state, leaving defaults out. */
function listHref(state: ListState) {
  const params = new URLSearchParams();
  if (state.status !== "all") params.set("status", state.status);
  if (state.q) params.set("q", state.q);
  if (state.sort !== "newest") params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

/** The same as an absolute URL under /dashboard. */
const dashboardHref = (state: ListState) => `/dashboard${listHref(state) === "." ? "" : listHref(state)}`;

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const { status, q, sort, page, pageCount, total, first, counts, articles, usage, checklist, hasClicks } = loaderData;
  const state: ListState = { status, q, sort, page };
  const tabs = TABS.filter((t) => t.id !== "failed" || counts.failed > 0 || status === "failed");
  const back = dashboardHref(state);
  return (
    <div className="flex flex-col gap-6">
      <UsageMeter usage={usage} />
      <GettingStartedChecklist checklist={checklist} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Articles</h1>
        <div className="flex flex-wrap gap-2">
          {/* A download, not a page: a plain link the browser saves. */}
          <Button asChild variant="secondary">
            <a href="/dashboard/articles/export" download>
              Export (Markdown ZIP)
            </a>
          </Button>
          <Button asChild>
            <Link to="/dashboard/write">Write Article</Link>
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Filter by status">
          <ul className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1">
            {tabs.map((tab) => (
              <li key={tab.id}>
                <Link
                  to={listHref({ ...state, status: tab.id, page: 1 })}
                  aria-current={tab.id === status ? "page" : undefined}
                  className={cn(
                    "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900",
                    tab.id === status && "bg-white text-slate-900 shadow-sm",
                  )}
                >
                  {tab.label}
                  {/* The count is a visual aid; the tab's name stays its label. */}
                  <span aria-hidden="true" className="text-xs text-slate-600">
                    {counts[tab.id]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" role="search" className="flex flex-wrap items-center gap-2">
          {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
          <label htmlFor="article-search" className="sr-only">
            Search by title or keyword
          </label>
          <input
            id="article-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_SEARCH}
            placeholder="Search title or keyword"
            className="h-9 w-56 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
          <label htmlFor="article-sort" className="sr-only">
            Sort
          </label>
          <select
            id="article-sort"
            name="sort"
            defaultValue={sort}
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none"
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            {hasClicks ? <option value="clicks">Most clicks (28 days)</option> : null}
          </select>
          <Button type="submit" variant="secondary" size="sm">
            Search
          </Button>
        </Form>
      </div>
      {articles.length > 0 ? (
        <ArticlesTable
          articles={articles}
          back={back}
          clicksSort={hasClicks ? { active: sort === "clicks", href: listHref({ ...state, sort: "clicks", page: 1 }) } : null}
        />
      ) : (
        <ArticlesEmpty tab={status} counts={counts} search={q} clearSearchHref={dashboardHref({ ...state, q: "", page: 1 })} />
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        first={first}
        shown={articles.length}
        total={total}
        hrefFor={(p) => listHref({ ...state, page: p })}
      />
    </div>
  );
}
