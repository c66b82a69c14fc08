import { TOGGLE_LINK_COMMAND } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $patchStyleText } from "@lexical/selection";
import { mergeRegister } from "@lexical/utils";
import {
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_LOW,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  type LexicalEditor,
  OUTDENT_CONTENT_COMMAND,
  SELECTION_CHANGE_COMMAND,
  type ElementFormatType,
  type TextFormatType,
} from "lexical";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "#app/utils/cn";
import {
  AlignCenterIcon,
  AlignJustifyIcon,
  AlignLeftIcon,
  AlignRightIcon,
  BulletListIcon,
  ClearFormattingIcon,
  ImageIcon,
  IndentIcon,
  LinkIcon,
  NumberedListIcon,
  OutdentIcon,
  QuoteIcon,
  SparklesIcon,
  VideoIcon,
} from "./toolbar-icons";
import { type UploadedImage, useImageDrop } from "./image-file";
import { InsertDialog, type InsertKind, type InsertValues } from "./insert-dialog";
import {
  $readToolbarState,
  $setSelectionDirection,
  clearFormatting,
  insertFromDialog,
  requestAiEdit,
  setBlockType,
  type AiSelectionRequest,
  type BlockType,
  type ToolbarState,
} from "./toolbar-commands";
import { MoreMenu, type MoreActions } from "./toolbar-more";

/**
 * The product's toolbar (docs/product.md "Write"): headings, font, size, inline formats, colour, lists, indent, direction, alignment, quote, code, link, image, video, clean.
 * Groups of tools wrap onto further rows when the editor is narrow, so every tool stays in sight at any width; the rarely used ones sit in 'More' (./toolbar-more.tsx),
 * and 'AI edit' rewrites the selection (reviewed as a diff before it changes anything).
 */

/** What the toolbar hands the page for 'AI edit' (toolbar-commands.ts). */
export type { AiSelectionRequest };

const BLOCK_OPTIONS: { value: BlockType; label: string }[] = [
  { value: "paragraph", label: "Paragraph" },
  { value: "h2", label: "Heading 2" },
  { value: "h3", label: "Heading 3" },
  { value: "h4", label: "Heading 4" },
  { value: "h5", label: "Heading 5" },
  { value: "h6", label: "Heading 6" },
];

const INITIAL: ToolbarState = {
  blockType: "paragraph",
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
  subscript: false,
  superscript: false,
  link: false,
  fontFamily: "",
  fontSize: "",
  color: "",
  background: "",
};

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600",
        active && "bg-slate-200 text-slate-900",
      )}
    >
      {children}
    </button>
  );
}

/** A cluster of related tools that wraps to the next row as a whole; a thin rule separates it from the next. */
function ToolGroup({ label, last, children }: { label: string; last?: boolean; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={label} className={cn("flex items-center gap-0.5", !last && "border-r border-slate-200 pr-1")}>
      {children}
    </div>
  );
}

/** The tools' pressed states and values, read again on every change of the text or the selection. */
function useToolbarState(editor: LexicalEditor) {
  const [state, setState] = useState<ToolbarState>(INITIAL);
  const refresh = useCallback(() => {
    const next = $readToolbarState();
    if (next) setState(next);
  }, []);
  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read(refresh)),
        editor.registerCommand(
          SELECTION_CHANGE_COMMAND,
          () => {
            refresh();
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, refresh],
  );
  return state;
}

