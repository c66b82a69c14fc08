import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";
import { Field, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { endEverySession, sessionOverview } from "#app/modules/admin/sessions.server";
import { authContext } from "#app/modules/auth/guards.server";
import { endSession } from "#app/modules/auth/session.server";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { formatUtc } from "./mail-status";
import type { Route } from "./+types/sessions";

const CONFIRMATION = "END";

const EndSessionsSchema = z.object({
  confirm: z
    .string({ error: `Type ${CONFIRMATION} to confirm.` })
    .trim()
    .refine((v) => v === CONFIRMATION, `Type ${CONFIRMATION} to confirm.`),
});

export const meta: Route.MetaFunction = () => [{ title: "Sessions | Inkpilot Admin" }];

export async function loader() {
  return sessionOverview(getDb());
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, EndSessionsSchema);
  if (submission.status !== "success") return replyError(submission);
  const { user } = context.get(authContext);
  const db = getDb();
  const { ended } = await endEverySession(db, { userId: user.id, ip: context.get(requestContext).ip });
  // The operator's own row is gone too; clearing the cookie makes that visible at once.
  const clearCookie = await endSession(db, request);
  return redirectWithToast(
    "/signin",
    { type: "success", title: "Every session has ended", description: `${ended} session(s) were signed out, including yours.` },
    { headers: { "Set-Cookie": clearCookie } },
  );
}

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(EndSessionsSchema, {
    id: "end-every-session",
    lastResult: actionData?.result,
  });
  return (
    <section aria-labelledby="sessions-title" className="max-w-2xl">
      <h1 id="sessions-title" className="text-2xl font-bold text-slate-900">
        Sessions
      </h1>
      <dl className="mt-6 grid grid-cols-3 gap-4">
        <Stat label="Active sessions" value={loaderData.activeSessions} />
        <Stat label="Signed-in users" value={loaderData.signedInUsers} />
        <Stat label="Logout version" value={loaderData.logoutVersion} />
      </dl>
      <p className="mt-2 text-sm text-slate-500">Last global sign-out: {formatUtc(loaderData.lastEndedAt)}</p>

      <div className="mt-8 rounded-lg border border-red-200 bg-white p-6">
        <h2 className="text-lg font-semibold text-slate-900">End every session</h2>
        <p className="mt-1 text-sm text-slate-600">
          Signs out every user on every device, you included. Everyone must sign in again. The action is recorded in the audit log.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
          <Field
            label={`Type ${CONFIRMATION} to confirm`}
            inputProps={{ ...getInputProps(fields.confirm, { type: "text" }), autoComplete: "off" }}
            errors={fields.confirm.errors}
          />
          <StatusButton variant="destructive" pending={pending} pendingLabel="Ending sessions…" className="self-start">
            End every session
          </StatusButton>
        </Form>
      </div>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
