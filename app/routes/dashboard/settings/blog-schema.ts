import { z } from "zod";
import { BLOG_THEME_IDS } from "#app/modules/hosted-blog/themes";

/**
 * The Blog tab's 'Connect a domain' form, checked the same in the browser and on the server (decision 024). The
 * browser checks only that a name was typed; what makes a name acceptable (a public domain, not taken) is the
 * hosted-blog area's rule and comes back on the field.
 */

// A hostname is at most 253 characters; a pasted address with a scheme and path may be a little longer.
const HOSTNAME_INPUT_MAX = 300;

export const BlogDomainSchema = z.object({
  hostname: z
    .string({ error: "Enter your blog's domain" })
    .trim()
    .min(1, "Enter your blog's domain")
    .max(HOSTNAME_INPUT_MAX, "That is too long for a domain name"),
});

/** The Blog tab's 'Theme' form: one of the hosted blog's themes (docs/decisions/077-blog-themes.md). */
export const BlogThemeSchema = z.object({
  theme: z.enum(BLOG_THEME_IDS, { error: "Choose one of the themes" }),
});

/**
 * The Blog tab's 'Serve under your site's path' form. As for a domain, the browser checks only that something was
 * typed; what makes an address acceptable is the hosted-blog area's rule and comes back on the field.
 */
export const BlogProxySchema = z.object({
  publicUrl: z
    .string({ error: "Enter the address on your site" })
    .trim()
    .min(1, "Enter the address on your site")
    .max(HOSTNAME_INPUT_MAX, "That is too long for an address"),
});
