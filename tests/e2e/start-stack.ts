import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { lookupAccessToken, startFakeOidc } from "../fakes/oidc";
import { startFakePostmark } from "../fakes/postmark";
import { startTestSite } from "../fakes/test-site";
import { startFakeYouTube } from "../fakes/youtube";
import { startGhostFake } from "../fakes/ghost";
import { startNotionFake } from "../fakes/notion";
import { startShopifyFake } from "../fakes/shopify";
import { startWebhookReceiver } from "../fakes/webhook-receiver";
import { startWordPressFake } from "../fakes/wordpress";
import { startWebflowFake } from "../fakes/webflow";
import { startWixFake } from "../fakes/wix";
import { startWordPressComFake } from "../fakes/wordpress-com";
import { startFakeDataForSeoBacklinks } from "../fakes/dataforseo-backlinks";
import { startFakeStripe } from "../fakes/stripe";
import { startSearchConsoleFake } from "../fakes/search-console";
import { startFakeIndexNow } from "../fakes/indexnow";
import { setupProPrices } from "../../app/modules/billing/price-setup.server";
import { createStripe } from "../../app/modules/billing/stripe.server";
import {
  E2E_APP_URL,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_SECRETS,
  FAKE_OIDC_PORT,
  FAKE_POSTMARK_PORT,
  FAKE_YOUTUBE_PORT,
  E2E_GHOST_KEY,
  E2E_WEBHOOK_SECRET,
  FAKE_GHOST_PORT,
  FAKE_NOTION_PORT,
  FAKE_SHOPIFY_PORT,
  FAKE_WEBHOOK_PORT,
  FAKE_WORDPRESS_PORT,
  FAKE_WEBFLOW_PORT,
  FAKE_WIX_PORT,
  FAKE_WORDPRESS_COM_PORT,
  FAKE_DATAFORSEO_BACKLINKS_PORT,
  FAKE_STRIPE_PORT,
  FAKE_SEARCH_CONSOLE_PORT,
  FAKE_INDEXNOW_PORT,
  TEST_SITE_PORT,
  E2E_TOPOLOGY,
  fakeUrl,
} from "./stack";
import { startReplicaTopology } from "./replica-topology";

/**
 * The end-to-end stack: local fakes for outside services, then the built app in
 * production mode on a fresh data directory, configured to talk to the fakes.
 */
const dataDir = path.resolve(E2E_DATA_DIR);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

export const e2eEnv: Record<string, string> = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(E2E_PORT),
  APP_URL: E2E_APP_URL,
  DATA_DIR: dataDir,
  ...E2E_SECRETS,
  JOB_POLL_MS: "100",
  LOG_LEVEL: "warn",
};

const postmark = await startFakePostmark({ port: FAKE_POSTMARK_PORT });
e2eEnv.POSTMARK_SERVER_TOKEN = postmark.token;
e2eEnv.POSTMARK_API_URL = fakeUrl(FAKE_POSTMARK_PORT);

const oidc = await startFakeOidc({ port: FAKE_OIDC_PORT });
e2eEnv.GOOGLE_CLIENT_ID = oidc.clientId;
e2eEnv.GOOGLE_CLIENT_SECRET = oidc.clientSecret;
e2eEnv.GOOGLE_ISSUER = oidc.issuer;
// Search Console: the API checks its bearer tokens with the fake Google above (the specs arm properties through /__fake/access).
const searchConsole = await startSearchConsoleFake({
  port: FAKE_SEARCH_CONSOLE_PORT,
  isValidAccessToken: (token) => lookupAccessToken(token)?.email ?? null,
});
e2eEnv.GOOGLE_SEARCH_CONSOLE_URL = searchConsole.rootUrl;

// Generated articles search YouTube through the real client; the fake has no
// videos armed here, so it answers an empty result and articles carry no video.
const youtube = await startFakeYouTube({ port: FAKE_YOUTUBE_PORT });
e2eEnv.YOUTUBE_API_KEY = youtube.apiKey;
e2eEnv.YOUTUBE_API_URL = youtube.baseUrl;

// The website the onboarding scan reads. The SSRF guard lets exactly this
// host:port through (not the app's own port on the same loopback address).
await startTestSite({ port: TEST_SITE_PORT });

