import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Size rules of docs/decisions/025-route-map-and-folder-layout.md: a screen's
 * parts beside its route stay small enough to read in one sitting; a file that
 * grows past the limit splits along a seam of the screen (a panel, a dialog,
 * the actions) rather than into numbered halves. Route modules have their own,
 * lower limit in layers.test.ts.
 */

const ROUTES = path.resolve(import.meta.dirname, "../../app/routes");
const BESIDE_ROUTES_MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("sizes", () => {
  test(`no file under app/routes is over ${BESIDE_ROUTES_MAX_LINES} lines`, () => {
    const long = sourceFiles(ROUTES)
      .map((file) => ({ file, lines: fs.readFileSync(file, "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines > BESIDE_ROUTES_MAX_LINES)
      .map(({ file, lines }) => `${path.relative(ROUTES, file)}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
