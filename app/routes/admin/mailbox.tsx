import { Link, useLocation } from "react-router";
import { getDb } from "#app/db/client.server";
import { listOutbox } from "#app/modules/admin/mailbox.server";
import { Pager } from "./admin-ui";
import { formatUtc, StatusBadge } from "./mail-status";
import type { Route } from "./+types/mailbox";

export const meta: Route.MetaFunction = () => [{ title: "Mailbox | Inkpilot Admin" }];

export async function loader({ url }: Route.LoaderArgs) {
  const requested = Number(url.searchParams.get("page") ?? "1");
  return listOutbox(getDb(), Number.isInteger(requested) ? requested : 1);
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { messages, total, page, pageCount } = loaderData;
  const { search } = useLocation();
  return (
    <section aria-labelledby="mailbox-title">
      <h1 id="mailbox-title" className="text-2xl font-bold text-slate-900">
        Mailbox
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        Every mail the app has sent or queued, newest first ({total} in total). Without Postmark, mail stays here with the status “outbox”.
        Single-use links are shown redacted, and bodies are removed 30 days after a mail was made.
      </p>

      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No mail yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Outgoing mail</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Subject
                </th>
                <th scope="col" className="px-4 py-2">
                  Recipient
                </th>
                <th scope="col" className="px-4 py-2">
                  Status
                </th>
                <th scope="col" className="px-4 py-2">
                  Transport
                </th>
                <th scope="col" className="px-4 py-2">
                  Attempts
                </th>
                <th scope="col" className="px-4 py-2">
                  Last error
                </th>
                <th scope="col" className="px-4 py-2">
                  Created
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {messages.map((mail) => (
                <tr key={mail.id}>
                  <td className="px-4 py-2">
                    <Link to={`/dashboard/admin/mailbox/${mail.id}`} className="font-medium text-brand-600 hover:underline">
                      {mail.subject}
                    </Link>
                  </td>
                  <td className="px-4 py-2 text-slate-700">{mail.to_address}</td>
                  <td className="px-4 py-2">
                    <StatusBadge status={mail.status} />
                  </td>
                  <td className="px-4 py-2 text-slate-700">{mail.transport}</td>
                  <td className="px-4 py-2 text-slate-700">{mail.attempts}</td>
                  <td className="max-w-xs truncate px-4 py-2 text-slate-700" title={mail.last_error ?? undefined}>
                    {mail.last_error ?? "—"}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-slate-500">{formatUtc(mail.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager label="Mailbox pages" page={page} pageCount={pageCount} search={search} />
    </section>
  );
}
