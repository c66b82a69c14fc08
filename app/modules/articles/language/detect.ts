import { francAll } from "franc-min";
import { iso6393To1 } from "iso-639-3/iso6393-to-1.js";

/**
 * Which language a text is written in (franc-min: trigram profiles of the 82 languages with 8 million speakers or
 * more), as ISO 639-1. Below about 300 characters trigrams are too few to tell, and the answer is null.
 */
const MIN_CHARACTERS = 300;
/** Languages trigrams cannot tell apart reliably: the one found stands for any of its group. */
const CLOSE_GROUPS = [
  ["es", "gl", "pt"],
  ["da", "nb", "nn", "no", "sv"],
  ["bs", "hr", "sr"],
  ["id", "ms"],
  ["cs", "sk"],
  ["zh", "ja"],
];

/** The language the text is in and the ones it cannot be told apart from; null when too short to tell. */
export function detectedLanguages(text: string): string[] | null {
  if (text.length < MIN_CHARACTERS) return null;
  const best = francAll(text.slice(0, 5000), { minLength: MIN_CHARACTERS })[0];
  if (!best || best[0] === "und") return null;
  const code = iso6393To1[best[0]] ?? best[0];
  return [code, ...(CLOSE_GROUPS.find((group) => group.includes(code)) ?? []).filter((c) => c !== code)];
}
