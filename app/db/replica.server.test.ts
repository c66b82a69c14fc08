import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { isReplica, primaryHostname, replayOnPrimary, replayReason, requirePrimary, withReplayScope } from "./replica.server";

const saved = process.env.LITEFS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.LITEFS_DIR;
  else process.env.LITEFS_DIR = saved;
  resetEnvForTests();
});

function onLiteFs(primary: string | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-litefs-"));
  if (primary) fs.writeFileSync(path.join(dir, ".primary"), `${primary}\n`);
  process.env.LITEFS_DIR = dir;
  resetEnvForTests();
  return dir;
}

describe("the machine's database role", () => {
  it("is the primary without LiteFS, and without a .primary file", () => {
    delete process.env.LITEFS_DIR;
    resetEnvForTests();
    expect(isReplica()).toBe(false);
    onLiteFs(null);
    expect(isReplica()).toBe(false);
    expect(replayOnPrimary("anything")).toBe(false);
  });

  it("is a replica when LiteFS names the primary, and asks for the request's replay there", () => {
    onLiteFs("machine-7f3a");
    expect(primaryHostname()).toBe("machine-7f3a");
    withReplayScope(() => {
      expect(replayReason()).toBeUndefined();
      expect(replayOnPrimary("session renewal")).toBe(true);
      expect(replayOnPrimary("a second reason")).toBe(true);
      expect(replayReason()).toBe("session renewal");
    });
    // Nothing outside a request could be replayed.
    expect(() => replayOnPrimary("a job")).toThrow(/outside a request/);
  });

  it("stops a loader that must run on the primary before it does anything", () => {
    onLiteFs("machine-7f3a");
    withReplayScope(() => {
      expect(() => requirePrimary("an OAuth callback")).toThrow();
      expect(replayReason()).toBe("an OAuth callback");
    });
  });
});
