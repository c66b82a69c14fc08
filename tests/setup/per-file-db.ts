import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Each test file gets its own data directory and SQLite file (files run in
// separate processes, so module singletons such as the db are per file too).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-test-"));
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "test.sqlite");
process.env.APP_URL = "http://localhost:3000";
process.env.LOG_LEVEL = "silent";
process.env.RUN_WORKER = "false";
process.env.SEED_DEMO = "false";

afterAll(async () => {
  const { closeDb } = await import("#app/db/client.server");
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
