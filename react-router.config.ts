import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs keep separate builds.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_middleware: true,
  },
} satisfies Config;
