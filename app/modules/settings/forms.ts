import { z } from "zod";
import {
  ARTICLE_LENGTHS,
  AUTO_GEN_TIMES,
  BRAND_MENTIONS,
  DEFAULT_CONTENT_SETTINGS,
  LINK_AMOUNTS,
  type ContentSettings,
} from "./content-options";
import { LanguageTagSchema } from "./languages";
import { isHttpUrl, listField, parseLinks, parseTags } from "./lists";

/**
 * The Brand and Content tabs' form schemas, without server code: the server's
 * handlers parse with them and each form checks them in the browser too
 * (useSchemaForm), in the same words.
 */

const BRAND_LIMITS = { tags: 30, tagLength: 60, links: 50, linkLength: 2048 } as const;

const text = (max: number, label: string) => z.string().trim().max(max, `Please keep the ${label} under ${max} characters`).default("");

/** The Brand tab's form: plain strings in (a missing or empty field is ""), typed settings out (lists parsed and checked). */
export const BrandFormSchema = z.object({
  brandName: text(100, "brand name"),
  industry: text(100, "industry"),
  description: text(2000, "description"),
  targetAudience: text(500, "target audience"),
  toneOfVoice: text(100, "tone of voice"),
  language: LanguageTagSchema,
  tags: listField(
    z
      .string()
      .transform(parseTags)
      .pipe(
        z
          .array(z.string().max(BRAND_LIMITS.tagLength, `Each tag must be ${BRAND_LIMITS.tagLength} characters or fewer`))
          .max(BRAND_LIMITS.tags, `Please use at most ${BRAND_LIMITS.tags} tags`),
      ),
  ),
  internalLinks: listField(
    z
      .string()
      .transform(parseLinks)
      .pipe(
        z
          .array(
            z
              .string()
              .max(BRAND_LIMITS.linkLength, "This link is too long")
              .refine(isHttpUrl, {
                error: (issue) => `"${String(issue.input)}" is not a web address (it must start with http:// or https://)`,
              }),
          )
          .max(BRAND_LIMITS.links, `Please use at most ${BRAND_LIMITS.links} links`),
      ),
  ),
});

const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) => z.enum(options, { error: message });
// A checkbox sends "on" when ticked and nothing at all when not.
const checkbox = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");

export const ContentFormSchema = z.object({
  useBrandInfo: checkbox,
  articleLength: choice(ARTICLE_LENGTHS, "Please choose an article length"),
  brandMentions: choice(BRAND_MENTIONS, "Please choose how often to mention the brand"),
  internalLinksCount: choice(LINK_AMOUNTS, "Please choose a number of internal links"),
  externalSearch: checkbox,
  externalLinks: choice(LINK_AMOUNTS, "Please choose a number of external links"),
  language: LanguageTagSchema,
  specificInstructions: text(2000, "instructions"),
  exclusions: text(1000, "exclusions"),
  imageStyle: text(200, "image style"),
  autoGeneration: checkbox,
  autoGenTime: choice(AUTO_GEN_TIMES, "Please choose one of the offered times"),
  autoPublish: checkbox,
  autopilotMinScore: z.coerce
    .number({ error: "Enter a score from 0 to 100." })
    .int("Enter a whole number.")
    .min(0, "Enter a score from 0 to 100.")
    .max(100, "Enter a score from 0 to 100.")
    .default(DEFAULT_CONTENT_SETTINGS.autopilotMinScore),
  reviewMode: checkbox,
  strictLinks: checkbox,
  aiDisclosure: checkbox,
  showSources: checkbox,
}) satisfies z.ZodType<ContentSettings, unknown>;
