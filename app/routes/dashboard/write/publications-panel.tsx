import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { platformName } from "#app/modules/publishing/platforms";
import { publicationStateText } from "#app/modules/publishing/status-words";

/**
 * Where the article went (docs/product.md "Publishing"): per destination its
 * state, the link to the post, the reason of a failure with its reference, and
 * 'Update on …' when the article changed since it was sent.
 */

export type PublicationRow = {
  id: string;
  connectionId: string;
  platform: string;
  connectionName: string;
  mode: "draft" | "live";
  status: "pending" | "scheduled" | "publishing" | "published" | "failed";
  remoteUrl: string | null;
  remoteStatus: string | null;
  lastError: string | null;
  correlationId: string;
  scheduledFor: string | null;
  publishedAt: string | null;
  outOfDate: boolean;
  /** The history panel's diff from the revision sent to the working copy, when out of date. */
  diffHref?: string | null;
};

function UpdateButton({ articleId, row }: { articleId: string; row: PublicationRow }) {
  const action = `/dashboard/articles/${articleId}/publish`;
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("connectionId") === row.connectionId;
  const label =
    row.status === "failed" ? "Try again" : `Update on ${row.platform === "hosted" ? "hosted blog" : platformName(row.platform)}`;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="connectionId" value={row.connectionId} />
      <input type="hidden" name="mode" value={row.mode} />
      <input type="hidden" name="when" value="now" />
      <Button type="submit" size="sm" variant="secondary" disabled={pending}>
        {pending ? "Publishing…" : label}
      </Button>
    </Form>
  );
}

export function PublicationsPanel({ articleId, rows, timeZone }: { articleId: string; rows: PublicationRow[]; timeZone: string }) {
  if (!rows.length) return null;
  return (
    <section aria-labelledby="publications-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="publications-title" className="text-lg font-semibold">
        Published to
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">
                {platformName(row.platform)}
                {row.connectionName && row.connectionName !== platformName(row.platform) ? ` · ${row.connectionName}` : ""}
              </p>
              <p data-testid="publication-state" className={row.status === "failed" ? "text-red-800" : "text-slate-700"}>
                {publicationStateText(row, timeZone)}
                {row.status === "failed" ? <span className="text-slate-600"> (reference {row.correlationId})</span> : null}
              </p>
              {row.remoteUrl ? (
                <a href={row.remoteUrl} target="_blank" rel="noreferrer" className="break-all text-brand-700 hover:underline">
                  {row.remoteUrl}
                </a>
              ) : null}
              {row.outOfDate ? (
                <p className="text-amber-900">
                  The article changed since it was sent: this copy is out of date.{" "}
                  {row.diffHref ? (
                    <Link to={row.diffHref} preventScrollReset className="font-medium underline">
                      See what changed
                    </Link>
                  ) : null}
                </p>
              ) : null}
            </div>
            {row.status === "published" || row.status === "failed" ? <UpdateButton articleId={articleId} row={row} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
