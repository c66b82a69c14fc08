import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import { isVideoEmbedUrl } from "./video-url";
import type { JSX } from "react";

/**
 * The two custom nodes of the article editor: an inline image (src, alt and
 * the WordPress-style classes the normaliser adds) and a block video embed
 * (a YouTube/Vimeo iframe). Both import from and export to plain HTML so the
 * editor round-trips stored content.
 */

export type ImagePayload = { src: string; alt: string; className?: string; width?: string; height?: string };
export type SerializedImageNode = Spread<ImagePayload, SerializedLexicalNode>;

export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;
  __className: string;
  __width: string;
  __height: string;

  static getType() {
    return "inkpilot-image";
  }

  static clone(node: ImageNode) {
    return new ImageNode(
      { src: node.__src, alt: node.__alt, className: node.__className, width: node.__width, height: node.__height },
      node.__key,
    );
  }

  constructor({ src, alt, className = "", width = "", height = "" }: ImagePayload, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
    this.__className = className;
    this.__width = width;
    this.__height = height;
  }

  static importJSON(json: SerializedImageNode) {
    return $createImageNode(json);
  }

  exportJSON(): SerializedImageNode {
    return {
      ...super.exportJSON(),
      src: this.__src,
      alt: this.__alt,
      className: this.__className,
      width: this.__width,
      height: this.__height,
    };
  }

  static importDOM(): DOMConversionMap | null {
    return {
      img: () => ({
        conversion: (element) => {
          const img = element as HTMLImageElement;
          const src = img.getAttribute("src");
          if (!src) return { node: null };
          return {
            node: $createImageNode({
              src,
              alt: img.getAttribute("alt") ?? "",
              className: img.getAttribute("class") ?? "",
              width: img.getAttribute("width") ?? "",
              height: img.getAttribute("height") ?? "",
            }),
          };
        },
        priority: 0,
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    const img = document.createElement("img");
    img.setAttribute("src", this.__src);
    img.setAttribute("alt", this.__alt);
    if (this.__className) img.setAttribute("class", this.__className);
    if (this.__width) img.setAttribute("width", this.__width);
    if (this.__height) img.setAttribute("height", this.__height);
    return { element: img };
  }

  createDOM() {
    const span = document.createElement("span");
    span.className = "editor-image";
    return span;
  }

  updateDOM() {
    return false;
  }

  isInline() {
    return true;
  }

  getSrc() {
    return this.getLatest().__src;
  }

  getAlt() {
    return this.getLatest().__alt;
  }

  getTextContent() {
    return "";
  }

  decorate() {
    return <img src={this.__src} alt={this.__alt} className="inline-block max-h-96 max-w-full rounded" draggable={false} />;
  }
}

export function $createImageNode(payload: ImagePayload) {
  return $applyNodeReplacement(new ImageNode(payload));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}

export type SerializedVideoNode = Spread<{ src: string; title: string }, SerializedLexicalNode>;

export class VideoNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __title: string;

  static getType() {
    return "inkpilot-video";
  }

  static clone(node: VideoNode) {
    return new VideoNode(node.__src, node.__title, node.__key);
  }

  constructor(src: string, title = "", key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__title = title;
  }

  static importJSON(json: SerializedVideoNode) {
    return $createVideoNode(json.src, json.title);
  }

  exportJSON(): SerializedVideoNode {
    return { ...super.exportJSON(), src: this.__src, title: this.__title };
  }

  static importDOM(): DOMConversionMap | null {
    return {
      iframe: (element) => {
        const src = element.getAttribute("src") ?? "";
        if (!isVideoEmbedUrl(src)) return null;
        return { conversion: () => ({ node: $createVideoNode(src, element.getAttribute("title") ?? "") }), priority: 1 };
      },
    };
  }

  exportDOM(): DOMExportOutput {
    const iframe = document.createElement("iframe");
    iframe.setAttribute("src", this.__src);
    if (this.__title) iframe.setAttribute("title", this.__title);
    iframe.setAttribute("allowfullscreen", "");
    return { element: iframe };
  }

  createDOM() {
    const div = document.createElement("div");
    div.className = "editor-video";
    return div;
  }

  updateDOM() {
    return false;
  }

  isInline() {
    return false;
  }

  getSrc() {
    return this.getLatest().__src;
  }

  getTitle() {
    return this.getLatest().__title;
  }

  getTextContent() {
    return "";
  }

  decorate() {
    return (
      <iframe src={this.__src} title={this.__title || "Embedded video"} allowFullScreen className="aspect-video w-full max-w-2xl rounded" />
    );
  }
}

export function $createVideoNode(src: string, title = "") {
  return $applyNodeReplacement(new VideoNode(src, title));
}

export function $isVideoNode(node: LexicalNode | null | undefined): node is VideoNode {
  return node instanceof VideoNode;
}
