// npm run fakes: starts every local fake in tests/fakes/ on fixed ports from
// FAKES_PORT_BASE (default 4400), prints where each listens, the environment to
// give the app and how to connect it, and stays up until Ctrl-C.
// A new fake is one line in FAKES below (append it, so the ports of the others stay put).
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { startFakeDataForSeoBacklinks } from "#tests/fakes/dataforseo-backlinks";
import { startGhostFake } from "#tests/fakes/ghost";
import { startNotionFake } from "#tests/fakes/notion";
import { lookupAccessToken, startFakeOidc } from "#tests/fakes/oidc";
import { startFakeOpenAi } from "#tests/fakes/openai";
import { armModelWriter } from "#tests/fakes/model-writer";
import { startFakePostmark } from "#tests/fakes/postmark";
import { startWebflowFake } from "#tests/fakes/webflow";
import { startWixFake } from "#tests/fakes/wix";
import { startWordPressComFake } from "#tests/fakes/wordpress-com";
import { startShopifyFake } from "#tests/fakes/shopify";
import { startTestSite } from "#tests/fakes/test-site";
import { startWebhookReceiver } from "#tests/fakes/webhook-receiver";
import { startWordPressFake } from "#tests/fakes/wordpress";
import { startFakeYouTube } from "#tests/fakes/youtube";
import { startFakeStripe } from "#tests/fakes/stripe";
import { startFakeHubSpot } from "#tests/fakes/hubspot";
import { startFakeIndexNow } from "#tests/fakes/indexnow";
import { startSearchConsoleFake } from "#tests/fakes/search-console";
import { startFakeDns } from "#tests/fakes/dns";
import { startFakeFlyCertificates } from "#tests/fakes/fly-certificates";
import { startFakeS3 } from "#tests/fakes/s3";
import { setupProPrices } from "#app/modules/billing/price-setup.server";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { createStripe } from "#app/modules/billing/stripe.server";
import type { CmsPlatform } from "#app/db/schema";

/** Where the app runs, for the fakes that call it back (Stripe's webhook). */
const APP_URL = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");

/** What a started fake gives back; `hint` and `env` are optional, the first from the fake itself, the second from its entry. */
type Started = { url: string; close: () => Promise<void>; hint?: string };
type Fake<T extends Started = Started> = {
  name: string;
  start: (port: number) => Promise<T>;
  /** Environment the app needs to use it (besides TEST_ALLOW_PRIVATE_HOSTS, collected for all). */
  env?: (fake: T) => Record<string, string>;
  /** When the fake has no hint of its own. */
  hint?: (fake: T) => string;
};
const fake = <T extends Started>(entry: Fake<T>) => entry as unknown as Fake;

/**
 * A fake for every publishing destination but the hosted blog (the app itself), derived from the one platform list
 * (CMS_PLATFORMS, docs/decisions/072): a new platform is a type error here until its fake exists.
 */
const PLATFORM_FAKES: Record<Exclude<CmsPlatform, "hosted">, Fake> = {
  wordpress: fake({ name: "WordPress", start: (port) => startWordPressFake({ port }) }),
  ghost: fake({ name: "Ghost", start: (port) => startGhostFake({ port }) }),
  notion: fake({ name: "Notion", start: (port) => startNotionFake({ port }), env: (f) => ({ NOTION_API_URL: f.url }) }),
  webhook: fake({ name: "Webhook receiver", start: (port) => startWebhookReceiver({ port }) }),
  shopify: fake({
    name: "Shopify",
    start: (port) => startShopifyFake({ port }),
    env: (f) => ({ SHOPIFY_CLIENT_ID: f.clientId, SHOPIFY_CLIENT_SECRET: f.clientSecret, TEST_SHOPIFY_SHOP_ORIGIN: f.url }),
  }),
  wix: fake({ name: "Wix", start: (port) => startWixFake({ port }), env: (f) => f.env }),
  webflow: fake({ name: "Webflow", start: (port) => startWebflowFake({ port }), env: (f) => ({ WEBFLOW_API_URL: f.url }) }),
  wordpress_com: fake({
    name: "WordPress.com",
    start: (port) => startWordPressComFake({ port }),
    env: (f) => ({ WORDPRESS_COM_API_URL: f.url, WORDPRESS_COM_CLIENT_ID: "84213", WORDPRESS_COM_CLIENT_SECRET: "fake-wpcom-secret-5f2c" }),
  }),
};

