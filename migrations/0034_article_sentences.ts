import { type Kysely, sql } from "kysely";

// The sentences of 8 words or more of each article, as 53-bit hashes of their normalised words, for the SEO panel's
// duplicate-content check (docs/decisions/057). article_sentences answers "which other articles of this site hold
// this sentence" with one seek of its key (site, hash, article); article_sentence_sets keeps each article's own
// hashes in one row (a JSON list), so a save knows what changed and the write screen what to look up. One b-tree of
// rows per sentence instead of two halved the size (about 10 KB per article of 90 sentences instead of 18 KB).
// article_sentences has no foreign key to articles (a cascade would need a second index on the article): the one
// path that deletes an article removes its rows (forgetArticleSentences); a site's rows go with the site. An
// article with a set is indexed; older ones are indexed by the background rescoring job.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE article_sentences (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    hash INTEGER NOT NULL,
    article_id TEXT NOT NULL,
    PRIMARY KEY (site_id, hash, article_id)
  ) WITHOUT ROWID`.execute(db);
  // A rowid table: a WITHOUT ROWID row keeps about 1 KB on its page and moved the rest of a list to an overflow page.
  await sql`CREATE TABLE article_sentence_sets (
    article_id TEXT NOT NULL PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
    hashes TEXT NOT NULL
  )`.execute(db);
}
