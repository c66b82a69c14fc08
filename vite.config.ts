import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const CPU_WORKER = "cpu-worker";

/**
 * React Router names every server entry index.js, index2.js, ... in an order that follows the module graph, not
 * the input's keys; the launcher imports the app as index.js and the CPU pool looks for cpu-worker.js, so both
 * are renamed once written (the worker first: it may have taken index.js).
 */
function fixedEntryFileNames(): Plugin {
  return {
    name: "inkpilot:fixed-entry-file-names",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? "");
      const entries = Object.values(bundle).filter((chunk) => chunk.type === "chunk" && chunk.isEntry);
      for (const [name, fileName] of [
        [CPU_WORKER, `${CPU_WORKER}.js`],
        ["index", "index.js"],
      ] as const) {
        const entry = entries.find((chunk) => chunk.name === name);
        if (entry && entry.fileName !== fileName) fs.renameSync(path.join(dir, entry.fileName), path.join(dir, fileName));
      }
    },
  };
}

// The SSR bundle's entry is server/app.ts (an Express app around the React Router
// handler), so the plain-JS launcher in server/index.js can import it after a build.
// The CPU worker thread (app/modules/cpu/pool.server.ts) is a second entry beside it (cpu-worker.js).
// With the Vite Environment API (React Router's v8_viteEnvironmentApi), the SSR build is configured per environment.
export default defineConfig({
  environments: {
    ssr: { build: { rollupOptions: { input: { index: "./server/app.ts", [CPU_WORKER]: "./app/modules/cpu/worker.ts" } } } },
  },
  resolve: { tsconfigPaths: true },
  ssr: { external: ["better-sqlite3"] },
  server: { watch: { ignored: ["**/test-results*/**", "**/tests/.tmp/**", "**/build*/**", "**/data/**"] } },
  plugins: [tailwindcss(), reactRouter(), fixedEntryFileNames()],
});
