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

const APP = path.resolve(import.meta.dirname, "../../app");
const ROUTES = path.join(APP, "routes");
const BESIDE_ROUTES_MAX_LINES = 300;
const APP_MAX_LINES = 500;
/** Data, not logic: a word list and the database's hand-written types (docs/decisions/023). */
const DATA_FILES = ["modules/auth/common-passwords.server.ts", "db/schema.ts"];

const lineCount = (file: string) => fs.readFileSync(file, "utf8").trimEnd().split("\n").length;

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
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > BESIDE_ROUTES_MAX_LINES)
      .map(({ file, lines }) => `${path.relative(ROUTES, file)}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  test(`no file under app/ is over ${APP_MAX_LINES} lines, data aside`, () => {
    const long = sourceFiles(APP)
      .filter((file) => !DATA_FILES.includes(path.relative(APP, file)))
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > APP_MAX_LINES)
      .map(({ file, lines }) => `${path.relative(APP, file)}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
