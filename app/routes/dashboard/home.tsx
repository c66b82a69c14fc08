import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import type { ArticleStatus } from "#app/db/schema";
import { getDb } from "#app/db/client.server";
import { formatListDate, listArticles, parseArticleTab, type ArticleListTab } from "#app/modules/articles/queries.server";
import { authContext } from "#app/modules/auth/guards.server";
import { cn } from "#app/utils/cn";
import type { Route } from "./+types/home";

export const handle = { breadcrumb: "Articles" };

export const meta: Route.MetaFunction = () => [{ title: "Articles | Inkpilot" }];

const TABS: { id: ArticleListTab; label: string }[] = [
  { id: "all", label: "All" },
  { id: "draft", label: "Draft" },
  { id: "scheduled", label: "Scheduled" },
  { id: "published", label: "Published" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, site } = context.get(authContext);
  const db = getDb();
  const status = parseArticleTab(new URL(request.url).searchParams.get("status"));
  const [articles, siteRow] = await Promise.all([
    listArticles(db, site.id, { status }),
    db.selectFrom("sites").select("timezone").where("id", "=", site.id).executeTakeFirst(),
  ]);
  return {
    status,
    articles: articles.map((a) => ({
      id: a.id,
      title: a.title,
      targetKeyword: a.targetKeyword,
      status: a.status,
      author: a.authorId === user.id ? "You" : (a.authorName ?? "Former member"),
      createdOn: formatListDate(a.createdAt, siteRow?.timezone),
    })),
  };
}

const STATUS_STYLE: Record<ArticleStatus, string> = {
  draft: "bg-slate-100 text-slate-700",
  generating: "bg-amber-100 text-amber-800",
  scheduled: "bg-sky-100 text-sky-800",
  publishing: "bg-amber-100 text-amber-800",
  published: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

function StatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize", STATUS_STYLE[status])}>{status}</span>
  );
}

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const { status, articles } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Articles</h1>
        <Button asChild>
          <Link to="/dashboard/write">Write Article</Link>
        </Button>
      </div>
      <nav aria-label="Filter by status" className="mt-6">
        <ul className="inline-flex rounded-lg bg-slate-100 p-1">
          {TABS.map((tab) => (
            <li key={tab.id}>
              <Link
                to={tab.id === "all" ? "." : `?status=${tab.id}`}
                aria-current={tab.id === status ? "page" : undefined}
                className={cn(
                  "inline-block rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900",
                  tab.id === status && "bg-white text-slate-900 shadow-sm",
                )}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3">
                Post
              </th>
              <th scope="col" className="px-4 py-3">
                Author
              </th>
              <th scope="col" className="px-4 py-3">
                Created on
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {articles.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-12 text-center text-slate-600">
                  No articles yet. Click &quot;Write Article&quot; to get started.
                </td>
              </tr>
            ) : (
              articles.map((article) => (
                <tr key={article.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <Link
                      to={`/dashboard/write?edit=${encodeURIComponent(article.id)}`}
                      className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {article.title || "Untitled"}
                    </Link>
                    {article.targetKeyword ? <p className="mt-0.5 text-xs text-slate-500">{article.targetKeyword}</p> : null}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{article.author}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{article.createdOn}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={article.status} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
