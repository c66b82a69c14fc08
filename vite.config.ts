import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The SSR bundle's entry is server/app.ts (an Express app around the React Router
// handler), so the plain-JS launcher in server/index.js can import it after a build.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  ssr: { external: ["better-sqlite3"] },
  server: { watch: { ignored: ["**/test-results*/**", "**/tests/.tmp/**", "**/build*/**", "**/data/**"] } },
  plugins: [tailwindcss(), reactRouter()],
}));
