/**
 * The lexical cannibalisation measure (docs/decisions/050-content-plan.md):
 * how much two planned or written pieces would compete for the same search.
 * Pure and isomorphic. Words are lower-cased, stop words dropped and reduced
 * by a light stemmer ("brewing", "brews", "brewed" → "brew"), then compared
 * with token Jaccard; the keyword weighs most, the title (with its keyword)
 * next, and the same search intent adds a little.
 */

const STOP_WORDS = new Set(
  `a an and are as at be by do does for from how i in is it its my of on or our the this to vs what when where which who why
  with you your can should will guide complete ultimate best top tips 2024 2025 2026 2027`.split(/\s+/),
);

/** Reduces a word to a rough stem: enough to equate plural and verb forms, never a dictionary. */
export function stem(word: string) {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(sses|xes|ches|shes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith("ly")) w = w.slice(0, -2);
  // "brewing" → "brew", "making" → "mak" and "make" → "mak": drop a final e and double consonant alike.
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The content words of a text, stemmed, as a set. */
export function tokens(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(
    words
      .filter((w) => !STOP_WORDS.has(w))
      .map(stem)
      .filter(Boolean),
  );
}

/** |A ∩ B| / |A ∪ B|; 0 for two empty sets. */
export function jaccard(a: Set<string>, b: Set<string>) {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export type Comparable = { keyword: string; title: string; intent: string };

const KEYWORD_WEIGHT = 0.6;
const TITLE_WEIGHT = 0.3;
const INTENT_WEIGHT = 0.1;
/** At or above this a pair is flagged as competing. */
export const CONFLICT_THRESHOLD = 0.55;

/**
 * 0..1: 1 for the same keyword (after normalising) or the same words in another
 * order; otherwise the weighted keyword, title and intent agreement.
 */
export function lexicalSimilarity(a: Comparable, b: Comparable) {
  const ka = tokens(a.keyword);
  const kb = tokens(b.keyword);
  if (ka.size > 0 && ka.size === kb.size && jaccard(ka, kb) === 1) return 1;
  const keyword = jaccard(ka, kb);
  const title = jaccard(tokens(`${a.keyword} ${a.title}`), tokens(`${b.keyword} ${b.title}`));
  const intent = a.intent && a.intent === b.intent ? 1 : 0;
  return Math.round((KEYWORD_WEIGHT * keyword + TITLE_WEIGHT * title + INTENT_WEIGHT * intent) * 1000) / 1000;
}

/** Cosine of two vectors; 0 when either is empty or zero. */
export function cosine(a: number[], b: number[]) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Embeddings say "the same search" only when very close; below this the lexical score stands alone. */
export const EMBEDDING_THRESHOLD = 0.85;

/** The lexical score, raised to the embeddings' cosine when that is at or above EMBEDDING_THRESHOLD. */
export function combinedSimilarity(lexical: number, vectors: { a?: number[]; b?: number[] } = {}) {
  if (!vectors.a || !vectors.b) return lexical;
  const semantic = Math.round(cosine(vectors.a, vectors.b) * 1000) / 1000;
  return semantic >= EMBEDDING_THRESHOLD ? Math.max(lexical, semantic) : lexical;
}

export type Candidate<T> = Comparable & { ref: T };

/** The most similar candidate at or above the threshold, or null. */
export function closestConflict<T>(
  item: Comparable,
  candidates: Array<Candidate<T>>,
  { threshold = CONFLICT_THRESHOLD, similarity = lexicalSimilarity }: { threshold?: number; similarity?: typeof lexicalSimilarity } = {},
) {
  let best: { ref: T; score: number } | null = null;
  for (const c of candidates) {
    const score = similarity(item, c);
    if (score >= threshold && (!best || score > best.score)) best = { ref: c.ref, score };
  }
  return best;
}
