import { Form, Link } from "react-router";
import { DiffView } from "#app/components/editor/diff-view";
import { Button } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { historyUrl, revisionsAction, WRITE_PATH } from "#app/modules/articles/urls";
import type { HistoryData } from "./revisions.server";

/**
 * The article's history (?history=1, one URL dialog: it works without
 * JavaScript): every revision with who saved it, when and how, two of them
 * compared (a GET form: &from=&to=), and Restore, which posts a form and
 * makes that revision the working copy again (itself a new revision).
 */

const radio = "h-4 w-4 accent-brand-600";

export function HistoryPanel({ articleId, history }: { articleId: string; history: HistoryData }) {
  const { rows, compare, compareMissing } = history;
  const current = rows[0]?.id;
  const defaultFrom = compare?.from.id ?? rows[1]?.id ?? current;
  const defaultTo = compare?.to.id ?? current;
  return (
    <UrlDialog
      title="History"
      description="Every save is kept here: compare two versions, or restore one."
      closeTo={`${WRITE_PATH}?edit=${encodeURIComponent(articleId)}`}
      className="max-w-3xl"
    >
      {compare ? (
        <section aria-label="Changes" className="mb-4" data-testid="history-diff">
          <p className="text-sm font-medium text-slate-800">
            From {compare.from.label} to {compare.to.label}
          </p>
          <div className="mt-2">
            <DiffView diff={compare.diff} />
          </div>
        </section>
      ) : null}
      {compareMissing ? (
        <p role="alert" className="mb-4 text-sm text-red-800">
          One of those versions no longer exists. Choose two from the list.
        </p>
      ) : null}
      <Form method="get" action={WRITE_PATH} id="history-compare" className="hidden">
        <input type="hidden" name="edit" value={articleId} />
        <input type="hidden" name="history" value="1" />
      </Form>
      <table className="w-full text-left text-sm" data-testid="history">
        <thead className="text-xs uppercase text-slate-600">
          <tr>
            <th className="py-1 pr-2 font-medium">From</th>
            <th className="py-1 pr-2 font-medium">To</th>
            <th className="py-1 pr-2 font-medium">Version</th>
            <th className="py-1 font-medium">
              <span className="sr-only">Restore</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200" data-testid="revision">
              <CompareCell side="from" row={row} checked={row.id === defaultFrom} />
              <CompareCell side="to" row={row} checked={row.id === defaultTo} />
              <td className="py-2 pr-2">
                <span className="font-medium">
                  #{row.seq} {row.kindLabel}
                </span>
                <span className="block text-slate-600">
                  {row.authorName ? `${row.authorName} · ` : ""}
                  {row.when}
                  {row.id === current ? " · current" : ""}
                </span>
              </td>
              <td className="py-2 text-right">
                {row.id === current ? null : (
                  <Form method="post" action={revisionsAction(articleId)}>
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revisionId" value={row.id} />
                    <Button type="submit" size="sm" variant="secondary" aria-label={`Restore #${row.seq}`}>
                      Restore
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex justify-end gap-2">
        <DialogCancel label="Close" />
        {rows.length > 1 ? (
          <Button type="submit" form="history-compare">
            Compare
          </Button>
        ) : null}
      </div>
    </UrlDialog>
  );
}

/** The link that opens the panel. */
export function HistoryLink({ articleId }: { articleId: string }) {
  return (
    <Link to={historyUrl(articleId)} preventScrollReset className="text-sm font-medium text-brand-700 hover:underline">
      History
    </Link>
  );
}

/** One end of the comparison for a revision: a radio of the history's GET form. */
function CompareCell({ side, row, checked }: { side: "from" | "to"; row: { id: string; seq: number }; checked: boolean }) {
  return (
    <td className="py-2 pr-2">
      <input
        type="radio"
        form="history-compare"
        name={side}
        value={row.id}
        defaultChecked={checked}
        aria-label={`Compare ${side} #${row.seq}`}
        className={radio}
      />
    </td>
  );
}
