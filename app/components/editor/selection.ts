import { $findMatchingParent } from "@lexical/utils";
import { $isElementNode, $isRootOrShadowRoot, type ElementNode, type LexicalNode } from "lexical";

/** Helpers for the toolbar's view of the selection: its block, and the HTML handed to 'AI edit' and put back. */

export function topLevelElement(node: LexicalNode): ElementNode | null {
  const element =
    node.getKey() === "root"
      ? null
      : $findMatchingParent(node, (n) => {
          const parent = n.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        });
  return element && $isElementNode(element) ? element : null;
}

/** Lexical wraps plain runs in white-space spans; the model (and the diff) only needs the words and their formatting. */
export function cleanSelectionHtml(html: string) {
  return html.replace(/<span style="white-space: pre-wrap;">([^<]*)<\/span>/g, "$1");
}

/** A rewrite of text inside one paragraph comes back as a paragraph: unwrap it so it does not split the line. */
export function fitRewrite(selectionHtml: string, rewrite: string) {
  const blockish = /<(p|h[1-6]|ul|ol|li|blockquote|pre|table|figure)\b/i;
  if (blockish.test(selectionHtml)) return rewrite;
  const single = /^\s*<p>([\s\S]*)<\/p>\s*$/i.exec(rewrite);
  return single && !/<p\b/i.test(single[1]!) ? single[1]! : rewrite;
}
