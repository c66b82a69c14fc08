import { Form, Link } from "react-router";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import type { PlanItemView, PlanView } from "#app/modules/plan/plan.server";
import { replyFor } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";
import { PlanItemForm } from "./plan-item-form";
import { PlanList } from "./plan-list";
/** The content plan page (docs/decisions/050-content-plan.md): the list of days, each item's actions and flag, and the item form. */

const PAGE = "/dashboard/plan";

type Dialog = { kind: "add" } | { kind: "regenerate" } | { kind: "edit"; item: PlanItemView } | null;
type Props = PlanView & { dialog: Dialog; canManage: boolean; actionData: unknown };

function GenerateForm({ label }: { label: string }) {
  const pending = useIsPending();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="generate" />
      <StatusButton pending={pending} pendingLabel="Generating...">
        {label}
      </StatusButton>
    </Form>
  );
}

export function PlanPage({ items, freeDays, topics, keywordData, dialog, canManage, actionData }: Props) {
  const flagged = items.filter((i) => i.conflict).length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Content Plan</h1>
          <p className="text-sm text-slate-600">
            One keyword a day for the next 30 days, from your pages, products, topics and brand
            {keywordData ? ", with each keyword's searches and difficulty" : ""}.{" "}
            <Link to="/dashboard/scheduler" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Open the scheduler
            </Link>
          </p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {freeDays > 0 ? (
              <Button asChild variant="secondary">
                <Link to="?add=1" preventScrollReset>
                  Add keyword
                </Link>
              </Button>
            ) : null}
            {items.length > 0 ? (
              <Button asChild>
                <Link to="?regenerate=1" preventScrollReset>
                  Regenerate plan
                </Link>
              </Button>
            ) : (
              <GenerateForm label="Generate plan" />
            )}
          </div>
        ) : null}
      </div>
      {items.length > 0 ? (
        <p className="text-sm text-slate-700" data-testid="plan-summary">
          {items.length} of 30 days planned{freeDays > 0 ? `, ${freeDays} free` : ""}.{" "}
          {flagged > 0
            ? `${flagged} ${flagged === 1 ? "keyword competes" : "keywords compete"} with existing content.`
            : "No keyword competes with your articles."}
        </p>
      ) : null}
      {dialog?.kind === "regenerate" ? (
        <UrlDialog
          title="Regenerate the plan"
          description="Every planned day without an article gets a fresh keyword; your edits to those days are replaced."
          closeTo={PAGE}
        >
          <div className="flex justify-end gap-3">
            <DialogCancel />
            <GenerateForm label="Regenerate" />
          </div>
        </UrlDialog>
      ) : dialog ? (
        <UrlDialog
          title={dialog.kind === "edit" ? "Edit keyword" : "Add keyword"}
          description={dialog.kind === "edit" ? `For ${dialog.item.dateText}` : "On the first free day"}
          closeTo={PAGE}
        >
          {dialog.kind === "edit" ? (
            <PlanItemForm key={dialog.item.id} item={dialog.item} topics={topics} reply={replyFor(actionData, "edit")} />
          ) : (
            <PlanItemForm key="new" item={null} topics={topics} reply={replyFor(actionData, "add")} />
          )}
        </UrlDialog>
      ) : null}
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-base font-semibold text-slate-900">No content plan yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            {canManage
              ? "Generate a plan: each day gets a keyword from your site's pages, topics and brand, with the reason it was chosen."
              : "An editor, admin or the owner of this workspace can generate one."}
          </p>
        </div>
      ) : (
        <PlanList items={items} canManage={canManage} />
      )}
    </div>
  );
}
