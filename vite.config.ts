import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const CPU_WORKER = "cpu-worker";

/**
 * React Router names every server entry after its build file (index.js, index2.js, ...);
 * the CPU pool looks for its worker by a fixed name, so the file is renamed once written.
 */
function fixedWorkerFileName(): Plugin {
  return {
    name: "inkpilot:fixed-worker-file-name",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || chunk.name !== CPU_WORKER) continue;
        const dir = options.dir ?? path.dirname(options.file ?? "");
        fs.renameSync(path.join(dir, chunk.fileName), path.join(dir, `${CPU_WORKER}.js`));
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
  plugins: [tailwindcss(), reactRouter(), fixedWorkerFileName()],
});
