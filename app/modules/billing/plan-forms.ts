import { z } from "zod";

/** The plan page's forms (client-safe, docs/decisions/024): start a checkout, or open the billing portal. */
const CheckoutSchema = z.object({
  intent: z.literal("checkout"),
  interval: z.enum(["month", "year"], { error: "Choose monthly or annual billing." }),
  requestKey: z.string().max(64).optional(),
});
const PortalSchema = z.object({ intent: z.literal("portal"), requestKey: z.string().max(64).optional() });
export const PlanActionSchema = z.discriminatedUnion("intent", [CheckoutSchema, PortalSchema]);

/** The spec's words when the billing portal cannot be opened (docs/product.md "Billing"). */
export const PORTAL_FALLBACK = { title: "Opening Stripe portal", description: "Using fallback portal link." } as const;

/** Shown wherever an upgrade would start when this server has no Stripe configuration. */
export const BILLING_NOT_CONFIGURED =
  "Billing is not configured on this server, so plans cannot be bought here. An operator can set your workspace's plan.";