const LISTED: Fake[] = [
  fake({
    name: "Postmark",
    start: (port) => startFakePostmark({ port }),
    env: (f) => ({ POSTMARK_SERVER_TOKEN: f.token, POSTMARK_API_URL: f.url }),
    hint: () => "Mail the app sends lands here instead of Postmark.",
  }),
  fake({
    name: "Google sign-in (OIDC)",
    start: (port) => startFakeOidc({ port }),
    env: (f) => ({ GOOGLE_CLIENT_ID: f.clientId, GOOGLE_CLIENT_SECRET: f.clientSecret, GOOGLE_ISSUER: f.issuer }),
    hint: () =>
      "'Continue with Google' signs in at once as the fake's first user, and 'Connect Google Search Console' consents as that user; /__fake/consent unticks scopes, /__fake/revoke revokes a user's grant.",
  }),
  fake({
    name: "OpenAI",
    start: async (port) => {
      const openAi = await startFakeOpenAi({ port });
      armModelWriter(openAi);
      return openAi;
    },
    env: (f) => ({ OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: f.baseURL }),
    hint: () =>
      "Articles are written the way a model writes: fluent filler first, concrete once the judge's findings come back (the judge corpus's text for its keywords, e.g. 'how to clean a burr grinder'); AI edits and images answer from canned replies.",
  }),
  fake({
    name: "YouTube",
    start: (port) => startFakeYouTube({ port }),
    env: (f) => ({ YOUTUBE_API_KEY: f.apiKey, YOUTUBE_API_URL: f.baseUrl }),
    hint: () => "Video search answers an empty result unless videos are armed.",
  }),
  fake({
    name: "DataForSEO",
    // The research fixtures (coffee roaster, pottery studio, B2B SaaS), with result URLs pointed at the fake's own pages.
    start: (port) => startFakeDataForSeo({ port, fixtures: Object.values(RESEARCH_FIXTURES), rewriteResultUrls: true }),
    env: (f) => ({ DATAFORSEO_LOGIN: f.login, DATAFORSEO_PASSWORD: f.password, DATAFORSEO_API_URL: f.url }),
    hint: () =>
      "Keyword volumes, difficulty, keyword ideas and search results (SERP live and task endpoints) come from here, answered from app/modules/research/fixtures; result pages are served under /pages/.",
  }),
  fake({
    name: "Test site",
    start: (port) => startTestSite({ port }),
    hint: (f) => `A small website to scan in onboarding: enter ${f.url}`,
  }),
  PLATFORM_FAKES.wordpress,
  PLATFORM_FAKES.ghost,
  PLATFORM_FAKES.notion,
  PLATFORM_FAKES.webhook,
  PLATFORM_FAKES.shopify,
  PLATFORM_FAKES.wix,
  PLATFORM_FAKES.webflow,
  PLATFORM_FAKES.wordpress_com,
  fake({
    name: "DataForSEO Backlinks",
    start: (port) => startFakeDataForSeoBacklinks({ port }),
    env: (f) => ({ DATAFORSEO_BACKLINKS_LOGIN: f.login, DATAFORSEO_BACKLINKS_PASSWORD: f.password, DATAFORSEO_BACKLINKS_API_URL: f.url }),
  }),
  fake({
    name: "Stripe",
    // Its signed events go to the app's webhook; the Pro prices are made as `npm run stripe:setup` makes them.
    start: async (port) => {
      const stripe = await startFakeStripe({ port, webhookUrl: `${APP_URL}/resources/webhooks/stripe` });
      const prices = await setupProPrices(createStripe(stripe.secretKey, stripe.url));
      return { ...stripe, prices: Object.fromEntries(prices.map((p) => [p.interval, p.priceId])) };
    },
    env: (f) => ({
      STRIPE_SECRET_KEY: f.secretKey,
      STRIPE_API_URL: f.url,
      STRIPE_WEBHOOK_SECRET: f.webhookSecret,
      STRIPE_PRICE_MONTHLY: f.prices.month!,
      STRIPE_PRICE_YEARLY: f.prices.year!,
    }),
    hint: () =>
      `Checkout and the billing portal are pages of this fake; it delivers signed events to ${APP_URL}/resources/webhooks/stripe.`,
  }),
  fake({
    name: "HubSpot",
    start: (port) => startFakeHubSpot({ port }),
    env: (f) => ({ HUBSPOT_ACCESS_TOKEN: f.token, HUBSPOT_API_URL: f.url }),
  }),
  fake({
    name: "IndexNow",
    start: (port) => startFakeIndexNow({ port }),
    env: (f) => ({ INDEXNOW_URL: f.endpoint }),
    hint: () =>
      "Live hosted-blog posts are announced here; it fetches the blog's key file from the app before accepting (see /__fake/submissions).",
  }),
  fake({
    name: "Google Search Console",
    // Bearer tokens are the Google sign-in fake's access tokens (both start here), so 'Connect Google Search Console' works end to end.
    start: (port) => startSearchConsoleFake({ port, isValidAccessToken: (token) => lookupAccessToken(token)?.email ?? null }),
    env: (f) => ({ GOOGLE_SEARCH_CONSOLE_URL: f.rootUrl }),
    hint: (f) =>
      `Search analytics, sitemaps and URL inspection; register properties, pages and tokens under /__fake/ (token endpoint for refreshes: ${f.tokenUrl}).`,
  }),
  fake({
    name: "Custom domains (Fly certificates and DNS)",
    // The DNS fake answers on the same port number over UDP; the Fly fake issues once a hostname resolves to the app there.
    start: async (port) => {
      const dns = await startFakeDns({ port });
      const fly = await startFakeFlyCertificates({ port, dnsServer: dns.server, setDnsRecord: dns.set });
      return { ...fly, dnsServer: dns.server, close: async () => void (await Promise.all([fly.close(), dns.close()])) };
    },
    env: (f) => ({ FLY_API_URL: f.url, FLY_API_TOKEN: f.token, FLY_APP_NAME: f.app, DNS_SERVERS: f.dnsServer }),
    hint: (f) =>
      `A blog domain's records live in the DNS fake at ${f.dnsServer}: POST ${f.url}/__fake/dns {"name","type","values"} adds them, e.g. the TXT and the CNAME to ${f.target} the settings show.`,
  }),
  fake({
    name: "Object storage (S3)",
    start: (port) => startFakeS3({ port }),
    env: (f) => f.env,
    hint: (f) =>
      `Pictures go to the bucket ${f.bucket} here instead of DATA_DIR/uploads (npm run images:migrate copies existing ones in). It keeps them in memory: they are gone when the fakes stop, so leave out BUCKET_NAME to keep pictures on disk.`,
  }),
];
// A platform's fake not placed above starts after the others, so their ports stay put.
const FAKES = [...LISTED, ...Object.values(PLATFORM_FAKES).filter((entry) => !LISTED.includes(entry))];

