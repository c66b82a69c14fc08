import { detectedLanguages } from "../../language/detect";
import { GRAMMAR_SHARE, grammarShare, languageCode } from "../../language/kit";
import { defineCheck } from "../check";

const names = (code: string) => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The article is in the language the site asked for: a model answers in English when the prompt is (docs/decisions/074). */
export const writtenLanguage = defineCheck({
  id: "language",
  label: "Written in the site's language",
  weight: 20,
  blocks: true,
  readsText: true,
  substance: true,
  revision: 1,
  run: ({ parsed, input }) => {
    const asked = languageCode(input.language ?? "en");
    const found = asked === "und" ? null : detectedLanguages(parsed.text);
    const cannotTell = {
      passed: true,
      detail: "Too little text, or no language asked for, to tell the language.",
      counted: false,
    } as const;
    if (!found) return cannotTell;
    const written = { passed: true, detail: `The text is written in ${names(asked)}, as the site asks.` };
    if (found.includes(asked) || grammarShare(asked, parsed.text) >= GRAMMAR_SHARE) return written;
    // The detector always names some language: it is believed only when the text has that language's grammar words.
    if (grammarShare(found[0]!, parsed.text) < GRAMMAR_SHARE) return cannotTell;
    return {
      passed: false,
      detail: `The text reads as ${names(found[0]!)}, but the site's content language is ${names(asked)}. Readers and search engines of the site's market will not take it for theirs.`,
      fix: `Write the article in ${names(asked)}, or change the content language in Settings if the site is in ${names(found[0]!)}.`,
    };
  },
});
