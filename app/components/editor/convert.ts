import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $convertFromMarkdownString, $convertToMarkdownString } from "@lexical/markdown";
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalEditor, type LexicalNode } from "lexical";
import { MARKDOWN_TRANSFORMERS } from "./config";

/**
 * Conversions between the editor and the two stored/typed forms of an article.
 * Call inside editor.update() (imports) or editorState.read() (exports).
 */

function isBlock(node: LexicalNode) {
  return ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();
}

/** Replaces the document with the given HTML; stray inline nodes get a paragraph. */
export function $importHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html, "text/html");
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot();
  root.clear();
  let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of nodes) {
    if (isBlock(node)) {
      paragraph = null;
      root.append(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

export function $exportHtml(editor: LexicalEditor) {
  return $generateHtmlFromNodes(editor, null);
}

export function $importMarkdown(markdown: string) {
  $convertFromMarkdownString(markdown, MARKDOWN_TRANSFORMERS);
}

export function $exportMarkdown() {
  return $convertToMarkdownString(MARKDOWN_TRANSFORMERS);
}
