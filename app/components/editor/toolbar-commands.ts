import { $createCodeNode } from "@lexical/code";
import { $isLinkNode, $toggleLink } from "@lexical/link";
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from "@lexical/list";
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, type HeadingTagType } from "@lexical/rich-text";
import { $getSelectionStyleValueForProperty, $patchStyleText, $setBlocksType } from "@lexical/selection";
import { $findMatchingParent, $getNearestNodeOfType } from "@lexical/utils";
import {
  $createParagraphNode,
  $getSelection,
  $insertNodes,
  $isElementNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $isTextNode,
  type ElementNode,
  type LexicalEditor,
} from "lexical";
import { showToast } from "#app/components/toaster";
import { $createImageNode, $createVideoNode } from "./nodes";
import { toVideoEmbedUrl } from "./video-url";
import { safeImageUrl, safeLinkUrl, type InsertKind, type InsertValues } from "./insert-dialog";
import { $selectionForRewrite, acceptRewrite, topLevelElement } from "./selection";
import type { UploadedImage } from "./image-file";

/**
 * What the toolbar's tools do to the editor (toolbar.tsx draws them): what the selection is (for the tools'
 * pressed states), block types, direction, clearing formats, the Link/Image/Video dialog's insert, and 'AI edit'.
 */

export type BlockType = "paragraph" | HeadingTagType | "quote" | "code" | "bullet" | "number";

export type ToolbarState = {
  blockType: BlockType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  subscript: boolean;
  superscript: boolean;
  link: boolean;
  fontFamily: string;
  fontSize: string;
  color: string;
  background: string;
};

/** What an AI edit is handed: the selected HTML, and how to put a rewrite in its place. */
export type AiSelectionRequest = { html: string; apply: (html: string) => void };

const ALT_REQUIRED = "Describe the image in the alt text: screen readers and search engines rely on it.";

/** The tools' state at the selection; null when there is no range selection (the tools keep what they showed). */
export function $readToolbarState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const element = topLevelElement(anchor);
  let blockType: BlockType = "paragraph";
  if (element) {
    if ($isListNode(element)) {
      const list = $getNearestNodeOfType<ListNode>(anchor, ListNode);
      blockType = (list ?? element).getListType() === "number" ? "number" : "bullet";
    } else if ($isHeadingNode(element)) blockType = element.getTag();
    else if (element.getType() === "quote") blockType = "quote";
    else if (element.getType() === "code") blockType = "code";
  }
  const parent = anchor.getParent();
  return {
    blockType,
    bold: selection.hasFormat("bold"),
    italic: selection.hasFormat("italic"),
    underline: selection.hasFormat("underline"),
    strikethrough: selection.hasFormat("strikethrough"),
    subscript: selection.hasFormat("subscript"),
    superscript: selection.hasFormat("superscript"),
    link: $isLinkNode(parent) || $isLinkNode(anchor),
    fontFamily: $getSelectionStyleValueForProperty(selection, "font-family", ""),
    fontSize: $getSelectionStyleValueForProperty(selection, "font-size", ""),
    color: $getSelectionStyleValueForProperty(selection, "color", ""),
    background: $getSelectionStyleValueForProperty(selection, "background-color", ""),
  };
}

/** Turns the selected blocks into `type`; choosing the list, quote or code the selection already is turns it back. */
export function setBlockType(editor: LexicalEditor, type: BlockType, current: BlockType) {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    if (type === "bullet" || type === "number") {
      editor.dispatchCommand(
        current === type ? REMOVE_LIST_COMMAND : type === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
        undefined,
      );
      return;
    }
    if (type === "paragraph") $setBlocksType(selection, () => $createParagraphNode());
    else if (type === "quote") $setBlocksType(selection, () => (current === "quote" ? $createParagraphNode() : $createQuoteNode()));
    else if (type === "code") $setBlocksType(selection, () => (current === "code" ? $createParagraphNode() : $createCodeNode()));
    else $setBlocksType(selection, () => $createHeadingNode(type));
  });
}

/** Sets the writing direction of every block the selection touches. */
export function $setSelectionDirection(direction: "ltr" | "rtl") {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  const blocks = new Set<ElementNode>();
  for (const node of selection.getNodes()) {
    const block = $isElementNode(node) && !node.isInline() ? node : $findMatchingParent(node, (n) => $isElementNode(n) && !n.isInline());
    if (block && $isElementNode(block) && !$isRootOrShadowRoot(block)) blocks.add(block);
  }
  for (const block of blocks) block.setDirection(direction);
}

/** Clears the selected text's formats, colour, size and font. */
export function clearFormatting(editor: LexicalEditor) {
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    for (const node of selection.extract()) {
      if ($isTextNode(node)) {
        node.setFormat(0);
        node.setStyle("");
      }
    }
    $patchStyleText(selection, { color: null, "font-size": null, "font-family": null });
  });
}

/**
 * The insert dialog's link, image (uploaded or by address) or video, put where the caret was (`restoreSelection`);
 * the message to show when the values will not do, else null.
 */
export async function insertFromDialog(
  editor: LexicalEditor,
  restoreSelection: () => void,
  onUploadImage: ((file: File, alt: string) => Promise<UploadedImage>) | undefined,
  kind: InsertKind,
  { url, text, file }: InsertValues,
): Promise<string | null> {
  if (kind === "link") {
    const href = safeLinkUrl(url);
    if (!href) return "Enter a web address (https://…), a path on your site (/…) or a mailto: link.";
    editor.update(() => {
      restoreSelection();
      $toggleLink(href);
    });
    return null;
  }
  if (kind === "image" && file) {
    if (!text.trim()) return ALT_REQUIRED;
    if (!onUploadImage) return "Enter the image's web address (https://…).";
    try {
      const image = await onUploadImage(file, text.trim());
      editor.update(() => {
        restoreSelection();
        const size = { width: image.width ? String(image.width) : "", height: image.height ? String(image.height) : "" };
        $insertNodes([$createImageNode({ src: image.src, alt: image.alt, ...size })]);
      });
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : "The image could not be uploaded. Please try again.";
    }
  }
  if (kind === "image") {
    const src = safeImageUrl(url);
    if (!src) return "Enter the image's web address (https://…).";
    if (!text.trim()) return ALT_REQUIRED;
    editor.update(() => {
      restoreSelection();
      $insertNodes([$createImageNode({ src, alt: text.trim() })]);
    });
    return null;
  }
  const embed = toVideoEmbedUrl(url);
  if (!embed) return "Enter a YouTube or Vimeo video address.";
  editor.update(() => {
    restoreSelection();
    $insertNodes([$createVideoNode(embed, text.trim())]);
  });
  return null;
}

/** Hands the selection to the page's AI edit; the rewrite takes the place of exactly the selected blocks or words (./selection.ts). */
export function requestAiEdit(editor: LexicalEditor, onAiEdit: (request: AiSelectionRequest) => void) {
  const proposal = editor.read(() => $selectionForRewrite(editor));
  if (!proposal) {
    showToast({ type: "info", title: "Select some text first", description: "AI edit rewrites the words you select." });
    return;
  }
  onAiEdit({
    html: proposal.html,
    apply: (rewrite) => {
      if (!acceptRewrite(editor, proposal.range, proposal.html, rewrite))
        showToast({
          type: "error",
          title: "The selection has changed",
          description: "Select the text again and ask for the edit again.",
        });
    },
  });
}
