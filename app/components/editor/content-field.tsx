import { lazy, Suspense, useId, useImperativeHandle, useRef, useState } from "react";
import { markdownToHtml, type ContentFormat } from "#app/modules/articles/markdown";
import { cn } from "#app/utils/cn";
import { useHydrated } from "#app/utils/use-hydrated";
import type { UploadedImage } from "./image-file";
import type { EditorHandle } from "./rich-text-editor";
import type { AiSelectionRequest } from "./toolbar";

/** What the page can do with the content once hydrated: read it, or replace it (an accepted AI edit, or its undo). */
export type ContentControl = { getHtml: () => string; setHtml: (html: string) => void };

const RichTextEditor = lazy(() => import("./rich-text-editor"));

/**
 * The article's Content field. Server-rendered (and without JavaScript) it is a
 * textarea of HTML or Markdown with a format choice; once hydrated it becomes
 * the Rich Text / Markdown switch, converting between the two through Lexical.
 * Either way the form posts `content` and `contentFormat`.
 */
export function ContentField({
  initial,
  onHtmlChange,
  errors,
  controlRef,
  onAiSelection,
  onUploadImage,
}: {
  initial: { format: ContentFormat; value: string };
  onHtmlChange: (html: string) => void;
  errors?: string[];
  controlRef?: React.Ref<ContentControl>;
  /** 'AI edit' in the Rich Text toolbar; without it the button is not shown. */
  onAiSelection?: (request: AiSelectionRequest) => void;
  /** Stores a picture of the customer's own (the Image dialog, drop and paste); without it images are given by address. */
  onUploadImage?: (file: File, alt: string) => Promise<UploadedImage>;
}) {
  const hydrated = useHydrated();
  const labelId = useId();
  const textareaId = useId();
  const errorId = errors?.length ? `${textareaId}-error` : undefined;
  const errorList = errors?.length ? (
    <ul id={errorId} className="mt-1 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  ) : null;

  if (!hydrated) {
    return (
      <fieldset className="flex flex-col gap-2">
        <legend id={labelId} className="text-sm font-medium text-slate-800">
          Content
        </legend>
        <div className="flex gap-4 text-sm text-slate-700">
          <label className="inline-flex items-center gap-1.5">
            <input type="radio" name="contentFormat" value="html" defaultChecked={initial.format === "html"} /> HTML
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input type="radio" name="contentFormat" value="markdown" defaultChecked={initial.format === "markdown"} /> Markdown
          </label>
        </div>
        <label htmlFor={textareaId} className="sr-only">
          Content
        </label>
        <textarea
          id={textareaId}
          name="content"
          rows={20}
          defaultValue={initial.value}
          aria-describedby={errorId}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
        />
        {errorList}
      </fieldset>
    );
  }
  return (
    <HydratedContentField
      initial={initial}
      onHtmlChange={onHtmlChange}
      labelId={labelId}
      textareaId={textareaId}
      errorList={errorList}
      controlRef={controlRef}
      onAiSelection={onAiSelection}
      onUploadImage={onUploadImage}
    />
  );
}

function HydratedContentField({
  initial,
  onHtmlChange,
  labelId,
  textareaId,
  errorList,
  controlRef,
  onAiSelection,
  onUploadImage,
}: {
  initial: { format: ContentFormat; value: string };
  onHtmlChange: (html: string) => void;
  onUploadImage?: (file: File, alt: string) => Promise<UploadedImage>;
  labelId: string;
  textareaId: string;
  errorList: React.ReactNode;
  controlRef?: React.Ref<ContentControl>;
  onAiSelection?: (request: AiSelectionRequest) => void;
}) {
  const [mode, setMode] = useState<"rich" | "markdown">(initial.format === "markdown" ? "markdown" : "rich");
  const [markdown, setMarkdown] = useState(initial.format === "markdown" ? initial.value : "");
  const [richInitial, setRichInitial] = useState(initial);
  const [richHtml, setRichHtml] = useState(initial.format === "html" ? initial.value : markdownToHtml(initial.value));
  const [editorKey, setEditorKey] = useState(0);
  const handle = useRef<EditorHandle | null>(null);
  const current = useRef({ mode, markdown, richHtml });
  current.current = { mode, markdown, richHtml };
  useImperativeHandle(
    controlRef,
    () => ({
      getHtml: () => (current.current.mode === "rich" ? current.current.richHtml : markdownToHtml(current.current.markdown)),
      // A new document: the Rich Text editor starts again from it (either mode lands in Rich Text, where the diff was read).
      setHtml: (html) => {
        setRichInitial({ format: "html", value: html });
        setRichHtml(html);
        setEditorKey((k) => k + 1);
        setMode("rich");
        onHtmlChange(html);
      },
    }),
    [onHtmlChange],
  );

  const switchTo = (next: "rich" | "markdown") => {
    if (next === mode) return;
    if (next === "markdown") {
      const md = handle.current?.getMarkdown() ?? "";
      setMarkdown(md);
      onHtmlChange(markdownToHtml(md));
    } else {
      setRichInitial({ format: "markdown", value: markdown });
      setRichHtml(markdownToHtml(markdown));
      setEditorKey((k) => k + 1);
    }
    setMode(next);
  };

  const tab = (value: "rich" | "markdown", label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={mode === value}
      onClick={() => switchTo(value)}
      className={cn(
        "rounded px-3 py-1 text-sm font-medium",
        mode === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          Content
        </span>
        <div role="radiogroup" aria-label="Editor mode" className="inline-flex rounded-md bg-slate-100 p-0.5">
          {tab("rich", "Rich Text")}
          {tab("markdown", "Markdown")}
        </div>
      </div>
      {mode === "rich" ? (
        <>
          <input type="hidden" name="content" value={richHtml} />
          <input type="hidden" name="contentFormat" value="html" />
          <Suspense
            fallback={
              <div className="min-h-96 rounded-md border border-slate-300 bg-slate-50 p-4 text-sm text-slate-500">Loading editor…</div>
            }
          >
            <RichTextEditor
              key={editorKey}
              initial={richInitial}
              handleRef={handle}
              labelId={labelId}
              onAiSelection={onAiSelection}
              onUploadImage={onUploadImage}
              onChange={(html) => {
                setRichHtml(html);
                onHtmlChange(html);
              }}
            />
          </Suspense>
        </>
      ) : (
        <>
          <input type="hidden" name="contentFormat" value="markdown" />
          <textarea
            id={textareaId}
            name="content"
            aria-labelledby={labelId}
            rows={24}
            value={markdown}
            onChange={(event) => {
              setMarkdown(event.target.value);
              onHtmlChange(markdownToHtml(event.target.value));
            }}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
          />
          <p className="text-xs text-slate-500">
            Markdown with GitHub tables. Fonts, colours, alignment and direction exist in Rich Text only.
          </p>
        </>
      )}
      {errorList}
    </div>
  );
}
