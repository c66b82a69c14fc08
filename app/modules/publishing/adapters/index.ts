import type { CmsPlatform } from "#app/db/schema";
import type { PublishingAdapter } from "../types";
import { webhookAdapter } from "./webhook.server";

/**
 * Every destination with a working adapter, by platform (docs/decisions/033).
 * A platform missing here shows as 'Coming soon' on the Integrations tab and
 * cannot be connected or published to.
 */
const ADAPTERS: Partial<Record<CmsPlatform, PublishingAdapter>> = {
  webhook: webhookAdapter,
};

export function getAdapter(platform: CmsPlatform): PublishingAdapter | null {
  return ADAPTERS[platform] ?? null;
}

export function liveAdapters(): PublishingAdapter[] {
  return Object.values(ADAPTERS);
}
