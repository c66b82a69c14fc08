import type { CmsPlatform } from "#app/db/schema";
import { ghostAdapter } from "./ghost/adapter.server";
import { hostedAdapter } from "./hosted/adapter.server";
import { notionAdapter } from "./notion/adapter.server";
import { shopifyAdapter } from "./shopify/adapter.server";
import { webflowAdapter } from "./webflow/adapter.server";
import { webhookAdapter } from "./webhook/adapter.server";
import { wixAdapter } from "./wix/adapter.server";
import { wordpressComAdapter } from "./wordpress-com/adapter.server";
import { wordpressAdapter } from "./wordpress/adapter.server";
import type { PublishingAdapter } from "../types";

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
