import * as cheerio from "cheerio/slim";
import { describe, expect, it } from "vitest";
import { placeImages, scaledVariants, srcsetOf, wordpressVariants, type PlacedImage } from "./figures";

const LOCAL = "/uploads/articles/s1-abc.png";

function wpImage(): PlacedImage {
  const base = "https://blog.example.com/wp-content/uploads/2026/11/s1-abc";
  return {
    url: `${base}.png`,
    remoteId: "42",
    width: 1200,
    height: 630,
    variants: [
      { url: `${base}-300x158.png`, width: 300, height: 158 },
      { url: `${base}-768x403.png`, width: 768, height: 403 },
      { url: `${base}-1024x538.png`, width: 1024, height: 538 },
    ],
  };
}

const placed = (image: PlacedImage) => new Map([[LOCAL, image]]);

describe("placeImages", () => {
  it("WordPress: the block editor's figure with width, height, srcset, the attachment class and a caption", () => {
    const html = placeImages(
      `<figure><img src="${LOCAL}" alt="Beans"><figcaption>Fresh <em>beans</em></figcaption></figure>`,
      placed(wpImage()),
      "wordpress",
    );
    const $ = cheerio.load(html, null, false);
    const figure = $("figure");
    expect(figure.attr("class")).toBe("wp-block-image size-full");
    const img = figure.children("img");
    expect(img.attr("src")).toBe(wpImage().url);
    expect(img.attr("alt")).toBe("Beans");
    expect(img.attr("width")).toBe("1200");
    expect(img.attr("height")).toBe("630");
    expect(img.attr("class")).toBe("wp-image-42");
    expect(img.attr("srcset")).toBe(
      [300, 768, 1024].map((w) => `${wpImage().variants.find((v) => v.width === w)!.url} ${w}w`).join(", ") + `, ${wpImage().url} 1200w`,
    );
    expect(img.attr("sizes")).toBe("(max-width: 1200px) 100vw, 1200px");
    expect(img.attr("style")).toBe("max-width:100%;height:auto");
    expect(figure.children("figcaption").attr("class")).toBe("wp-element-caption");
    expect(figure.children("figcaption").html()).toBe("Fresh <em>beans</em>");
  });

  it("Ghost: the image card, Ghost's column in sizes, and no inline style (Ghost drops it)", () => {
    const ghost: PlacedImage = {
      url: "https://ghost.example.com/content/images/2026/11/beans.png",
      remoteId: null,
      width: 1200,
      height: 630,
      variants: [
        { url: "https://ghost.example.com/content/images/size/w600/2026/11/beans.png", width: 600, height: 315 },
        { url: "https://ghost.example.com/content/images/size/w1000/2026/11/beans.png", width: 1000, height: 525 },
      ],
    };
    const $ = cheerio.load(placeImages(`<p><img src="${LOCAL}" alt="Beans"></p><p>Text</p>`, placed(ghost), "ghost"), null, false);
    expect($("figure").attr("class")).toBe("kg-card kg-image-card");
    expect($("p").length).toBe(1);
    const img = $("figure img");
    expect(img.attr("class")).toBe("kg-image");
    expect(img.attr("srcset")).toContain("/size/w600/");
    expect(img.attr("sizes")).toBe("(min-width: 720px) 720px");
    expect(img.attr("style")).toBeUndefined();
  });

  it("plain HTML: a bare image becomes a figure with its size and the column's limit; a link around it stays", () => {
    const image: PlacedImage = { url: "https://cdn.example.com/a.png", remoteId: null, width: 800, height: 600, variants: [] };
    const html = placeImages(
      `<h2>Hi</h2><img src="${LOCAL}" alt=""><p><a href="https://x.example"><img src="${LOCAL}" alt="x"></a></p>`,
      placed(image),
      "html",
    );
    const $ = cheerio.load(html, null, false);
    expect($("figure").length).toBe(2);
    expect($("figure").first().children("img").attr("width")).toBe("800");
    expect($("figure").first().children("img").attr("srcset")).toBeUndefined();
    expect($("figure").last().children("a").attr("href")).toBe("https://x.example");
    expect($("figure").last().find("a > img").attr("style")).toBe("max-width:100%;height:auto");
  });

  it("sizes an image inside running text in place, and leaves an unknown image's own address", () => {
    const html = placeImages(
      `<p>An icon <img src="https://elsewhere.example/i.png" alt="i" width="20" height="20"> inline.</p>`,
      new Map(),
      "html",
    );
    const $ = cheerio.load(html, null, false);
    expect($("figure").length).toBe(0);
    expect($("p img").attr("src")).toBe("https://elsewhere.example/i.png");
    expect($("p img").attr("width")).toBe("20");
    expect($("p").text()).toBe("An icon  inline.");
  });

  it("makes no srcset from a single size", () => {
    expect(srcsetOf({ url: "u", remoteId: null, width: 10, height: 10, variants: [] })).toBe("");
  });
});

describe("the platforms' sizes", () => {
  it("takes WordPress's sizes of the image's own shape, narrower than it, leaving the square thumbnail out", () => {
    const url = (n: string) => `https://blog.example.com/wp-content/uploads/2026/11/jar-${n}.png`;
    const details = {
      width: 1200,
      height: 630,
      sizes: {
        thumbnail: { source_url: url("150x150"), width: 150, height: 150 },
        medium: { source_url: url("300x158"), width: 300, height: 158 },
        large: { source_url: url("1024x538"), width: 1024, height: 538 },
        full: { source_url: url("full"), width: 1200, height: 630 },
      },
    };
    expect(wordpressVariants(details)).toEqual([
      { url: url("300x158"), width: 300, height: 158 },
      { url: url("1024x538"), width: 1024, height: 538 },
    ]);
    expect(wordpressVariants({ width: 1, height: 1, sizes: {} })).toEqual([]);
    expect(wordpressVariants(undefined)).toEqual([]);
  });

  it("scales by URL only below the image's width, keeping its shape", () => {
    expect(scaledVariants(1200, 630, [600, 1000, 1600], (w) => `u?w=${w}`)).toEqual([
      { url: "u?w=600", width: 600, height: 315 },
      { url: "u?w=1000", width: 1000, height: 525 },
    ]);
    expect(scaledVariants(null, 630, [600], (w) => `${w}`)).toEqual([]);
  });
});

describe("what is left alone", () => {
  it("keeps a figure with more than an image and its caption as it is, sizing the image in place", () => {
    const image: PlacedImage = { url: "https://cdn.example.com/a.png", remoteId: null, width: 800, height: 600, variants: [] };
    const html = placeImages(`<figure><img src="${LOCAL}" alt="a"><p>A note</p></figure>`, placed(image), "html");
    const $ = cheerio.load(html, null, false);
    expect($("figure > p").text()).toBe("A note");
    expect($("figure > img").attr("width")).toBe("800");
  });
});
