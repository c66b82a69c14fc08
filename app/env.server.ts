import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The one place that reads process.env. Parsed once at boot; a bad or missing
 * variable stops the server with a message naming every problem at once.
 */

/** A comma-separated list, trimmed and lower-cased, empty entries dropped. */
const commaList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1"));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: optionalString,
  APP_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_PATH: optionalString,
  // The LiteFS mount: a replica has $LITEFS_DIR/.primary naming the primary (app/db/replica.server.ts).
  LITEFS_DIR: optionalString,

  SESSION_SECRET: optionalString,
  ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, "must be 64 hexadecimal characters (32 bytes)")
      .optional(),
  ),
  CRON_SECRET: optionalString,

  RUN_WORKER: booleanFlag(true),
  RUN_CRON: booleanFlag(true),
  SEED_DEMO: booleanFlag(true),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  JOB_POLL_MS: z.coerce.number().int().min(10).default(1000),

  MAIL_FROM: z.string().default("Inkpilot <support@inkpilot.app>"),
  SUPPORT_EMAIL: z.string().default("support@inkpilot.app"),
  POSTMARK_SERVER_TOKEN: optionalString,
  POSTMARK_API_URL: z.url().default("https://api.postmarkapp.com"),
  // After a send that got no answer, how long a retry waits for Postmark's message search to show it before sending again.
  POSTMARK_SEARCH_SETTLE_MS: z.coerce.number().int().min(0).default(30_000),

  // Billing (decision 042). Without a secret key the product runs without billing; `npm run stripe:setup` makes the prices.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_API_URL: z.url().default("https://api.stripe.com"),
  // The webhook endpoint's signing secret (whsec_...): /resources/webhooks/stripe refuses events without it.
  STRIPE_WEBHOOK_SECRET: optionalString,
  // The price ids `npm run stripe:setup` prints (decision 042): prices come from configuration, never from code.
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  // The billing portal's no-code login link (Stripe Dashboard → Customer portal), opened when a portal session fails.
  STRIPE_PORTAL_FALLBACK_URL: optionalUrl,

  // Contact sync: a HubSpot private app's access token (scope crm.objects.contacts.write); none sends nothing.
  HUBSPOT_ACCESS_TOKEN: optionalString,
  HUBSPOT_API_URL: z.url().default("https://api.hubapi.com"),

  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  OPENAI_IMAGE_MODEL: z.string().default("gpt-image-1-mini"),
  OPENAI_EMBEDDING_MODEL: z.string().default("text-embedding-3-small"),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_URL: z.url().default("https://www.googleapis.com/youtube/v3"),

  // Keyword data for the keyword research tool (DataForSEO); without it no figures are shown.
  DATAFORSEO_LOGIN: optionalString,
  DATAFORSEO_PASSWORD: optionalString,
  DATAFORSEO_API_URL: z.url().default("https://api.dataforseo.com"),
  // The Backlinks page's data (DataForSEO Backlinks API) uses the account above; these override it for
  // backlinks only (another account, or the local fake in the e2e stack, which has no keyword data).
  DATAFORSEO_BACKLINKS_LOGIN: optionalString,
  DATAFORSEO_BACKLINKS_PASSWORD: optionalString,
  DATAFORSEO_BACKLINKS_API_URL: optionalUrl,

  // Where hosted-blog URLs are announced with IndexNow (shared by Bing, Yandex, Seznam, Naver); the fake's address in tests.
  INDEXNOW_URL: z.url().default("https://api.indexnow.org/indexnow"),

  // Custom domains for hosted blogs (docs/decisions/076-blog-custom-domains.md): certificates through Fly's Machines
  // API; the fake's address in tests. Without FLY_API_TOKEN and FLY_APP_NAME, domains can be checked but not served.
  FLY_API_URL: z.url().default("https://api.machines.dev"),
  FLY_API_TOKEN: optionalString,
  FLY_APP_NAME: optionalString,
  // What a customer's domain points at: the CNAME target (default <FLY_APP_NAME>.fly.dev) and, for an apex domain,
  // the app's IPv4 and IPv6 addresses (comma-separated; `fly ips list`).
  CUSTOM_DOMAIN_TARGET: optionalString,
  CUSTOM_DOMAIN_IPV4: optionalString,
  CUSTOM_DOMAIN_IPV6: optionalString,
  // DNS servers the records are checked against (host:port, comma-separated); the system's resolvers when unset.
  DNS_SERVERS: optionalString,

  // Notion API base URL (publishing to a Notion database); the fake's address in tests.
  NOTION_API_URL: z.url().default("https://api.notion.com"),
  // Webflow Data API host (without /v2), for publishing to a Webflow CMS collection; the fake's address in tests.
  WEBFLOW_API_URL: z.url().default("https://api.webflow.com"),

  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  // Google Search Console API root (search analytics, sitemaps, URL inspection); the fake's address in tests.
  GOOGLE_SEARCH_CONSOLE_URL: z.url().default("https://searchconsole.googleapis.com/"),

  // Shopify public app (Partner dashboard → app → Client credentials). Connecting a
  // store is OAuth only: merchants can no longer make custom apps to paste a token.
  SHOPIFY_CLIENT_ID: optionalString,
  SHOPIFY_CLIENT_SECRET: optionalString,
  // After rotating the client secret, Shopify may sign webhooks with the old one for a while.
  SHOPIFY_PREVIOUS_CLIENT_SECRET: optionalString,
  // The app credentials of Shopify, WordPress.com and Wix may instead be saved by an operator on
  // /dashboard/admin/integration-settings; when set here, these win (app-credentials.server.ts).
  // The one pinned Admin API version (quarterly releases, each supported at least 12 months).
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, "must look like 2026-10")
    .default("2026-10"),

  // Wix app (Wix Dev Center → app → OAuth): the app id and secret mint a token per
  // installed site (client-credentials with the instance id). Connecting Wix is the
  // app's install flow; there is no "paste a key" path.
  WIX_APP_ID: optionalString,
  WIX_APP_SECRET: optionalString,
  WIX_API_URL: z.url().default("https://www.wixapis.com"),
  WIX_INSTALLER_URL: z.url().default("https://www.wix.com/installer/install"),
  // WordPress.com OAuth app (developer.wordpress.com/apps): connecting sites hosted on WordPress.com.
  WORDPRESS_COM_CLIENT_ID: optionalString,
  WORDPRESS_COM_CLIENT_SECRET: optionalString,
  // WordPress.com API and OAuth origin; the local fake's address in tests.
  WORDPRESS_COM_API_URL: z.url().default("https://public-api.wordpress.com"),

  // Object storage for pictures (docs/decisions/079): with BUCKET_NAME set, the image store keeps its files in
  // this S3-compatible bucket instead of DATA_DIR/uploads. The names are the ones `fly storage create` sets (Tigris).
  BUCKET_NAME: optionalString,
  // The S3 endpoint (https://fly.storage.tigris.dev on Fly); unset, Amazon S3 in AWS_REGION.
  AWS_ENDPOINT_URL_S3: optionalUrl,
  // "auto" for Tigris; unset, "auto" with an endpoint and us-east-1 without one.
  AWS_REGION: optionalString,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  // Path-style addressing (http://host/bucket/key) for local fakes and servers without bucket subdomains.
  S3_FORCE_PATH_STYLE: booleanFlag(false),

  // Database backups into the object store (docs/decisions/081-backups-you-can-restore.md); unset, on exactly when a
  // bucket is configured (on the disk they would share the database's volume).
  BACKUP_ENABLED: z.enum(["true", "false", "1", "0", ""]).optional(),
  // A new base (the whole database, gzipped) once the chain's base is this old.
  BACKUP_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  // How often the pages changed since the last point are saved, when the database changed; 0: bases only.
  BACKUP_INCREMENTAL_MS: z.coerce.number().int().min(0).default(60_000),
  // Days the first base of each UTC day is kept; every point of the last 24 hours always is.
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),

  OPERATOR_EMAILS: commaList,
  // Test-only: hosts the outbound SSRF guard lets through although they are private
  // (the local test site). Refused in production.
  TEST_ALLOW_PRIVATE_HOSTS: commaList,
  // Test-only: every https://{shop}.myshopify.com request goes to this origin instead,
  // the shop travelling as the first path segment (the local Shopify fake). Refused in production.
  TEST_SHOPIFY_SHOP_ORIGIN: optionalUrl,
});

