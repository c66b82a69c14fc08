// npm run audit:lighthouse — Lighthouse (mobile defaults, simulated throttling)
// against the built server with Debian's Chromium; prints the four category
// scores per public page, and per hosted-blog page in each theme, and the
// audits that cost points.
// Expects `npm run build` to have run; starts the built server itself.
// `-- --blog` audits the hosted blog's pages only.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { marketingPages, toolPages } from "#app/modules/site-content/public-pages";
import { AUDITED_THEMES, seedAuditBlog } from "./lib/blog-audit";
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
const rows: string[][] = [["page", "Perf", "A11y", "BP", "SEO"]];
const notes: string[] = [];
let audited = 0;

/** Audits one page into the table; true when it meets `goal` (the least performance score; the others must be 100). */
async function audit(url: string, label: string, goal: number) {
  const output = path.join(outDir, `report-${audited++}.json`);
  await runLighthouse(url, output);
  const report = JSON.parse(fs.readFileSync(output, "utf8")) as LighthouseReport;
  const scores = CATEGORIES.map((id) => Math.round((report.categories[id]?.score ?? 0) * 100));
  rows.push([label, ...scores.map(String)]);
  for (const id of CATEGORIES) {
    for (const ref of report.categories[id]?.auditRefs ?? []) {
      const found = report.audits[ref.id];
      if (!found || ref.weight === 0 || found.score === null || found.score >= 1) continue;
      if (found.scoreDisplayMode === "informative" || found.scoreDisplayMode === "manual") continue;
      notes.push(`  ${label} [${id}] ${found.title} (${found.score})`);
    }
  }
  const [perf, ...rest] = scores;
  return perf! >= goal && rest.every((s) => s === 100);
}

try {
  const candidates = [...marketingPages.map((p) => p.path), "/blog/how-to-write-seo-blog-posts-that-rank", ...toolPages.map((p) => p.path)];
  let publicBelow = 0;
  for (const pathname of process.argv.includes("--blog") ? [] : candidates) {
    const response = await fetch(server.url + pathname);
    await response.arrayBuffer();
    // Tool pages that do not exist (yet) are skipped rather than audited as 404s.
    if (response.ok && !(await audit(server.url + pathname, pathname, 95))) publicBelow++;
  }
  // The hosted blog is what customers' readers see: its index and a post in every theme, held to 100 everywhere.
  const blog = await seedAuditBlog(server);
  let blogBelow = 0;
  try {
    for (const look of AUDITED_THEMES) {
      await blog.use(look);
      for (const pathname of blog.pages) if (!(await audit(server.url + pathname, `${pathname} [${look.theme}]`, 100))) blogBelow++;
    }
  } finally {
    await blog.close();
  }

  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  console.log("Lighthouse 12.8.2, mobile, simulated throttling\n");
  for (const row of rows)
    console.log(row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  "));
  if (notes.length) console.log(`\nAudits below full score:\n${notes.join("\n")}`);
  console.log(
    `\nGoal: Performance 95+, Accessibility, Best Practices and SEO 100. ${publicBelow === 0 ? "All public pages meet it." : `${publicBelow} public page(s) below goal.`}`,
  );
  console.log(
    `Hosted blog goal: 100 in all four, in every theme. ${blogBelow === 0 ? "Every blog page meets it." : `${blogBelow} blog page(s) below goal.`}`,
  );
} finally {
  await server.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
}
