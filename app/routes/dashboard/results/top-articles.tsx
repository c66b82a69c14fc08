import { Sparkline } from "#app/components/charts/sparkline";
import { ListLink } from "#app/components/list-link";
import { editUrl } from "#app/modules/articles/urls";
import { RANGES, type ResultsRange } from "#app/modules/results/ranges";
import { changeTone, clicksTrendWords, formatCount, formatPosition } from "#app/modules/results/words";
import { cn } from "#app/utils/cn";
import type { TopArticle } from "#app/modules/results/page.server";

/** The period's top articles by clicks, each with its clicks by day as a sparkline and its change in words. */
export function TopArticles({ articles, range }: { articles: TopArticle[]; range: ResultsRange }) {
  if (!articles.length)
    return <p className="text-sm text-slate-600">No article had impressions in the {RANGES[range].label.toLowerCase()}.</p>;
  return (
    <ol className="flex flex-col divide-y divide-slate-100" data-testid="top-articles">
      {articles.map((a) => {
        const words = clicksTrendWords(a.clicks, a.clicksChange);
        const tone = changeTone(a.clicksChange);
        return (
          <li key={a.articleId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <div className="min-w-0 grow max-sm:basis-full">
              <ListLink
                to={editUrl(a.articleId)}
                className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
              >
                {a.title}
              </ListLink>
              <p className="text-xs text-slate-600">
                {formatCount(a.impressions)} impressions · position {formatPosition(a.position)}
              </p>
            </div>
            <Sparkline values={a.sparkline} label={`Clicks by day: ${words}`} />
            <p
              className={cn(
                "shrink-0 whitespace-nowrap text-right text-sm tabular-nums",
                tone === "bad" ? "text-red-700" : tone === "good" ? "text-emerald-700" : "text-slate-700",
              )}
            >
              {words}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
