import { Form, Link } from "react-router";
import { DiffView } from "#app/components/editor/diff-view";
import { Button } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { editUrl, proposalUrl, revisionsAction } from "#app/modules/articles/urls";
import type { ProposalData } from "./proposal.server";

/**
 * A regenerated version waiting beside the working copy (docs/decisions/066-refresh-proposes.md): a banner on the
 * write screen, and the review (?proposal=1, one URL dialog: it works without JavaScript) with the diff from the
 * working copy (title, cover, text, pictures and links) and Accept or Discard, plain POST forms.
 */

export function ProposalBanner({ articleId, proposal }: { articleId: string; proposal: ProposalData }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800"
      data-testid="proposal-banner"
    >
      <p>
        <span className="font-medium">A new version is waiting for your review</span> (written by {proposal.writtenBy} on{" "}
        {proposal.writtenAt}, SEO score {proposal.seoScore}). Your working copy stays as it is until you accept it.{" "}
        <Link to={proposalUrl(articleId)} preventScrollReset className="font-medium text-brand-700 hover:underline">
          Review the new version
        </Link>
      </p>
    </div>
  );
}

export function ProposalPanel({ articleId, proposal }: { articleId: string; proposal: ProposalData }) {
  return (
    <UrlDialog
      title="Review the new version"
      description="What changes from your working copy if you accept it. Your current text stays in the history either way."
      closeTo={editUrl(articleId)}
      className="max-w-3xl"
    >
      {proposal.diff ? (
        <section aria-label="Changes" data-testid="proposal-diff">
          <DiffView diff={proposal.diff} />
        </section>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <DialogCancel label="Decide later" />
        <ProposalDecision
          articleId={articleId}
          generationId={proposal.generationId}
          intent="discard-proposal"
          label="Discard new version"
        />
        <ProposalDecision articleId={articleId} generationId={proposal.generationId} intent="accept-proposal" label="Accept new version" />
      </div>
    </UrlDialog>
  );
}

function ProposalDecision({
  articleId,
  generationId,
  intent,
  label,
}: {
  articleId: string;
  generationId: string;
  intent: "accept-proposal" | "discard-proposal";
  label: string;
}) {
  return (
    <Form method="post" action={revisionsAction(articleId)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="generationId" value={generationId} />
      <Button type="submit" variant={intent === "accept-proposal" ? "primary" : "secondary"}>
        {label}
      </Button>
    </Form>
  );
}
