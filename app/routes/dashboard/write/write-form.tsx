import { useDeferredValue, useMemo, useState } from "react";
import { Form } from "react-router";
import { ContentField } from "#app/components/editor/content-field";
import { Field, FormMessage, TextareaField } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import type { ContentFormat } from "#app/modules/articles/markdown";
import { scoreArticle, type SeoInput, type SeoResult } from "#app/modules/articles/seo";
import { useIsPending } from "#app/utils/use-is-pending";
import { SeoPanel } from "./seo-panel";

export type WriteFormValues = { title: string; targetKeyword: string; metaDescription: string; content: string; contentFormat: ContentFormat };

type Props = {
  articleId: string | null;
  values: WriteFormValues;
  initialHtml: string;
  seo: SeoResult;
  seoContext: Omit<SeoInput, "title" | "metaDescription" | "html" | "keyword">;
  fieldErrors: Partial<Record<"title" | "targetKeyword" | "metaDescription" | "content", string[]>>;
  formError?: { title: string; description?: string };
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

export function WriteForm({ articleId, values, initialHtml, seo, seoContext, fieldErrors, formError }: Props) {
  const [draft, setDraft] = useState({ title: values.title, metaDescription: values.metaDescription, keyword: values.targetKeyword, html: initialHtml });
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
      <Form method="post" className="flex min-w-0 flex-col gap-5" aria-label={articleId ? "Edit article" : "New article"}>
        {articleId ? <input type="hidden" name="articleId" value={articleId} /> : null}
        {formError ? <FormMessage title={formError.title} description={formError.description} /> : null}
        <Field
          label="Title"
          errors={fieldErrors.title}
          inputProps={{ name: "title", defaultValue: values.title, maxLength: 200, placeholder: "Your article title", onChange: (e) => update({ title: e.currentTarget.value }) }}
          hint={`${draft.title.trim().length} characters; search results show about 60.`}
        />
        <Field
          label="Target keyword"
          errors={fieldErrors.targetKeyword}
          inputProps={{ name: "targetKeyword", defaultValue: values.targetKeyword, maxLength: 120, placeholder: "e.g. cold brew coffee", onChange: (e) => update({ keyword: e.currentTarget.value }) }}
        />
        <TextareaField
          label="Meta description"
          errors={fieldErrors.metaDescription}
          textareaProps={{ name: "metaDescription", defaultValue: values.metaDescription, rows: 2, maxLength: 500, onChange: (e) => update({ metaDescription: e.currentTarget.value }) }}
        />
        <ContentField initial={{ format: values.contentFormat, value: values.content }} errors={fieldErrors.content} onHtmlChange={(html) => update({ html })} />
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
