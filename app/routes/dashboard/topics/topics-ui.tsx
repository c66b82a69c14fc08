import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { ColorField, Field, FormMessage, TextareaField, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel } from "#app/components/url-dialog";
import { DEFAULT_TOPIC_COLOR, TopicFormSchema } from "#app/modules/topics/schema";
import type { Topic } from "#app/modules/topics/topics.server";
import type { FormReply, Notice } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";
import { PenIcon, TrashIcon } from "#app/components/icons";

/** The Topics page's card, topic form and delete confirmation (docs/product.md "Topics"). */

/** A topic as its card shows it. */
export type TopicCardData = Omit<Topic, "createdAt">;

const KEYWORDS_SHOWN = 3;

const iconLink =
  "flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";

export function TopicCard({ topic }: { topic: TopicCardData }) {
  const extra = topic.keywords.length - KEYWORDS_SHOWN;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="topic-card">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-1.5 h-3 w-3 shrink-0 rounded-full"
          style={{ backgroundColor: topic.color }}
          data-testid="topic-color"
        />
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
          {extra > 0 ? (
            <li className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700">+{extra} more</li>
          ) : null}
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

/** Shown above the form when the fields are refused, by the server or (with JavaScript) before posting. */
export const INVALID_TOPIC_NOTICE: Notice = { title: "Error saving topic", description: "Please correct the highlighted fields." };

type EditableTopic = Omit<TopicCardData, "articleCount">;

export function TopicForm({ topic, reply }: { topic: EditableTopic | null; reply?: FormReply }) {
  const pending = useIsPending();
  const intent = topic ? "update" : "create";
  const [form, fields] = useSchemaForm(TopicFormSchema, {
    id: topic ? `topic-${topic.id}` : "topic-new",
    lastResult: reply?.result,
    defaultValue: {
      name: topic?.name ?? "",
      description: topic?.description ?? "",
      keywords: topic?.keywords.join(", ") ?? "",
      category: topic?.category ?? "",
      color: topic?.color ?? DEFAULT_TOPIC_COLOR,
    },
  });
  const notice = reply?.notice ?? (form.status === "error" ? INVALID_TOPIC_NOTICE : null);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label={topic ? "Edit Topic" : "Create New Topic"}>
      <input type="hidden" name="intent" value={intent} />
      {topic ? <input type="hidden" name="id" value={topic.id} /> : null}
      <Field
        label="Topic Name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), placeholder: "e.g. Coffee brewing" }}
      />
      <TextareaField
        label="Description"
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
      />
      <Field
        label="Keywords (comma separated)"
        errors={fields.keywords.errors}
        inputProps={{ ...getInputProps(fields.keywords, { type: "text" }), placeholder: "pour over, french press, cold brew" }}
      />
      <Field
        label="Category"
        errors={fields.category.errors}
        inputProps={{ ...getInputProps(fields.category, { type: "text" }), placeholder: "e.g. Guides" }}
      />
      <ColorField
        name={fields.color.name}
        label="Color"
        initial={fields.color.initialValue ?? DEFAULT_TOPIC_COLOR}
        placeholder={DEFAULT_TOPIC_COLOR}
        errors={fields.color.errors}
      />
      {notice ? <FormMessage title={notice.title} description={notice.description} /> : null}
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton pending={pending} pendingLabel="Saving...">
          {topic ? "Update Topic" : "Create Topic"}
        </StatusButton>
      </div>
    </Form>
  );
}

export function DeleteTopicForm({ topic }: { topic: { id: string; name: string } }) {
  const pending = useIsPending();
  return (
    <Form method="post" className="flex justify-end gap-3" aria-label="Delete Topic">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={topic.id} />
      <DialogCancel />
      <StatusButton variant="destructive" pending={pending} pendingLabel="Deleting...">
        Delete
      </StatusButton>
    </Form>
  );
}

export function DeleteTopicText({ name }: { name: string }) {
  return (
    <>
      Are you sure you want to delete the topic <strong className="font-semibold text-slate-900">&ldquo;{name}&rdquo;</strong>? Its articles
      are kept. This action cannot be undone.
    </>
  );
}
