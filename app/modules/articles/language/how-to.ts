import { languageCode } from "./kit";

/** A keyword that asks how to do something, by language ("how to", "wie", "comment", "cómo", "方法"). */
const HOW_TO: Record<string, RegExp> = {
  en: /^how (?:to|do i|do you|can i|should i)\s/i,
  de: /^wie\s|anleitung/i,
  fr: /^comment\s/i,
  es: /^c[oó]mo\s/i,
  it: /^come\s/i,
  pt: /^como\s/i,
  nl: /^hoe\s/i,
  ja: /方法|やり方|作り方|使い方|淹れ方|手順|仕方/u,
};

/** Whether the keyword, in the article's language, asks how to do something; false where the product cannot tell. */
export function asksHowTo(keyword: string, language: string | undefined) {
  return HOW_TO[languageCode(language ?? "en")]?.test(keyword.trim()) ?? false;
}
