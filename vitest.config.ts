import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "tests/**/*.test.ts", "server/**/*.test.ts"],
    setupFiles: ["./tests/setup/per-file-db.ts", "./tests/setup/console-error.ts"],
    pool: "forks",
    testTimeout: 20_000,
  },
});
