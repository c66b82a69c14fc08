import { languageKit } from "./kit";

/**
 * Whether a text holds the keyword as a reader would recognise it (docs/decisions/074-the-judge.md): its content
 * words, inflected as the language inflects them, in any order, close together. "a burr grinder you clean weekly"
 * holds "clean burr grinder"; "eine Kaffeemühle reinigt" holds "kaffeemühle reinigen"; "how to clean a burr
 * grinder" is matched by its content words, so the question form and the statement both count.
 */

/** Two stems are one word when equal, or when one extends the other by an ending ("reinig" / "reinigt"). */
function sameWord(a: string, b: string) {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 2 && long.startsWith(short);
}

/** Extra words allowed between the keyword's words ("burr grinder you clean"). */
const SLACK = 3;

export function keywordMatcher(keyword: string, language?: string): (text: string) => boolean {
  const kit = languageKit(language ?? "en");
  const words = kit.words(keyword);
  if (words.length === 0) return () => false;
  const content = words.filter((w) => !kit.isStopWord(w));
  // A keyword of stop words only ("how to") is matched word for word.
  const wanted = (content.length ? content : words).map((w) => kit.stem(w));
  const span = wanted.length + SLACK;
  return (text) => {
    const stems = kit.words(text).map((w) => kit.stem(w));
    for (let start = 0; start < stems.length; start++) {
      if (!wanted.some((w) => sameWord(w, stems[start]!))) continue;
      const window = stems.slice(start, start + span);
      if (wanted.every((w) => window.some((s) => sameWord(w, s)))) return true;
    }
    return false;
  };
}
