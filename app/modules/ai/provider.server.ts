import { getEnv } from "#app/env.server";
import type { Writer } from "./writer";

/**
 * The AI provider seen by the rest of the app. One interface, two
 * implementations: any OpenAI-compatible API when OPENAI_API_KEY is set, else
 * the deterministic offline one, so every flow works on a fresh machine.
 */

/** What the website scan read from a page, handed to the provider. */
export type PageFacts = {
  url: string;
  title: string;
  metaDescription: string;
  metaKeywords: string[];
  /** Open Graph properties without the "og:" prefix (site_name, title, description, locale ...). */
  openGraph: Record<string, string>;
  headings: Array<{ level: 1 | 2 | 3; text: string }>;
  paragraphs: string[];
  mainText: string;
  /** The page's declared language (html lang, Content-Language or og:locale), raw. */
  lang: string;
  navLinks: Array<{ text: string; href: string }>;
};

/** Brand settings derived from a page; the scan adds internal links itself. */
export type BrandProfile = {
  brandName: string;
  industry: string;
  toneOfVoice: string;
  tags: string[];
  description: string;
  targetAudience: string;
  /** BCP 47, e.g. en-US. */
  language: string;
};

export interface AiProvider {
  readonly kind: "openai" | "offline";
  extractBrand(page: PageFacts, options?: { correlationId?: string }): Promise<BrandProfile>;
}

/** The configured provider; modules are loaded lazily so the offline path never loads the SDK. */
export async function getAiProvider(): Promise<AiProvider> {
  if (getEnv().aiEnabled) {
    const { createOpenAiProvider } = await import("./openai.server");
    return createOpenAiProvider();
  }
  const { offlineProvider } = await import("./offline.server");
  return offlineProvider;
}

/**
 * A declared language as a BCP 47 tag with a region ("en" → "en-US",
 * "pt_br" → "pt-BR"); "" when absent or not a language tag.
 */
export function normalizeLanguage(raw: string | null | undefined): string {
  const cleaned = (raw ?? "").trim().replace(/_/g, "-").split(/[,;\s]/)[0] ?? "";
  if (!cleaned) return "";
  try {
    const locale = new Intl.Locale(cleaned);
    const region = locale.region ?? locale.maximize().region;
    return region ? `${locale.language}-${region}` : locale.language;
  } catch {
    return "";
  }
}

/** The article writer for the generation pipeline, chosen like the provider. */
export async function getWriter(): Promise<Writer> {
  if (getEnv().aiEnabled) {
    const { createOpenAiWriter } = await import("./openai-writer.server");
    return createOpenAiWriter();
  }
  const { offlineWriter } = await import("./offline-writer.server");
  return offlineWriter;
}
