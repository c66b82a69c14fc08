import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import { ContentField, type ContentControl } from "#app/components/editor/content-field";
import { uploadImage } from "#app/components/editor/image-file";
import { Field, FormMessage, TextareaField } from "#app/components/forms";
import { parseContentFormat } from "#app/modules/articles/markdown";
import { scoreArticle, type SeoInput, type SeoResult } from "#app/modules/articles/seo";
import type { FormReply } from "#app/utils/form-reply";
import { useHydrated } from "#app/utils/use-hydrated";
import { useIsPending } from "#app/utils/use-is-pending";
import { AiEditDialogs, useAiEdits } from "./ai-edit";
import { RegenerateButton } from "./regenerate-button";
import { SeoPanel } from "./seo-panel";
import { useAutosave } from "./use-autosave";
import { LeaveDialog, WriteBar } from "./write-bar";
import type { Draft } from "./save-state";

type Props = {
  article: { id: string; title: string; targetKeyword: string; metaDescription: string; contentHtml: string } | null;
  seo: SeoResult;
  seoContext: Omit<SeoInput, "title" | "metaDescription" | "html" | "keyword">;
  /** The action's answer when a save was refused: the posted values, field errors and a notice. */
  reply?: FormReply;
  /** The saved article's H2s, for 'Regenerate section'; the AI tools show for a saved article with a title or content. */
  headings?: string[];
  aiTools?: boolean;
};

/** The writing area's anchor: a save without JavaScript lands back here (write.server.ts). */
export const EDITOR_ANCHOR = "editor";

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
export function WriteForm({ article, seo, seoContext, reply, headings = [], aiTools = false }: Props) {
  const hydrated = useHydrated();
  // The form starts from the article as loaded; fresh loader data (after an autosave) must not reset what is being typed.
  const [loaded] = useState(article);
  const [form, fields] = useForm({
    id: "write-article",
    lastResult: reply?.result,
    defaultValue: {
      title: loaded?.title ?? "",
      targetKeyword: loaded?.targetKeyword ?? "",
      metaDescription: loaded?.metaDescription ?? "",
      content: loaded?.contentHtml ?? "",
      contentFormat: "html",
    },
  });
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const pending = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  const content = useRef<ContentControl>(null);
  const saving = useAutosave({
    formRef,
    initial: {
      title: text(fields.title.initialValue),
      metaDescription: text(fields.metaDescription.initialValue),
      keyword: text(fields.targetKeyword.initialValue),
      html: loaded?.contentHtml ?? "",
    },
    articleId: loaded?.id ?? null,
    enabled: hydrated,
    saveRefused: Boolean(reply?.result),
  });
  const { draft, edit, seed } = saving;
  const [dirty, setDirty] = useState(false);
  const deferred = useDeferredValue(draft);
  const live = useMemo(() => (dirty ? scoreArticle({ ...seoContext, ...deferred }) : seo), [dirty, deferred, seo, seoContext]);
  const update = (patch: Partial<Draft>) => {
    edit(patch);
    setDirty(true);
  };
  // The editor reports its first document on mount; that is the saved version in the editor's own HTML, not a change.
  const firstHtml = useRef(true);
  const onHtmlChange = useCallback(
    (html: string) => {
      if (firstHtml.current) {
        firstHtml.current = false;
        seed(html);
        return;
      }
      edit({ html });
      setDirty(true);
    },
    [edit, seed],
  );
  const articleId = saving.articleId;
  const ai = useAiEdits({ content, articleId, keyword: draft.keyword });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div id={EDITOR_ANCHOR} className="flex min-w-0 scroll-mt-20 flex-col gap-6">
        <Form
          ref={formRef}
          method="post"
          preventScrollReset
          {...getFormProps(form)}
          onSubmit={(event) => {
            getFormProps(form).onSubmit?.(event);
            if (!event.defaultPrevented) saving.markSubmitting();
          }}
          className="flex min-w-0 flex-col gap-5"
          aria-label={articleId ? "Edit article" : "New article"}
        >
          {articleId ? <input type="hidden" name="articleId" value={articleId} /> : null}
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
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
            onHtmlChange={onHtmlChange}
            controlRef={content}
            onAiSelection={ai.selection}
            onUploadImage={(file, alt) => uploadImage(file, alt, articleId)}
          />
          <WriteBar
            isNew={!articleId}
            pending={pending}
            state={saving.state}
            savedOnce={saving.savedOnce}
            error={saving.error}
            onUndo={ai.undo !== null ? ai.undoLast : null}
            onPreview={(event) => {
              // With JavaScript the router would handle the submit in this tab; post natively instead.
              event.preventDefault();
              const target = event.currentTarget.form;
              if (target) openPreview(target);
            }}
          />
        </Form>
        {aiTools && article ? (
          <section aria-label="AI tools" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <RegenerateButton
              articleId={article.id}
              headings={headings}
              onEdit={hydrated ? ai.whole : undefined}
              busy={ai.pending !== null}
            />
          </section>
        ) : null}
      </div>
      {/* Wide screens: the score stays beside the text while scrolling; it scrolls on its own when taller than the window. */}
      <div tabIndex={0} className="lg:sticky lg:top-16 lg:max-h-[calc(100vh-5rem)] lg:self-start lg:overflow-y-auto">
        <SeoPanel result={live} live={dirty} />
      </div>
      <AiEditDialogs ai={ai} />
      <LeaveDialog blocker={saving.blocker} />
    </div>
  );
}
