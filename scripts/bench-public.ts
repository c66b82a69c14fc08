// npm run bench:public — throughput of the public pages against a bare Node
// http server returning the same bytes, and the JavaScript/CSS each page loads.
// Expects `npm run build` to have run; starts the built server itself.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as cheerio from "cheerio/slim";
import { marketingPages, toolPages } from "#app/modules/site-content/public-pages";
import { freePort, pickToolPage, startBuiltServer } from "./lib/built-server";
import { exitWhenDone } from "./lib/exit-when-done";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const REQUEST_HEADERS = { "accept-encoding": "gzip" };

type Captured = { status: number; headers: Record<string, string>; body: Buffer };

/** One raw GET (no decompression), to copy the exact bytes and headers. */
function rawGet(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: REQUEST_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [key, value] of Object.entries(res.headers)) {
            if (value === undefined || ["date", "connection", "keep-alive", "transfer-encoding", "x-request-id"].includes(key)) continue;
            headers[key] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

/** The bare server runs in its own process, like the app, so both compete with autocannon equally. */
async function startBareServer(pages: Map<string, Captured>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bare-"));
  const table: Record<string, { headers: Record<string, string>; file: string }> = {};
  let i = 0;
  for (const [pathname, page] of pages) {
    const file = path.join(dir, `page-${i++}`);
    fs.writeFileSync(file, page.body);
    table[pathname] = { headers: { ...page.headers, "content-length": String(page.body.length) }, file };
  }
  fs.writeFileSync(path.join(dir, "table.json"), JSON.stringify(table));
  const port = await freePort();
  const source = `
    import http from "node:http"; import fs from "node:fs";
    const table = JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, "table.json"))}, "utf8"));
    const pages = new Map(Object.entries(table).map(([p, v]) => [p, { headers: v.headers, body: fs.readFileSync(v.file) }]));
    http.createServer((req, res) => {
      const page = pages.get(req.url);
      if (!page) { res.statusCode = 404; res.end(); return; }
      res.writeHead(200, page.headers); res.end(page.body);
    }).listen(${port}, "127.0.0.1", () => process.send?.("ready"));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: REQUEST_HEADERS });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

/** Gzipped bytes of the scripts, module preloads and stylesheets one page loads. */
async function assetBytes(baseUrl: string, pathname: string) {
  const html = await (await fetch(baseUrl + pathname)).text();
  const $ = cheerio.load(html);
  const js = new Set<string>();
  const css = new Set<string>();
  $("script[src]").each((_, el) => void js.add($(el).attr("src")!));
  $('link[rel="modulepreload"]').each((_, el) => void js.add($(el).attr("href")!));
  $('link[rel="stylesheet"]').each((_, el) => void css.add($(el).attr("href")!));
  let inlineJs = 0;
  $("script:not([src])").each((_, el) => {
    const type = $(el).attr("type");
    if (!type || type === "module" || type === "text/javascript") inlineJs += gzipSync($(el).text()).length;
  });
  const sum = async (urls: Set<string>) => {
    let total = 0;
    for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer())).length;
    return total;
  };
  return { js: (await sum(js)) + inlineJs, css: await sum(css), files: js.size + css.size };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const app = await startBuiltServer();
let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
try {
  const toolPage = await pickToolPage(app.url);
  const benchPages = ["/", "/pricing", toolPage];

  // Warm the page cache, then copy the exact bytes the app now serves.
  const captured = new Map<string, Captured>();
  for (const pathname of benchPages) {
    for (let i = 0; i < 3; i++) await rawGet(app.url + pathname);
    const page = await rawGet(app.url + pathname);
    if (page.status !== 200) throw new Error(`${pathname} answered ${page.status}`);
    captured.set(pathname, page);
  }
  bare = await startBareServer(captured);

  console.log(`Throughput: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run, Accept-Encoding: gzip\n`);
  const rows: string[][] = [["page", "bytes sent", "app req/s", "bare req/s", "ratio", "app p99 ms"]];
  const ratios: number[] = [];
  for (const pathname of benchPages) {
    const appResult = await measure(app.url + pathname);
    const bareResult = await measure(bare.url + pathname);
    const ratio = appResult.requests.average / bareResult.requests.average;
    ratios.push(ratio);
    const page = captured.get(pathname)!;
    rows.push([
      pathname,
      `${page.body.length}${page.headers["content-encoding"] ? ` (${page.headers["content-encoding"]})` : ""}`,
      appResult.requests.average.toFixed(0),
      bareResult.requests.average.toFixed(0),
      ratio.toFixed(2),
      String(appResult.latency.p99),
    ]);
  }
  printTable(rows);
  const worst = Math.min(...ratios);
  console.log(`\nLowest ratio ${worst.toFixed(2)} (goal: at least 0.50) ${worst >= 0.5 ? "OK" : "BELOW GOAL"}\n`);

  console.log("JavaScript and CSS each public page loads (gzipped):\n");
  const assetRows: string[][] = [["page", "JS", "CSS", "files"]];
  const allPages = [...marketingPages.map((p) => p.path), "/blog/how-to-write-seo-blog-posts-that-rank", ...toolPages.map((p) => p.path)];
  let landingJs = 0;
  for (const pathname of allPages) {
    const response = await fetch(app.url + pathname);
    await response.arrayBuffer();
    if (!response.ok) {
      assetRows.push([pathname, `(answered ${response.status})`, "", ""]);
      continue;
    }
    const sizes = await assetBytes(app.url, pathname);
    if (pathname === "/") landingJs = sizes.js;
    assetRows.push([pathname, kb(sizes.js), kb(sizes.css), String(sizes.files)]);
  }
  printTable(assetRows);
  console.log(`\nLanding page JavaScript: ${kb(landingJs)} gzipped (goal: under 15 KB) ${landingJs < 15 * 1024 ? "OK" : "ABOVE GOAL"}`);
} finally {
  bare?.stop();
  await app.stop();
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? "").length)));
  for (const row of rows)
    console.log(row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  "));
}

exitWhenDone();
