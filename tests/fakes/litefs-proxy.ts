import http from "node:http";
import Database from "better-sqlite3";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for what sits in front of the app on Fly with LiteFS read replicas (litefs.yml, fly.toml), for a
 * primary and a replica process on one machine (docs/decisions/080-replicas-and-processes.md):
 *
 * - Fly's proxy sends every request to the replica machine first (the worst case: a reader far from the primary),
 *   and honours `fly-replay: instance=<primary>` by sending the same request to the primary, marked with
 *   `fly-replay-src`.
 * - The replica's LiteFS proxy answers every write (any method but GET and HEAD) with `fly-replay` to the primary,
 *   and holds a read until the replica has reached the transaction in the client's `__txid` cookie (5 s at most,
 *   then 504), except for passthrough paths (static files).
 * - The primary's LiteFS proxy forwards everything and sets `__txid` to its position after each write.
 *
 * Both processes open one file here, so the data itself is never behind. The primary's position is the database's
 * own commit counter when `databasePath` is given (LiteFS's TXID advances per committed transaction, so a form post
 * that wrote nothing leaves it where it was), else one step per write request. The replica's position can be made
 * to trail the primary's by `replicaLagMs`, as LiteFS's replication does over a network: a read that carries a
 * newer `__txid` then waits for it, so the consistency cookie's wait runs. What runs for real is the routing: a write
 * never reaches the replica, the app's own `fly-replay` answers are followed, and the cookie is kept as LiteFS
 * keeps it (its HTTP proxy source, http/proxy_server.go).
 */

export type Backend = { host: string; port: number };
export type LiteFsStandInOptions = {
  port: number;
  primary: Backend;
  replica: Backend;
  /** The name the replica's `.primary` file holds and its `fly-replay` answers use. */
  primaryHostname: string;
  /** Paths LiteFS passes straight to the app, as in litefs.yml (default: its list). */
  passthrough?: RegExp[];
  /** The shared database file, whose commits are the primary's position. */
  databasePath?: string;
  /** How long after a write the replica's position reaches it (0 by default: at once). */
  replicaLagMs?: number;
  /** How long a read waits for the replica to reach its `__txid` before a 504 (LiteFS: 5 s). */
  pollTimeoutMs?: number;
};

export type LiteFsTraffic = {
  readsOnReplica: number;
  writesOnPrimary: number;
  replayedReads: number;
  /** Reads that waited for the replica to reach the client's last write. */
  waitedReads: number;
  passthrough: number;
  /** Reads the replica failed with a 5xx: a GET that tried to write there fails on its read-only database. */
  replicaFailures: string[];
};

/** Where the stand-in answers with its traffic counts, for the suite's last check (tests/e2e/replica-teardown.ts). */
export const TRAFFIC_PATH = "/__litefs/traffic";

const TXID_COOKIE = "__txid";
const COOKIE_MAX_AGE_S = 5 * 60;
const POLL_TIMEOUT_MS = 5_000;
const DEFAULT_PASSTHROUGH = [/\.ico$/, /\.svg$/, /\.png$/, /\.css$/, /\.js$/];
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer"]);

const formatTxid = (txid: number) => txid.toString(16).padStart(16, "0");

function cookieTxid(cookieHeader: string | undefined) {
  const match = new RegExp(`(?:^|;\\s*)${TXID_COOKIE}=([0-9a-f]{16})`).exec(cookieHeader ?? "");
  return match ? parseInt(match[1]!, 16) : 0;
}

function readBody(req: http.IncomingMessage) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function forwardedHeaders(req: http.IncomingMessage, extra: Record<string, string>) {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_HEADERS.has(name) && value !== undefined) headers[name] = value;
  const client = req.socket.remoteAddress ?? "127.0.0.1";
  headers["x-forwarded-for"] = req.headers["x-forwarded-for"] ? `${String(req.headers["x-forwarded-for"])}, ${client}` : client;
  return { ...headers, ...extra };
}

/** Sends one request to a backend; resolves with its answer, its body not yet read. */
function send(backend: Backend, req: http.IncomingMessage, body: Buffer | null, extra: Record<string, string> = {}) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const headers = forwardedHeaders(req, extra);
    if (body) headers["content-length"] = String(body.length);
    const out = http.request({ host: backend.host, port: backend.port, method: req.method, path: req.url, headers }, resolve);
    out.on("error", reject);
    out.end(body ?? undefined);
  });
}

