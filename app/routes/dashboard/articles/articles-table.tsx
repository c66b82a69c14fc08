import { Link } from "react-router";
import { ListLink } from "#app/components/list-link";
import { FindingBadge } from "#app/components/results/findings";
import { editUrl } from "#app/modules/articles/urls";
import { cn } from "#app/utils/cn";
import { useHydrated } from "#app/utils/use-hydrated";
import { ClicksCell, SeoCell, StatusBadge } from "./article-cells";
import { RowMenu, StaticRowMenu } from "./article-row-menu";
import type { ArticleRow } from "./article-row";

/** The articles table's rows, row menu and delete confirmation (docs/product.md "Articles"). */

/** The 'Clicks (28 days)' cell: the count, a sparkline and the change, in words for a screen reader. */
export function ArticlesTable({
  articles,
  back,
  clicksSort,
}: {
  articles: ArticleRow[];
  back: string;
  /** The clicks column, sortable by a link, once the site has Search Console figures. */
  clicksSort: { active: boolean; href: string } | null;
}) {
  const hydrated = useHydrated();
  const cell = "px-4 py-3 max-sm:p-0";
  return (
    <div className="rounded-xl border border-slate-200 bg-white sm:overflow-x-auto">
      <table className="w-full text-left text-sm sm:min-w-[720px]">
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 max-sm:sr-only">
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
            <th scope="col" className="px-4 py-3">
              SEO
            </th>
            {clicksSort ? (
              <th scope="col" className="px-4 py-3" aria-sort={clicksSort.active ? "descending" : undefined}>
                <Link to={clicksSort.href} className="hover:text-slate-900 hover:underline">
                  Clicks (28 days)
                  {clicksSort.active ? <span aria-hidden="true"> ↓</span> : null}
                </Link>
              </th>
            ) : null}
            <th scope="col" className="w-12 px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {articles.map((article) => (
            <tr
              key={article.id}
              className="hover:bg-slate-50 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3"
              data-testid="article-row"
            >
              <td className={cn(cell, "max-sm:order-1 max-sm:min-w-0 max-sm:grow max-sm:basis-[calc(100%-3.5rem)]")}>
                <ListLink to={editUrl(article.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {article.title || "Untitled"}
                </ListLink>
                {article.targetKeyword ? <p className="mt-0.5 text-xs text-slate-600">{article.targetKeyword}</p> : null}
                {article.findings ? (
                  <p className="mt-1">
                    <FindingBadge count={article.findings} />
                  </p>
                ) : null}
              </td>
              <td className={cn(cell, "text-slate-700 max-sm:order-4 max-sm:text-xs")}>{article.author}</td>
              <td className={cn(cell, "whitespace-nowrap text-slate-700 max-sm:order-5 max-sm:text-xs")}>{article.createdOn}</td>
              <td className={cn(cell, "max-sm:order-3")}>
                <StatusBadge status={article.status} text={article.statusText} />
              </td>
              <td className={cn(cell, "max-sm:order-3")}>
                <SeoCell article={article} />
              </td>
              {clicksSort && article.clicks ? (
                <td className={cn(cell, "max-sm:order-3")}>
                  <ClicksCell clicks={article.clicks} />
                </td>
              ) : null}
              <td className={cn(cell, "text-right max-sm:order-2")}>
                {hydrated ? <RowMenu article={article} back={back} /> : <StaticRowMenu article={article} back={back} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