export type Env = ReturnType<typeof resolveEnv>;

type DevSecrets = { SESSION_SECRET: string; ENCRYPTION_KEY: string; CRON_SECRET: string };

function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, "dev-secrets.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as DevSecrets;
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets: DevSecrets = {
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    CRON_SECRET: crypto.randomBytes(24).toString("hex"),
  };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function resolveEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);

  if (env.BUCKET_NAME && !(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY)) {
    problems.push("AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: required when BUCKET_NAME is set");
  }
  if (isProduction) {
    for (const name of ["SESSION_SECRET", "ENCRYPTION_KEY", "CRON_SECRET", "APP_URL"] as const) {
      if (!env[name]) problems.push(`${name}: required when NODE_ENV=production`);
    }
    // The end-to-end stack runs the production build on loopback with a local
    // test site; a real deployment (public APP_URL) may never open the SSRF guard.
    const appHost = env.APP_URL ? new URL(env.APP_URL).hostname : "";
    const localStack = ["127.0.0.1", "localhost", "[::1]"].includes(appHost);
    if (env.TEST_ALLOW_PRIVATE_HOSTS.length > 0 && !localStack) {
      problems.push("TEST_ALLOW_PRIVATE_HOSTS: must not be set when NODE_ENV=production");
    }
    if (env.TEST_SHOPIFY_SHOP_ORIGIN && !localStack) {
      problems.push("TEST_SHOPIFY_SHOP_ORIGIN: must not be set when NODE_ENV=production");
    }
    if (env.SHOPIFY_CLIENT_ID && !env.SHOPIFY_CLIENT_SECRET) {
      problems.push("SHOPIFY_CLIENT_SECRET: required when SHOPIFY_CLIENT_ID is set");
    }
    if (env.WIX_APP_ID && !env.WIX_APP_SECRET) {
      problems.push("WIX_APP_SECRET: required when WIX_APP_ID is set");
    }
    if (env.WORDPRESS_COM_CLIENT_ID && !env.WORDPRESS_COM_CLIENT_SECRET) {
      problems.push("WORDPRESS_COM_CLIENT_SECRET: required when WORDPRESS_COM_CLIENT_ID is set");
    }
    if (env.STRIPE_SECRET_KEY && !(env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_MONTHLY && env.STRIPE_PRICE_YEARLY)) {
      problems.push("STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY: required when STRIPE_SECRET_KEY is set");
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      problems.push("GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set");
    }
  }
  if (problems.length) throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);

  const needsDevSecrets = !env.SESSION_SECRET || !env.ENCRYPTION_KEY || !env.CRON_SECRET;
  const devSecrets = needsDevSecrets ? loadOrCreateDevSecrets(dataDir) : undefined;
  const host = env.HOST ?? "127.0.0.1";

  return {
    ...env,
    isProduction,
    host,
    dataDir,
    databasePath: path.resolve(env.DATABASE_PATH ?? path.join(dataDir, "inkpilot.sqlite")),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    sessionSecrets: (env.SESSION_SECRET ?? devSecrets!.SESSION_SECRET).split(","),
    encryptionKey: env.ENCRYPTION_KEY ?? devSecrets!.ENCRYPTION_KEY,
    cronSecret: env.CRON_SECRET ?? devSecrets!.CRON_SECRET,
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID),
    aiEnabled: Boolean(env.OPENAI_API_KEY),
    keywordDataEnabled: Boolean(env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD),
    shopifyEnabled: Boolean(env.SHOPIFY_CLIENT_ID && env.SHOPIFY_CLIENT_SECRET),
    wixEnabled: Boolean(env.WIX_APP_ID && env.WIX_APP_SECRET),
    billingEnabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_MONTHLY && env.STRIPE_PRICE_YEARLY),
    objectStorage: objectStorageOf(env),
    backups: backupsOf(env),
  };
}

/** Whether and how often the database is backed up into the object store (app/modules/backup/). */
function backupsOf(env: z.output<typeof EnvSchema>) {
  const flag = env.BACKUP_ENABLED;
  const enabled = flag === undefined || flag === "" ? objectStorageOf(env).kind === "s3" : flag === "true" || flag === "1";
  return {
    enabled,
    intervalMs: env.BACKUP_INTERVAL_MS,
    incrementalMs: env.BACKUP_INCREMENTAL_MS,
    retentionDays: env.BACKUP_RETENTION_DAYS,
  };
}

/** Where the object store keeps its files (app/modules/storage/): a bucket when one is configured, else the disk. */
function objectStorageOf(env: z.output<typeof EnvSchema>) {
  if (!env.BUCKET_NAME || !env.AWS_ACCESS_KEY_ID || !env.AWS_SECRET_ACCESS_KEY) return { kind: "disk" as const };
  return {
    kind: "s3" as const,
    bucket: env.BUCKET_NAME,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION ?? (env.AWS_ENDPOINT_URL_S3 ? "auto" : "us-east-1"),
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= resolveEnv();
  return cached;
}

/** Tests change process.env between files; this drops the cached parse. */
export function resetEnvForTests() {
  cached = undefined;
}
