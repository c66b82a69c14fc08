import { Form, Link } from "react-router";
import { z } from "zod";
import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { editUrl } from "#app/modules/articles/urls";
import { authContext, requirePermission } from "#app/modules/auth/guards.server";
import { gateReasonsFor } from "#app/modules/autopilot/gate-reasons.server";
import { ConfirmationNeeded, decideDay, retryDay, ReviewError, reviewView } from "#app/modules/autopilot/review.server";
import { ReviewDecision } from "#app/components/review-decision";
import { DAY_STATE_LABELS } from "#app/modules/autopilot/states";
import { timelineVersion } from "#app/modules/autopilot/stream.server";
import { dayUrl } from "#app/modules/autopilot/urls";
import { useAutopilotLive } from "#app/components/autopilot-live";
import { can } from "#app/modules/auth/permissions";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { notFound } from "#app/utils/responses.server";
import { formatDateTime, formatDayDate } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/review";

export const handle = { breadcrumb: "Review" };
export const meta: Route.MetaFunction = () => [{ title: "Review an auto-pilot article | Inkpilot" }];

/**
 * An auto-pilot day's page (docs/decisions/049-autopilot-days.md): its state and timeline, live; while the article
 * waits, approve it for its publishing time or now, edit or reject it; a failed publication can be tried again.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const view = await reviewView(getDb(), auth.site.id, params.dayId);
  if (!view) notFound("That review does not exist on this site.");
  const mayPublish = can(auth.role, "articles.publish");
  return {
    view,
    timeZone: auth.site.timeZone,
    canDecide: view.canDecide && mayPublish,
    canRetry: view.canRetry && mayPublish,
    live: await timelineVersion(getDb(), auth.site.id),
    slotAhead: Boolean(view.publishAt && Date.parse(view.publishAt) > Date.now()),
    // What approving would publish despite: asked to confirm by name.
    missing: view.canDecide && view.article ? ((await gateReasonsFor(getDb(), auth.site.id, view.article.id)) ?? []) : [],
  };
}

const DecisionSchema = z.object({ intent: z.enum(["approve", "approve-now", "reject", "retry"]), confirmed: z.literal("yes").optional() });

export async function action({ request, context, params }: Route.ActionArgs) {
  const auth = context.get(authContext);
  requirePermission(auth, "articles.publish");
  const { submission } = await parseSubmission(request, DecisionSchema);
  if (submission.status !== "success") return replyError(submission);
  const reviewer = { siteId: auth.site.id, userId: auth.user.id, userName: auth.user.fullName || auth.user.email };
  const { intent, confirmed } = submission.value;
  try {
    if (intent === "retry") {
      if ((await retryDay(getDb(), reviewer, params.dayId)) === null) notFound("That review does not exist on this site.");
      return redirectWithToast(dayUrl(params.dayId), { title: "Trying again", description: "The article is being published again." });
    }
    const done = await decideDay(getDb(), reviewer, params.dayId, intent === "reject" ? "rejected" : "approved", new Date(), {
      publishNow: intent === "approve-now",
      confirmed: confirmed === "yes",
    });
    if (!done) notFound("That review does not exist on this site.");
    if (done.decision === "rejected")
      return redirectWithToast("/dashboard/scheduler", { title: "Article rejected", description: "It stays a draft." });
    return redirectWithToast("/dashboard/scheduler", {
      title: "Approved",
      description: done.at
        ? `It will be published to ${done.destination} on ${formatDateTime(done.at.toISOString(), auth.site.timeZone)}.`
        : `It is being published to ${done.destination}.`,
    });
  } catch (error) {
    if (error instanceof ConfirmationNeeded)
      return replyError(submission, {
        status: 409,
        notice: { title: "Confirm to approve", description: `Tick “Publish it anyway” to approve it as it is. ${error.missing.join(" ")}` },
      });
    if (error instanceof ReviewError)
      return replyError(submission, { status: 409, notice: { title: "Nothing to decide", description: error.message } });
    throw error;
  }
}

/** What the page says when there is nothing to decide, by state. */
const NO_DECISION: Partial<Record<string, string>> = {
  writing: "The article is being written; you can decide as soon as it is ready.",
  ready: "It passed the quality check and goes out at its publishing time.",
  approved: "Approved: it goes out at its publishing time.",
  scheduled: "It is being published now.",
  published: "It is live.",
  skipped: "This day was skipped.",
};

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { view, timeZone, canDecide, canRetry, slotAhead } = loaderData;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  useAutopilotLive(loaderData.live);
  const slotText = view.publishAt ? formatDateTime(view.publishAt, timeZone) : null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Review: {formatDayDate(view.day)}</h1>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="day-page-state" data-state={view.state}>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{DAY_STATE_LABELS[view.state]}</span>
        {slotText ? <span>Publishing time: {slotText}</span> : null}
        {view.liveUrl ? (
          <a href={view.liveUrl} className="font-medium text-brand-700 underline" target="_blank" rel="noopener noreferrer">
            View the live post
          </a>
        ) : null}
      </p>
      {notice ? <FormMessage {...notice} /> : null}
      <section aria-label="Article" className="rounded-xl border border-slate-200 bg-white p-6 text-sm">
        {view.article ? (
          <>
            <h2 className="text-lg font-semibold text-slate-900">{view.article.title}</h2>
            <p className="mt-1 text-slate-600">{view.article.metaDescription}</p>
            <p className="mt-3 text-slate-700">
              Keyword “{view.keyword}” · {view.article.wordCount} words · SEO score {view.article.seoScore ?? "not scored"} · written by{" "}
              {view.article.source === "offline" ? "the offline writer" : view.article.source === "ai" ? "the AI provider" : "hand"}
            </p>
            <p className="mt-3 flex flex-wrap gap-4">
              <Link to={editUrl(view.article.id)} className="font-medium text-brand-700 underline">
                Edit the article
              </Link>
              <a
                href={`/dashboard/write/preview?id=${view.article.id}`}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-700 underline"
              >
                Preview it
              </a>
            </p>
          </>
        ) : (
          <p>No article was written for this day.</p>
        )}
        {view.reasons.length ? (
          <>
            <h3 className="mt-4 font-semibold text-slate-900">Why it waits</h3>
            <ul className="mt-1 list-disc pl-5 text-slate-700" data-testid="review-reasons">
              {view.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        ) : null}
        {view.approvals.length ? (
          <ul className="mt-4 text-slate-700" data-testid="approvals">
            {view.approvals.map((a) => (
              <li key={a.at}>
                {a.decision === "approved" ? "Approved" : "Rejected"} by {a.userName} on {formatDateTime(a.at, timeZone)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {canDecide ? (
        <ReviewDecision slotText={slotText} slotAhead={slotAhead} missing={loaderData.missing} />
      ) : canRetry ? (
        <Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <Button type="submit">Try again</Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{NO_DECISION[view.state] ?? "Nothing to decide here now."}</p>
      )}
      <section aria-label="Timeline" className="rounded-xl border border-slate-200 bg-white p-6 text-sm">
        <h2 className="text-base font-semibold text-slate-900">Timeline</h2>
        <ol className="mt-2 flex flex-col gap-1" data-testid="timeline">
          {view.timeline.map((entry, i) => (
            <li key={i} className="flex flex-wrap gap-x-2">
              <time dateTime={entry.at} className="text-slate-600">
                {formatDateTime(entry.at, timeZone)}
              </time>
              <span className="font-medium text-slate-900">{DAY_STATE_LABELS[entry.state]}</span>
              {entry.detail ? <span className="break-all text-slate-700">{entry.detail}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
