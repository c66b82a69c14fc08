import { Form, Link } from "react-router";
import { StatusButton } from "#app/components/ui/button";
import type { SearchFindingKind } from "#app/db/schema";
import { editUrl, historyUrl, proposalUrl } from "#app/modules/articles/urls";
import type { FindingView } from "#app/modules/results/findings.server";
import { useIsPending } from "#app/utils/use-is-pending";

/**
 * What the search figures teach, grouped by kind, each finding with its evidence in words and numbers and its
 * actions: 'Refresh this article' (decay, striking distance), 'Add to plan' (gaps) and 'Dismiss'. Every action is a
 * one-button form posting to /dashboard/results/findings/:id, so all of it works without JavaScript; the action
 * answers with a redirect back here and a toast.
 */

export type FindingGroup = { kind: SearchFindingKind; label: string; findings: FindingView[] };
export type FindingsPermissions = { refresh: boolean; plan: boolean; dismiss: boolean };

const INTROS: Record<SearchFindingKind, string> = {
  decay: "Clicks fell beyond what chance explains: a refresh brings the article back up to date.",
  striking: "Searches an article ranks 8 to 20 for: a few places higher puts it on page one's top half.",
  cannibal: "Two or more of your articles share these searches, so neither ranks as well as one would.",
  gap: "Searches Google already shows your site for that no article answers yet.",
};

function ActionButton({
  findingId,
  intent,
  label,
  srLabel,
  back,
  variant = "secondary",
}: {
  findingId: string;
  intent: "refresh" | "dismiss" | "plan";
  label: string;
  srLabel: string;
  back: string;
  variant?: "primary" | "secondary" | "ghost";
}) {
  const action = `/dashboard/results/findings/${findingId}`;
  const pending = useIsPending({ formAction: action, formMethod: "POST" });
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      <StatusButton type="submit" variant={variant} size="sm" aria-label={srLabel} pending={pending} pendingLabel={`${label}...`}>
        {label}
      </StatusButton>
    </Form>
  );
}

function Subject({ finding }: { finding: FindingView }) {
  if (!finding.articleId) return <>“{finding.query}”</>;
  const title = finding.articleTitle || "Untitled article";
  return finding.articleId ? (
    <Link to={editUrl(finding.articleId)} className="underline decoration-slate-300 underline-offset-2 hover:decoration-slate-600">
      {title}
    </Link>
  ) : (
    <>{title}</>
  );
}

/** A refresh under way, or written and waiting for a person: what the quality gate says of it, and where to review it. */
function RefreshState({ finding }: { finding: FindingView }) {
  if (!finding.review)
    return (
      <p className="mt-2 text-sm text-sky-800" role="status">
        Refreshing: the new version waits beside your article for your review; nothing changes until you accept it, and nothing is published
        until you publish it.{" "}
        {finding.generationId ? (
          <Link to={`/dashboard/generations/${finding.generationId}`} className="underline underline-offset-2">
            Follow the refresh
          </Link>
        ) : null}
      </p>
    );
  const { reasons } = finding.review;
  return (
    <div className="mt-2 text-sm text-sky-900" role="status">
      <p>
        {reasons.length === 0
          ? "The refreshed version waits for your review; it passes the quality check. Your article and live post are unchanged until you accept and publish it."
          : "The refreshed version waits for your review; the quality check would hold it for:"}{" "}
        {finding.articleId ? (
          <Link
            to={finding.review.proposed ? proposalUrl(finding.articleId) : historyUrl(finding.articleId)}
            className="underline underline-offset-2"
          >
            Review the changes
          </Link>
        ) : null}
      </p>
      {reasons.length ? (
        <ul className="mt-1 list-disc pl-5">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FindingItem({ finding, can, back }: { finding: FindingView; can: FindingsPermissions; back: string }) {
  const subject = finding.articleId ? `“${finding.articleTitle || "Untitled article"}”` : `“${finding.query}”`;
  const refreshable = finding.kind === "decay" || finding.kind === "striking";
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="finding"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">
          <Subject finding={finding} />
        </p>
        <p className="mt-1 text-sm break-words text-slate-700">{finding.text}</p>
        {finding.status === "refreshing" ? <RefreshState finding={finding} /> : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {refreshable && can.refresh && finding.status === "open" ? (
          <ActionButton
            findingId={finding.id}
            intent="refresh"
            label="Refresh this article"
            srLabel={`Refresh ${subject}`}
            back={back}
            variant="primary"
          />
        ) : null}
        {finding.kind === "gap" && can.plan && finding.status === "open" ? (
          <ActionButton
            findingId={finding.id}
            intent="plan"
            label="Add to plan"
            srLabel={`Add ${subject} to the plan`}
            back={back}
            variant="primary"
          />
        ) : null}
        {can.dismiss && finding.status === "open" ? (
          <ActionButton
            findingId={finding.id}
            intent="dismiss"
            label="Dismiss"
            srLabel={`Dismiss: ${subject}`}
            back={back}
            variant="ghost"
          />
        ) : null}
      </div>
    </li>
  );
}

/** The findings of a site (or of one article), grouped by kind; `back` is the page the actions return to. */
export function SearchFindings({
  groups,
  can,
  back,
  headingLevel = 2,
}: {
  groups: FindingGroup[];
  can: FindingsPermissions;
  back: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <section aria-labelledby="search-findings-title" className="flex flex-col gap-4" data-testid="search-findings">
      <Heading id="search-findings-title" className="text-lg font-semibold text-slate-900">
        What the search figures say
      </Heading>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing to act on: no article is losing clicks beyond noise and no search waits for an answer.
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.kind} aria-labelledby={`findings-${group.kind}`} className="flex flex-col gap-2">
            <SubHeading id={`findings-${group.kind}`} className="text-base font-semibold text-slate-900">
              {group.label} <span className="font-normal text-slate-600">({group.findings.length})</span>
            </SubHeading>
            <p className="text-sm text-slate-600">{INTROS[group.kind]}</p>
            <ul className="flex flex-col gap-2">
              {group.findings.map((f) => (
                <FindingItem key={f.id} finding={f} can={can} back={back} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

/** The small mark on an article's row or in its editor: this article has search findings to look at. */
export function FindingBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Link
      to="/dashboard/results/findings"
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 hover:bg-amber-200"
      data-testid="finding-badge"
    >
      {count === 1 ? "1 search finding" : `${count} search findings`}
    </Link>
  );
}
