import { type Kysely, sql } from "kysely";

// Each site's articles counted by status and by whether they carry a publication date, kept by triggers
// (docs/decisions/053): the articles list's tabs and the scheduler's Past badge read a handful of rows instead of
// counting up to 10,000 index entries on every page view. Triggers rather than the code's write paths, so no
// write (a bulk import, a cascade, a future function) can forget them; a site's rows go with the site.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE article_counts (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    dated INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (site_id, status, dated)
  ) WITHOUT ROWID`.execute(db);
  await sql`INSERT INTO article_counts (site_id, status, dated, n)
    SELECT site_id, status, published_at IS NOT NULL, count(*) FROM articles GROUP BY 1, 2, 3`.execute(db);
  await sql`CREATE TRIGGER article_counts_insert AFTER INSERT ON articles BEGIN
    INSERT INTO article_counts (site_id, status, dated, n) VALUES (new.site_id, new.status, new.published_at IS NOT NULL, 1)
      ON CONFLICT (site_id, status, dated) DO UPDATE SET n = n + 1;
  END`.execute(db);
  await sql`CREATE TRIGGER article_counts_delete AFTER DELETE ON articles BEGIN
    UPDATE article_counts SET n = n - 1
      WHERE site_id = old.site_id AND status = old.status AND dated = (old.published_at IS NOT NULL);
  END`.execute(db);
  await sql`CREATE TRIGGER article_counts_update AFTER UPDATE OF site_id, status, published_at ON articles
    WHEN old.site_id IS NOT new.site_id OR old.status IS NOT new.status
      OR (old.published_at IS NOT NULL) IS NOT (new.published_at IS NOT NULL)
  BEGIN
    UPDATE article_counts SET n = n - 1
      WHERE site_id = old.site_id AND status = old.status AND dated = (old.published_at IS NOT NULL);
    INSERT INTO article_counts (site_id, status, dated, n) VALUES (new.site_id, new.status, new.published_at IS NOT NULL, 1)
      ON CONFLICT (site_id, status, dated) DO UPDATE SET n = n + 1;
  END`.execute(db);
}
