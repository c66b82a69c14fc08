import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The AI layer's shape (docs/decisions/021-ai-interfaces.md): no import cycle
 * inside app/modules/ai, types.ts imports no implementation, and only
 * client.server.ts builds OpenAI SDK clients.
 */

const AI_DIR = path.resolve("app/modules/ai");
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The AI modules a file imports, by file name (relative and #app/modules/ai/ specifiers). */
function aiImports(file: string) {
  const out: string[] = [];
  for (const [, spec] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = spec!.startsWith("./")
      ? spec!.slice(2)
      : spec!.startsWith("#app/modules/ai/")
        ? spec!.slice("#app/modules/ai/".length)
        : null;
    if (target) out.push(`${target}.ts`);
  }
  return out;
}

test("no import cycle inside app/modules/ai", () => {
  const graph = new Map(sources(AI_DIR).map((f) => [path.basename(f), aiImports(f)]));
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      cycles.push([...trail.slice(trail.indexOf(file)), file].join(" → "));
      return;
    }
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  expect(cycles).toEqual([]);
  expect(graph.get("types.ts")).toEqual([]);
});

test("only the client factory constructs the OpenAI SDK", () => {
  const constructing = sources(path.resolve("app"))
    .filter((f) => /new OpenAI\(/.test(fs.readFileSync(f, "utf8")))
    .map((f) => path.relative(process.cwd(), f));
  expect(constructing).toEqual(["app/modules/ai/client.server.ts"]);
});
