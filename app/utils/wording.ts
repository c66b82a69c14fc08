/**
 * Small text helpers for the template tools: a seeded choice (stable output per
 * input, different across topics), title case and a little English agreement
 * so templates read naturally with singular and plural topics.
 */

/** FNV-1a over the normalised input: the seed of a tool's choices. */
export function seedOf(...parts: string[]) {
  let hash = 0x811c9dc5;
  for (const char of parts.join("\u0000").toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;

/** A seeded Fisher-Yates shuffle (the input is left alone). */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function pick<T>(items: readonly T[], rng: Rng): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** Trimmed, single-spaced, without trailing punctuation. */
export function cleanTopic(raw: string) {
  return raw
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s.,;:!?]+$/, "");
}

const SMALL_WORDS = new Set([
  "a",
  "an",
  "the",
  "and",
  "but",
  "or",
  "nor",
  "for",
  "of",
  "in",
  "on",
  "at",
  "to",
  "by",
  "with",
  "vs",
  "vs.",
  "via",
  "as",
]);

/**
 * Headline case: words capitalised except short connectives in the middle;
 * words the user typed with capitals inside (SEO, WordPress, iPhone) stay.
 */
export function titleCase(text: string) {
  const parts = text.split(" ");
  return parts
    .map((word, i) => {
      if (/[A-Z]/.test(word.slice(1)) || /^[a-z]+[A-Z]/.test(word)) return word;
      const lower = word.toLowerCase();
      if (i > 0 && i < parts.length - 1 && SMALL_WORDS.has(lower)) return lower;
      return word.replace(/^(\P{L}*)(\p{L})/u, (_, pre: string, first: string) => pre + first.toUpperCase());
    })
    .join(" ");
}

export function capitalize(text: string) {
  return text.replace(/^(\P{L}*)(\p{L})/u, (_, pre: string, first: string) => pre + first.toUpperCase());
}

// Plural-looking words that name one field or thing.
const SINGULAR_S = new Set([
  "news",
  "series",
  "species",
  "bus",
  "gas",
  "lens",
  "boss",
  "chess",
  "fitness",
  "business",
  "wellness",
  "happiness",
  "mindfulness",
  "diabetes",
  "sales",
  "ads",
]);

/** Whether a topic reads as a plural noun phrase ("vegan recipes" but not "analytics" or "fitness"). */
export function isPlural(topic: string) {
  const last = topic.trim().split(/\s+/).at(-1)?.toLowerCase() ?? "";
  if (SINGULAR_S.has(last)) return last === "ads" || last === "sales";
  if (/ics$/.test(last)) return false;
  return /[^siu']s$/.test(last) && last.length > 3;
}

/** English agreement for a topic: { is: "Is" | "Are", it: "it" | "they", ... }. */
export function agreement(topic: string) {
  const plural = isPlural(topic);
  return {
    is: plural ? "are" : "is",
    does: plural ? "do" : "does",
    it: plural ? "they" : "it",
    matters: plural ? "matter" : "matters",
    works: plural ? "work" : "works",
  };
}

/** "email marketing" → "#EmailMarketing"; empty when nothing usable is left. */
export function hashtag(text: string) {
  const tag = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (/[A-Z]/.test(w.slice(1)) ? w : capitalize(w.toLowerCase())))
    .join("");
  return tag ? `#${tag}` : "";
}

/** Cut at a word boundary so the text fits `max` characters. */
export function fitWords(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:–-]+$/, "");
}
