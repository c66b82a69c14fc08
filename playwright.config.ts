import { defineConfig } from "@playwright/test";
import { E2E_PORT } from "./tests/e2e/stack";

// Specs that cannot share the stack with others: mail-crash and generate-openai
// start their own app on the same spare port (and kill it), and admin ends every
// session of every user. They run one at a time after the rest. A run of chosen
// spec files (npm run test:e2e -- tests/e2e/x.spec.ts) skips that ordering, since
// Playwright would otherwise run every dependency in full first.
const ALONE = ["**/mail-crash.spec.ts", "**/generate-openai.spec.ts", "**/admin.spec.ts"];
const chosenFiles = process.argv.some((arg) => /\.spec\.ts(:\d+)*$/.test(arg));

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  // Spec files run side by side on two workers (each file's tests in order);
  // every spec makes its own users (tests/e2e/users.ts), so they do not collide.
  // E2E_WORKERS=1 runs them one at a time (a machine whose cores are busy elsewhere).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: "parallel", testIgnore: ALONE },
    { name: "alone", testMatch: ALONE, workers: 1, dependencies: chosenFiles ? [] : ["parallel"] },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
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
