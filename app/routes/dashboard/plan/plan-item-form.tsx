import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, FormMessage, SelectField, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel } from "#app/components/url-dialog";
import { INTENT_LABELS, SEARCH_INTENTS } from "#app/modules/research/intent";
import type { PlanItemView, PlanView } from "#app/modules/plan/plan.server";
import { PlanItemFormSchema } from "#app/modules/plan/schema";
import { type FormReply, type Notice } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";

/** The add and edit keyword form, shown in a URL dialog (or on the page without JavaScript). */

export const INVALID_ITEM_NOTICE: Notice = { title: "Error saving the keyword", description: "Please correct the highlighted fields." };

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
