import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// scripts/ensure-chromium.sh runs first in `npm test` and `npm run test:e2e`.
const SCRIPT = path.resolve("scripts/ensure-chromium.sh");
const isRoot = process.getuid?.() === 0;
const hasSetpriv = spawnSync("sh", ["-c", "command -v setpriv"]).status === 0;

function run(env: Record<string, string>, { asNobody = false } = {}) {
  const command = asNobody && isRoot ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sh", SCRIPT] : ["sh", SCRIPT];
  const result = spawnSync(command[0]!, command.slice(1), { env: { ...process.env, ...env }, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("scripts/ensure-chromium.sh", () => {
  it("says nothing and goes on when Chromium is there", () => {
    expect(run({ CHROMIUM_PATH: "/bin/sh" })).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it.skipIf(isRoot && !hasSetpriv)("stops at once with one line naming the command when it is missing and the user is not root", () => {
    const result = run({ CHROMIUM_PATH: "/nonexistent/chromium" }, { asNobody: true });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "Chromium is missing at /nonexistent/chromium: run 'sudo apt-get update && sudo apt-get install -y chromium', then run the tests again.\n",
    );
  });

  it.skipIf(!isRoot)("installs it with apt-get when run as root", () => {
    // A stand-in apt-get on PATH records its calls and "installs" the browser.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-chromium-"));
    const browser = path.join(dir, "chromium");
    fs.writeFileSync(
      path.join(dir, "apt-get"),
      `#!/bin/sh\necho "apt-get $*" >> ${dir}/calls\n[ "$1" = install ] && printf '#!/bin/sh\\n' > ${browser} && chmod +x ${browser}\nexit 0\n`,
      { mode: 0o755 },
    );
    try {
      const result = run({ CHROMIUM_PATH: browser, PATH: `${dir}:${process.env.PATH}` });
      expect(result.status).toBe(0);
      expect(fs.readFileSync(path.join(dir, "calls"), "utf8")).toBe("apt-get update\napt-get install -y chromium\n");
      expect(fs.existsSync(browser)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
