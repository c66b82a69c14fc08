import type { LedgerEntry, ResearchSnapshot } from "#app/modules/research/types";
import { articleBlocks, splitSentences } from "./content-checks";
import { isScaffolding, stem, wordsOf } from "./specificity";

/**
 * Topic coverage: what the research found searchers get from the top results (terms and phrases the results
 * share, the site's products the article was written around, 'People also ask'), and which of it the article
 * covers. The targets are taken from the article's research snapshot on the server (researchBasis) and sent to
 * the write screen, which measures the body against them as the customer types. Pure and isomorphic like seo.ts.
 */

/** What the SEO panel measures an article against, from its research (absent: the article has none). */
export type ResearchBasis = {
  /** Phrases found in the titles and headings of two or more top results, most shared first. */
  terms: string[];
  /** The names of the site's products the article was written around. */
  entities: string[];
  /** 'People also ask'. */
  questions: string[];
  /** The claims of the article's ledger: facts stated with these are sourced. */
  claims: string[];
  /** How many results the terms were read from. */
  results: number;
  /** The keyword the research was gathered for. */
  keyword: string;
};

/** A phrase must appear in this many results to be a shared term. */
const SHARED_BY = 2;
const MAX_TERMS = 12;
const MAX_ENTITIES = 3;
const MAX_QUESTIONS = 6;
const MAX_PHRASE_WORDS = 3;

/** Function words that end a phrase ("store coffee *in the* freezer": "store coffee", "freezer"). */
const STOP = new Set(
  (
    "a an the and or but nor so yet of to in on at for with by from as is are was were be been being it its this that these those " +
    "you your yours we our they their he she his her i my me do does did can could will would should shall may might must has have had " +
    "not no if than then also just very too into about over under out up down off again here there which who whom whose what how when " +
    "why where vs versus per via " +
    // Verbs every result on any topic uses ("Keep beans fresh", "Buy the right amount"): no topic of their own.
    "keep buy buying stay last lasts go goes put away take takes made makes tell used happens looked left same often soon " +
    // The furniture of result pages' titles and closing headings ("What We Learned", "The Bottom Line", "Shop online").
    "takeaway takeaways beginner related bottom line learned buyer buyers picks reviewed tested simply cannot can't shop online " +
    "delivered options side look wanted advice updated without them sense means mean like called sure nice later instead enough " +
    "other own"
  ).split(" "),
);

/**
 * Runs of topic words in a title or heading, each as its words: phrases never cross a function word, punctuation
 * or a word of the keyword ("Should you freeze coffee beans?" gives "freeze" for 'how to store coffee beans').
 */
