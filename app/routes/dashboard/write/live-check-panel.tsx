import { Form, useNavigation } from "react-router";
import { StatusButton } from "#app/components/ui/button";
import type { LiveCheckItem } from "#app/modules/publishing/live-check-page";
import type { IndexStatus } from "#app/modules/indexing/inspection.server";
import type { LiveCheckSummary } from "#app/modules/publishing/live-check.server";

type Summary = LiveCheckSummary & { indexStatus?: IndexStatus | null };

/**
 * 'Live check' on the write screen: per destination where the
 * article is published, whether its public page shows the title, description,
 * canonical, images and links as sent, each problem with its fix, and 'Check
 * again' (intent live-check, see live-check.server.ts), and 'Indexed by Google' where the
 * site has Search Console (app/modules/indexing/inspection.server.ts). Renders nothing until the
 * article is published somewhere.
 */

const MARKS: Record<LiveCheckItem["state"], { mark: string; label: string; className: string }> = {
  ok: { mark: "✓", label: "OK", className: "text-emerald-700" },
  problem: { mark: "!", label: "Problem", className: "text-amber-700" },
  not_applicable: { mark: "–", label: "Not applicable", className: "text-slate-500" },
};

function CheckLine({ check }: { check: Pick<LiveCheckItem, "label" | "state" | "detail" | "fix"> }) {
  const mark = MARKS[check.state];
  return (
    <li className="flex gap-2 text-sm">
      <span aria-hidden="true" className={`w-4 shrink-0 text-center font-bold ${mark.className}`}>
        {mark.mark}
      </span>
      <span className="sr-only">{mark.label}:</span>
      <div className="flex flex-col gap-0.5">
        <p>
          <span className="font-medium text-slate-900">{check.label}</span> <span className="text-slate-700">{check.detail}</span>
        </p>
        {check.fix ? <p className="text-slate-600">Fix: {check.fix}</p> : null}
      </div>
    </li>
  );
}

function CheckAgain({ publicationId }: { publicationId: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "live-check" &&
    navigation.formData.get("publicationId") === publicationId;
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value="live-check" />
      <input type="hidden" name="publicationId" value={publicationId} />
      <StatusButton variant="secondary" size="sm" pending={pending} pendingLabel="Checking…">
        Check again
      </StatusButton>
    </Form>
  );
}

function Destination({ summary }: { summary: Summary }) {
  const { result } = summary;
  const headingId = `live-check-${summary.publicationId}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <h3 id={headingId} className="text-sm font-semibold text-slate-900">
            {summary.destination}
          </h3>
          {summary.remoteUrl && !summary.notCheckable ? (
            <a href={summary.remoteUrl} target="_blank" rel="noreferrer" className="text-xs break-all text-brand-600 hover:underline">
              {summary.remoteUrl}
            </a>
          ) : null}
        </div>
        {summary.notCheckable ? null : (
          <div className="flex items-center gap-3">
            <span className="text-xs text-slate-600">{summary.checking ? "Checking…" : (summary.checkedAgo ?? "Not checked yet")}</span>
            <CheckAgain publicationId={summary.publicationId} />
          </div>
        )}
      </div>
      {summary.notCheckable ? (
        <p className="text-sm text-slate-600">{summary.notCheckable}</p>
      ) : !result ? (
        <p className="text-sm text-slate-600">
          {summary.checking ? "The live page is checked shortly after publishing." : "The live page has not been checked yet."}
        </p>
      ) : result.outcome === "unreachable" ? (
        <ul className="flex flex-col gap-1">
          <CheckLine
            check={{
              label: "Could not reach the post",
              state: "problem",
              detail: result.detail,
              ...(result.fix ? { fix: result.fix } : {}),
            }}
          />
        </ul>
      ) : (
        <>
          {result.stale ? (
            <p className="text-sm text-slate-600">The article changed after it was published: publish again to update the live post.</p>
          ) : null}
          <ul className="flex flex-col gap-1">
            {result.checks.map((check) => (
              <CheckLine key={check.id} check={check} />
            ))}
          </ul>
        </>
      )}
      {summary.indexStatus ? (
        <ul className="flex flex-col gap-1" data-testid="index-status">
          <CheckLine
            check={{
              label: summary.indexStatus.label,
              detail: summary.indexStatus.detail,
              state: INDEX_MARKS[summary.indexStatus.state],
              ...(summary.indexStatus.fix ? { fix: summary.indexStatus.fix } : {}),
            }}
          />
        </ul>
      ) : null}
    </li>
  );
}

/** Indexed is OK; not yet (or never looked at) is neither good nor bad yet; not indexed after four weeks is a problem. */
const INDEX_MARKS: Record<IndexStatus["state"], LiveCheckItem["state"]> = {
  indexed: "ok",
  waiting: "not_applicable",
  not_inspected: "not_applicable",
  not_indexed: "problem",
};

export function LiveCheckPanel({ summaries }: { summaries: Summary[] }) {
  if (!summaries.length) return null;
  return (
    <section aria-labelledby="live-check-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="live-check-title" className="mb-3 text-lg font-semibold">
        Live check
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Whether the published post shows what was sent: title, description, canonical link, images and links.
      </p>
      <ul className="flex flex-col gap-3">
        {summaries.map((summary) => (
          <Destination key={summary.publicationId} summary={summary} />
        ))}
      </ul>
    </section>
  );
}
