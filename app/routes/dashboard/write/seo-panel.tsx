import type { SeoCheck, SeoResult } from "#app/modules/articles/seo";
import { cn } from "#app/utils/cn";

const TONE = { good: "text-emerald-700", "needs-work": "text-amber-700", poor: "text-red-700" } as const;
const BADGE = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  "needs-work": "bg-amber-50 text-amber-900 ring-amber-200",
  poor: "bg-red-50 text-red-800 ring-red-200",
} as const;

function CheckItem({ check }: { check: SeoCheck }) {
  return (
    <li className="flex gap-2 text-sm" data-check={check.id} data-passed={check.passed} data-counted={check.counted !== false}>
      <span
        aria-hidden="true"
        className={cn("mt-0.5 font-bold", check.counted === false ? "text-slate-400" : check.passed ? "text-emerald-600" : "text-red-600")}
      >
        {check.counted === false ? "–" : check.passed ? "✓" : "✗"}
      </span>
      <span className="min-w-0">
        <span className="font-medium text-slate-900">
          {check.label}
          <span className="sr-only">{check.counted === false ? " (not scored)" : check.passed ? " (passed)" : " (to improve)"}</span>
        </span>
        <span className="block text-slate-600">{check.detail}</span>
        {check.examples?.length ? (
          <ul
            className="mt-1 flex flex-col gap-1 border-l-2 border-slate-200 pl-2 text-xs break-words text-slate-600"
            aria-label="Examples"
          >
            {check.examples.map((example) => (
              <li key={example}>{example}</li>
            ))}
          </ul>
        ) : null}
        {check.fix ? (
          <span className="mt-1 block text-slate-700" data-fix>
            <span className="font-medium">How to fix: </span>
            {check.fix}
          </span>
        ) : null}
      </span>
    </li>
  );
}

/** The SEO panel beside the editor: the score, its verdict, and what each point means (what to improve first). */
export function SeoPanel({ result, live }: { result: SeoResult; live: boolean }) {
  const scored = result.checks.filter((c) => c.counted !== false);
  const toImprove = scored.filter((c) => !c.passed);
  const passed = scored.filter((c) => c.passed);
  // Checks with nothing to measure against (an article without research): shown, never scored.
  const notScored = result.checks.filter((c) => c.counted === false);
  return (
    <aside aria-labelledby="seo-panel-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="seo-panel">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="seo-panel-title" className="text-base font-semibold text-slate-900">
          SEO score
        </h2>
        <p className={cn("text-3xl font-bold tabular-nums", TONE[result.verdict.id])} aria-live="polite">
          <span data-testid="seo-score">{result.score}</span>
          <span className="text-base font-medium text-slate-500">/100</span>
          <span className="sr-only">, {result.verdict.label}</span>
        </p>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span
          className={cn("rounded-full px-2 py-0.5 text-xs font-semibold ring-1", BADGE[result.verdict.id])}
          data-testid="seo-verdict"
          data-verdict={result.verdict.id}
        >
          {result.verdict.label}
        </span>
        <span>{live ? "Updated as you type." : "Score of the saved version."}</span>
      </p>
      {toImprove.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">To improve ({toImprove.length})</h3>
          <ul className="mt-2 flex flex-col gap-3" data-testid="seo-to-improve">
            {toImprove.map((check) => (
              <CheckItem key={check.id} check={check} />
            ))}
          </ul>
        </>
      ) : null}
      {passed.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Passed ({passed.length})</h3>
          <ul className="mt-2 flex flex-col gap-3" data-testid="seo-passed">
            {passed.map((check) => (
              <CheckItem key={check.id} check={check} />
            ))}
          </ul>
        </>
      ) : null}
      {notScored.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Not scored ({notScored.length})</h3>
          <ul className="mt-2 flex flex-col gap-3" data-testid="seo-not-scored">
            {notScored.map((check) => (
              <CheckItem key={check.id} check={check} />
            ))}
          </ul>
        </>
      ) : null}
    </aside>
  );
}