function runsOf(text: string, keywordStems: Set<string>): string[][] {
  const runs: string[][] = [];
  for (const part of text.toLowerCase().split(/[.,:;!?()[\]|–—"“”/]+|\s-\s/)) {
    let run: string[] = [];
    for (const raw of wordsOf(part)) {
      const word = raw.replace(/['’]s$/, "");
      if (STOP.has(word) || isScaffolding(word) || /^\d+$/.test(word) || word.length < 3 || keywordStems.has(termStem(word))) {
        if (run.length) runs.push(run);
        run = [];
      } else run.push(word);
    }
    if (run.length) runs.push(run);
  }
  return runs;
}

/** A word's stem for coverage: specificity's, with "-ness" dropped (freshness ~ fresh). */
const termStem = (word: string) => stem(word.length > 6 ? word.replace(/ness$/, "") : word);
const key = (words: string[]) => words.map(termStem).join(" ");

/** Phrases of one to three topic words shared by two or more results' titles and headings; the keyword's own words are the other checks' business. */
export function sharedTerms(snapshot: Pick<ResearchSnapshot, "keyword" | "serp" | "pages">): string[] {
  const keywordStems = new Set(wordsOf(snapshot.keyword).map(termStem));
  const headingsOf = new Map(snapshot.pages.map((p) => [p.url, p.headings ?? []]));
  const results = new Map<string, number>();
  const surfaces = new Map<string, Map<string, number>>();
  for (const result of snapshot.serp?.results ?? []) {
    const seen = new Set<string>();
    // A result's title without the site's name after it ("How to Store Coffee Beans | Bean & Kettle").
    const title = result.title.replace(/\s+[|–—-]\s+[^|–—-]+$/, "");
    for (const run of [title, ...(headingsOf.get(result.url) ?? [])].flatMap((text) => runsOf(text, keywordStems))) {
      for (let n = 1; n <= MAX_PHRASE_WORDS; n++) {
        for (let i = 0; i + n <= run.length; i++) {
          const words = run.slice(i, i + n);
          const k = key(words);
          const surface = words.join(" ");
          const forms = surfaces.get(k) ?? new Map<string, number>();
          forms.set(surface, (forms.get(surface) ?? 0) + 1);
          surfaces.set(k, forms);
          seen.add(k);
        }
      }
    }
    for (const k of seen) results.set(k, (results.get(k) ?? 0) + 1);
  }
  const shared = [...results]
    .filter(([, count]) => count >= SHARED_BY)
    .sort(([a, x], [b, y]) => y - x || b.split(" ").length - a.split(" ").length || a.localeCompare(b));
  const kept: Array<[string, number]> = [];
  for (const [k, count] of shared) {
    const padded = ` ${k} `;
    // A phrase inside a kept one that is as widely shared says nothing more ("airtight" within "airtight container").
    if (kept.some(([longer, n]) => longer !== k && ` ${longer} `.includes(padded) && n >= count)) continue;
    kept.push([k, count]);
    if (kept.length === MAX_TERMS) break;
  }
  return kept.map(([k]) => [...surfaces.get(k)!].sort(([, a], [, b]) => b - a)[0]![0]);
}

/** The facts a snapshot keeps for the writer (the research step adds them; older snapshots have none). */
const snapshotFacts = (snapshot: ResearchSnapshot) => (snapshot as ResearchSnapshot & { facts?: Array<{ text: string }> }).facts;

/** What the panel measures an article against, from its stored research; null when it has none. */
export function researchBasis(research: { snapshot: ResearchSnapshot; sources: LedgerEntry[] } | null): ResearchBasis | null {
  if (!research) return null;
  const { snapshot, sources } = research;
  return {
    terms: sharedTerms(snapshot),
    entities: snapshot.sitePages
      .filter((p) => p.kind === "product")
      .map((p) => p.title.trim())
      .filter(Boolean)
      .slice(0, MAX_ENTITIES),
    questions: (snapshot.serp?.peopleAlsoAsk ?? [])
      .map((q) => q.trim())
      .filter(Boolean)
      .slice(0, MAX_QUESTIONS),
    // The ledger's claims, and the facts the research handed the writer (each with its source): the pipeline
    // scores the article before it writes the ledger, and the ledger is those facts the text uses.
    claims: [...new Set([...sources.flatMap((s) => s.claims), ...(snapshotFacts(snapshot) ?? []).map((f) => f.text)])],
    results: snapshot.serp?.results.length ?? 0,
    keyword: snapshot.keyword,
  };
}

/** Whether two keywords name one topic: the topic words of one are all in the other ("store coffee beans", "how to store coffee beans"). */
export function sameTopic(a: string, b: string): boolean {
  const stems = (k: string) =>
    new Set(
      wordsOf(k)
        .filter((w) => !STOP.has(w) && !isScaffolding(w))
        .map(termStem),
    );
  const [x, y] = [stems(a), stems(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return [...small].every((s) => large.has(s));
}

export type Coverage = {
  covered: number;
  total: number;
  share: number;
  missing: { terms: string[]; entities: string[]; questions: string[] };
  /** The terms and product names it covers. */
  found: string[];
};

/** Where each stem occurs: the indexes of the sentences and headings (and the title, 0) that hold it. */
function stemIndex(html: string, title: string) {
  const units = [wordsOf(title)];
  for (const block of articleBlocks(html)) {
    if (block.heading !== null) units.push(wordsOf(block.text));
    else for (const sentence of splitSentences(block.text)) units.push(wordsOf(sentence));
  }
  const index = new Map<string, Set<number>>();
  units.forEach((words, i) => {
    for (const word of words) {
      const s = termStem(word);
      const at = index.get(s) ?? new Set<number>();
      at.add(i);
      index.set(s, at);
    }
  });
  return index;
}

/** A question's own words: less function and scaffolding words and the keyword's words ("Can you freeze coffee beans?": freeze). */
function questionStems(question: string, keywordStems: Set<string>) {
  return [
    ...new Set(
      wordsOf(question)
        .filter((w) => !STOP.has(w) && !isScaffolding(w) && w.length >= 3)
        .map(termStem)
        .filter((s) => !keywordStems.has(s)),
    ),
  ];
}

/**
 * Which targets the article covers: a term or product name when one sentence or heading holds all its words
 * (after stemming: "airtight, opaque containers" covers "airtight container"); a question when one sentence or
 * heading holds two thirds of its own words.
 */
export function topicCoverage(html: string, title: string, keyword: string, basis: ResearchBasis): Coverage {
  const index = stemIndex(html, title);
  const keywordStems = new Set(wordsOf(keyword).map(termStem));
  // Whether one sentence or heading holds `need` of the stems: counts over the stems' occurrences, not every sentence.
  const holds = (stems: string[], need = new Set(stems).size) => {
    const counts = new Map<number, number>();
    for (const s of new Set(stems))
      for (const unit of index.get(s) ?? []) {
        const n = (counts.get(unit) ?? 0) + 1;
        if (n >= need) return true;
        counts.set(unit, n);
      }
    return false;
  };
  const phraseCovered = (phrase: string) => holds(wordsOf(phrase).map(termStem));
  const missing = {
    terms: basis.terms.filter((t) => !phraseCovered(t)),
    entities: basis.entities.filter((e) => !phraseCovered(e)),
    questions: basis.questions.filter((q) => {
      const own = questionStems(q, keywordStems);
      return own.length > 0 && !holds(own, Math.ceil((own.length * 2) / 3));
    }),
  };
  const total = basis.terms.length + basis.entities.length + basis.questions.length;
  const covered = total - missing.terms.length - missing.entities.length - missing.questions.length;
  const found = [...basis.terms, ...basis.entities].filter((t) => !missing.terms.includes(t) && !missing.entities.includes(t));
  return { covered, total, share: total ? covered / total : 1, missing, found };
}
