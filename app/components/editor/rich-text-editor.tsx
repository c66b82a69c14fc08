import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { TablePlugin } from "@lexical/react/LexicalTablePlugin";
import { useEffect } from "react";
import { EDITOR_NODES, EDITOR_THEME } from "./config";
import { $exportHtml, $exportMarkdown, $importHtml, $importMarkdown } from "./convert";
import { safeLinkUrl } from "./insert-dialog";
import { Toolbar, type AiSelectionRequest } from "./toolbar";
import type { UploadedImage } from "./image-file";

/**
 * The Rich Text mode of the write screen: a Lexical editor with the product's
 * toolbar (docs/product.md "Write"; decision 029). Browser-only (loaded lazily after hydration); the server renders a
 * textarea in its place.
 */

export type EditorHandle = { getHtml: () => string; getMarkdown: () => string };

type Props = {
  initial: { format: "html" | "markdown"; value: string };
  onChange: (html: string) => void;
  handleRef: React.RefObject<EditorHandle | null>;
  labelId: string;
  onAiSelection?: (request: AiSelectionRequest) => void;
  onUploadImage?: (file: File, alt: string) => Promise<UploadedImage>;
};

function HandlePlugin({ handleRef, onChange }: Pick<Props, "handleRef" | "onChange">) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    // The initial document raises no change event; report it so the form posts the editor's HTML.
    onChange(editor.getEditorState().read(() => $exportHtml(editor)));
    handleRef.current = {
      getHtml: () => editor.getEditorState().read(() => $exportHtml(editor)),
      getMarkdown: () => editor.getEditorState().read(() => $exportMarkdown()),
    };
    return () => {
      handleRef.current = null;
    };
    // Once per editor instance: onChange identity changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, handleRef]);
  return null;
}

export default function RichTextEditor({ initial, onChange, handleRef, labelId, onAiSelection, onUploadImage }: Props) {
  return (
    <LexicalComposer
      initialConfig={{
        namespace: "inkpilot-article",
        nodes: EDITOR_NODES,
        theme: EDITOR_THEME,
        onError: (error) => {
          throw error;
        },
        editorState: (editor) => {
          if (initial.format === "markdown") $importMarkdown(initial.value);
          else $importHtml(editor, initial.value);
        },
      }}
    >
      <div className="overflow-hidden rounded-md border border-slate-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30">
        <Toolbar onAiEdit={onAiSelection} onUploadImage={onUploadImage} />
        <div className="relative">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                aria-labelledby={labelId}
                aria-multiline
                data-testid="rich-text-editor"
                className="min-h-96 px-4 py-3 text-base leading-relaxed text-slate-900 focus:outline-none"
                aria-placeholder="Start writing your article…"
                placeholder={<div className="pointer-events-none absolute left-4 top-3 text-slate-500">Start writing your article…</div>}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={(url) => safeLinkUrl(url) !== null} />
      <TablePlugin />
      <HandlePlugin handleRef={handleRef} onChange={onChange} />
      <OnChangePlugin ignoreSelectionChange onChange={(state, editor) => onChange(state.read(() => $exportHtml(editor)))} />
    </LexicalComposer>
  );
}
