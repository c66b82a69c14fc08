import { z } from "zod";
import type { CmsPlatform } from "#app/db/schema";
import { CONNECT_FORM } from "./platforms";

/**
 * The connect dialog's form, checked the same way in the browser and on the
 * server, with the product's messages (docs/product.md "Publishing").
 */

export const FORM_PLATFORMS = ["wordpress", "ghost", "notion", "webflow", "webhook"] as const satisfies CmsPlatform[];

const CONNECT_MESSAGES = {
  platform: "Please choose a platform.",
  siteUrl: "Please enter your site URL.",
  badUrl: "Please enter a full address such as https://example.com.",
  token: "Please enter an access token.",
} as const;

function isWebAddress(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** A site address as customers type it: "example.com" means https://example.com. */
function normalizeSiteUrl(value: string) {
  const trimmed = value.trim();
  if (!trimmed) return "";
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export const ConnectFormSchema = z
  .object({
    intent: z.literal("connect"),
    platform: z.enum(FORM_PLATFORMS, { error: CONNECT_MESSAGES.platform }),
    siteUrl: z
      .string()
      .trim()
      .max(2000)
      .optional()
      .transform((v) => normalizeSiteUrl(v ?? "")),
    secret: z.string().trim().max(4000).optional().default(""),
  })
  .superRefine((value, ctx) => {
    if (!value.siteUrl) ctx.addIssue({ code: "custom", path: ["siteUrl"], message: CONNECT_MESSAGES.siteUrl });
    else if (!isWebAddress(value.siteUrl)) ctx.addIssue({ code: "custom", path: ["siteUrl"], message: CONNECT_MESSAGES.badUrl });
    const secretOptional = value.platform === "webhook";
    if (!value.secret && !secretOptional) {
      ctx.addIssue({ code: "custom", path: ["secret"], message: CONNECT_FORM[value.platform]?.missingSecret ?? CONNECT_MESSAGES.token });
    }
  });
