import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Field, FormMessage, SelectField, useSchemaForm } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { INTENT_LABELS, SEARCH_INTENTS } from "#app/modules/plan/intent";
import type { PlanItemView, PlanView } from "#app/modules/plan/plan.server";
import { PlanItemFormSchema } from "#app/modules/plan/schema";
import { replyFor, type FormReply, type Notice } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";

/** The content plan page (docs/decisions/050-content-plan.md): the list of days, each item's actions and flag, and the item form. */

const PAGE = "/dashboard/plan";

export const INVALID_ITEM_NOTICE: Notice = { title: "Error saving the keyword", description: "Please correct the highlighted fields." };

type Dialog = { kind: "add" } | { kind: "regenerate" } | { kind: "edit"; item: PlanItemView } | null;
type Props = PlanView & { dialog: Dialog; canManage: boolean; actionData: unknown };

/** A one-button form posting an intent for an item. */
function ItemButton({
  intent,
  id,
  label,
  srLabel,
  extra,
  variant = "ghost",
}: {
  intent: string;
  id: string;
  label: string;
  srLabel: string;
  extra?: Record<string, string>;
  variant?: "ghost" | "secondary";
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Button type="submit" variant={variant} size="sm" aria-label={srLabel}>
        {label}
      </Button>
    </Form>
  );
}

function ConflictFlag({ item, canManage }: { item: PlanItemView; canManage: boolean }) {
  const c = item.conflict!;
  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="conflict-flag"
    >
      <p>
        <strong className="font-semibold">Possible cannibalisation: </strong>
        competes with {c.kind === "article" ? "your article" : "the plan's keyword"} <strong className="font-semibold">“{c.label}”</strong>{" "}
        ({Math.round(c.score * 100)}% similar).
      </p>
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <ItemButton
            intent="resolve"
            id={item.id}
            extra={{ resolution: "merge" }}
            label="Merge"
            srLabel={`Merge “${item.keyword}”: drop it`}
            variant="secondary"
          />
          <ItemButton
            intent="resolve"
            id={item.id}
            extra={{ resolution: "retarget" }}
            label="Retarget"
            srLabel={`Retarget “${item.keyword}”: swap it for a fresh keyword`}
            variant="secondary"
          />
          <ItemButton
            intent="resolve"
            id={item.id}
            extra={{ resolution: "keep" }}
            label="Keep"
            srLabel={`Keep “${item.keyword}” as it is`}
            variant="secondary"
          />
        </div>
      ) : null}
    </div>
  );
}

function PlanRow({
  item,
  index,
  count,
  keywordData,
  canManage,
}: {
  item: PlanItemView;
  index: number;
  count: number;
  keywordData: boolean;
  canManage: boolean;
}) {
  const movable = canManage && item.changeable;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-slate-600">
          <span className="font-medium text-slate-900">{item.label}</span>
          {item.label !== item.dateText ? ` · ${item.dateText}` : ""}
        </p>
        {item.intent ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800" data-testid="intent">
            {INTENT_LABELS[item.intent]}
          </span>
        ) : null}
      </div>
      <h2 className="break-words text-base font-semibold text-slate-900" data-testid="keyword">
        {item.keyword}
      </h2>
      {item.title ? <p className="text-sm text-slate-800">{item.title}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
        <dt className="text-slate-600">Topic</dt>
        <dd className="text-slate-900">{item.topicName ?? "No topic"}</dd>
        <dt className="text-slate-600">Why this keyword</dt>
        <dd className="text-slate-900" data-testid="why">
          {item.rationale || "Chosen in the scheduler."}
        </dd>
        {keywordData && item.volume !== null ? (
          <>
            <dt className="text-slate-600">Volume</dt>
            <dd className="text-slate-900">{item.volume.toLocaleString("en-US")} / month</dd>
          </>
        ) : null}
        {keywordData && item.difficulty ? (
          <>
            <dt className="text-slate-600">Difficulty</dt>
            <dd className="text-slate-900">{item.difficulty}</dd>
          </>
        ) : null}
      </dl>
      {item.conflict ? <ConflictFlag item={item} canManage={canManage} /> : null}
      {canManage && !item.changeable ? <p className="text-sm text-slate-600">Written: this day's keyword stays.</p> : null}
      {movable ? (
        <div className="flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
          {movable && index > 0 ? (
            <ItemButton intent="move" id={item.id} extra={{ direction: "up" }} label="Up" srLabel={`Move “${item.keyword}” up`} />
          ) : null}
          {movable && index < count - 1 ? (
            <ItemButton intent="move" id={item.id} extra={{ direction: "down" }} label="Down" srLabel={`Move “${item.keyword}” down`} />
          ) : null}
          <Button asChild variant="ghost" size="sm">
            <Link to={`?edit=${encodeURIComponent(item.id)}`} preventScrollReset aria-label={`Edit “${item.keyword}”`}>
              Edit
            </Link>
          </Button>
          <ItemButton intent="swap" id={item.id} label="Swap" srLabel={`Swap “${item.keyword}” for a fresh suggestion`} />
          <ItemButton intent="remove" id={item.id} label="Remove" srLabel={`Remove “${item.keyword}”`} />
        </div>
      ) : null}
    </div>
  );
}

