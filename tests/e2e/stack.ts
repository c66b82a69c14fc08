// Loopback ports of the end-to-end stack, shared by the launcher and the specs.
// E2E_PORT_BASE moves the whole stack, so parallel runs do not collide.
const base = Number(process.env.E2E_PORT_BASE ?? 3211);
export const E2E_PORT = base;
export const FAKE_POSTMARK_PORT = base + 1;
export const FAKE_OIDC_PORT = base + 2;
export const TEST_SITE_PORT = base + 3;
export const FAKE_YOUTUBE_PORT = base + 5;
// Publishing destinations: each speaks its platform's protocol.
export const FAKE_WORDPRESS_PORT = base + 6;
export const FAKE_GHOST_PORT = base + 7;
export const FAKE_NOTION_PORT = base + 8;
export const FAKE_WEBHOOK_PORT = base + 9;
export const FAKE_SHOPIFY_PORT = base + 10;
export const FAKE_WIX_PORT = base + 11;
export const FAKE_WEBFLOW_PORT = base + 12;
export const FAKE_WORDPRESS_COM_PORT = base + 13;
// The Backlinks page's data provider (DataForSEO Backlinks API).
export const FAKE_DATAFORSEO_BACKLINKS_PORT = base + 14;
// Billing: the fake Stripe, which delivers its signed events to the app's webhook.
export const FAKE_STRIPE_PORT = base + 15;
// Google Search Console's API; its bearer tokens are the fake Google's (FAKE_OIDC_PORT) access tokens.
export const FAKE_SEARCH_CONSOLE_PORT = base + 16;
// IndexNow: the hosted blog's announcements land here; it fetches the blog's key file from the app to verify them.
export const FAKE_INDEXNOW_PORT = base + 19;
// A second app some specs start on their own (crash and provider tests run alone), clear of the fakes above.
export const SOLO_APP_PORT = base + 20;
// The customer's site in front of the solo app, as the blog-proxy spec runs each recipe: nginx, then a Worker.
export const PROXY_NGINX_PORT = base + 21;
export const PROXY_WORKER_PORT = base + 22;
// E2E_TOPOLOGY=replica: the primary and the read replica behind the LiteFS stand-in, which listens on E2E_PORT.
export const REPLICA_PRIMARY_PORT = base + 23;
export const REPLICA_PORT = base + 24;
// Two web processes (RUN_WORKER=false) beside the solo app as the worker process (processes.spec.ts).
export const WEB_PROCESS_PORTS = [base + 25, base + 26] as const;
export const E2E_TOPOLOGY = process.env.E2E_TOPOLOGY === "replica" ? "replica" : "single";
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

/** Fixed credentials of the publishing fakes, so the specs can type them into the connect dialog. */
export const E2E_GHOST_KEY = { id: "6489f0c2a1b2c3d4e5f60718", secret: "a".repeat(32) + "b".repeat(32) };
export const E2E_WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
export const E2E_WORDPRESS_KEY = "editor:abcd EFGH 1234 ijkl MNOP 5678";
