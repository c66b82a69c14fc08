// npm run audit:lighthouse — Lighthouse (mobile defaults, simulated throttling)
// against the built server with Debian's Chromium; prints the four category
// scores per public page and the audits that cost points.
// Expects `npm run build` to have run; starts the built server itself.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { marketingPages, toolPages } from "#app/modules/site-content/public-pages";
import { startBuiltServer } from "./lib/built-server";

const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type LighthouseReport = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
};

function runLighthouse(url: string, outputPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const bin = path.resolve("node_modules/lighthouse/cli/index.js");
    const child = spawn(
      process.execPath,
      [bin, url, `--chrome-flags=${CHROME_FLAGS}`, "--output=json", `--output-path=${outputPath}`, "--quiet"],
      { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" } },
    );
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code} for ${url}`))));
  });
}

const server = await startBuiltServer();
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-lighthouse-"));
let belowGoal = 0;
try {
  const candidates = [...marketingPages.map((p) => p.path), "/blog/how-to-write-seo-blog-posts-that-rank", ...toolPages.map((p) => p.path)];
  const pages: string[] = [];
  for (const pathname of candidates) {
    const response = await fetch(server.url + pathname);
    await response.arrayBuffer();
    // Tool pages that do not exist (yet) are skipped rather than audited as 404s.
    if (response.ok) pages.push(pathname);
  }

  const header = ["page", "Perf", "A11y", "BP", "SEO"];
  const rows: string[][] = [header];
  const notes: string[] = [];
  for (const [i, pathname] of pages.entries()) {
    const output = path.join(outDir, `report-${i}.json`);
    await runLighthouse(server.url + pathname, output);
    const report = JSON.parse(fs.readFileSync(output, "utf8")) as LighthouseReport;
    const scores = CATEGORIES.map((id) => Math.round((report.categories[id]?.score ?? 0) * 100));
    rows.push([pathname, ...scores.map(String)]);
    const [perf, ...rest] = scores;
    if (perf! < 95 || rest.some((s) => s < 100)) belowGoal++;
    for (const id of CATEGORIES) {
      for (const ref of report.categories[id]?.auditRefs ?? []) {
        const audit = report.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
        if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "manual") continue;
        notes.push(`  ${pathname} [${id}] ${audit.title} (${audit.score})`);
      }
    }
  }
  const widths = header.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  console.log("Lighthouse 12.8.2, mobile, simulated throttling\n");
  for (const row of rows)
    console.log(row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  "));
  if (notes.length) console.log(`\nAudits below full score:\n${notes.join("\n")}`);
  console.log(
    `\nGoal: Performance 95+, Accessibility, Best Practices and SEO 100. ${belowGoal === 0 ? "All pages meet it." : `${belowGoal} page(s) below goal.`}`,
  );
} finally {
  await server.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
}
