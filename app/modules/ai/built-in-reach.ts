import { languageName } from "#app/modules/settings/languages";

/**
 * What the built-in offline writer can promise, in the words every screen uses (decision 069): it writes its own
 * sentences in English only and as long as the research and the site's pages support; the lengths and the 150+
 * languages the product offers need a configured AI provider. Safe in the browser (no server imports).
 */

/** Whether the built-in writer writes in a language (its frames and headings are English). */
export function builtInWritesLanguage(tag: string) {
  return /^en(-|$)/i.test(tag.trim());
}

/** The flag beside a language choice, and in the generate dialog, when the built-in writer cannot write it; else null. */
export function builtInLanguageFlag(tag: string): string | null {
  if (builtInWritesLanguage(tag)) return null;
  const name = languageName(tag);
  return `The built-in writer writes English only: without an AI provider an article in ${name} comes out in English, with your ${name} pages' words quoted as they are. Writing in ${name} needs an AI provider.`;
}

/** What this installation writes when no AI provider is configured, beside the promises of length and language. */
export const BUILT_IN_REACH =
  "This installation has no AI provider configured, so articles come from Inkpilot's built-in writer: in English only, and only as long as the research and your own pages support (often a few hundred words), whatever length is chosen. The 1200-1700 word articles in 150+ languages need an AI provider.";
