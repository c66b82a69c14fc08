import { type Kysely, sql } from "kysely";

// What the search figures teach (docs/decisions/060-search-results.md): one row per finding of a site, by kind
// (decay: an article's clicks fell beyond noise; striking: a query an article ranks 8-20 for; cannibal: two or more
// articles share a query's impressions; gap: a query with impressions no article answers), the article it is about
// (none for a gap or a shared query), the query ('' for a decay) and the evidence as JSON. A detection run replaces
// the open rows; dismissed ones stay dismissed. refreshing: a refresh of the article (generation_id) is under way or
// waits for review; resolved: the refreshed text went out, or the gap went into the plan (plan_item_id).
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE search_findings (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('decay','striking','cannibal','gap')),
    article_id TEXT REFERENCES articles(id) ON DELETE CASCADE,
    query TEXT NOT NULL DEFAULT '',
    evidence TEXT NOT NULL DEFAULT '{}',
    score REAL NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','refreshing','dismissed','resolved')),
    generation_id TEXT,
    plan_item_id TEXT,
    detected_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX search_findings_key ON search_findings(site_id, kind, COALESCE(article_id, ''), query)`.execute(db);
  await sql`CREATE INDEX search_findings_article ON search_findings(article_id) WHERE article_id IS NOT NULL`.execute(db);
}
