import { defineConfig } from "@playwright/test";
import { E2E_PORT } from "./tests/e2e/stack";

// Specs that cannot share the stack with others: mail-crash, generate-openai,
// blog-domain, blog-proxy and processes start their own app on the same spare port (and kill it), and admin ends every
// session of every user. They run one at a time after the rest. A run of chosen
// spec files (npm run test:e2e -- tests/e2e/x.spec.ts) skips that ordering, since
// Playwright would otherwise run every dependency in full first.
const ALONE = [
  "**/mail-crash.spec.ts",
  "**/generate-openai.spec.ts",
  "**/blog-domain.spec.ts",
  "**/blog-proxy.spec.ts",
  "**/admin.spec.ts",
  "**/admin-ops.spec.ts",
  "**/processes.spec.ts",
];
const chosenFiles = process.argv.some((arg) => /\.spec\.ts(:\d+)*$/.test(arg));
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  // One worker by default: on a 2-core machine the app, Chromium and the runner
  // already use both cores, and two workers made the suite slower and pushed the
  // longest specs past their time limit. Every spec makes its own users
  // (tests/e2e/users.ts), so E2E_WORKERS=2 runs spec files side by side on a
  // bigger machine; the specs that cannot share the stack then run after the rest.
  fullyParallel: false,
  workers: WORKERS,
  projects: [
    { name: "parallel", testIgnore: ALONE },
    { name: "alone", testMatch: ALONE, workers: 1, dependencies: chosenFiles || WORKERS === 1 ? [] : ["parallel"] },
  ],
  retries: process.env.CI ? 1 : 0,
  // A safety net, not an assertion: the longest specs (a whole screen with and
  // without JavaScript plus axe scans) take 20-30 s on a busy 2-core machine.
  timeout: 60_000,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium; scripts/ensure-chromium.sh checks it is there first.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // With E2E_TOPOLOGY=replica: fails the run when a read failed on the replica (tests/e2e/replica-teardown.ts).
  globalTeardown: "./tests/e2e/replica-teardown.ts",
  webServer: {
    // Starts the fake vendors and then the built app wired to them (tests/e2e/start-stack.ts).
    command: "npx tsx tests/e2e/start-stack.ts",
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
