import { Sparkline } from "#app/components/charts/sparkline";
import type { ArticleStatus } from "#app/db/schema";
import { clicksTrendWords } from "#app/modules/results/words";
import { seoVerdict, type SeoVerdict } from "#app/modules/articles/verdict";
import { cn } from "#app/utils/cn";
import type { ArticleRow } from "./article-row";

/** The articles table's cells that show a measure: clicks, the SEO verdict and the status. */

export function ClicksCell({ clicks }: { clicks: NonNullable<ArticleRow["clicks"]> }) {
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

const VERDICT_STYLE: Record<SeoVerdict["id"], string> = {
  good: "bg-emerald-100 text-emerald-800",
  "needs-work": "bg-amber-100 text-amber-800",
  poor: "bg-red-100 text-red-800",
};

/** The SEO panel's verdict as the list shows it: score, band and word count. */
export function SeoCell({ article }: { article: ArticleRow }) {
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

export function StatusBadge({ status, text }: { status: ArticleStatus; text: string | null }) {
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium", !text && "capitalize", STATUS_STYLE[status])}>
      {text ?? status}
    </span>
  );
}
