import { useState } from "react";
import { Link } from "react-router";
import { DropdownMenu } from "radix-ui";
import { ConfirmDialog } from "#app/components/confirm-dialog";
import { ListLink } from "#app/components/list-link";
import { Sparkline } from "#app/components/charts/sparkline";
import { clicksTrendWords } from "#app/modules/results/words";
import { FindingBadge } from "#app/components/results/findings";
import type { ArticleStatus } from "#app/db/schema";
import { seoVerdict, type SeoVerdict } from "#app/modules/articles/verdict";
import { editUrl } from "#app/modules/articles/urls";
import { cn } from "#app/utils/cn";
import { useHydrated } from "#app/utils/use-hydrated";

/** The articles table's rows, row menu and delete confirmation (docs/product.md "Articles"). */

export type ArticleRow = {
  id: string;
  title: string;
  targetKeyword: string;
  status: ArticleStatus;
  /** The status in words when there is more to say than its name (a scheduled article's time). */
  statusText: string | null;
  author: string;
  createdOn: string;
  /** The stored SEO panel score (decision 038); null while the article was never scored. */
  seoScore: number | null;
  wordCount: number;
  /** Missing or out of date, and the background job will score it (docs/decisions/053). */
  scoring: boolean;
  /** Clicks in Google over the last 28 days, their change and their days; null before the site has figures. */
  clicks: { clicks: number; change: number | null; sparkline: number[] } | null;
  /** Open search findings about it (decay, striking distance): a small badge next to the title. */
  findings?: number;
};

/** The 'Clicks (28 days)' cell: the count, a sparkline and the change, in words for a screen reader. */
function ClicksCell({ clicks }: { clicks: NonNullable<ArticleRow["clicks"]> }) {
  const words = clicksTrendWords(clicks.clicks, clicks.change);
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap" data-testid="article-clicks">
      <Sparkline values={clicks.sparkline.length ? clicks.sparkline : [0, 0]} label={`Last 28 days: ${words}`} width={64} height={20} />
      <span aria-hidden="true" className="tabular-nums text-slate-700">
        {clicks.clicks.toLocaleString("en-US")}
      </span>
    </span>
  );
}

/** A published article is sent again to update its posts; the publish dialog does both. */
const publishLabel = (article: ArticleRow) => (article.status === "published" ? "Update" : "Publish");

const VERDICT_STYLE: Record<SeoVerdict["id"], string> = {
  good: "bg-emerald-100 text-emerald-800",
  "needs-work": "bg-amber-100 text-amber-800",
  poor: "bg-red-100 text-red-800",
};

/** The SEO panel's verdict as the list shows it: score, band and word count. */
function SeoCell({ article }: { article: ArticleRow }) {
  const words = `${article.wordCount.toLocaleString("en-US")} ${article.wordCount === 1 ? "word" : "words"}`;
  // Never scored yet: its word count is not known either, so neither is shown until the job has run.
  if (article.seoScore === null) {
    return (
      <span className="text-slate-600" data-testid="article-seo">
        {article.scoring ? "Scoring…" : words}
      </span>
    );
  }
  const verdict = seoVerdict(article.seoScore);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="article-seo">
      <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium tabular-nums", VERDICT_STYLE[verdict.id])}>
        <span className="sr-only">SEO score </span>
        {article.seoScore}/100 · {verdict.label}
      </span>
      <span className="whitespace-nowrap text-xs text-slate-600">{words}</span>
    </span>
  );
}

const STATUS_STYLE: Record<ArticleStatus, string> = {
  draft: "bg-slate-100 text-slate-700",
  generating: "bg-amber-100 text-amber-800",
  scheduled: "bg-sky-100 text-sky-800",
  publishing: "bg-amber-100 text-amber-800",
  published: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

function StatusBadge({ status, text }: { status: ArticleStatus; text: string | null }) {
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium", !text && "capitalize", STATUS_STYLE[status])}>
      {text ?? status}
    </span>
  );
}

const deleteHref = (id: string, back: string) => `/dashboard/articles/${encodeURIComponent(id)}/delete?back=${encodeURIComponent(back)}`;

const itemClass =
  "block w-full rounded px-3 py-1.5 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 data-[highlighted]:bg-slate-100";

function DotsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}

/** Without JavaScript: a <details> menu of links, Delete going to the confirmation page. */
function StaticRowMenu({ article, back }: { article: ArticleRow; back: string }) {
  return (
    <details className="relative inline-block text-left">
      <summary className="flex h-8 w-8 cursor-pointer list-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <DotsIcon />
        <span className="sr-only">Actions for {article.title || "Untitled"}</span>
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <li>
          <ListLink className={itemClass} to={editUrl(article.id)}>
            Edit
          </ListLink>
        </li>
        <li>
          <ListLink className={itemClass} to={editUrl(article.id, { publish: true })}>
            {publishLabel(article)}
          </ListLink>
        </li>
        <li>
          <ListLink className={cn(itemClass, "text-red-700")} to={deleteHref(article.id, back)}>
            Delete
          </ListLink>
        </li>
      </ul>
    </details>
  );
}

/** With JavaScript: a Radix menu (keyboard, focus) and the Delete dialog. */
function RowMenu({ article, back }: { article: ArticleRow; back: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <DotsIcon />
            <span className="sr-only">Actions for {article.title || "Untitled"}</span>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-30 w-36 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Item asChild>
              <Link className={itemClass} to={editUrl(article.id)}>
                Edit
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild>
              <Link className={itemClass} to={editUrl(article.id, { publish: true })}>
                {publishLabel(article)}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={cn(itemClass, "cursor-pointer text-red-700")} onSelect={() => setConfirming(true)}>
              Delete
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Article"
        description={
          <>
            Are you sure you want to delete the article titled{" "}
            <strong className="font-semibold text-slate-900">&ldquo;{article.title || "Untitled"}&rdquo;</strong>? This action cannot be
            undone.
          </>
        }
        action={`/dashboard/articles/${encodeURIComponent(article.id)}/delete`}
        fields={{ redirectTo: back }}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
      />
    </>
  );
}

/**
 * One table; below the sm breakpoint its rows are laid out as stacked cards (title and actions on top,
 * status and score under them) so a phone never scrolls sideways. The header stays for screen readers.
 */
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
