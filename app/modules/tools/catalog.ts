import { z } from "zod";
import { BLOG_TITLE_STYLES, CONTENT_TYPES, OUTLINE_TYPES, PLATFORMS, TONES } from "./templates";

/**
 * The nine free tools: page copy (title, description, index summary) and the
 * input schema each page validates on the server. The URL list itself lives
 * in site-content/navigation.ts (header, footer and sitemap read it there).
 */

export const TOOL_SLUGS = [
  "headline-generator",
  "meta-description-generator",
  "keyword-research",
  "content-idea-generator",
  "blog-title-generator",
  "seo-title-generator",
  "social-media-caption-generator",
  "content-outline-generator",
  "readability-checker",
] as const;
export type ToolSlug = (typeof TOOL_SLUGS)[number];

export type ToolInfo = {
  slug: ToolSlug;
  name: string;
  /** The page's h1. */
  heading: string;
  /** The <title> (the site name is appended). */
  title: string;
  /** Meta description, under 160 characters. */
  description: string;
  /** One line on the /tools index. */
  summary: string;
};

export const TOOLS: Record<ToolSlug, ToolInfo> = {
  "headline-generator": {
    slug: "headline-generator",
    name: "Headline Generator",
    heading: "Free Headline Generator",
    title: "Free Headline Generator: 8 Catchy Headlines for Any Topic",
    description:
      "Enter a topic and get 8 catchy, click-worthy headlines for blog posts, newsletters and landing pages. Free, no sign-up needed.",
    summary: "Eight catchy headlines for any topic, ready to copy.",
  },
  "meta-description-generator": {
    slug: "meta-description-generator",
    name: "Meta Description Generator",
    heading: "Free Meta Description Generator",
    title: "Free Meta Description Generator with Character Counts",
    description:
      "Write 5 search-friendly meta descriptions under 160 characters, with live character counts. Free meta description tool, no sign-up.",
    summary: "Five meta descriptions with character counts and the 160-character rule.",
  },
  "keyword-research": {
    slug: "keyword-research",
    name: "Keyword Research",
    heading: "Free Keyword Research Tool",
    title: "Free Keyword Research Tool: Ideas Grouped by Search Intent",
    description:
      "Find keyword ideas, questions and long-tail variations for any topic, grouped by search intent. Free keyword research, no sign-up.",
    summary: "Keyword ideas, questions and long-tail phrases grouped by search intent.",
  },
  "content-idea-generator": {
    slug: "content-idea-generator",
    name: "Content Idea Generator",
    heading: "Free Content Idea Generator",
    title: "Free Content Idea Generator for Blogs, Videos and Social",
    description:
      "Get 8 fresh content ideas for your niche: blog posts, videos or social media posts, each with a short angle. Free, no sign-up needed.",
    summary: "Eight content ideas for blog posts, videos or social media.",
  },
  "blog-title-generator": {
    slug: "blog-title-generator",
    name: "Blog Title Generator",
    heading: "Free Blog Title Generator",
    title: "Free Blog Title Generator: Listicles, How-Tos and More",
    description:
      "Generate 5 blog titles in the style you need: listicle, how-to, question or ultimate guide. Free blog title generator, no sign-up.",
    summary: "Five blog titles as listicles, how-tos, questions or ultimate guides.",
  },
  "seo-title-generator": {
    slug: "seo-title-generator",
    name: "SEO Title Generator",
    heading: "Free SEO Title Generator",
    title: "Free SEO Title Generator with Scores and Length Checks",
    description:
      "Create 5 SEO titles for your keyword, scored on length, keyword position, power words and numbers, with a 60-character check.",
    summary: "Five SEO titles scored by clear rules, with length warnings.",
  },
  "social-media-caption-generator": {
    slug: "social-media-caption-generator",
    name: "Social Media Caption Generator",
    heading: "Free Social Media Caption Generator",
    title: "Free Social Media Caption Generator for Instagram, X, LinkedIn",
    description:
      "Write 3 social media captions for Instagram, Twitter/X or LinkedIn in a professional, casual or funny tone, within each platform's limit.",
    summary: "Three captions for Instagram, Twitter or LinkedIn in your tone.",
  },
  "content-outline-generator": {
    slug: "content-outline-generator",
    name: "Content Outline Generator",
    heading: "Free Content Outline Generator",
    title: "Free Content Outline Generator for Posts, Videos and Courses",
    description:
      "Turn a topic into a 5-section outline with key points for a blog post, video script or online course. Copy it in one click.",
    summary: "A five-section outline for a blog post, video or course.",
  },
  "readability-checker": {
    slug: "readability-checker",
    name: "Readability Checker",
    heading: "Free Readability Checker",
    title: "Free Readability Checker: Flesch Score and Grade Level",
    description:
      "Paste your text to get its Flesch reading ease, grade level, reading time and tips, with the longest sentences highlighted. Free.",
    summary: "Flesch reading ease, grade level, reading time and suggestions for your text.",
  },
};

export const toolPath = (slug: ToolSlug) => `/tools/${slug}`;

// ------------------------------------------------------------------ inputs
// Each field stops at its first failed check, so a field shows one message
// (the tool routes parse with these through parseSubmission).

const topic = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(120, { error: "Please keep it under 120 characters.", abort: true })
    .refine((v) => /[\p{L}\p{N}]/u.test(v), message);
const optional = (max: number) => z.string().trim().max(max, `Please keep it under ${max} characters.`).optional().default("");
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

const TOPIC_REQUIRED = "Please enter a topic";

export const TOOL_INPUTS = {
  "headline-generator": z.object({ topic: topic(TOPIC_REQUIRED) }),
  "meta-description-generator": z.object({ topic: topic(TOPIC_REQUIRED), summary: optional(300) }),
  "keyword-research": z.object({ topic: topic(TOPIC_REQUIRED) }),
  "content-idea-generator": z.object({
    niche: topic("Please enter your niche"),
    type: choice(CONTENT_TYPES, "Please choose a content type"),
  }),
  "blog-title-generator": z.object({ topic: topic(TOPIC_REQUIRED), style: choice(BLOG_TITLE_STYLES, "Please choose a style") }),
  "seo-title-generator": z.object({ keyword: topic("Please enter a keyword"), brand: optional(40) }),
  "social-media-caption-generator": z.object({
    topic: topic(TOPIC_REQUIRED),
    platform: choice(PLATFORMS, "Please choose a platform"),
    tone: choice(TONES, "Please choose a tone"),
  }),
  "content-outline-generator": z.object({ topic: topic(TOPIC_REQUIRED), type: choice(OUTLINE_TYPES, "Please choose a content type") }),
  "readability-checker": z.object({
    text: z
      .string({ error: "Please paste some text to check" })
      .trim()
      .min(1, { error: "Please paste some text to check", abort: true })
      .max(50_000, { error: "Please paste at most 50,000 characters.", abort: true })
      .refine((v) => /[\p{L}\p{N}]/u.test(v), "Please paste some text to check"),
  }),
} satisfies Record<ToolSlug, z.ZodType>;

export type ToolInput<S extends ToolSlug> = z.infer<(typeof TOOL_INPUTS)[S]>;
