import { type Kysely, sql } from "kysely";

// The sentences of 8 words or more of each article, as 53-bit hashes of their normalised words: the SEO panel's
// duplicate-content check finds a body's sentences in the site's other articles with one indexed lookup per save,
// whatever the number of articles. Hash 0 marks an article as indexed even when it has no such sentence.
// Existing articles are indexed by the background rescoring job (app/modules/articles/stored-score.server.ts).
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE article_sentences (
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    hash INTEGER NOT NULL,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    PRIMARY KEY (article_id, hash)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX article_sentences_site_hash ON article_sentences(site_id, hash)`.execute(db);
}
