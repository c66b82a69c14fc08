import stopwordsIso from "stopwords-iso/stopwords-iso.json" with { type: "json" };

/**
 * Which posts a post's readers are offered next (docs/decisions/077-blog-themes.md): the same topic first, then the
 * most words shared with its keyword ("cold brew ratio" and "cold brew at home" share two), then the newest. Stop
 * words of the blog's language do not count, so "how to" relates nothing. Pure.
 */

const STOP_WORDS = stopwordsIso as Record<string, string[]>;
const stopSets = new Map<string, Set<string>>();

function stopWordsOf(language: string) {
  let code = "en";
  try {
    code = new Intl.Locale(language).language;
  } catch {
    // A broken tag compares every word.
  }
  let set = stopSets.get(code);
  if (!set) stopSets.set(code, (set = new Set(STOP_WORDS[code] ?? [])));
  return set;
}

function keywordWords(keyword: string, stop: Set<string>) {
  return new Set((keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !stop.has(word)));
}

type Candidate = { articleId: string; topicId: string | null; keyword: string };

/** The ids of up to `limit` candidates, best first; `candidates` come newest first and exclude the post itself. */
export function rankRelated(
  post: { topicId: string | null; keyword: string },
  candidates: Candidate[],
  { language, limit }: { language: string; limit: number },
) {
  const stop = stopWordsOf(language);
  const words = keywordWords(post.keyword, stop);
  return candidates
    .map((candidate, newest) => {
      const sameTopic = post.topicId !== null && candidate.topicId === post.topicId ? 1 : 0;
      const shared = [...keywordWords(candidate.keyword, stop)].filter((word) => words.has(word)).length;
      return { id: candidate.articleId, sameTopic, shared, newest };
    })
    .sort((a, b) => b.sameTopic - a.sameTopic || b.shared - a.shared || a.newest - b.newest)
    .slice(0, limit)
    .map((ranked) => ranked.id);
}
