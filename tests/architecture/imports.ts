import fs from "node:fs";
import path from "node:path";

/** The import graph of app/ as the source spells it, type-only imports and re-exports included. */

export const APP = path.resolve(import.meta.dirname, "../../app");

/** Every .ts/.tsx file under dir except tests and generated route types. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// `import … from`, `import type … from`, `export … from`, `export * from`, `import "x"` and `import("x")`.
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\b[^"'`;]*?\bfrom\s+["']([^"']+)["']|(?:^|[\s;])import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

/** Every import specifier of a file, resolved to a path under app/ where it points there (extension not yet resolved), else null. */
export function importsOf(file: string) {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(SPECIFIER)].map((m) => {
    const spec = m[1] ?? m[2] ?? m[3] ?? "";
    if (spec.startsWith("#app/")) return path.join(APP, spec.slice("#app/".length));
    if (spec.startsWith(".")) return path.resolve(path.dirname(file), spec);
    return null;
  });
}

const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The file a resolved specifier names, as the bundler finds it (extension, then index file); undefined outside the sources. */
function resolveFile(target: string, files: ReadonlySet<string>) {
  return CANDIDATES.map((suffix) => target + suffix).find((candidate) => files.has(candidate));
}

/** file → the files of app/ it imports. */
export function importGraph(dir = APP) {
  const files = sourceFiles(dir);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          importsOf(file)
            .filter((target): target is string => target !== null)
            .map((target) => resolveFile(target, known))
            .filter((target): target is string => target !== undefined),
        ),
      ],
    ]),
  );
}

/** Strongly connected components of more than one file, or one file importing itself: each holds at least one import circle. */
export function circles(graph: Map<string, string[]>) {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) found.push(component);
    }
  }
  return found;
}

/** One shortest circle through the first file of a component, for the failure message: a → b → … → a. */
export function oneCircle(graph: Map<string, string[]>, component: string[]) {
  const inside = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const circle = [start];
        for (let at: string | undefined = node; at && at !== start; at = cameFrom.get(at)) circle.unshift(at);
        circle.unshift(start);
        return circle;
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}
