// Loopback ports of the end-to-end stack, shared by the launcher and the specs.
// E2E_PORT_BASE moves the whole stack, so parallel runs do not collide.
const base = Number(process.env.E2E_PORT_BASE ?? 3211);
export const E2E_PORT = base;
export const FAKE_POSTMARK_PORT = base + 1;
export const FAKE_OIDC_PORT = base + 2;
export const TEST_SITE_PORT = base + 3;
export const FAKE_OPENAI_PORT = base + 4;
export const FAKE_YOUTUBE_PORT = base + 5;
export const fakeUrl = (port: number) => `http://127.0.0.1:${port}`;

// The e2e app's fixed settings (tests/e2e/start-stack.ts). The specs mint
// session cookies with the same secret (tests/e2e/users.ts signIn).
export const E2E_APP_URL = fakeUrl(E2E_PORT);
export const E2E_DATA_DIR = `tests/.tmp/e2e-data-${E2E_PORT}`;
export const E2E_SECRETS = {
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  ENCRYPTION_KEY: "0".repeat(64),
  CRON_SECRET: "e2e-cron-secret",
};
