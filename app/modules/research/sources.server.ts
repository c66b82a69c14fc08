import type { DB } from "#app/db/client.server";
import { getArticleResearch, saveArticleResearch } from "./article-research.server";
import { ledgerOfSnapshot, sourceLabel } from "./ledger";
import { researchStatus } from "./status";
import type { LedgerEntry } from "./types";

/**
 * The claim ledger kept with an article (docs/decisions/058-research.md): derived again from its content on
 * every save, so an edit that drops a fact or a link drops its source, and shown in the editor with what the
 * research could not provide.
 */

/** Derives the article's ledger from its current HTML and stores it; nothing for an article written without research. */
export async function refreshArticleLedger(db: DB, siteId: string, articleId: string, html: string) {
  const research = await getArticleResearch(db, siteId, articleId);
  // A snapshot from before the facts were kept cannot be derived again: its ledger stays as it was.
  if (!research || !research.snapshot.facts) return;
  const sources = ledgerOfSnapshot(html, research.snapshot);
  if (JSON.stringify(sources) === JSON.stringify(research.sources)) return;
  await saveArticleResearch(db, siteId, articleId, { snapshot: research.snapshot, sources });
}

export type SourceView = LedgerEntry & { label: string };

/** The editor's 'Sources' list, research gaps and what the research ran and found; null for an article written without research. */
export async function sourcesOfArticle(db: DB, siteId: string, articleId: string) {
  const research = await getArticleResearch(db, siteId, articleId);
  if (!research) return null;
  return {
    sources: research.sources.map((s): SourceView => ({ ...s, label: sourceLabel(s) })),
    gaps: research.snapshot.gaps ?? [],
    status: researchStatus(research.snapshot),
  };
}
export type ArticleSources = NonNullable<Awaited<ReturnType<typeof sourcesOfArticle>>>;
