import { z } from "zod";

/**
 * Outbound event webhooks (docs/decisions/047): the events a
 * workspace can subscribe to, and the Settings form that adds an endpoint.
 * Client-safe: the form and the list share these.
 */

export const EVENT_TYPES = ["article.generated", "article.published", "publication.failed"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Sent by 'Send test' only; every endpoint receives it whatever it subscribed to. */
export const TEST_EVENT = "webhook.test";

export const EVENT_LABELS: Record<EventType, string> = {
  "article.generated": "An AI article finished generating",
  "article.published": "An article was published to a destination",
  "publication.failed": "Publishing an article failed for good",
};

export const WebhookFormSchema = z.object({
  url: z
    .string({ error: "Enter the https:// address of your receiver" })
    .trim()
    .min(1, "Enter the https:// address of your receiver")
    .max(2048),
  // Checkboxes post only when ticked; one name per event.
  events: z.array(z.enum(EVENT_TYPES), { error: "Choose at least one event" }).min(1, "Choose at least one event"),
});

export const WebhookIdSchema = z.object({ endpointId: z.string().trim().min(1) });
