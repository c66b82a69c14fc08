import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getDb } from "#app/db/client.server";
import { getOutboxMessage } from "#app/modules/admin/mailbox.server";
import { notFound } from "#app/utils/responses.server";
import { formatUtc, StatusBadge } from "./mail-status";
import type { Route } from "./+types/mailbox-message";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.mail.subject ?? "Mail"} | Inkpilot Admin` }];

export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.mailId);
  const mail = Number.isInteger(id) ? await getOutboxMessage(getDb(), id) : undefined;
  if (!mail) notFound("Mail not found");
  return { mail };
}

export default function MailboxMessage({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  const facts: Array<[string, React.ReactNode]> = [
    ["To", mail.to_address],
    ["Status", <StatusBadge key="status" status={mail.status} />],
    ["Transport", mail.transport],
    ["Tag", mail.tag || "—"],
    ["Attempts", mail.attempts],
    ["Postmark message id", mail.provider_message_id ?? "—"],
    ["Created", formatUtc(mail.created_at)],
    ["Sent", formatUtc(mail.sent_at)],
    ["Last error", mail.last_error ?? "—"],
  ];
  return (
    <article aria-labelledby="mail-subject">
      <Link to="/dashboard/admin/mailbox" className="text-sm text-brand-600 hover:underline">
        ← Back to the mailbox
      </Link>
      <h1 id="mail-subject" className="mt-3 text-2xl font-bold text-slate-900">
        {mail.subject}
      </h1>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-500">{term}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {mail.body_purged_at ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
          The body of this mail was removed on {formatUtc(mail.body_purged_at)}, 30 days after it was made. The details above are kept.
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600">
            Single-use links are shown with their token replaced by [redacted]. In development the server log prints each mail’s links
            (“mail queued”).
          </p>
          <h2 className="mt-6 text-lg font-semibold text-slate-900">HTML</h2>
          {/* The mail's HTML runs in an empty sandbox: no scripts, no forms, no same-origin access. */}
          <iframe
            title={`HTML body of “${mail.subject}”`}
            sandbox=""
            srcDoc={mail.html}
            className="mt-2 h-[32rem] w-full rounded-lg border border-slate-200 bg-white"
          />

          <h2 className="mt-8 text-lg font-semibold text-slate-900">Plain text</h2>
          <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
            {mail.text}
          </pre>
        </>
      )}
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusCopy={{ 404: { title: "Mail not found", message: "No mail in the outbox has this id." } }}
      unexpectedCopy={{ title: "Something went wrong", message: "This mail could not be loaded. Please try again." }}
      back={{ to: "/dashboard/admin/mailbox", label: "Back to the mailbox" }}
    />
  );
}
