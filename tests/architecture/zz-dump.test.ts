import path from "node:path";
import { test } from "vitest";
import { APP, importGraph } from "./imports";

const areaOf = (file: string) => {
  const rel = path.relative(APP, file);
  if (rel.startsWith("modules/")) return rel.split("/")[1]!;
  return rel.split("/")[0]!.replace(/\.(ts|tsx)$/, "");
};
test("dump", () => {
  const graph = importGraph();
  const w = new Map<string, number>();
  const areas = new Set<string>();
  for (const [file, targets] of graph) {
    const a = areaOf(file);
    areas.add(a);
    for (const t of targets) {
      const b = areaOf(t);
      areas.add(b);
      if (a === b) continue;
      w.set(`${a}>${b}`, (w.get(`${a}>${b}`) ?? 0) + 1);
    }
  }
  // Greedy feedback-arc-set ordering (Eades et al.): sinks to the bottom, sources to the top.
  const left = new Set(areas);
  const top: string[] = [];
  const bottom: string[] = [];
  const out = (n: string) => [...left].filter((m) => m !== n && w.has(`${n}>${m}`)).length;
  const inn = (n: string) => [...left].filter((m) => m !== n && w.has(`${m}>${n}`)).length;
  while (left.size) {
    let changed = true;
    while (changed) {
      changed = false;
      for (const n of [...left])
        if (out(n) === 0) {
          bottom.unshift(n);
          left.delete(n);
          changed = true;
        }
      for (const n of [...left])
        if (inn(n) === 0) {
          top.push(n);
          left.delete(n);
          changed = true;
        }
    }
    if (!left.size) break;
    const best = [...left].sort((x, y) => out(y) - inn(y) - (out(x) - inn(x)))[0]!;
    top.push(best);
    left.delete(best);
  }
  const order = [...top, ...bottom]; // top first
  const pos = new Map(order.map((a, i) => [a, i]));
  console.log("ORDER top→bottom:", order.join(" "));
  const back = [...w].filter(([k]) => {
    const [a, b] = k.split(">");
    return pos.get(a!)! > pos.get(b!)!;
  });
  console.log("BACK", back.length, back.map(([k, n]) => `${k}(${n})`).join(" "));
});
