import type { DB } from "#app/db/client.server";
import { approvalsOf } from "#app/modules/autopilot/review.server";
import { offlineGapsOfArticle } from "#app/modules/generation/writer-gaps.server";
import { indexStatusOfArticle } from "#app/modules/indexing/inspection.server";
import { liveCheckOfArticle } from "#app/modules/publishing/live-check.server";
import { sourcesOfArticle } from "#app/modules/research/sources.server";
import { articlePanel } from "#app/modules/results/page.server";
import { formatDate } from "#app/utils/time";
import { loadProposal } from "./proposal.server";
import { loadHistory } from "./revisions.server";

/** The write screen's panels of an open article (none for a new one), each from its own area. */
export async function loadArticlePanels(
  db: DB,
  site: { id: string; timeZone: string },
  article: { id: string; source: "manual" | "ai" | "offline" } | null,
  url: URL,
) {
  if (!article) {
    return { liveChecks: [], approvals: [], research: null, writerGaps: [] as string[], history: null, performance: null, proposal: null };
  }
  // Each destination's live check, with Google's index status where the site has Search Console (app/modules/indexing).
  const indexStatus = await indexStatusOfArticle(db, site.id, article.id, (iso) => formatDate(iso, site.timeZone));
  const liveChecks = (await liveCheckOfArticle(db, site.id, article.id)).map((s) => ({
    ...s,
    indexStatus: indexStatus[s.publicationId] ?? null,
  }));
  return {
    liveChecks,
    // Who approved or rejected it for auto-pilot, and when (docs/decisions/049).
    approvals: await approvalsOf(db, site.id, article.id),
    // The claim ledger and the research's gaps (docs/decisions/058-research.md).
    research: await sourcesOfArticle(db, site.id, article.id),
    // What the offline writer could not do without a model, listed under its note.
    writerGaps: article.source === "offline" ? await offlineGapsOfArticle(db, site.id, article.id) : [],
    history: url.searchParams.get("history") === "1" ? await loadHistory(db, site.id, article.id, url, site.timeZone) : null,
    // Search Console's figures for a live article (docs/decisions/060-search-results.md).
    performance: await articlePanel(db, site.id, article.id),
    // A regenerated version waiting for Accept or Discard (decision 066), its diff when the review is open.
    proposal: await loadProposal(db, site.id, article.id, url, site.timeZone),
  };
}
