import type { CmsPlatform } from "#app/db/schema";

/**
 * What the Integrations tab and the publish dialog show of each platform,
 * whether or not its adapter exists yet (docs/product.md "Publishing"). Safe
 * for the browser: names, descriptions and the connect form's wording only.
 */

export type PlatformCard = {
  id: CmsPlatform | "zapier" | "framer";
  name: string;
  description: string;
  /** The platform whose adapter serves it (Zapier is served by the webhook). */
  servedBy: CmsPlatform | null;
};

const PLATFORM_NAMES: Record<CmsPlatform, string> = {
  hosted: "Hosted blog",
  wordpress: "WordPress",
  wordpress_com: "WordPress.com",
  shopify: "Shopify",
  wix: "Wix",
  ghost: "Ghost",
  webflow: "Webflow",
  notion: "Notion",
  webhook: "Webhook",
};

export function platformName(platform: string) {
  return PLATFORM_NAMES[platform as CmsPlatform] ?? platform;
}

export const PLATFORM_CARDS: PlatformCard[] = [
  {
    id: "hosted",
    name: "Hosted blog",
    description: "A fast, SEO-ready blog on this server, with no account anywhere.",
    servedBy: "hosted",
  },
  {
    id: "wordpress",
    name: "WordPress",
    description: "Your self-hosted WordPress site, with an application password.",
    servedBy: "wordpress",
  },
  {
    id: "wordpress_com",
    name: "WordPress.com",
    description: "A site hosted on WordPress.com, connected with your WordPress.com account.",
    servedBy: "wordpress_com",
  },
  { id: "shopify", name: "Shopify", description: "Your store's blog, through the Inkpilot app for Shopify.", servedBy: "shopify" },
  { id: "wix", name: "Wix", description: "Your Wix site's blog, through the Inkpilot app for Wix.", servedBy: "wix" },
  { id: "ghost", name: "Ghost", description: "Your Ghost publication, with an Admin API key.", servedBy: "ghost" },
  { id: "webflow", name: "Webflow", description: "A CMS collection of your Webflow site.", servedBy: "webflow" },
  { id: "notion", name: "Notion", description: "A Notion database, one page per article.", servedBy: "notion" },
  { id: "webhook", name: "Webhook", description: "Your own endpoint receives each article as signed JSON.", servedBy: "webhook" },
  {
    id: "zapier",
    name: "Zapier",
    description: "Use a Zapier 'Catch Hook' as the webhook URL to reach thousands of apps.",
    servedBy: "webhook",
  },
  { id: "framer", name: "Framer", description: "Framer has no documented publishing API yet.", servedBy: null },
];

/** The connect dialog's wording per platform (docs/product.md "Publishing"). */
export const CONNECT_FORM: Partial<
  Record<
    CmsPlatform,
    { siteUrlLabel: string; siteUrlPlaceholder: string; secretLabel: string; secretPlaceholder: string; missingSecret: string }
  >
> = {
  wordpress: {
    siteUrlLabel: "Site URL",
    siteUrlPlaceholder: "https://example.com",
    secretLabel: "Username and application password",
    secretPlaceholder: "admin:abcd efgh ijkl mnop qrst uvwx",
    missingSecret: "Enter WordPress credentials: username:application_password",
  },
  ghost: {
    siteUrlLabel: "Admin API URL",
    siteUrlPlaceholder: "https://your-site.ghost.io",
    secretLabel: "Admin API key",
    secretPlaceholder: "6489…:a1b2…",
    missingSecret: "Please enter an access token.",
  },
  notion: {
    siteUrlLabel: "Database URL",
    siteUrlPlaceholder: "https://www.notion.so/workspace/Blog-0123456789abcdef0123456789abcdef",
    secretLabel: "Integration token",
    secretPlaceholder: "ntn_…",
    missingSecret: "Please enter an access token.",
  },
  webflow: {
    siteUrlLabel: "Site URL",
    siteUrlPlaceholder: "https://example.webflow.io",
    secretLabel: "Site API token",
    secretPlaceholder: "…",
    missingSecret: "Please enter an access token.",
  },
  webhook: {
    siteUrlLabel: "Webhook URL",
    siteUrlPlaceholder: "https://example.com/hooks/inkpilot",
    secretLabel: "Webhook secret/key",
    secretPlaceholder: "Leave blank and Inkpilot makes one",
    missingSecret: "Enter your webhook secret/key",
  },
};

export const CONNECTION_STATUS_LABELS = {
  connected: "Connected",
  needs_attention: "Needs attention",
  disconnected: "Disconnected",
} as const;