/** The list; with JavaScript, planned items can also be dragged onto another planned item's place. */
function PlanList({ items, keywordData, canManage }: Pick<Props, "items" | "keywordData" | "canManage">) {
  const submit = useSubmit();
  const [dragging, setDragging] = useState<string | null>(null);
  // Read by the drag events themselves: the state's re-render may not have happened between dragstart and dragover.
  const draggingRef = useRef<string | null>(null);
  const planned = items.filter((i) => i.changeable);
  return (
    <ol className="flex flex-col gap-3" aria-label="Planned days">
      {items.map((item) => {
        const index = planned.findIndex((p) => p.id === item.id);
        const draggable = canManage && index >= 0;
        return (
          <li
            key={item.id}
            data-testid="plan-item"
            draggable={draggable}
            onDragStart={(e) => {
              draggingRef.current = item.id;
              setDragging(item.id);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", item.keyword);
            }}
            onDragEnd={() => {
              draggingRef.current = null;
              setDragging(null);
            }}
            onDragOver={(e) => {
              if (draggingRef.current && draggable) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              const id = draggingRef.current;
              draggingRef.current = null;
              setDragging(null);
              if (!id || id === item.id || !draggable) return;
              void submit({ intent: "move", id, to: String(index) }, { method: "post", preventScrollReset: true });
            }}
            className={`rounded-lg border bg-white p-4 ${item.conflict ? "border-amber-300" : "border-slate-200"} ${dragging === item.id ? "opacity-60" : ""} ${draggable ? "cursor-grab" : ""}`}
          >
            <PlanRow item={item} index={index} count={planned.length} keywordData={keywordData} canManage={canManage} />
          </li>
        );
      })}
    </ol>
  );
}

export function PlanItemForm({ item, topics, reply }: { item: PlanItemView | null; topics: PlanView["topics"]; reply?: FormReply }) {
  const pending = useIsPending();
  const intent = item ? "edit" : "add";
  const [form, fields] = useSchemaForm(PlanItemFormSchema, {
    id: item ? `plan-item-${item.id}` : "plan-item-new",
    lastResult: reply?.result,
    defaultValue: {
      keyword: item?.keyword ?? "",
      title: item?.title ?? "",
      searchIntent: item?.intent || undefined,
      topicId: item?.topicId ?? "",
    },
  });
  const notice = reply?.notice ?? (form.status === "error" ? INVALID_ITEM_NOTICE : null);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label={item ? "Edit keyword" : "Add keyword"}>
      <input type="hidden" name="intent" value={intent} />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <Field
        label="Keyword"
        errors={fields.keyword.errors}
        inputProps={{ ...getInputProps(fields.keyword, { type: "text" }), placeholder: "e.g. cold brew ratio" }}
      />
      <Field
        label="Working title"
        hint="Leave empty to have one written from the keyword."
        errors={fields.title.errors}
        inputProps={getInputProps(fields.title, { type: "text" })}
      />
      <SelectField
        label="Search intent"
        errors={fields.searchIntent.errors}
        selectProps={getSelectProps(fields.searchIntent)}
        options={[{ value: "", label: "Detect from the keyword" }, ...SEARCH_INTENTS.map((i) => ({ value: i, label: INTENT_LABELS[i] }))]}
      />
      <SelectField
        label="Topic"
        errors={fields.topicId.errors}
        selectProps={getSelectProps(fields.topicId)}
        options={[{ value: "", label: "No topic" }, ...topics.map((t) => ({ value: t.id, label: t.name }))]}
      />
      {notice ? <FormMessage title={notice.title} description={notice.description} /> : null}
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton pending={pending} pendingLabel="Saving...">
          {item ? "Save keyword" : "Add keyword"}
        </StatusButton>
      </div>
    </Form>
  );
}

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
            One keyword a day for the next 30 days, from your pages, topics and brand.{" "}
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
        <PlanList items={items} keywordData={keywordData} canManage={canManage} />
      )}
    </div>
  );
}
