import type { DB } from "#app/db/client.server";
import { analyseArticle } from "#app/modules/articles/analyse.server";
import { contentHash } from "#app/modules/articles/content-hash.server";
import { linkChecksOfArticle } from "#app/modules/articles/link-checks.server";
import { getArticle, getSeoContext } from "#app/modules/articles/mutations.server";
import { getUsageSummary } from "#app/modules/articles/quota.server";
import { researchBasisOfArticle } from "#app/modules/articles/research-basis.server";
import { currentRevisionIds, getRevision, revisionHash } from "#app/modules/articles/revisions.server";
import { siteSentencesOfArticle } from "#app/modules/articles/site-sentences.server";
import { linkShortfallOfArticle } from "#app/modules/generation/link-shortfall.server";
import { usableConnections } from "#app/modules/publishing/connections.server";
import { publicationsOfArticle } from "#app/modules/publishing/publications.server";
import type { LinkAmount } from "#app/modules/settings/content-options";

/**
 * What the write screen shows, assembled from the areas it draws on (articles, generation, publishing): a
 * screen is the routes' to compose, so no domain area imports the areas above it for one (docs/decisions/072).
 */

/**
 * What the write screen's SEO panel needs from the server besides the site's settings and the links' checks:
 * which of the stored article's sentences the site's other articles hold (two indexed reads, no scoring), why
 * its writer linked less than the settings ask, and what its research found (topic coverage, the ledger's claims).
 */
export async function panelFactsOfArticle(
  db: DB,
  siteId: string,
  articleId: string | null | undefined,
  wanted: { internalLinksWanted: LinkAmount; externalLinksWanted: LinkAmount },
) {
  const [siteSentences, linkShortfall, research] = await Promise.all([
    siteSentencesOfArticle(db, siteId, articleId),
    linkShortfallOfArticle(db, siteId, articleId, wanted),
    researchBasisOfArticle(db, siteId, articleId),
  ]);
  return { siteSentences, linkShortfall, research };
}

/** The write screen's data: the article to edit (?edit=) and what the page shows beside it; null when that article is not this site's. */
export async function loadWriteScreen(
  db: DB,
  tenant: { workspaceId: string; siteId: string },
  { editId, publish }: { editId: string | null; publish: boolean },
) {
  const article = editId ? await getArticle(db, tenant.siteId, editId) : null;
  // Unknown and other sites' ids look the same: the route answers 404, nothing leaked.
  if (editId && !article) return null;
  const [usage, siteSeoContext, linkChecks, connections, publications, revisionIds] = await Promise.all([
    getUsageSummary(db, tenant.workspaceId, tenant.siteId),
    getSeoContext(db, tenant.siteId),
    // The SEO panel's link check reads the Backlinks page's results (a new article's links are all unchecked).
    linkChecksOfArticle(db, tenant.siteId, article?.id),
    usableConnections(db, tenant.siteId),
    article ? publicationsOfArticle(db, tenant.siteId, article.id) : [],
    currentRevisionIds(db, article ? [article.id] : []),
  ]);
  const revisionId = article ? (revisionIds.get(article.id) ?? null) : null;
  const seoContext = { ...siteSeoContext, linkChecks, ...(await panelFactsOfArticle(db, tenant.siteId, article?.id, siteSeoContext)) };
  const currentHash = article ? contentHash(article) : null;
  // A scheduled publication sends the revision it names: edits made since are not in it.
  const scheduledHashes = new Map<string, string>();
  for (const p of publications) {
    if (!article || p.status !== "scheduled" || !p.revisionId) continue;
    const named = await getRevision(db, tenant.siteId, article.id, p.revisionId);
    if (named) scheduledHashes.set(p.id, revisionHash(named));
  }
  const saved = article
    ? {
        id: article.id,
        title: article.title,
        targetKeyword: article.target_keyword,
        metaDescription: article.meta_description,
        contentHtml: article.content_html,
        status: article.status,
        source: article.source,
        updatedAt: article.updated_at,
        /** The revision that holds the working copy (revisions.server.ts). */
        revisionId,
      }
    : null;
  // Scoring a large article is real work: it runs where analyseArticle decides (the worker thread past 48 KB).
  const seo = saved
    ? (
        await analyseArticle({
          html: saved.contentHtml,
          sanitize: false,
          seo: { ...seoContext, title: saved.title, metaDescription: saved.metaDescription, keyword: saved.targetKeyword },
        })
      ).seo
    : null;
  return {
    article: saved,
    seo,
    seoContext,
    usage,
    publishOpen: !!saved && publish,
    connections: connections.map((c) => ({ id: c.id, platform: c.platform, name: c.name, siteUrl: c.siteUrl, isDefault: c.isDefault })),
    // Each destination the article went to, and whether what is there differs from the working copy: the revision it
    // sent (its content_hash is that revision's) against the article now; sentRevisionId lets the page show the diff.
    publications: publications.map(({ contentHash: sentHash, revisionId: sentRevisionId, ...p }) => ({
      ...p,
      sentRevisionId,
      outOfDate:
        (p.status === "published" && !!sentHash && sentHash !== currentHash) ||
        (scheduledHashes.has(p.id) && scheduledHashes.get(p.id) !== currentHash),
    })),
  };
}
