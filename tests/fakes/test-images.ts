import { Resvg } from "@resvg/resvg-js";

/** A real PNG of the given size (a flat colour), for tests that need an image's width and height to travel. */
export function pngOf(width: number, height: number, colour = "#6b4f2a") {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/></svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}
