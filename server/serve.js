// One process of the app (server/index.js starts it, alone or as one of several): plain JavaScript so Node 20
// runs it without a TypeScript step. Development (--dev) serves through Vite with hot reload; otherwise the built
// app. SERVE_HTTP=false boots without listening: the job process beside several web processes.
import http from "node:http";
import path from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";

const development = process.argv.includes("--dev");
const root = express();
root.disable("x-powered-by");
// Hops of reverse proxies in front of us (Fly's edge, then the LiteFS proxy); false trusts none.
const trustProxy = process.env.TRUST_PROXY ?? "1";
root.set("trust proxy", trustProxy === "false" ? false : Number(trustProxy));
// Pages are compressed at zlib's cheapest level: the default (6) cost a dashboard page about a millisecond of
// main-thread CPU for a few percent fewer bytes. Static files keep the default: each is fetched once per deploy
// and then cached for a year (docs/decisions/053).
const compressPages = compression({ level: 1 });
const compressFiles = compression();
root.use((req, res, next) => (req.path.startsWith("/assets/") ? compressFiles : compressPages)(req, res, next));

let serverModule;
if (development) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  root.use(viteDevServer.middlewares);
  serverModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  root.use(async (req, res, next) => {
    try {
      const fresh = await viteDevServer.ssrLoadModule("./server/app.ts");
      fresh.createApp({ development: true })(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  serverModule = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  const nosniff = (res) => res.setHeader("X-Content-Type-Options", "nosniff");
  root.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", setHeaders: nosniff }));
  // A missing asset (a tab still on the previous deploy asks for its old chunks) is a plain 404, not a rendered
  // 404 page that nobody sees (docs/decisions/053).
  root.use("/assets", (_req, res) => {
    nosniff(res);
    res.status(404).type("text/plain").send("Not found");
  });
  root.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", setHeaders: nosniff }));
  root.use(serverModule.createApp());
}

let env;
try {
  env = await serverModule.boot();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// A supervisor (server/processes.js) starts the other processes once this one has migrated the database.
process.send?.("booted");

// Cached public pages are answered before Express (see app/modules/site-content/page-cache.server.ts).
const handler = development ? root : serverModule.withPageCache(root);
const serveHttp = process.env.SERVE_HTTP !== "false";
const server = serveHttp
  ? http.createServer(handler).listen(env.PORT, env.host, () => {
      console.log(`Inkpilot listening on http://${env.host}:${env.PORT} (${env.isProduction ? "production" : "development"})`);
    })
  : undefined;

let closing = false;
async function close(signal, exitCode = 0) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: finishing in-flight requests and the running job`);
  if (server) {
    const serverClosed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await serverClosed;
    clearTimeout(force);
  }
  await serverModule.shutdown();
  process.exit(exitCode);
}
process.on("SIGTERM", () => void close("SIGTERM"));
process.on("SIGINT", () => void close("SIGINT"));
// The machine's database role changed (server/replica.ts): stop like a deploy, but with a failure code, so the
// supervisor (LiteFS's exec, Fly's restart policy, server/processes.js) starts the process again in its new role.
process.on("SIGUSR2", () => void close("a role change", 75));
