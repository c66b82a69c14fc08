import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import { startCheckpoints, type CheckpointResult } from "./checkpoints.server";

describe("WAL checkpoints outside requests", () => {
  it("copies the WAL into the database from its own thread while the writer never checkpoints", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-checkpoints-"));
    const file = path.join(dir, "wal.sqlite");
    const { sqlite, db } = openDatabase(file);
    const results: CheckpointResult[] = [];
    const stop = startCheckpoints(file, { intervalMs: 20, onResult: (r) => results.push(r) });
    try {
      sqlite.pragma("wal_autocheckpoint = 0");
      sqlite.exec("CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB)");
      const insert = sqlite.prepare("INSERT INTO pages (body) VALUES (?)");
      // About 3,000 pages of WAL: past the 1,000 at which the writer itself would have checkpointed.
      for (let i = 0; i < 300; i++) sqlite.transaction(() => insert.run(Buffer.alloc(40_000, i % 251)))();
      await expect.poll(() => results.some((r) => r.checkpointed >= 3_000 && r.checkpointed === r.log), { timeout: 5_000 }).toBe(true);
      // The data stays whole, read back through the writer's connection.
      expect(sqlite.prepare("SELECT count(*) AS n FROM pages").get()).toEqual({ n: 300 });
    } finally {
      await stop();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