const base = Number(process.env.FAKES_PORT_BASE ?? 4400);
if (!Number.isInteger(base) || base < 1024 || base + FAKES.length > 65535) {
  console.error(`FAKES_PORT_BASE must be a port number from 1024 (got ${process.env.FAKES_PORT_BASE}).`);
  process.exit(1);
}

const running: Started[] = [];
const env: Record<string, string> = {};
const allowed: string[] = [];
try {
  for (const [index, entry] of FAKES.entries()) {
    const port = base + index;
    const started = await entry.start(port);
    running.push(started);
    allowed.push(`127.0.0.1:${port}`);
    const own = entry.env?.(started) ?? {};
    Object.assign(env, own);
    console.log(`\n${entry.name}  ${started.url}`);
    const hint = started.hint ?? entry.hint?.(started);
    if (hint) console.log(`  ${hint.replace(/\n\s*/g, "\n  ")}`);
    for (const [name, value] of Object.entries(own)) console.log(`  ${name}=${value}`);
  }
} catch (error) {
  console.error(`Could not start every fake (ports ${base}-${base + FAKES.length - 1}; set FAKES_PORT_BASE to move them):`, error);
  await Promise.allSettled(running.map((f) => f.close()));
  process.exit(1);
}

// The guard lets only these loopback ports through; one line for all of them.
env.TEST_ALLOW_PRIVATE_HOSTS = allowed.join(",");
console.log("\nStart the app with this environment (e.g. paste into .env, then npm run dev):\n");
for (const [name, value] of Object.entries(env)) console.log(`${name}=${value}`);
console.log("\nEvery fake has test controls under /__fake/ (requests, posts, fail-next, reset). Ctrl-C stops them.");

const stop = async () => {
  await Promise.allSettled(running.map((f) => f.close()));
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
