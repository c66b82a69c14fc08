import type { SeoResult } from "#app/modules/articles/seo";
import { cn } from "#app/utils/cn";

/** The SEO panel beside the editor: the score and what each point means. */
export function SeoPanel({ result, live }: { result: SeoResult; live: boolean }) {
  const tone = result.score >= 80 ? "text-emerald-700" : result.score >= 50 ? "text-amber-700" : "text-red-700";
  return (
    <aside aria-labelledby="seo-panel-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="seo-panel">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="seo-panel-title" className="text-base font-semibold text-slate-900">
          SEO score
        </h2>
        <p className={cn("text-3xl font-bold tabular-nums", tone)} aria-live="polite">
          <span data-testid="seo-score">{result.score}</span>
          <span className="text-base font-medium text-slate-500">/100</span>
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-500">{live ? "Updated as you type." : "Score of the saved version."}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {result.checks.map((check) => (
          <li key={check.id} className="flex gap-2 text-sm" data-check={check.id} data-passed={check.passed}>
            <span aria-hidden="true" className={cn("mt-0.5 font-bold", check.passed ? "text-emerald-600" : "text-red-600")}>
              {check.passed ? "✓" : "✗"}
            </span>
            <span>
              <span className="font-medium text-slate-900">
                {check.label}
                <span className="sr-only">{check.passed ? " (passed)" : " (to improve)"}</span>
              </span>
              <span className="block text-slate-600">{check.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
