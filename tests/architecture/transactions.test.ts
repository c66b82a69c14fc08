import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * One transaction idiom: inTransaction (app/db/client.server.ts), which joins the caller's transaction, so atomic
 * functions compose. Kysely refuses `.transaction()` on a transaction, so a function that opened its own could
 * never be part of a caller's (docs/decisions/023-kysely-with-hand-written-types.md).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "server", "scripts"];
/** Where a transaction may be opened directly, and why. Paths end-match, so they survive a move into a subfolder. */
const ALLOWED: Record<string, string> = {
  "app/db/client.server.ts": "inTransaction itself",
  // better-sqlite3's synchronous bulk insert of the benchmark's fixture, not a Kysely transaction.
  "scripts/bench-articles.ts": "raw better-sqlite3 bulk load",
  "scripts/bench-results.ts": "raw better-sqlite3 bulk load",
};

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" || entry.name === "node_modules" ? [] : files(full);
    return /\.(ts|tsx|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("transactions", () => {
  test("only inTransaction opens one", () => {
    const opened = SCANNED.flatMap((dir) => files(path.join(ROOT, dir)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => !Object.keys(ALLOWED).some((allowed) => file.endsWith(allowed)))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .flatMap((line, at) => (/\.(transaction|startTransaction)\(/.test(line) ? [`${file}:${at + 1}: ${line.trim()}`] : [])),
      );
    expect(opened).toEqual([]);
  });

  test("every allowance is still used", () => {
    const all = SCANNED.flatMap((dir) => files(path.join(ROOT, dir))).map((file) => path.relative(ROOT, file));
    const unused = Object.keys(ALLOWED).filter((allowed) => {
      const file = all.find((f) => f.endsWith(allowed));
      return !file || !/\.(transaction|startTransaction)\(/.test(fs.readFileSync(path.join(ROOT, file), "utf8"));
    });
    expect(unused, "an allowance nothing needs any more: remove it").toEqual([]);
  });
});
