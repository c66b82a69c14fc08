import type { CmsPlatform } from "#app/db/schema";
import type { PublishingAdapter } from "../types";
import { ghostAdapter } from "./ghost.server";
import { hostedAdapter } from "./hosted.server";
import { notionAdapter } from "./notion.server";
import { shopifyAdapter } from "./shopify.server";
import { webflowAdapter } from "./webflow.server";
import { webhookAdapter } from "./webhook.server";
import { wixAdapter } from "./wix.server";
import { wordpressComAdapter } from "./wordpress-com.server";
import { wordpressAdapter } from "./wordpress.server";

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