export function Toolbar({
  onAiEdit,
  onUploadImage,
}: {
  onAiEdit?: (request: AiSelectionRequest) => void;
  /** Stores a picture of the customer's own (the write screen); without it the Image dialog takes an address only. */
  onUploadImage?: (file: File, alt: string) => Promise<UploadedImage>;
}) {
  const [editor] = useLexicalComposerContext();
  const state = useToolbarState(editor);
  const [dialog, setDialog] = useState<InsertKind | null>(null);
  const [droppedFile, setDroppedFile] = useState<File | null>(null);
  // The dialog takes focus; remember where the caret was so the insert lands there.
  const savedSelection = useRef<BaseSelection | null>(null);
  const openDialog = (kind: InsertKind) => {
    savedSelection.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
    setDialog(kind);
  };
  const restoreSelection = () => {
    if (savedSelection.current) $setSelection(savedSelection.current.clone());
  };

  // A picture dropped or pasted into the text opens the Image dialog with it, which asks for its alt text.
  useImageDrop(editor, Boolean(onUploadImage), (file) => {
    savedSelection.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
    setDroppedFile(file);
    setDialog("image");
  });

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  const align = (type: ElementFormatType) => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, type);
  const setBlock = (type: BlockType) => setBlockType(editor, type, state.blockType);
  const clean = () => clearFormatting(editor);
  const insert = (kind: InsertKind, values: InsertValues) => insertFromDialog(editor, restoreSelection, onUploadImage, kind, values);

  // The More menu takes focus: it acts on the selection remembered when it opened.
  const inSaved = (fn: () => void) =>
    editor.update(() => {
      restoreSelection();
      fn();
    });
  const more: MoreActions = {
    style: (styles) =>
      inSaved(() => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) $patchStyleText(selection, styles);
      }),
    format: (type) =>
      inSaved(() => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) selection.formatText(type);
      }),
    direction: (direction) => inSaved(() => $setSelectionDirection(direction)),
  };

  const aiEdit = () => {
    if (!onAiEdit) return;
    requestAiEdit(editor, onAiEdit);
  };

  const selectClass = "h-8 shrink-0 rounded border border-slate-300 bg-white px-1 text-sm text-slate-700";
  return (
    <div role="toolbar" aria-label="Formatting" className="border-b border-slate-200 bg-slate-50 p-1">
      {/* Groups wrap as wholes onto a second row rather than scroll out of sight (docs/decisions/036, "Toolbar"). */}
      <div className="flex flex-wrap items-center gap-x-1 gap-y-0.5" data-testid="toolbar-main">
        <ToolGroup label="Text style">
          <select
            aria-label="Block style"
            className={selectClass}
            value={BLOCK_OPTIONS.some((o) => o.value === state.blockType) ? state.blockType : "paragraph"}
            onChange={(event) => setBlock(event.target.value as BlockType)}
          >
            {BLOCK_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <ToolButton label="Bold" active={state.bold} onClick={() => format("bold")}>
            <strong>B</strong>
          </ToolButton>
          <ToolButton label="Italic" active={state.italic} onClick={() => format("italic")}>
            <em>I</em>
          </ToolButton>
          <ToolButton label="Underline" active={state.underline} onClick={() => format("underline")}>
            <span className="underline">U</span>
          </ToolButton>
          <ToolButton label="Strikethrough" active={state.strikethrough} onClick={() => format("strikethrough")}>
            <span className="line-through">S</span>
          </ToolButton>
        </ToolGroup>
        <ToolGroup label="Insert">
          <ToolButton
            label={state.link ? "Remove link" : "Link"}
            active={state.link}
            onClick={() => (state.link ? editor.dispatchCommand(TOGGLE_LINK_COMMAND, null) : openDialog("link"))}
          >
            <LinkIcon />
          </ToolButton>
          <ToolButton label="Image" onClick={() => openDialog("image")}>
            <ImageIcon />
          </ToolButton>
          <ToolButton label="Video" onClick={() => openDialog("video")}>
            <VideoIcon />
          </ToolButton>
          <ToolButton label="Quote" active={state.blockType === "quote"} onClick={() => setBlock("quote")}>
            <QuoteIcon />
          </ToolButton>
          <ToolButton label="Code block" active={state.blockType === "code"} onClick={() => setBlock("code")}>
            {"</>"}
          </ToolButton>
        </ToolGroup>
        <ToolGroup label="Lists">
          <ToolButton label="Bulleted list" active={state.blockType === "bullet"} onClick={() => setBlock("bullet")}>
            <BulletListIcon />
          </ToolButton>
          <ToolButton label="Numbered list" active={state.blockType === "number"} onClick={() => setBlock("number")}>
            <NumberedListIcon />
          </ToolButton>
          <ToolButton label="Outdent" onClick={() => editor.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined)}>
            <OutdentIcon />
          </ToolButton>
          <ToolButton label="Indent" onClick={() => editor.dispatchCommand(INDENT_CONTENT_COMMAND, undefined)}>
            <IndentIcon />
          </ToolButton>
        </ToolGroup>
        <ToolGroup label="Alignment">
          <ToolButton label="Align left" onClick={() => align("left")}>
            <AlignLeftIcon />
          </ToolButton>
          <ToolButton label="Align center" onClick={() => align("center")}>
            <AlignCenterIcon />
          </ToolButton>
          <ToolButton label="Align right" onClick={() => align("right")}>
            <AlignRightIcon />
          </ToolButton>
          <ToolButton label="Justify" onClick={() => align("justify")}>
            <AlignJustifyIcon />
          </ToolButton>
        </ToolGroup>
        <ToolGroup label="More" last>
          <ToolButton label="Clear formatting" onClick={clean}>
            <ClearFormattingIcon />
          </ToolButton>
          <MoreMenu
            state={state}
            actions={more}
            onOpen={() => {
              savedSelection.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
            }}
            onClose={() => editor.focus()}
          />
          {onAiEdit ? (
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={aiEdit}
              title="Rewrite the selected text with AI"
              className="inline-flex h-8 shrink-0 items-center gap-1 rounded px-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <SparklesIcon />
              <span>AI edit</span>
            </button>
          ) : null}
        </ToolGroup>
      </div>
      <InsertDialog
        kind={dialog}
        file={droppedFile}
        canUpload={Boolean(onUploadImage)}
        onClose={() => {
          setDialog(null);
          setDroppedFile(null);
        }}
        onInsert={insert}
      />
    </div>
  );
}
