import { type Kysely, sql } from "kysely";

// Research that grounds the plan and the articles (docs/decisions/058-research.md).
// research_cache: provider answers (a keyword's search results, keyword data, keyword ideas) and fetched pages'
// headings, per site and key, with the time they were fetched; readers decide freshness. site_pages: what the
// site's own pages say (products, categories, FAQs), read by the site scan. article_research: what an article was
// written from (a snapshot of its research) and its claim ledger (the sources and what each was used for).
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE research_cache (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    data TEXT NOT NULL,
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (site_id, kind, key)
  )`.execute(db);
  await sql`CREATE TABLE site_pages (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    facts TEXT NOT NULL DEFAULT '[]',
    faq TEXT NOT NULL DEFAULT '[]',
    fetched_at TEXT NOT NULL,
    PRIMARY KEY (site_id, url)
  )`.execute(db);
  await sql`CREATE TABLE article_research (
    article_id TEXT NOT NULL PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    snapshot TEXT NOT NULL,
    sources TEXT NOT NULL DEFAULT '[]',
    updated_at TEXT NOT NULL
  )`.execute(db);
}
