import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "#app/env.server";
import { stopForReplay } from "#app/utils/responses.server";

/**
 * Which machine this process runs on: the primary, which writes, or a LiteFS read replica, which never does
 * (docs/decisions/080-replicas-and-processes.md). LiteFS marks a replica with a `.primary` file in its mount
 * naming the primary's hostname; the primary has none. The file is read on every call, because LiteFS can move
 * the primary while a process runs (server/app.ts restarts the process when its role changes).
 *
 * A GET that needs a write on a replica does not write: it asks for the whole request to be replayed on the
 * primary (`fly-replay: instance=<primary>`, which Fly's proxy honours), through `replayOnPrimary` inside the
 * request scope that server/react-router-handler.ts opens.
 */

const PRIMARY_FILE = ".primary";

function primaryFile() {
  const dir = getEnv().LITEFS_DIR;
  return dir ? path.join(dir, PRIMARY_FILE) : null;
}

// Read at most once a second: every request asks, and the file sits on LiteFS's FUSE mount.
const ROLE_CACHE_MS = 1000;
let cached: { at: number; file: string; primary: string | null } | undefined;

function readPrimaryFile(file: string) {
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    return null;
  }
}

/** The primary's hostname when this process runs on a replica; null on the primary (or without LiteFS). */
export function primaryHostname(): string | null {
  const file = primaryFile();
  if (!file) return null;
  const now = Date.now();
  if (!cached || cached.file !== file || now - cached.at >= ROLE_CACHE_MS) cached = { at: now, file, primary: readPrimaryFile(file) };
  return cached.primary;
}

/** True on a LiteFS read replica: the database is read-only here and the worker does not run. */
export function isReplica() {
  return primaryHostname() !== null;
}

/** The header value that sends a request to the primary, as Fly's proxy and LiteFS's expect it. */
export function flyReplayTo(primary: string) {
  return `instance=${primary}`;
}

type ReplayScope = { reason?: string };
const scope = new AsyncLocalStorage<ReplayScope>();

/** Runs one request with room to ask for its replay on the primary. */
export function withReplayScope<T>(fn: () => T): T {
  return scope.run({}, fn);
}

/** Why the current request asked to be replayed on the primary, if it did. */
export function replayReason(): string | undefined {
  return scope.getStore()?.reason;
}

/**
 * For a read that needs a write: on the primary, false (write now); on a replica, marks the current request
 * to be answered with `fly-replay` instead of its page, and true (skip the write; the primary does it when the
 * request runs again there). Outside a request on a replica it throws, since nothing could replay it.
 */
export function replayOnPrimary(reason: string): boolean {
  if (!isReplica()) return false;
  const current = scope.getStore();
  if (!current) throw new Error(`A write (${reason}) was asked for outside a request on a read replica.`);
  current.reason ??= reason;
  return true;
}

/**
 * For a GET whose whole point is a write (a sign-in link, an OAuth callback): on a replica, stops the loader
 * before it does anything (a code exchanged here could not be exchanged again on the primary).
 */
export function requirePrimary(reason: string) {
  if (replayOnPrimary(reason)) stopForReplay();
}
