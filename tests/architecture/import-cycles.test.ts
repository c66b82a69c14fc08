import path from "node:path";
import { describe, expect, test } from "vitest";
import { APP, circles, importGraph, oneCircle } from "./imports";

/**
 * No import circle in app/, type-only imports included: an area that needs another's reaction
 * registers it at a composition root (app/worker/) instead of importing back
 * (docs/decisions/025-route-map-and-folder-layout.md). The same check by hand:
 * npx madge --circular --extensions ts,tsx --ts-config tsconfig.json app
 */

describe("import graph", () => {
  const graph = importGraph();

  test("sees the app's imports, type-only ones and re-exports included", () => {
    const of = (file: string) => (graph.get(path.join(APP, file)) ?? []).map((to) => path.relative(APP, to));
    expect(graph.size).toBeGreaterThan(400);
    // A type-only import and an index file resolved from a folder's name.
    expect(of("modules/jobs/queue.server.ts")).toContain("db/schema.ts");
    expect(of("modules/demo/seed.server.ts")).toContain("modules/demo/articles/index.ts");
  });

  test("has no circle", () => {
    const found = circles(graph).map((component) =>
      oneCircle(graph, component)
        .map((file) => path.relative(APP, file))
        .join(" -> "),
    );
    expect(found).toEqual([]);
  });
});
