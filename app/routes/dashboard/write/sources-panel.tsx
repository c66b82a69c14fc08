import type { ArticleSources } from "#app/modules/research/sources.server";
import { formatDateTime } from "#app/utils/time";

/**
 * The claim ledger beside the editor (docs/decisions/058-research.md): the sources the article uses, the
 * site's own pages as 'your page X' and the web's by domain, each with the facts taken from it, and what the
 * research could not provide, in words.
 */
export function SourcesPanel({ research, timeZone }: { research: ArticleSources; timeZone: string }) {
  return (
    <section
      aria-labelledby="sources-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="sources-panel"
    >
      <h2 id="sources-title" className="text-lg font-semibold">
        Sources
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="research-status">
        {research.status.sentence} ({formatDateTime(research.status.gatheredAt, timeZone)})
      </p>
      {research.sources.length ? (
        <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="sources-list">
          {research.sources.map((source) => (
            <li key={source.url} data-kind={source.kind}>
              <a href={source.url} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline">
                {source.label}
              </a>
              {source.kind === "web" ? <span className="text-slate-600"> — {source.title}</span> : null}
              {source.claims.length ? (
                <ul
                  className="mt-1 flex flex-col gap-1 border-l-2 border-slate-200 pl-2 text-xs text-slate-600"
                  aria-label="Facts from this source"
                >
                  {source.claims.map((claim) => (
                    <li key={claim}>{claim}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          The article uses none of its research's sources: no fact from them and no link to them.
        </p>
      )}
      {research.gaps.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">What the research could not provide</h3>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700" data-testid="research-gaps">
            {research.gaps.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
