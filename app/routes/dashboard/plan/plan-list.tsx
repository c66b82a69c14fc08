import { useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button";
import { INTENT_LABELS } from "#app/modules/research/intent";
import type { PlanItemView, PlanView } from "#app/modules/plan/plan.server";

/** The plan's list of days: each item's one-button forms, its conflict flag, and dragging to reorder. */

type Props = PlanView & { canManage: boolean };

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

function PlanRow({ item, index, count, canManage }: { item: PlanItemView; index: number; count: number; canManage: boolean }) {
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
        <dd className="text-slate-900" data-testid="topic">
          {item.topicName ?? (item.topicId ? "No topic" : "None of your topics fits this keyword")}
        </dd>
        <dt className="text-slate-600">Why this keyword</dt>
        <dd className="text-slate-900" data-testid="why">
          {item.rationale || "Chosen in the scheduler."}
        </dd>
        {item.volume !== null ? (
          <>
            <dt className="text-slate-600">Searches</dt>
            <dd className="text-slate-900" data-testid="volume">
              {item.volume.toLocaleString("en-US")} a month
            </dd>
          </>
        ) : null}
        {item.keywordDifficulty !== null || item.difficulty ? (
          <>
            <dt className="text-slate-600">Difficulty</dt>
            <dd className="text-slate-900" data-testid="difficulty">
              {item.keywordDifficulty !== null
                ? `${item.keywordDifficulty} of 100${item.difficulty ? ` (${item.difficulty})` : ""}`
                : item.difficulty}
            </dd>
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
export function PlanList({ items, canManage }: Pick<Props, "items" | "canManage">) {
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
            <PlanRow item={item} index={index} count={planned.length} canManage={canManage} />
          </li>
        );
      })}
    </ol>
  );
}
