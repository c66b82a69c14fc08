import type { CmsPlatform } from "#app/db/schema";
import { ghostAdapter } from "./platforms/ghost/adapter.server";
import { hostedAdapter } from "./platforms/hosted/adapter.server";
import { notionAdapter } from "./platforms/notion/adapter.server";
import { shopifyAdapter } from "./platforms/shopify/adapter.server";
import { webflowAdapter } from "./platforms/webflow/adapter.server";
import { webhookAdapter } from "./platforms/webhook/adapter.server";
import { wixAdapter } from "./platforms/wix/adapter.server";
import { wordpressComAdapter } from "./platforms/wordpress-com/adapter.server";
import { wordpressAdapter } from "./platforms/wordpress/adapter.server";
import type { PublishingAdapter } from "./types";

/**
 * Every destination with a working adapter, by platform (docs/decisions/033).
 * A platform missing here shows as 'Coming soon' on the Integrations tab and
 * cannot be connected or published to.
 */
const ADAPTERS: Partial<Record<CmsPlatform, PublishingAdapter>> = {
  ghost: ghostAdapter,
  hosted: hostedAdapter,
  notion: notionAdapter,
  shopify: shopifyAdapter,
  webflow: webflowAdapter,
  webhook: webhookAdapter,
  wix: wixAdapter,
  wordpress: wordpressAdapter,
  wordpress_com: wordpressComAdapter,
};

export function getAdapter(platform: CmsPlatform): PublishingAdapter | null {
  return ADAPTERS[platform] ?? null;
}

export function liveAdapters(): PublishingAdapter[] {
  return Object.values(ADAPTERS);
}