function relay(answer: http.IncomingMessage, res: http.ServerResponse, setCookie?: string) {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(answer.headers)) if (!HOP_HEADERS.has(name) && value !== undefined) headers[name] = value;
  if (setCookie) {
    const given = headers["set-cookie"];
    headers["set-cookie"] = [...(Array.isArray(given) ? given : given ? [String(given)] : []), setCookie];
  }
  res.writeHead(answer.statusCode ?? 502, headers);
  answer.pipe(res);
  // A client that leaves (an event stream closed) ends the backend's answer too.
  res.on("close", () => answer.destroy());
}

/**
 * How many transactions other connections have committed to the file since this one opened it: SQLite's
 * `PRAGMA data_version` moves on each commit by another connection, as LiteFS's TXID does on the primary.
 */
function commitCounter(databasePath: string) {
  const connection = new Database(databasePath, { readonly: true, fileMustExist: true });
  const version = connection.prepare("PRAGMA data_version").pluck();
  return { read: () => Number(version.get()), close: () => connection.close() };
}

export async function startLiteFsStandIn(options: LiteFsStandInOptions) {
  const passthrough = options.passthrough ?? DEFAULT_PASSTHROUGH;
  const { replicaLagMs = 0, pollTimeoutMs = POLL_TIMEOUT_MS } = options;
  const traffic: LiteFsTraffic = {
    readsOnReplica: 0,
    writesOnPrimary: 0,
    replayedReads: 0,
    waitedReads: 0,
    passthrough: 0,
    replicaFailures: [],
  };
  // The replica reaches each position of the primary replicaLagMs later.
  const commits = options.databasePath ? commitCounter(options.databasePath) : null;
  let primaryTxid = commits?.read() ?? 1;
  let replicaTxid = primaryTxid;
  const replicate = (txid: number) => {
    const reach = () => (replicaTxid = Math.max(replicaTxid, txid));
    if (replicaLagMs > 0) setTimeout(reach, replicaLagMs).unref();
    else reach();
  };

  async function waitForReplica(wanted: number) {
    if (replicaTxid >= wanted) return true;
    traffic.waitedReads += 1;
    const until = Date.now() + pollTimeoutMs;
    while (replicaTxid < wanted) {
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return true;
  }

  const replayTarget = (answer: http.IncomingMessage) => {
    const header = answer.headers["fly-replay"];
    if (!header) return null;
    const instance = /(?:^|[;,\s])instance=([^;,\s]+)/.exec(String(header))?.[1];
    if (instance !== options.primaryHostname) throw new Error(`fly-replay to an unknown instance: ${String(header)}`);
    return options.primary;
  };
  const replaySource = () => ({ "fly-replay-src": `instance=replica;region=local;t=${Date.now() * 1000}` });

  async function serveWrite(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req);
    // The replica's LiteFS proxy answers fly-replay; Fly's proxy sends the request to the primary.
    traffic.writesOnPrimary += 1;
    const answer = await send(options.primary, req, body, replaySource());
    primaryTxid = commits ? Math.max(primaryTxid, commits.read()) : primaryTxid + 1;
    replicate(primaryTxid);
    const cookie = `${TXID_COOKIE}=${formatTxid(primaryTxid)}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly`;
    relay(answer, res, cookie);
  }

  async function serveRead(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!;
    if (passthrough.some((pattern) => pattern.test(path))) {
      traffic.passthrough += 1;
      return relay(await send(options.replica, req, null), res);
    }
    if (!(await waitForReplica(cookieTxid(req.headers.cookie)))) {
      res.writeHead(504, { "content-type": "text/plain" }).end("Proxy timeout");
      return;
    }
    traffic.readsOnReplica += 1;
    const answer = await send(options.replica, req, null);
    if ((answer.statusCode ?? 0) >= 500) traffic.replicaFailures.push(`${req.method} ${path} ${answer.statusCode}`);
    const target = replayTarget(answer);
    if (!target) return relay(answer, res);
    answer.resume();
    traffic.replayedReads += 1;
    relay(await send(target, req, null, replaySource()), res);
  }

  const server = http.createServer((req, res) => {
    if (req.url === TRAFFIC_PATH) return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(traffic));
    const serve = req.method === "GET" || req.method === "HEAD" ? serveRead : serveWrite;
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`Proxy error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    traffic,
    close: () =>
      new Promise<void>((resolve) => {
        commits?.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
