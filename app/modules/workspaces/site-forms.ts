import { z } from "zod";
import { normalizeInputUrl } from "#app/modules/workspaces/input-url";
import { isHttpUrl } from "#app/modules/settings/lists";

/** The Sites page's forms (docs/decisions/043): client-safe, so the browser checks them as the server does. */

const SITE_NAME_MAX = 80;
const SITE_URL_MAX = 2048;

const siteName = z
  .string({ error: "Site name required" })
  .trim()
  .min(1, "Site name required")
  .max(SITE_NAME_MAX, `Please keep the site name under ${SITE_NAME_MAX} characters`);

export const AddSiteSchema = z.object({
  name: siteName,
  // A bare "example.com" means https, as in the onboarding scan.
  url: z
    .string({ error: "Website URL required" })
    .trim()
    .min(1, "Website URL required")
    .max(SITE_URL_MAX, "Please enter a shorter URL")
    .transform(normalizeInputUrl)
    .refine(isHttpUrl, "Please enter a valid URL, e.g. https://example.com"),
});

/** On Pro the add form carries the charge it showed (app/modules/billing/site-charge.server.ts). */
export const ChargeAgreementSchema = z.object({
  prorationDate: z.coerce.number().int().positive().optional(),
  expectedChargeCents: z.coerce.number().int().min(0).optional(),
});

export const RenameSiteSchema = z.object({ siteId: z.string().min(1), name: siteName });

/** Deleting asks for the site's name, typed exactly (surrounding spaces aside). */
export const DeleteSiteSchema = z.object({
  siteId: z.string().min(1),
  confirmName: z.string({ error: "Type the site's name to confirm" }).trim().min(1, "Type the site's name to confirm"),
});

const BLOG_ADDRESS_RULE = "Use 3 to 60 lowercase letters, digits and hyphens, starting and ending with a letter or digit";

/** A hosted blog's address: the part after /b/ (docs/decisions/071). Upper case is read as lower case. */
export const BlogAddressSchema = z.object({
  siteId: z.string().min(1),
  blogSlug: z
    .string({ error: "Enter the blog's new address" })
    .trim()
    .toLowerCase()
    .min(1, "Enter the blog's new address")
    .regex(/^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/, BLOG_ADDRESS_RULE),
});
