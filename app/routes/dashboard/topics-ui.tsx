import { useState } from "react";
import { Form, Link } from "react-router";
import { Field, FormMessage, TextareaField } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { DEFAULT_TOPIC_COLOR, TOPIC_CATEGORY_MAX, TOPIC_DESCRIPTION_MAX, TOPIC_NAME_MAX } from "#app/modules/topics/schema";
import { useHydrated } from "#app/utils/use-hydrated";
import { useIsPending } from "#app/utils/use-is-pending";
import { PenIcon } from "./shell-icons";

/** The Topics page's card, topic form and delete confirmation (docs/product.md "Topics"). */

export type TopicCardData = {
  id: string;
  name: string;
  description: string;
  keywords: string[];
  category: string;
  color: string;
  articleCount: number;
};

export type TopicActionData = {
  intent: "create" | "update";
  fieldErrors: Record<string, string[] | undefined>;
  formError?: { title: string; description?: string };
  values?: Record<string, string>;
};

export const KEYWORDS_SHOWN = 3;

const TrashIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="h-4 w-4">
    <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />
  </svg>
);

const iconLink = "flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";

export function TopicCard({ topic }: { topic: TopicCardData }) {
  const extra = topic.keywords.length - KEYWORDS_SHOWN;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="topic-card">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-1.5 h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: topic.color }} data-testid="topic-color" />
        <h2 className="flex-1 break-words font-semibold text-slate-900">{topic.name}</h2>
        <div className="-mr-2 -mt-1 flex">
          <Link to={`?edit=${encodeURIComponent(topic.id)}`} preventScrollReset className={iconLink}>
            <PenIcon />
            <span className="sr-only">Edit {topic.name}</span>
          </Link>
          <Link to={`?delete=${encodeURIComponent(topic.id)}`} preventScrollReset className={`${iconLink} hover:text-red-700`}>
            <TrashIcon />
            <span className="sr-only">Delete {topic.name}</span>
          </Link>
        </div>
      </div>
      {topic.description ? <p className="text-sm text-slate-600">{topic.description}</p> : null}
      {topic.keywords.length ? (
        <ul aria-label="Keywords" className="flex flex-wrap gap-1.5">
          {topic.keywords.slice(0, KEYWORDS_SHOWN).map((k) => (
            <li key={k} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {k}
            </li>
          ))}
          {extra > 0 ? <li className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700">+{extra} more</li> : null}
        </ul>
      ) : null}
      <div className="mt-auto flex items-center justify-between border-t border-slate-100 pt-3 text-xs text-slate-600">
        <span>{topic.category || "Uncategorized"}</span>
        <span>
          {topic.articleCount} {topic.articleCount === 1 ? "article" : "articles"}
        </span>
      </div>
    </li>
  );
}

/** Picker and hex box: JavaScript keeps them in sync; without it the server takes the one that changed. */
function ColorField({ initial, errors }: { initial: string; errors?: string[] }) {
  const hydrated = useHydrated();
  const [color, setColor] = useState(initial);
  const pickerValue = /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : initial.toLowerCase();
  const errorId = errors?.length ? "topic-color-error" : undefined;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">Color</legend>
      <input type="hidden" name="colorInitial" value={initial} />
      <div className="flex items-center gap-3">
        <input
          type="color"
          name="colorPicker"
          aria-label="Color picker"
          {...(hydrated ? { value: pickerValue, onChange: (e) => setColor(e.target.value.toUpperCase()) } : { defaultValue: initial.toLowerCase() })}
          className="h-10 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <input
          type="text"
          name="color"
          aria-label="Hex color"
          {...(hydrated ? { value: color, onChange: (e) => setColor(e.target.value) } : { defaultValue: initial })}
          maxLength={7}
          pattern="#[0-9A-Fa-f]{6}"
          placeholder={DEFAULT_TOPIC_COLOR}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="block w-32 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid]:border-red-500"
        />
      </div>
      {errorId ? (
        <ul id={errorId} className="mt-1 text-sm text-red-700">
          {errors!.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

export function TopicForm({
  topic,
  actionData,
  cancel,
}: {
  topic: Omit<TopicCardData, "articleCount"> | null;
  actionData?: TopicActionData;
  cancel: React.ReactNode;
}) {
  const pending = useIsPending();
  const intent = topic ? "update" : "create";
  const result = actionData?.intent === intent ? actionData : undefined;
  const errors = result?.fieldErrors ?? {};
  const value = (name: string, saved: string) => result?.values?.[name] ?? saved;
  return (
    <Form method="post" className="flex flex-col gap-4" aria-label={topic ? "Edit Topic" : "Create New Topic"} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {topic ? <input type="hidden" name="id" value={topic.id} /> : null}
      <Field label="Topic Name" errors={errors.name} inputProps={{ name: "name", required: true, maxLength: TOPIC_NAME_MAX, defaultValue: value("name", topic?.name ?? ""), placeholder: "e.g. Coffee brewing" }} />
      <TextareaField
        label="Description"
        errors={errors.description}
        textareaProps={{ name: "description", rows: 3, maxLength: TOPIC_DESCRIPTION_MAX, defaultValue: value("description", topic?.description ?? "") }}
      />
      <Field
        label="Keywords (comma separated)"
        errors={errors.keywords}
        inputProps={{ name: "keywords", defaultValue: value("keywords", topic?.keywords.join(", ") ?? ""), placeholder: "pour over, french press, cold brew" }}
      />
      <Field label="Category" errors={errors.category} inputProps={{ name: "category", maxLength: TOPIC_CATEGORY_MAX, defaultValue: value("category", topic?.category ?? ""), placeholder: "e.g. Guides" }} />
      <ColorField initial={value("color", topic?.color ?? DEFAULT_TOPIC_COLOR)} errors={errors.color} />
      {result?.formError ? <FormMessage title={result.formError.title} description={result.formError.description} /> : null}
      <div className="flex justify-end gap-3">
        {cancel}
        <StatusButton pending={pending} pendingLabel="Saving...">
          {topic ? "Update Topic" : "Create Topic"}
        </StatusButton>
      </div>
    </Form>
  );
}

export function DeleteTopicForm({ topic, cancel }: { topic: { id: string; name: string }; cancel: React.ReactNode }) {
  const pending = useIsPending();
  return (
    <Form method="post" className="flex justify-end gap-3" aria-label="Delete Topic">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={topic.id} />
      {cancel}
      <StatusButton variant="destructive" pending={pending} pendingLabel="Deleting...">
        Delete
      </StatusButton>
    </Form>
  );
}

export function DeleteTopicText({ name }: { name: string }) {
  return (
    <>
      Are you sure you want to delete the topic <strong className="font-semibold text-slate-900">&ldquo;{name}&rdquo;</strong>? Its articles are kept. This action
      cannot be undone.
    </>
  );
}

export function CancelLink() {
  return (
    <Button asChild variant="secondary">
      <Link to="/dashboard/topics" preventScrollReset>
        Cancel
      </Link>
    </Button>
  );
}
