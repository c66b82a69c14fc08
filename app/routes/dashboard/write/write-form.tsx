import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { useDeferredValue, useMemo, useState } from "react";
import { Form } from "react-router";
import { ContentField } from "#app/components/editor/content-field";
import { Field, FormMessage, TextareaField } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { parseContentFormat } from "#app/modules/articles/markdown";
import { scoreArticle, type SeoInput, type SeoResult } from "#app/modules/articles/seo";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";
import { SeoPanel } from "./seo-panel";

type Props = {
  article: { id: string; title: string; targetKeyword: string; metaDescription: string; contentHtml: string } | null;
  seo: SeoResult;
  seoContext: Omit<SeoInput, "title" | "metaDescription" | "html" | "keyword">;
  /** The action's answer when a save was refused: the posted values, field errors and a notice. */
  reply?: FormReply;
};

const PREVIEW_PATH = "/dashboard/write/preview";

/**
 * Opens the preview of what is in the form right now in a new tab. A native
 * form submission (not the router's) so the response lands in the new tab.
 */
function openPreview(form: HTMLFormElement) {
  const data = new FormData(form);
  const shadow = document.createElement("form");
  shadow.method = "post";
  shadow.action = PREVIEW_PATH;
  shadow.target = "_blank";
  shadow.hidden = true;
  for (const [name, value] of data) {
    if (typeof value !== "string" || name === "intent") continue;
    const input = document.createElement("textarea");
    input.name = name;
    input.value = value;
    shadow.append(input);
  }
  document.body.append(shadow);
  shadow.submit();
  shadow.remove();
}

/** The article form; validated on the server, where the content's size is measured (app/routes/dashboard/write/write.server.ts). */
export function WriteForm({ article, seo, seoContext, reply }: Props) {
  const articleId = article?.id ?? null;
  const [form, fields] = useForm({
    id: "write-article",
    lastResult: reply?.result,
    defaultValue: {
      title: article?.title ?? "",
      targetKeyword: article?.targetKeyword ?? "",
      metaDescription: article?.metaDescription ?? "",
      content: article?.contentHtml ?? "",
      contentFormat: "html",
    },
  });
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const [draft, setDraft] = useState({
    title: text(fields.title.initialValue),
    metaDescription: text(fields.metaDescription.initialValue),
    keyword: text(fields.targetKeyword.initialValue),
    html: article?.contentHtml ?? "",
  });
  const [dirty, setDirty] = useState(false);
  const deferred = useDeferredValue(draft);
  const live = useMemo(() => (dirty ? scoreArticle({ ...seoContext, ...deferred }) : seo), [dirty, deferred, seo, seoContext]);
  const pending = useIsPending();
  const update = (patch: Partial<typeof draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex min-w-0 flex-col gap-5"
        aria-label={articleId ? "Edit article" : "New article"}
      >
        {articleId ? <input type="hidden" name="articleId" value={articleId} /> : null}
        {reply?.notice ? <FormMessage {...reply.notice} /> : null}
        <Field
          label="Title"
          errors={fields.title.errors}
          inputProps={{
            ...getInputProps(fields.title, { type: "text" }),
            maxLength: 200,
            placeholder: "Your article title",
            onChange: (e) => update({ title: e.currentTarget.value }),
          }}
          hint={`${draft.title.trim().length} characters; search results show about 60.`}
        />
        <Field
          label="Target keyword"
          errors={fields.targetKeyword.errors}
          inputProps={{
            ...getInputProps(fields.targetKeyword, { type: "text" }),
            maxLength: 120,
            placeholder: "e.g. cold brew coffee",
            onChange: (e) => update({ keyword: e.currentTarget.value }),
          }}
        />
        <TextareaField
          label="Meta description"
          errors={fields.metaDescription.errors}
          textareaProps={{
            ...getTextareaProps(fields.metaDescription),
            rows: 2,
            maxLength: 500,
            onChange: (e) => update({ metaDescription: e.currentTarget.value }),
          }}
        />
        <ContentField
          initial={{ format: parseContentFormat(text(fields.contentFormat.initialValue)), value: text(fields.content.initialValue) }}
          errors={fields.content.errors ?? undefined}
          onHtmlChange={(html) => update({ html })}
        />
        <div className="flex flex-wrap gap-3">
          <StatusButton type="submit" name="intent" value="save" pending={pending} pendingLabel="Saving...">
            {articleId ? "Update Article" : "Save Draft"}
          </StatusButton>
          <Button type="submit" name="intent" value="publish" variant="secondary">
            Publish
          </Button>
          <Button
            type="submit"
            variant="secondary"
            formAction={PREVIEW_PATH}
            formTarget="_blank"
            formMethod="post"
            onClick={(event) => {
              // With JavaScript the router would handle the submit in this tab; post natively instead.
              event.preventDefault();
              const form = event.currentTarget.form;
              if (form) openPreview(form);
            }}
          >
            Preview
          </Button>
        </div>
      </Form>
      <SeoPanel result={live} live={dirty} />
    </div>
  );
}