// Publishing destinations. The specs read what arrived through each fake's /__fake/* routes.
await startWordPressFake({ port: FAKE_WORDPRESS_PORT });
await startGhostFake({ port: FAKE_GHOST_PORT, adminKey: E2E_GHOST_KEY });
const notion = await startNotionFake({ port: FAKE_NOTION_PORT });
e2eEnv.NOTION_API_URL = notion.url;
await startWebhookReceiver({ port: FAKE_WEBHOOK_PORT, secret: E2E_WEBHOOK_SECRET });
const shopify = await startShopifyFake({ port: FAKE_SHOPIFY_PORT, redirectUris: [`${E2E_APP_URL}/shopify/callback`] });
e2eEnv.SHOPIFY_CLIENT_ID = shopify.clientId;
e2eEnv.SHOPIFY_CLIENT_SECRET = shopify.clientSecret;
e2eEnv.TEST_SHOPIFY_SHOP_ORIGIN = shopify.url;
const wix = await startWixFake({ port: FAKE_WIX_PORT });
Object.assign(e2eEnv, wix.env);
const webflow = await startWebflowFake({ port: FAKE_WEBFLOW_PORT });
e2eEnv.WEBFLOW_API_URL = webflow.url;
const wordpressCom = await startWordPressComFake({ port: FAKE_WORDPRESS_COM_PORT });
e2eEnv.WORDPRESS_COM_API_URL = wordpressCom.url;
e2eEnv.WORDPRESS_COM_CLIENT_ID = "84213";
e2eEnv.WORDPRESS_COM_CLIENT_SECRET = "fake-wpcom-secret-5f2c";

// Backlinks to a site come from the DataForSEO fake (the specs arm each site's data through /__fake/targets).
// Only the backlinks variables: keyword research stays without a data source here (tools.spec.ts).
const backlinks = await startFakeDataForSeoBacklinks({ port: FAKE_DATAFORSEO_BACKLINKS_PORT });
e2eEnv.DATAFORSEO_BACKLINKS_LOGIN = backlinks.login;
e2eEnv.DATAFORSEO_BACKLINKS_PASSWORD = backlinks.password;
e2eEnv.DATAFORSEO_BACKLINKS_API_URL = backlinks.url;

// Billing: the Pro prices made by the same setup `npm run stripe:setup` runs, and the fake's events signed for the app's webhook.
const stripe = await startFakeStripe({ port: FAKE_STRIPE_PORT, webhookUrl: `${E2E_APP_URL}/resources/webhooks/stripe` });
const prices = await setupProPrices(createStripe(stripe.secretKey, stripe.url));
Object.assign(e2eEnv, {
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_API_URL: stripe.url,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PRICE_MONTHLY: prices.find((p) => p.interval === "month")!.priceId,
  STRIPE_PRICE_YEARLY: prices.find((p) => p.interval === "year")!.priceId,
  STRIPE_PORTAL_FALLBACK_URL: `${stripe.url}/portal-login`,
});

// IndexNow: live hosted-blog posts are announced here (the specs read /__fake/submissions).
const indexNow = await startFakeIndexNow({ port: FAKE_INDEXNOW_PORT });
e2eEnv.INDEXNOW_URL = indexNow.endpoint;

e2eEnv.TEST_ALLOW_PRIVATE_HOSTS = [
  TEST_SITE_PORT,
  FAKE_OIDC_PORT,
  FAKE_YOUTUBE_PORT,
  FAKE_WORDPRESS_PORT,
  FAKE_GHOST_PORT,
  FAKE_NOTION_PORT,
  FAKE_WEBHOOK_PORT,
  FAKE_SHOPIFY_PORT,
  FAKE_WIX_PORT,
  FAKE_WEBFLOW_PORT,
  FAKE_WORDPRESS_COM_PORT,
  FAKE_DATAFORSEO_BACKLINKS_PORT,
  FAKE_SEARCH_CONSOLE_PORT,
  FAKE_INDEXNOW_PORT,
]
  .map((port) => `127.0.0.1:${port}`)
  .join(",");

if (E2E_TOPOLOGY === "replica") await startReplicaTopology(e2eEnv, dataDir);
else {
  const app = spawn(process.execPath, ["server/index.js"], { stdio: "inherit", env: { ...process.env, ...e2eEnv } });
  const stop = () => app.kill("SIGTERM");
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  app.on("exit", (code) => process.exit(code ?? 0));
}
