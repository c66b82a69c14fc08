import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * Comments point into docs/ (a decision record or docs/product.md), which a reader of the repository can open;
 * never at an issue number or the specification outside it (docs/decisions/055).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIRS = ["app", "server", "scripts", "tests", "migrations"];
const OUTSIDE_REFERENCE = /\b[Ii]ssues? #?\d+|\bspec 00\d\b|\bintegrations\.md\b|(?<!docs\/)\bdecisions\.md\b/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "+types", "generated"].includes(entry.name) ? [] : files(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

test("no source file cites an issue number or the specification outside the repository", () => {
  const self = path.resolve(import.meta.filename);
  const citing = DIRS.flatMap((dir) => files(path.join(ROOT, dir)))
    .filter((file) => file !== self)
    .flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${path.relative(ROOT, file)}:${i + 1}` }))
        .filter(({ line }) => OUTSIDE_REFERENCE.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
  expect(citing).toEqual([]);
});
