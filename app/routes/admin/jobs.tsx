import { Form, useLocation } from "react-router";
import { z } from "zod";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { Button } from "#app/components/ui/button";
import { JOB_STATES } from "#app/modules/admin/job-states";
import { backupStatus } from "#app/modules/backup/status.server";
import { cancelQueuedJob, listJobs, parseJobFilter, retryFailedJob } from "#app/modules/admin/jobs.server";
import { authContext } from "#app/modules/auth/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { parseSubmission } from "#app/utils/forms.server";
import { DataTable, FilterForm, FilterSelect, PageTitle, Pager } from "./admin-ui";
import { BackupStatusLine } from "./backup-status";
import { formatUtc, StatusBadge } from "./mail-status";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => [{ title: "Jobs | Inkpilot Admin" }];

export async function loader({ url }: Route.LoaderArgs) {
  const filter = parseJobFilter(url);
  return { filter, ...(await listJobs(getDb(), filter)), backups: await backupStatus() };
}

const JobActionSchema = z.object({ intent: z.enum(["retry", "cancel"]), jobId: z.coerce.number().int() });

export async function action({ request, context, url }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, JobActionSchema);
  const { user } = context.get(authContext);
  const actor = { userId: user.id, ip: context.get(requestContext).ip ?? null };
  const back = `/dashboard/admin/jobs${url.search}`;
  if (submission.status !== "success") {
    return redirectWithToast(back, { type: "error", title: "Nothing changed", description: "Unknown job or action." });
  }
  const { jobId, intent } = submission.value;
  const db = getDb();
  if (intent === "retry") {
    const done = await retryFailedJob(db, jobId, actor);
    return redirectWithToast(
      back,
      done
        ? { title: `Job ${jobId} queued again` }
        : { type: "error", title: "Nothing changed", description: `Job ${jobId} is no longer failed.` },
    );
  }
  const done = await cancelQueuedJob(db, jobId, actor);
  return redirectWithToast(
    back,
    done
      ? { title: `Job ${jobId} cancelled` }
      : { type: "error", title: "Nothing changed", description: `Job ${jobId} is no longer waiting or running.` },
  );
}

function JobAction({ id, intent, label }: { id: number; intent: "retry" | "cancel"; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="jobId" value={id} />
      <Button type="submit" name="intent" value={intent} variant="secondary" size="sm" aria-label={`${label} job ${id}`}>
        {label}
      </Button>
    </Form>
  );
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { jobs, filter, counts, names, page, pageCount, total, backups } = loaderData;
  const { search } = useLocation();
  return (
    <section aria-labelledby="jobs-title">
      <PageTitle id="jobs-title" title="Jobs">
        The background queue: mail, generation, publishing and checks. Failed jobs keep their last error; Retry runs one again with fresh
        attempts, Cancel stops one that waits or runs.
      </PageTitle>
      <BackupStatusLine status={backups} />
      <ul className="mb-4 flex flex-wrap gap-3 text-sm" aria-label="Jobs by state">
        {JOB_STATES.map((state) => (
          <li key={state} className="rounded-md border border-slate-200 bg-white px-3 py-1.5">
            {state}: <strong>{counts[state]}</strong>
          </li>
        ))}
      </ul>
      <FilterForm total={total}>
        <FilterSelect label="State" name="status" value={filter.status} options={JOB_STATES} />
        <FilterSelect label="Job" name="name" value={filter.name} options={names} />
      </FilterForm>
      <DataTable
        caption="Jobs"
        testId="jobs-table"
        columns={["Id", "Job", "State", "Attempts", "Run at", "Updated", "Last error", "Actions"]}
        empty="No jobs match."
        rows={jobs.map((job) => ({
          key: job.id,
          cells: [
            job.id,
            <code key="n" className="text-xs">
              {job.name}
            </code>,
            <StatusBadge key="s" status={job.status} />,
            `${job.attempts} / ${job.max_attempts}`,
            <span key="r" className="whitespace-nowrap">
              {formatUtc(job.run_at)}
            </span>,
            <span key="u" className="whitespace-nowrap">
              {formatUtc(job.updated_at)}
            </span>,
            <span key="e" className="block max-w-xs break-words text-xs text-slate-700">
              {job.last_error ?? "—"}
            </span>,
            job.status === "failed" ? (
              <JobAction key="a" id={job.id} intent="retry" label="Retry" />
            ) : job.status === "queued" || job.status === "running" ? (
              <JobAction key="a" id={job.id} intent="cancel" label="Cancel" />
            ) : null,
          ],
        }))}
      />
      <Pager label="Job pages" page={page} pageCount={pageCount} search={search} />
    </section>
  );
}
